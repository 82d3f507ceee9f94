import { shellPages } from './shell-pages';

const INDEX =
  '<!doctype html><html lang=en><head><title>KCF</title><script defer src=/main.1234abcd.js></script></head><body><noscript>This application needs JavaScript to run.</noscript><div id=root></div></body></html>';
const STATS = {
  startup: {
    files: ['bootstrap.aaaa1111.css', 'bootstrap.bbbb2222.js', 'main.1234abcd.js'],
    shared: {
      react: ['react.cccc3333.js'],
      'react/jsx-runtime': ['react.cccc3333.js'],
      'react-dom': ['react-dom.dddd4444.js'],
    },
  },
};
const CSS = '.shell-public{display:grid}\n';
const LANDING = '<div class="shell-public"><h1>KCF</h1></div>';
const read = (file: string) => (file === 'bootstrap.aaaa1111.css' ? CSS : '');

describe('shellPages', () => {
  it('announces the startup scripts (each once, the entry not again) and links the stylesheet in index.html', () => {
    const { index } = shellPages({ indexHtml: INDEX, stats: STATS, readAsset: read, landingHtml: LANDING });
    expect(index).toBe(
      INDEX.replace(
        '</head>',
        '<link rel="preload" as="script" href="/bootstrap.bbbb2222.js"><link rel="preload" as="script" href="/react-dom.dddd4444.js">' +
          '<link rel="preload" as="script" href="/react.cccc3333.js"><link rel="stylesheet" href="/bootstrap.aaaa1111.css"></head>',
      ),
    );
    expect(index).toContain('<div id=root></div>');
  });

  it('makes the landing page its printed markup and inlined stylesheet, no script, the app files prefetched', () => {
    const { landing } = shellPages({ indexHtml: INDEX, stats: STATS, readAsset: read, landingHtml: LANDING });
    expect(landing).toBe(
      '<!doctype html><html lang=en><head><title>KCF</title><style>.shell-public{display:grid}</style>' +
        '<link rel="prefetch" href="/main.1234abcd.js"><link rel="prefetch" href="/bootstrap.bbbb2222.js">' +
        '<link rel="prefetch" href="/react-dom.dddd4444.js"><link rel="prefetch" href="/react.cccc3333.js">' +
        '<link rel="prefetch" href="/bootstrap.aaaa1111.css"></head>' +
        '<body><div id="root"><div class="shell-public"><h1>KCF</h1></div></div></body></html>',
    );
  });

  it('keeps `$` sequences of the markup as they are', () => {
    const { landing } = shellPages({
      indexHtml: INDEX,
      stats: STATS,
      readAsset: read,
      landingHtml: "<p>KES $& $1 $'</p>",
    });
    expect(landing).toContain("<p>KES $& $1 $'</p>");
  });

  it('refuses a page without an empty #root or a stylesheet that would end the style element', () => {
    expect(() =>
      shellPages({
        indexHtml: INDEX.replace('<div id=root></div>', ''),
        stats: STATS,
        readAsset: read,
        landingHtml: LANDING,
      }),
    ).toThrow('the page has no empty <div id="root">');
    expect(() =>
      shellPages({ indexHtml: INDEX, stats: STATS, readAsset: () => 'a{}</style><script>', landingHtml: LANDING }),
    ).toThrow('cannot be inlined');
  });
});
