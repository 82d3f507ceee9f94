import { cspDirectives } from './security-headers';

describe('cspDirectives', () => {
  it('allows scripts from our origin and configured ones only, never inline', () => {
    const d = cspDirectives({
      extraOrigins: ['https://cdn.example.org'],
      oidcIssuerUrl: 'https://login.example.com/realms/kcf',
    });
    expect(d['script-src']).toEqual(["'self'", 'https://cdn.example.org']);
    expect(d['connect-src']).toEqual(["'self'", 'https://cdn.example.org']);
    expect(d['form-action']).toEqual(["'self'", 'https://login.example.com']);
    expect(Object.values(d).flat()).not.toContain("'unsafe-inline'");
    expect(d['upgrade-insecure-requests']).toBeUndefined();
  });
  it('upgrades insecure requests behind https', () => {
    expect(
      cspDirectives({ extraOrigins: [], publicUrl: 'https://kcf.example.org' })['upgrade-insecure-requests'],
    ).toEqual([]);
  });
});

describe('cspDirectives style sources', () => {
  it('adds inline stylesheets by hash, never unsafe-inline', () => {
    const d = cspDirectives({ extraOrigins: [], styleSources: ["'sha256-abc='"] });
    expect(d['style-src']).toEqual(["'self'", "'sha256-abc='"]);
    expect(d['script-src']).toEqual(["'self'"]);
  });
});
