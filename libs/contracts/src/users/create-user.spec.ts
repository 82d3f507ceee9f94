import { z } from 'zod';
import { CreateUserBody, CreateUserForm, UpdateUserBody, UserStatusBody, createUserBodyFromForm } from './create-user';
import { LoginForm } from './login';

const fieldMessages = (result: z.ZodSafeParseResult<unknown>) => {
  const byField: Record<string, string[]> = {};
  if (!result.success) {
    for (const issue of result.error.issues) (byField[issue.path.join('.')] ??= []).push(issue.message);
  }
  return byField;
};

const valid = { firstName: 'Amina', lastName: 'Wekesa', username: 'amina', password: 'Secret#pw' };

describe('CreateUserBody', () => {
  it('trims names, defaults the role to viewer and keeps no child for staff', () => {
    expect(CreateUserBody.parse({ ...valid, firstName: '  Amina ', beneficiaryId: 'KCF-000001' })).toEqual({
      ...valid,
      role: 'viewer',
      email: null,
      beneficiaryId: null,
    });
  });

  it('gives the product’s messages for blank fields (checked trimmed)', () => {
    expect(
      fieldMessages(CreateUserBody.safeParse({ firstName: ' ', lastName: '', username: '  ', password: '   ' })),
    ).toEqual({
      firstName: ['First name is required'],
      lastName: ['Last name is required'],
      username: ['Username is required'],
      password: ['Password is required'],
    });
    expect(fieldMessages(CreateUserBody.safeParse({}))).toEqual({
      firstName: ['First name is required'],
      lastName: ['Last name is required'],
      username: ['Username is required'],
      password: ['Password is required'],
    });
  });

  it('caps the username at 10 characters', () => {
    expect(CreateUserBody.safeParse({ ...valid, username: 'abcdefghij' }).success).toBe(true);
    expect(fieldMessages(CreateUserBody.safeParse({ ...valid, username: 'abcdefghijk' }))).toEqual({
      username: ['Username must be 10 characters or less'],
    });
  });

  it('needs a password of at least 6 characters', () => {
    expect(fieldMessages(CreateUserBody.safeParse({ ...valid, password: 'abcde' }))).toEqual({
      password: ['Password must be at least 6 characters'],
    });
    expect(fieldMessages(CreateUserBody.safeParse({ ...valid, password: 'Ab#de' }))).toEqual({
      password: ['Password must be at least 6 characters'],
    });
  });

  it('needs a temporary password the sign-in form accepts, with its messages', () => {
    expect(fieldMessages(CreateUserBody.safeParse({ ...valid, password: 'abcdef' }))).toEqual({
      password: [
        'Password must be at least 8 characters',
        'Password must contain at least one uppercase letter',
        'Password must contain at least one symbol',
      ],
    });
    expect(fieldMessages(CreateUserBody.safeParse({ ...valid, password: 'SECRET#PW' }))).toEqual({
      password: ['Password must contain at least one lowercase letter'],
    });
    expect(fieldMessages(CreateUserBody.safeParse({ ...valid, password: 'Secretpw1' }))).toEqual({
      password: ['Password must contain at least one symbol'],
    });
    expect(CreateUserBody.parse({ ...valid, password: 'Temp!pass1' }).password).toBe('Temp!pass1');
  });

  it('accepts exactly the temporary passwords the sign-in form accepts', () => {
    for (const password of [
      'abcdef',
      'Abcdefg',
      'Abcdefgh',
      'Abcdefg#',
      'abcdefg#',
      'ABCDEFG#',
      'Abcdefg-',
      'Abc#efgh ',
      'Temp!pass1',
      'Sec#pwXY',
    ]) {
      const signIn = LoginForm.safeParse({ username: 'amina', password }).success;
      expect([password, CreateUserBody.safeParse({ ...valid, password }).success]).toEqual([password, signIn]);
      expect([password, CreateUserForm.safeParse({ ...valid, password, confirmPassword: password }).success]).toEqual([
        password,
        signIn,
      ]);
    }
  });

  it('requires the linked child when the role is beneficiary', () => {
    expect(fieldMessages(CreateUserBody.safeParse({ ...valid, role: 'beneficiary' }))).toEqual({
      beneficiaryId: ['Beneficiary is required'],
    });
    expect(CreateUserBody.parse({ ...valid, role: 'beneficiary', beneficiaryId: 'KCF-000007' }).beneficiaryId).toBe(
      'KCF-000007',
    );
  });

  it('reports the missing child together with other field errors', () => {
    expect(fieldMessages(CreateUserBody.safeParse({ ...valid, firstName: '', role: 'beneficiary' }))).toEqual({
      firstName: ['First name is required'],
      beneficiaryId: ['Beneficiary is required'],
    });
  });

  it('checks the optional email', () => {
    expect(CreateUserBody.parse({ ...valid, email: 'amina@example.org' }).email).toBe('amina@example.org');
    expect(CreateUserBody.parse({ ...valid, email: '' }).email).toBeNull();
    expect(fieldMessages(CreateUserBody.safeParse({ ...valid, email: 'not-an-email' }))).toEqual({
      email: ['Please enter a valid email address'],
    });
  });

  it('takes only a real beneficiary id for the linked child', () => {
    expect(
      fieldMessages(CreateUserBody.safeParse({ ...valid, role: 'beneficiary', beneficiaryId: 'child-7' })),
    ).toEqual({
      beneficiaryId: ['Beneficiary id must look like KCF-000123'],
    });
    expect(CreateUserBody.parse({ ...valid, role: 'beneficiary', beneficiaryId: ' KCF-000007 ' }).beneficiaryId).toBe(
      'KCF-000007',
    );
  });

  it('caps the email at 254 characters', () => {
    expect(fieldMessages(CreateUserBody.safeParse({ ...valid, email: `${'a'.repeat(250)}@example.org` }))).toEqual({
      email: ['Email must be 254 characters or less'],
    });
  });

  it('refuses an unknown role', () => {
    expect(CreateUserBody.safeParse({ ...valid, role: 'owner' }).success).toBe(false);
  });
});

describe('CreateUserForm', () => {
  it('needs the confirmation to equal the password', () => {
    expect(fieldMessages(CreateUserForm.safeParse({ ...valid, confirmPassword: 'Secret#pw2' }))).toEqual({
      confirmPassword: ['Passwords do not match'],
    });
  });

  it('reports a mismatch together with other field errors', () => {
    expect(fieldMessages(CreateUserForm.safeParse({ ...valid, lastName: '', confirmPassword: 'other' }))).toEqual({
      lastName: ['Last name is required'],
      confirmPassword: ['Passwords do not match'],
    });
  });

  it('reports a mismatch together with a password the sign-in form would refuse', () => {
    expect(
      fieldMessages(CreateUserForm.safeParse({ ...valid, password: 'Secretpw', confirmPassword: 'other' })),
    ).toEqual({
      password: ['Password must contain at least one symbol'],
      confirmPassword: ['Passwords do not match'],
    });
  });

  it('drops the confirmation from the body it sends', () => {
    const form = CreateUserForm.parse({ ...valid, confirmPassword: 'Secret#pw' });
    expect(createUserBodyFromForm(form)).toEqual({ ...valid, role: 'viewer', email: null, beneficiaryId: null });
  });
});

describe('UpdateUserBody and UserStatusBody', () => {
  it('takes names and role', () => {
    expect(UpdateUserBody.parse({ firstName: 'A', lastName: 'B', role: 'admin' })).toEqual({
      firstName: 'A',
      lastName: 'B',
      role: 'admin',
      beneficiaryId: null,
    });
    expect(fieldMessages(UpdateUserBody.safeParse({ firstName: 'A', lastName: 'B', role: 'beneficiary' }))).toEqual({
      beneficiaryId: ['Beneficiary is required'],
    });
  });

  it('leaves an absent email alone and clears a blank one', () => {
    const base = { firstName: 'A', lastName: 'B', role: 'viewer' };
    expect(UpdateUserBody.parse(base).email).toBeUndefined();
    expect(UpdateUserBody.parse({ ...base, email: '' }).email).toBeNull();
    expect(UpdateUserBody.parse({ ...base, email: 'a@example.org' }).email).toBe('a@example.org');
  });

  it('needs a boolean status', () => {
    expect(UserStatusBody.parse({ isActive: false })).toEqual({ isActive: false });
    expect(UserStatusBody.safeParse({ isActive: 'false' }).success).toBe(false);
  });
});
