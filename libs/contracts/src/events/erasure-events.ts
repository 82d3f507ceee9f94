import { z } from 'zod';
import { BeneficiaryId } from '../common/ids';
import { defineEvent } from './define-event';

/** A list of texts an erasure looks for (absent in 1.0: none). */
const texts = z.array(z.string().min(1)).default([]);

/**
 * A child is to be erased (svc-beneficiaries, with the request). Every domain removes what it holds about the
 * child — its id, and the texts below wherever the product wrote them — and answers with its own
 * `<domain>.erasure.done`. Once the request is done the outbox rows carrying this payload are removed.
 * 1.1: the words of the child's name, the guardian's names and the guardian's phone numbers in every written form.
 */
export const ErasureRequested = defineEvent(
  'beneficiaries.erasure.requested',
  z.object({
    requestId: z.uuid(),
    beneficiaryId: BeneficiaryId,
    /** The texts naming the child (its full name) that other domains replace wherever the product wrote them. */
    names: z.array(z.string().min(1)),
    /**
     * The words of the child's name that no other child's name has (contracts' nameWords): a search typed with
     * one of them is about this child. A word alone is looked for only in the child's own texts (its expenses)
     * and in the audit trail (where such a search is recorded), never replaced in other records' texts.
     */
    nameWords: texts,
    /** The guardian's name as the child's record holds it, unless it is the guardian of another child too. */
    guardianNames: texts,
    /**
     * The guardian's phone numbers (those no other child's guardian has), each in every written form (contracts'
     * phoneForms): 0733 999 888, +254733999888, 254-733-999-888, ...
     */
    phones: texts,
  }),
  { version: '1.1' },
);

const erasureDone = z.object({ requestId: z.uuid() });

/** svc-beneficiaries removed the child, its records and every stored object. */
export const BeneficiariesErasureDone = defineEvent('beneficiaries.erasure.done', erasureDone);
/** svc-finance kept the expenses without the child and its name. */
export const FinanceErasureDone = defineEvent('finance.erasure.done', erasureDone);
/**
 * svc-identity removed (or deactivated) the child's beneficiary users and ended their sessions. 1.1: `userIds`,
 * those users (the child's guardian accounts), whose names the other domains' records about the child drop.
 */
export const IdentityErasureDone = defineEvent(
  'identity.erasure.done',
  erasureDone.extend({ userIds: z.array(z.string().min(1)).default([]) }),
  { version: '1.1' },
);
