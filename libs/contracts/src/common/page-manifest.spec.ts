import { pageManifestTag, readPageManifest, withoutPageManifest } from './page-manifest';

const manifest = {
  mf_finance: { entry: '/remotes/finance/remoteEntry.js?v=0123456789abcdef', version: '1.0.0', note: `it's <b>&` },
};

function documentOf(html: string) {
  const match = /<meta name="kcf-remotes" content='([^']*)'>/.exec(html);
  // What a browser gives for the attribute: the text with its character references resolved.
  const content =
    match?.[1].replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&') ?? null;
  return { querySelector: () => (content === null ? null : { getAttribute: () => content }) };
}

describe('the manifest inside a page', () => {
  it('travels as one meta element the page reads back as it was', () => {
    const tag = pageManifestTag(JSON.stringify(manifest));
    expect(tag.startsWith('<meta name="kcf-remotes" content=\'')).toBe(true);
    expect(/content='([^']*)'>$/.exec(tag)?.[1]).not.toMatch(/[<>']/);
    expect(readPageManifest(documentOf(`<head>${tag}</head>`))).toEqual(manifest);
  });

  it('is left out of a copy of the page, and a page without one has none', () => {
    const page = `<head>${pageManifestTag(JSON.stringify(manifest))}<script async src="/early.js"></script></head>`;
    expect(withoutPageManifest(page)).toBe('<head><script async src="/early.js"></script></head>');
    expect(readPageManifest(documentOf('<head></head>'))).toBeNull();
    expect(readPageManifest(null)).toBeNull();
  });
});
