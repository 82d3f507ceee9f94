/**
 * The three password policies and the strength meter.
 * - local login form: >= 8, an uppercase, a lowercase and a symbol from !@#$%^&*(),.?":{}|<>
 * - create user (the temporary password): >= 6, and then whatever the login form asks, so that the new
 *   user can get past the sign-in form
 * - admin reset and change password: >= 8 with a lowercase, an uppercase, a digit and a special from
 *   @$!%*?&, and nothing but letters, digits and those specials (every such password passes the login form).
 */
export const LOGIN_PASSWORD_SYMBOLS = '!@#$%^&*(),.?":{}|<>';
export const LOGIN_SYMBOL_PATTERN = /[!@#$%^&*(),.?":{}|<>]/;

export const NEW_PASSWORD_SPECIALS = '@$!%*?&';
export const NEW_PASSWORD_PATTERN = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[@$!%*?&])[A-Za-z\d@$!%*?&]{8,}$/;

export const MIN_LOGIN_PASSWORD_LENGTH = 8;
export const MIN_CREATE_USER_PASSWORD_LENGTH = 6;
export const MIN_NEW_PASSWORD_LENGTH = 8;
/** Longest password any form or endpoint accepts (keeps hashing cheap). */
export const MAX_PASSWORD_LENGTH = 128;

export const HAS_UPPERCASE = /[A-Z]/;
export const HAS_LOWERCASE = /[a-z]/;
export const HAS_DIGIT = /\d/;
/** A special character the new-password policy allows (the only ones the meter counts). */
export const HAS_SPECIAL = /[@$!%*?&]/;
const ONLY_ALLOWED_CHARACTERS = /^[A-Za-z\d@$!%*?&]*$/;

export interface PasswordRule {
  message: string;
  holds: (password: string) => boolean;
}

/** The local login form's rules, in the order it reports them. */
export const LOGIN_PASSWORD_RULES: readonly PasswordRule[] = [
  {
    message: 'Password must be at least 8 characters',
    holds: (password) => password.length >= MIN_LOGIN_PASSWORD_LENGTH,
  },
  { message: 'Password must contain at least one uppercase letter', holds: (password) => HAS_UPPERCASE.test(password) },
  { message: 'Password must contain at least one lowercase letter', holds: (password) => HAS_LOWERCASE.test(password) },
  { message: 'Password must contain at least one symbol', holds: (password) => LOGIN_SYMBOL_PATTERN.test(password) },
];

/** What the login form says about a password, every unmet rule in order (none: it may be sent). */
export function loginPasswordProblems(password: string): string[] {
  return LOGIN_PASSWORD_RULES.filter((rule) => !rule.holds(password)).map((rule) => rule.message);
}

export const TEMPORARY_PASSWORD_TOO_SHORT = 'Password must be at least 6 characters';

/**
 * What Create User says about a temporary password: under 6 characters that alone, then every rule of the
 * login form it breaks (a password the sign-in form refuses would lock the new user out). A blank one is
 * left to the required rule.
 */
export function temporaryPasswordProblems(password: string): string[] {
  if (password.trim().length === 0) return [];
  if (password.length < MIN_CREATE_USER_PASSWORD_LENGTH) return [TEMPORARY_PASSWORD_TOO_SHORT];
  return loginPasswordProblems(password);
}

/** Whether a new password (reset or change) satisfies the policy. */
export function isAcceptableNewPassword(password: string): boolean {
  return password.length <= MAX_PASSWORD_LENGTH && NEW_PASSWORD_PATTERN.test(password);
}

export type PasswordStrengthLabel = 'Very Weak' | 'Weak' | 'Fair' | 'Good' | 'Strong';
export type PasswordStrengthScore = 0 | 1 | 2 | 3 | 4 | 5;

export interface PasswordStrength {
  score: PasswordStrengthScore;
  label: PasswordStrengthLabel;
}

const STRENGTH_LABELS: Record<PasswordStrengthScore, PasswordStrengthLabel> = {
  0: 'Very Weak',
  1: 'Very Weak',
  2: 'Weak',
  3: 'Fair',
  4: 'Good',
  5: 'Strong',
};

/** Strength meter: one point each for length >= 8, lowercase, uppercase, digit, and a special the policy allows (@$!%*?&). */
export function passwordStrength(password: string): PasswordStrength {
  const points = [
    password.length >= 8,
    HAS_LOWERCASE.test(password),
    HAS_UPPERCASE.test(password),
    HAS_DIGIT.test(password),
    HAS_SPECIAL.test(password),
  ].filter(Boolean).length as PasswordStrengthScore;
  return { score: points, label: STRENGTH_LABELS[points] };
}

export interface PasswordRequirement {
  label: string;
  met: boolean;
}

/** The requirements box of the reset and change password screens, one line per rule. */
export function newPasswordRequirements(password: string): PasswordRequirement[] {
  return [
    { label: 'At least 8 characters', met: password.length >= MIN_NEW_PASSWORD_LENGTH },
    { label: 'One uppercase letter', met: HAS_UPPERCASE.test(password) },
    { label: 'One lowercase letter', met: HAS_LOWERCASE.test(password) },
    { label: 'One number', met: HAS_DIGIT.test(password) },
    { label: `One special character (${NEW_PASSWORD_SPECIALS})`, met: HAS_SPECIAL.test(password) },
    { label: 'Only letters, numbers and those special characters', met: ONLY_ALLOWED_CHARACTERS.test(password) },
  ];
}
