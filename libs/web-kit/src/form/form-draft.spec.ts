/** @jest-environment jsdom */
import {
  clearDraft,
  clearDraftsExcept,
  DRAFT_KEY_PREFIX,
  draftKey,
  isSecretField,
  keptFields,
  readDraft,
  saveDraft,
} from './form-draft';

describe('form drafts', () => {
  beforeEach(() => sessionStorage.clear());

  it('keeps plain values only: never files, objects or secrets', () => {
    const file = new File(['x'], 'birth.pdf', { type: 'application/pdf' });
    const values = {
      source: 'Church harambee',
      amount: '2500',
      count: 3,
      active: true,
      note: null,
      file,
      photo: new Blob(['x']),
      tags: ['a'],
      password: 'Secr3t!pw',
      newPassword: 'Secr3t!pw',
      confirmPassword: 'Secr3t!pw',
      apiToken: 't',
      clientSecret: 's',
      pin: '1234',
      pinCode: '1234',
      userPin: '1234',
      otp: '123456',
      shipping: 'Kakamega',
    };
    expect(keptFields(values)).toEqual({
      source: 'Church harambee',
      amount: '2500',
      count: 3,
      active: true,
      note: null,
      shipping: 'Kakamega',
    });
    for (const name of ['passcode', 'PASSWORD', 'currentPassword']) expect(isSecretField(name)).toBe(true);
    for (const name of ['spinach', 'guardianPhone', 'footprint', 'description'])
      expect(isSecretField(name)).toBe(false);
  });

  it('keys a draft by user, page, dialog and starting values, holding none of them in clear', () => {
    const initial = { source: '', amount: '' };
    const key = draftKey('u1', '/finances', 'Add Income', initial);
    expect(key.startsWith(`${DRAFT_KEY_PREFIX}u1:`)).toBe(true);
    expect(key).not.toContain('finances');
    expect(key).not.toContain('Income');
    expect(draftKey('u2', '/finances', 'Add Income', initial)).not.toBe(key);
    expect(draftKey('u1', '/budget', 'Add Income', initial)).not.toBe(key);
    expect(draftKey('u1', '/finances', 'Add Expense', initial)).not.toBe(key);
    expect(draftKey('u1', '/finances', 'Edit Income', { source: 'Rotary', amount: '10' })).not.toBe(
      draftKey('u1', '/finances', 'Edit Income', { source: 'Lions', amount: '10' }),
    );
    expect(draftKey('u1', '/finances', 'Add Income', { ...initial })).toBe(key);
  });

  it('saves, reads back and clears a draft, and refuses what it did not write', () => {
    saveDraft('k1', { source: 'Rotary', password: 'x' } as never);
    expect(readDraft('k1')).toEqual({ source: 'Rotary' });
    clearDraft('k1');
    expect(readDraft('k1')).toBeNull();
    sessionStorage.setItem('k2', 'not json');
    sessionStorage.setItem('k3', '[1,2]');
    sessionStorage.setItem('k4', '{"password":"x"}');
    expect(readDraft('k2')).toBeNull();
    expect(readDraft('k3')).toBeNull();
    expect(readDraft('k4')).toBeNull();
  });

  it("drops every other user's drafts when someone signs in, and nothing else", () => {
    const mine = draftKey('u1', '/finances', 'Add Income', {});
    const theirs = draftKey('u2', '/finances', 'Add Income', {});
    saveDraft(mine, { source: 'Rotary' });
    saveDraft(theirs, { source: 'Lions' });
    sessionStorage.setItem('other', 'kept');
    clearDraftsExcept('u1');
    expect(readDraft(mine)).toEqual({ source: 'Rotary' });
    expect(readDraft(theirs)).toBeNull();
    expect(sessionStorage.getItem('other')).toBe('kept');
  });

  it('works on without storage (a browser that refuses it)', () => {
    const spy = jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new Error('QuotaExceededError');
    });
    expect(() => saveDraft('k', { a: 'b' })).not.toThrow();
    spy.mockRestore();
  });
});
