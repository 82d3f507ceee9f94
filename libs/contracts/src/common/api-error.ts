import { z } from 'zod';

/** One field's complaint: `path` is the dotted field path ('fullName', 'items.0.amount'). */
export const ApiFieldError = z.object({
  path: z.string(),
  message: z.string(),
});
export type ApiFieldError = z.infer<typeof ApiFieldError>;

/** Every error answer's body: the headline message, the field errors of a refused form, the request id. */
export const ApiErrorBody = z.object({
  message: z.string(),
  errors: z.array(ApiFieldError).optional(),
  requestId: z.string().optional(),
});
export type ApiErrorBody = z.infer<typeof ApiErrorBody>;

/** The message a 400 carries when the body or query did not validate. */
export const VALIDATION_FAILED_MESSAGE = 'Validation failed';

/** A zod error as the contract's field errors, in the order zod found them. */
export function toFieldErrors(error: z.ZodError): ApiFieldError[] {
  return error.issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: issue.message,
  }));
}

/** A 400 body for a failed validation: the first field message doubles as the headline. */
export function validationErrorBody(error: z.ZodError, requestId?: string): ApiErrorBody {
  const errors = toFieldErrors(error);
  return {
    message: errors[0]?.message ?? VALIDATION_FAILED_MESSAGE,
    errors,
    ...(requestId ? { requestId } : {}),
  };
}
