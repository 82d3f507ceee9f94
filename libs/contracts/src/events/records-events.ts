import { z } from 'zod';
import { Id } from '../common/ids';
import { defineEvent } from './define-event';

export const RECORD_DOMAINS = ['beneficiaries', 'finance'] as const;
export type RecordDomain = (typeof RECORD_DOMAINS)[number];

/**
 * "User `userId` created record `recordId`" (deleted: false) or "that record is gone" (deleted: true).
 * Identity keeps the live facts and refuses to delete a user who still has records (409).
 */
export const RecordCreatedBy = defineEvent(
  'records.created-by',
  z.object({
    domain: z.enum(RECORD_DOMAINS),
    /** e.g. 'beneficiary', 'document', 'special_need', 'gift', 'income', 'expense', 'budget'. */
    recordType: z.string().min(1),
    recordId: Id,
    userId: Id,
    deleted: z.boolean(),
  }),
);
