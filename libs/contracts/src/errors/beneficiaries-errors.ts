import { defineErrors } from './catalogue';

/** Every error svc-beneficiaries answers with, beyond the common ones. */
export const BENEFICIARIES_ERRORS = defineErrors('beneficiaries', {});
