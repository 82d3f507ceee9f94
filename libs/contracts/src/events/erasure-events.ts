import { z } from 'zod';
import { BeneficiaryId } from '../common/ids';
import { defineEvent } from './define-event';

/**
 * A child is to be erased (svc-beneficiaries, with the request). Every domain removes what it holds about the
 * child — its id, and the texts in `names` wherever the product wrote them — and answers with its own
 * `<domain>.erasure.done`. Once the request is done the outbox rows carrying this payload are removed.
 */
export const ErasureRequested = defineEvent(
  'beneficiaries.erasure.requested',
  z.object({
    requestId: z.uuid(),
    beneficiaryId: BeneficiaryId,
    /** The texts naming the child (its full name) that other domains replace wherever the product wrote them. */
    names: z.array(z.string().min(1)),
  }),
);

const erasureDone = z.object({ requestId: z.uuid() });

/** svc-beneficiaries removed the child, its records and every stored object. */
export const BeneficiariesErasureDone = defineEvent('beneficiaries.erasure.done', erasureDone);
/** svc-finance kept the expenses without the child and its name. */
export const FinanceErasureDone = defineEvent('finance.erasure.done', erasureDone);
/** svc-identity removed (or deactivated) the child's beneficiary users and ended their sessions. */
export const IdentityErasureDone = defineEvent('identity.erasure.done', erasureDone);
