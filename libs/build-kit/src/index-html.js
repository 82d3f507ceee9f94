'use strict';
/** The HTML page of an app (the shell, or a remote run on its own for development). */
function indexHtml({ title, description }) {
  return ({ htmlWebpackPlugin }) => `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="description" content="${description}" />
    <meta name="theme-color" content="#15803d" />
    <title>${title}</title>
    ${htmlWebpackPlugin.tags.headTags}
  </head>
  <body>
    <noscript>This application needs JavaScript to run.</noscript>
    <div id="root"></div>
    ${htmlWebpackPlugin.tags.bodyTags}
  </body>
</html>
`;
}

module.exports = { indexHtml };
