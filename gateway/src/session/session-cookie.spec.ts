import { readSessionId } from './session-cookie';

describe('readSessionId', () => {
  it('finds kcf_sid among other cookies and decodes it', () => {
    expect(readSessionId('theme=dark; kcf_sid=abc%2Fdef; x=1')).toBe('abc/def');
    expect(readSessionId('kcf_sid="quoted"')).toBe('quoted');
  });
  it('is null when absent, empty or only a look-alike name is present', () => {
    expect(readSessionId(undefined)).toBeNull();
    expect(readSessionId('kcf_sid=')).toBeNull();
    expect(readSessionId('xkcf_sid=1; kcf_sidx=2')).toBeNull();
  });
});
