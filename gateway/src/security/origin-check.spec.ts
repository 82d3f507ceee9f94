import { isSameOriginRequest } from './origin-check';

const own = ['https://kcf.example.org'];

describe('isSameOriginRequest', () => {
  it('lets reads through whatever their origin', () => {
    expect(isSameOriginRequest('GET', { origin: 'https://evil.example' }, own)).toBe(true);
  });
  it('accepts a state change from our origin or without Origin', () => {
    expect(isSameOriginRequest('POST', { origin: 'https://KCF.example.org' }, own)).toBe(true);
    expect(isSameOriginRequest('DELETE', {}, own)).toBe(true);
    expect(isSameOriginRequest('PUT', { 'sec-fetch-site': 'same-origin' }, own)).toBe(true);
  });
  it('refuses one from another origin, a null origin, another port or scheme, or a cross-site fetch', () => {
    for (const origin of ['https://evil.example', 'null', 'http://kcf.example.org', 'https://kcf.example.org:8443']) {
      expect(isSameOriginRequest('POST', { origin }, own)).toBe(false);
    }
    expect(isSameOriginRequest('PATCH', { 'sec-fetch-site': 'cross-site' }, own)).toBe(false);
  });
  it('accepts any of several own origins, and refuses everything while it knows none', () => {
    const several = ['http://localhost:8080', 'http://127.0.0.1:8080'];
    expect(isSameOriginRequest('POST', { origin: 'http://127.0.0.1:8080' }, several)).toBe(true);
    expect(isSameOriginRequest('POST', { origin: 'http://localhost:8080' }, several)).toBe(true);
    expect(isSameOriginRequest('POST', { origin: 'http://localhost:8081' }, several)).toBe(false);
    expect(isSameOriginRequest('POST', { origin: 'http://localhost:8080' }, [])).toBe(false);
  });
});
