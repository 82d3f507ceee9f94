import { shellPages } from './shell-pages';

const INDEX =
  '<!doctype html><html lang=en><head><title>KCF</title><script defer src=/main.1234abcd.js></script></head><body><div id=root></div></body></html>';
const STATS = {
  startup: {
    files: ['bootstrap.aaaa1111.css', 'bootstrap.bbbb2222.js', 'main.1234abcd.js'],
    shared: { react: ['react.cccc3333.js'], 'react/jsx-runtime': ['react.cccc3333.js'], 'react-dom': ['react-dom.dddd4444.js'] },
  },
};
const CSS = '.shell-public{display:grid}\n';
const LANDING = { html: '<div class="shell-public"><h1>KCF</h1></div>', rootAttribute: { name: 'data-prerendered', value: 'signed-out' } };
const read = (file: string) => (file === 'bootstrap.aaaa1111.css' ? CSS : '');

describe('shellPages', () => {
  it('announces the startup scripts (each once, the entry not again) and links the stylesheet in index.html', () => {
    const { index } = shellPages({ indexHtml: INDEX, stats: STATS, readAsset: read, landing: LANDING });
    expect(index).toBe(
      INDEX.replace(
        '</head>',
        '<link rel="preload" as="script" href="/bootstrap.bbbb2222.js"><link rel="preload" as="script" href="/react-dom.dddd4444.js">' +
          '<link rel="preload" as="script" href="/react.cccc3333.js"><link rel="stylesheet" href="/bootstrap.aaaa1111.css"></head>',
      ),
    );
    expect(index).toContain('<div id=root></div>');
  });

  it('prints the landing markup into a marked #root and inlines the stylesheet instead of linking it', () => {
    const { landing } = shellPages({ indexHtml: INDEX, stats: STATS, readAsset: read, landing: LANDING });
    expect(landing).toContain('<style>.shell-public{display:grid}</style></head>');
    expect(landing).not.toContain('rel="stylesheet"');
    expect(landing).toContain('<link rel="preload" as="script" href="/bootstrap.bbbb2222.js">');
    expect(landing).toContain('<div id="root" data-prerendered="signed-out"><div class="shell-public"><h1>KCF</h1></div></div>');
    expect(landing).toContain('<script defer src=/main.1234abcd.js></script>');
  });

  it('keeps `$` sequences of the markup as they are', () => {
    const { landing } = shellPages({ indexHtml: INDEX, stats: STATS, readAsset: read, landing: { ...LANDING, html: "<p>KES $& $1 $'</p>" } });
    expect(landing).toContain("<p>KES $& $1 $'</p>");
  });

  it('refuses a page without an empty #root or a stylesheet that would end the style element', () => {
    expect(() => shellPages({ indexHtml: INDEX.replace('<div id=root></div>', ''), stats: STATS, readAsset: read, landing: LANDING })).toThrow(
      'the page has no empty <div id="root">',
    );
    expect(() => shellPages({ indexHtml: INDEX, stats: STATS, readAsset: () => 'a{}</style><script>', landing: LANDING })).toThrow('cannot be inlined');
  });
});
