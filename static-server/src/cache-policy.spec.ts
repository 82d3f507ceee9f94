import { cacheControlFor, IMMUTABLE, REVALIDATE } from './cache-policy';

describe('cacheControlFor', () => {
  it.each(['main.0a1b2c3d.js', '/dist/412.8e1f0a2b3c4d5e6f.chunk.css', 'logo.deadbeef.svg', 'main.0a1b2c3d.js.map'])(
    'keeps hashed %s for a year',
    (name) => {
      expect(cacheControlFor(name)).toBe(IMMUTABLE);
    },
  );
  it.each([
    'index.html',
    'remoteEntry.js',
    'mf-manifest.json',
    'site.webmanifest',
    'favicon.ico',
    'main.js',
    'main.abc.js',
    'app.1234567.js',
  ])('revalidates %s', (name) => {
    expect(cacheControlFor(name)).toBe(REVALIDATE);
  });
});
