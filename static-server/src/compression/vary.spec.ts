import { varyOnAcceptEncoding } from './vary';

describe('varyOnAcceptEncoding', () => {
  it('adds Accept-Encoding once', () => {
    expect(varyOnAcceptEncoding(undefined)).toBe('Accept-Encoding');
    expect(varyOnAcceptEncoding('Origin')).toBe('Origin, Accept-Encoding');
    expect(varyOnAcceptEncoding('origin, accept-encoding')).toBe('origin, accept-encoding');
    expect(varyOnAcceptEncoding(['Cookie', 'Origin'])).toBe('Cookie, Origin, Accept-Encoding');
    expect(varyOnAcceptEncoding('*')).toBe('*');
  });
});
