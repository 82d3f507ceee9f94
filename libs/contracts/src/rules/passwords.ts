/**
 * The three password policies and the strength meter.
 * - local login form: >= 8, an uppercase, a lowercase and a symbol from !@#$%^&*(),.?":{}|<>
 * - create user: >= 6
 * - admin reset and change password: >= 8 with a lowercase, an uppercase, a digit and a special from
 *   @$!%*?&, and nothing but letters, digits and those specials.
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
/** Anything that is neither a letter nor a digit counts for the meter. */
export const HAS_SPECIAL = /[^A-Za-z0-9]/;

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

/** Strength meter: one point each for length >= 8, lowercase, uppercase, digit, special. */
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
    { label: `One special character (${NEW_PASSWORD_SPECIALS})`, met: /[@$!%*?&]/.test(password) },
    { label: 'Only letters, numbers and those special characters', met: /^[A-Za-z\d@$!%*?&]*$/.test(password) },
  ];
}
