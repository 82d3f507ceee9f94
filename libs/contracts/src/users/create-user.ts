import { z } from 'zod';
import { blankAs, textField } from '../common/fields';
import { BeneficiaryId } from '../common/ids';
import { RoleSchema } from '../enums/roles';
import { MAX_PASSWORD_LENGTH, temporaryPasswordProblems } from '../rules/passwords';

export const MAX_USERNAME_LENGTH = 10;

const nameField = (required: string, label: string) =>
  textField(label, { error: required }).min(1, required).max(100, `${label} must be 100 characters or less`);

const roleField = z.preprocess(blankAs(undefined), RoleSchema.default('viewer'));

const emailValue = z.preprocess(
  blankAs(null),
  z
    .email({ error: 'Please enter a valid email address' })
    .trim()
    .max(254, 'Email must be 254 characters or less')
    .nullable(),
);

const emailField = emailValue.optional().transform((value) => value ?? null);

/** On update, an absent email leaves the stored one alone (undefined); a blank one clears it (null). */
const emailUpdateField = emailValue.optional();

/** The linked child: required for, and kept only for, the beneficiary role. */
const beneficiaryIdField = z
  .preprocess(blankAs(null), z.string({ error: 'Beneficiary is required' }).pipe(BeneficiaryId).nullable())
  .optional()
  .transform((value) => value ?? null);

/** The temporary password: required, at least 6 characters, then every rule of the sign-in form (`temporaryPasswordProblems`). */
const passwordField = textField('Password', { trim: false, error: 'Password is required' })
  .refine((value) => value.trim().length > 0, 'Password is required')
  .superRefine((value, ctx) => {
    for (const message of temporaryPasswordProblems(value))
      ctx.issues.push({ code: 'custom', message, input: value, continue: true });
  })
  .refine((value) => value.length <= MAX_PASSWORD_LENGTH, `Password must be ${MAX_PASSWORD_LENGTH} characters or less`);

const createUserShape = {
  firstName: nameField('First name is required', 'First name'),
  lastName: nameField('Last name is required', 'Last name'),
  username: textField('Username', { error: 'Username is required' })
    .min(1, 'Username is required')
    .max(MAX_USERNAME_LENGTH, 'Username must be 10 characters or less'),
  password: passwordField,
  role: roleField,
  email: emailField,
  beneficiaryId: beneficiaryIdField,
};

interface RoleLink {
  role: string;
  beneficiaryId: string | null;
}

/** A beneficiary user must name its child (checked alongside the other fields). */
function requireBeneficiaryLink(value: RoleLink, ctx: z.RefinementCtx): void {
  if (value.role === 'beneficiary' && !value.beneficiaryId) {
    ctx.issues.push({
      code: 'custom',
      message: 'Beneficiary is required',
      path: ['beneficiaryId'],
      input: value.beneficiaryId,
    });
  }
}

/** Staff roles never carry a child. */
function dropLinkUnlessBeneficiary<T extends RoleLink>(value: T): T {
  return value.role === 'beneficiary' ? value : { ...value, beneficiaryId: null };
}

/** POST /api/users (the confirmation is not sent). */
export const CreateUserBody = z
  .object(createUserShape)
  .superRefine(requireBeneficiaryLink)
  .transform(dropLinkUnlessBeneficiary);
export type CreateUserBody = z.infer<typeof CreateUserBody>;

/** The Create New User dialog: the body plus the confirmation. */
export const CreateUserForm = z
  .object({ ...createUserShape, confirmPassword: z.string({ error: 'Passwords do not match' }) })
  .superRefine((value, ctx) => {
    if (value.confirmPassword !== value.password) {
      ctx.issues.push({
        code: 'custom',
        message: 'Passwords do not match',
        path: ['confirmPassword'],
        input: value.confirmPassword,
      });
    }
    requireBeneficiaryLink(value, ctx);
  })
  .transform(dropLinkUnlessBeneficiary);
export type CreateUserForm = z.infer<typeof CreateUserForm>;

/** What the dialog sends once the form is valid. */
export function createUserBodyFromForm({ confirmPassword: _confirmation, ...body }: CreateUserForm): CreateUserBody {
  return body;
}

/** PUT /api/users/{id}: names and role (a beneficiary role again needs its child). */
export const UpdateUserBody = z
  .object({
    firstName: createUserShape.firstName,
    lastName: createUserShape.lastName,
    role: RoleSchema,
    email: emailUpdateField,
    beneficiaryId: beneficiaryIdField,
  })
  .superRefine(requireBeneficiaryLink)
  .transform(dropLinkUnlessBeneficiary);
export type UpdateUserBody = z.infer<typeof UpdateUserBody>;

/** PATCH /api/users/{id}/status. */
export const UserStatusBody = z.object({
  isActive: z.boolean({ error: 'isActive must be true or false' }),
});
export type UserStatusBody = z.infer<typeof UserStatusBody>;
