import { privateCacheControl } from './answer-cache-control';

describe('privateCacheControl', () => {
  it('adds no-store where the service said nothing', () => {
    expect(privateCacheControl(undefined)).toBe('no-store');
    expect(privateCacheControl('')).toBe('no-store');
  });

  it('makes public answers private, keeping their other directives', () => {
    expect(privateCacheControl('public, max-age=31536000, immutable')).toBe('private, max-age=31536000, immutable');
    expect(privateCacheControl(['Public', 'max-age=60'])).toBe('private, max-age=60');
  });

  it('keeps what the service chose otherwise', () => {
    expect(privateCacheControl('private, max-age=300')).toBe('private, max-age=300');
    expect(privateCacheControl('no-cache')).toBe('no-cache');
    expect(privateCacheControl('no-store')).toBe('no-store');
  });
});
