import { isAcceptableNewPassword, newPasswordRequirements, passwordStrength } from './passwords';

describe('passwordStrength', () => {
  it.each([
    ['', 0, 'Very Weak'],
    ['abc', 1, 'Very Weak'],
    ['abcdefgh', 2, 'Weak'],
    ['abcdefgH', 3, 'Fair'],
    ['abcdefH1', 4, 'Good'],
    ['abcdeH1!', 5, 'Strong'],
    ['aB1!', 4, 'Good'],
    ['12345678', 2, 'Weak'],
  ] as const)('scores %p as %i (%s)', (password, score, label) => {
    expect(passwordStrength(password)).toEqual({ score, label });
  });
});

describe('new password policy (reset and change)', () => {
  it.each(['Abcdef1@', 'Str0ng$Pass', 'aB3&aB3&'])('accepts %p', (password) => {
    expect(isAcceptableNewPassword(password)).toBe(true);
  });

  it.each([
    ['Abcde1@', 'too short'],
    ['abcdef1@', 'no uppercase'],
    ['ABCDEF1@', 'no lowercase'],
    ['Abcdefg@', 'no digit'],
    ['Abcdefg1', 'no special'],
    ['Abcdef1#', 'special outside @$!%*?&'],
    ['Abcdef1@ ', 'a space'],
  ])('refuses %p (%s)', (password) => {
    expect(isAcceptableNewPassword(password)).toBe(false);
  });

  it('lists which requirements are met', () => {
    const met = newPasswordRequirements('abcdefgh#').map((requirement) => requirement.met);
    expect(met).toEqual([true, false, true, false, false, false]);
  });
});
