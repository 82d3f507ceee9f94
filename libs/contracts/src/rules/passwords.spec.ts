import {
  isAcceptableNewPassword,
  newPasswordRequirements,
  passwordStrength,
  temporaryPasswordProblems,
} from './passwords';

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
    ['Abcdefgh1#', 4, 'Good'],
    ['Abcdefgh1-', 4, 'Good'],
    ['Abcdefgh1&', 5, 'Strong'],
  ] as const)('scores %p as %i (%s)', (password, score, label) => {
    expect(passwordStrength(password)).toEqual({ score, label });
  });

  it('counts as special only the characters the new-password policy allows', () => {
    for (const special of '@$!%*?&') expect(passwordStrength(`Abcdefg1${special}`).label).toBe('Strong');
    for (const other of '#^()-_+=.,~ ') expect(passwordStrength(`Abcdefg1${other}`).label).toBe('Good');
  });
});

describe('temporaryPasswordProblems (create user)', () => {
  it('asks for 6 characters first, then for what the sign-in form asks', () => {
    expect(temporaryPasswordProblems('abcde')).toEqual(['Password must be at least 6 characters']);
    expect(temporaryPasswordProblems('abcdef')).toEqual([
      'Password must be at least 8 characters',
      'Password must contain at least one uppercase letter',
      'Password must contain at least one symbol',
    ]);
    expect(temporaryPasswordProblems('Temp!pass1')).toEqual([]);
  });

  it('leaves a blank password to the required rule', () => {
    expect(temporaryPasswordProblems('')).toEqual([]);
    expect(temporaryPasswordProblems('        ')).toEqual([]);
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

  it('names the special characters it allows', () => {
    expect(newPasswordRequirements('').map((requirement) => requirement.label)).toContain(
      'One special character (@$!%*?&)',
    );
  });
});
