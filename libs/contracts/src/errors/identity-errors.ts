import { defineErrors } from './catalogue';

/** Every error svc-identity answers with, beyond the common ones. */
export const IDENTITY_ERRORS = defineErrors('identity', {});
