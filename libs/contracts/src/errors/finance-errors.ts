import { defineErrors } from './catalogue';

/** Every error svc-finance answers with, beyond the common ones. */
export const FINANCE_ERRORS = defineErrors('finance', {});
