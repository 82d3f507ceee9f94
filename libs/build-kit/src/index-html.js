'use strict';
/**
 * The foundation's mark, small, as the tab icon: inside the page, so no browser asks for /favicon.ico
 * (one more round trip, answered 404, on every first visit).
 */
const ICON = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><circle cx="32" cy="32" r="31" fill="#15803d"/><circle cx="32" cy="17" r="6" fill="#facc15"/><g fill="#fff"><circle cx="18" cy="29" r="4.5"/><circle cx="46" cy="29" r="4.5"/><path d="M12 52c0-9 3-16 6-16s6 7 6 16zM40 52c0-9 3-16 6-16s6 7 6 16zM27 52c0-7 2-12 5-12s5 5 5 12z"/></g></svg>',
)}`;

/** The HTML page of an app (the shell, or a remote run on its own for development). */
function indexHtml({ title, description }) {
  return ({ htmlWebpackPlugin }) => `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="description" content="${description}" />
    <meta name="theme-color" content="#15803d" />
    <link rel="icon" href="${ICON}" />
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
