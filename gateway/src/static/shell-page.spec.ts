import { readPageManifest } from '@kcf/contracts';
import { pageWithManifest } from './shell-page';

const manifest = {
  mf_finance: {
    entry: '/remotes/finance/remoteEntry.js?v=0123456789abcdef',
    version: '0.1.0',
    exposes: { './FinancesPage': ['/remotes/finance/128.a.js'] },
  },
};

/** The page's meta element as a browser reads it. */
function documentOf(html: string) {
  const content = /<meta name="kcf-remotes" content='([^']*)'>/
    .exec(html)?.[1]
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
  return { querySelector: () => (content === undefined ? null : { getAttribute: () => content }) };
}

describe("the shell's page with the remotes' manifest", () => {
  it('carries it before its first script, which reads it as it runs', () => {
    const html =
      '<!doctype html><html><head><meta charset=utf-8><title>KCF</title><script async src=/early.1.js></script><script defer src=/main.2.js></script></head><body></body></html>';
    const page = pageWithManifest(html, manifest);
    expect(page.indexOf('<meta name="kcf-remotes"')).toBeLessThan(page.indexOf('<script async src=/early.1.js>'));
    expect(page.indexOf('<meta charset=utf-8>')).toBeLessThan(page.indexOf('<meta name="kcf-remotes"'));
    expect(readPageManifest(documentOf(page))).toEqual(manifest);
    expect(page.replace(/<meta name="kcf-remotes" content='[^']*'>/, '')).toBe(html);
  });

  it('carries it at the end of the head of a page without scripts', () => {
    expect(pageWithManifest('<html><head><title>KCF</title></head></html>', {})).toBe(
      `<html><head><title>KCF</title><meta name="kcf-remotes" content='{}'></head></html>`,
    );
  });
});
