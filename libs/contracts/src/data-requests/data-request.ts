import { z } from 'zod';
import type { Role } from '../auth/access';
import { requiredEnum, textField } from '../common/fields';
import { BeneficiaryId } from '../common/ids';

export * from './data-request-rules';

/**
 * A data request about one child, the guardian's rights to have it erased or to receive it: an erasure (every
 * domain removes the child and reports back; superadmin only, access level manageDataRequests) or an export
 * (a ZIP of everything held about the child, built in the background; the superadmin for any child, the
 * beneficiary user for its own: access level requestExport).
 */
export const DATA_REQUEST_TYPES = ['export', 'erasure'] as const;
export type DataRequestType = (typeof DATA_REQUEST_TYPES)[number];

/** The types that can be asked for. */
export const REQUESTABLE_DATA_REQUEST_TYPES = ['export', 'erasure'] as const;

/** Hours an export's ZIP can be downloaded after it is built. */
export const DATA_EXPORT_DOWNLOAD_HOURS = 24;

export const DATA_REQUEST_STATES = ['pending', 'running', 'done', 'failed'] as const;
export type DataRequestState = (typeof DATA_REQUEST_STATES)[number];

/** The domains that carry out a request, each reporting its own state. */
export const DATA_REQUEST_DOMAINS = ['beneficiaries', 'finance', 'identity'] as const;
export type DataRequestDomain = (typeof DATA_REQUEST_DOMAINS)[number];

export const DATA_REQUEST_MESSAGES = {
  typeRequired: 'Type is required',
  reasonRequired: 'Reason is required',
  beneficiaryRequired: 'Beneficiary is required',
  confirmMismatch: "Type the child's ID exactly to confirm the erasure",
} as const;

const REASON_MAX = 1000;
const reasonField = () =>
  textField('Reason', { lines: 'multi', error: DATA_REQUEST_MESSAGES.reasonRequired }).max(
    REASON_MAX,
    `Reason must be ${REASON_MAX} characters or less`,
  );

/**
 * `POST /api/data-requests`: for an erasure, `confirm` is the child's id typed again and a reason is required.
 * An export needs no confirmation; its reason is required from staff (`exportReasonRequired`, checked by the
 * service, which knows who asks) and optional for the guardian's own account.
 */
export const DataRequestBody = z
  .object({
    type: requiredEnum(REQUESTABLE_DATA_REQUEST_TYPES, DATA_REQUEST_MESSAGES.typeRequired, 'Type'),
    beneficiaryId: z.preprocess(
      (v) => (v === undefined || v === null || v === '' ? undefined : v),
      z.string({ error: DATA_REQUEST_MESSAGES.beneficiaryRequired }).pipe(BeneficiaryId),
    ),
    reason: z.preprocess((v) => (v === null ? undefined : v), reasonField().optional()),
    confirm: textField('Confirmation', { error: DATA_REQUEST_MESSAGES.confirmMismatch }).optional(),
  })
  .superRefine((body, ctx) => {
    if (body.type === 'erasure' && !body.reason)
      ctx.addIssue({ code: 'custom', path: ['reason'], message: DATA_REQUEST_MESSAGES.reasonRequired });
  });
export type DataRequestBody = z.infer<typeof DataRequestBody>;

/** The export dialog's reason as staff give it (required). */
export const StaffExportReason = z.object({ reason: reasonField().min(1, DATA_REQUEST_MESSAGES.reasonRequired) });
/** The export dialog's reason as the guardian's own account gives it (optional; blank sends none). */
export const GuardianExportReason = z.object({ reason: reasonField() });

/** `GET /api/data-requests?beneficiaryId=`: only the requests about that child. */
export const DataRequestListQuery = z.object({
  beneficiaryId: z.preprocess((v) => (v === '' ? undefined : v), BeneficiaryId.optional()),
  type: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(DATA_REQUEST_TYPES, { error: `Type must be one of: ${DATA_REQUEST_TYPES.join(', ')}` }).optional(),
  ),
});
export type DataRequestListQuery = z.infer<typeof DataRequestListQuery>;

/** The answer of `POST /api/data-requests` (202). */
export interface DataRequestAccepted {
  id: string;
  state: DataRequestState;
}

/**
 * A data request as `GET /api/data-requests[/{id}]` answers it: what was asked, about which child, by whom, when
 * and why, each domain's part, and for an export when its ZIP was handed over. The child is named while it
 * exists; once erased, `ERASED_CHILD`.
 */
export interface DataRequest {
  id: string;
  type: DataRequestType;
  state: DataRequestState;
  domains: Record<DataRequestDomain, DataRequestState>;
  beneficiary: DataRequestChild;
  /** Who asked, and as what (null: asked before roles were kept). */
  requestedBy: { id: string; name: string | null; role?: Role | null };
  requestedAt: string;
  /** `YYYY-MM-DD`: the request date plus DATA_REQUEST_DUE_DAYS. */
  dueOn: string;
  reason: string;
  doneAt: string | null;
  /** An export's files written into its ZIP so far, of all it will hold (null before the job counted them). */
  progress?: DataExportProgress | null;
  /** A done export's ZIP, for the user who asked, until `expiresAt` (24 h after it was built); else null. */
  download?: DataExportDownload | null;
  /** An export's ZIP handed over: how many times, and the last time (null: never downloaded). */
  downloads?: DataExportDownloads;
}

/** The child a request is about: its id and full name, or `ERASED_CHILD`. */
export interface DataRequestChild {
  id: string;
  fullName: string;
}

export interface DataExportDownloads {
  count: number;
  lastAt: string | null;
}

export interface DataExportProgress {
  done: number;
  total: number;
}

export interface DataExportDownload {
  /** `/api/data-requests/{id}/download`. */
  url: string;
  expiresAt: string;
}
