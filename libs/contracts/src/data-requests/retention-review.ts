import { z } from 'zod';
import { requiredText } from '../common/fields';
import { defineErrors } from '../errors/catalogue';

/**
 * The retention review (superadmin, access level manageDataRequests): children inactive for longer than the
 * setting RETENTION_INACTIVE_YEARS (default 5), each to be kept (with a reason, for a year) or erased.
 */

/** How long a Keep takes a child off the review. */
export const RETENTION_KEEP_MONTHS = 12;

export const RETENTION_REVIEW_MESSAGES = {
  reasonRequired: 'Reason is required',
  childActive: 'Only an inactive child can be kept: this child is active',
} as const;

/** `POST /api/data-requests/retention-review/{beneficiaryId}/keep`. */
export const RetentionKeepBody = z.object({
  reason: requiredText(RETENTION_REVIEW_MESSAGES.reasonRequired, 'Reason', 1000, 'multi'),
});
export type RetentionKeepBody = z.infer<typeof RetentionKeepBody>;

/** The last Keep of a child: why, by whom (display name), when. */
export interface RetentionKeep {
  reason: string;
  by: string | null;
  at: string;
}

/**
 * A child of `GET /api/data-requests/retention-review` (oldest first): inactive since `inactiveSince` (the
 * newest change to the child or its records). `kept` is a Keep older than a year, else null (a child kept
 * within the year is not listed). The answer of a Keep is the child with its new `kept`.
 */
export interface RetentionReviewChild {
  beneficiaryId: string;
  fullName: string;
  inactiveSince: string;
  kept: RetentionKeep | null;
}

/** Every error the retention review's routes answer with, beyond the common ones. */
export const RETENTION_REVIEW_ERRORS = defineErrors('retentionReview', {
  childActive: { status: 409, message: RETENTION_REVIEW_MESSAGES.childActive },
});
