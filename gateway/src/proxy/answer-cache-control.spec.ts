import { privateCacheControl } from './answer-cache-control';

describe('privateCacheControl', () => {
  it('adds no-store where the service said nothing', () => {
    expect(privateCacheControl(undefined)).toBe('no-store');
    expect(privateCacheControl('')).toBe('no-store');
  });

  it('makes every answer that a cache could keep no-store (public, private with a max-age, no-cache)', () => {
    expect(privateCacheControl('public, max-age=31536000, immutable')).toBe('no-store');
    expect(privateCacheControl(['Public', 'max-age=60'])).toBe('no-store');
    expect(privateCacheControl('private, max-age=300')).toBe('no-store');
    expect(privateCacheControl('no-cache')).toBe('no-store');
  });

  it('keeps a no-store the service chose', () => {
    expect(privateCacheControl('no-store')).toBe('no-store');
    expect(privateCacheControl('private, no-store')).toBe('private, no-store');
    expect(privateCacheControl(['private', 'No-Store'])).toBe('private, No-Store');
  });
});
