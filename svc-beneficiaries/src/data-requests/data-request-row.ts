import {
  ERASED_CHILD,
  ROLES,
  type DataExportDownload,
  type DataRequest,
  type DataRequestChild,
  type Role,
} from '@kcf/contracts';
import type { ShownDataRequestRow } from './data-requests.repository';

/** Who reads a request, and when: an export's download link is shown only to the user who asked, until it expires. */
export interface DataRequestReader {
  userId: string;
  now: Date;
}

/**
 * A request as the API answers it: what was asked, about which child (named while it exists, else
 * `ERASED_CHILD`), by whom and as what, why, its state per domain; an export with its progress, its download
 * (for the user who asked) and how often and when its ZIP was handed over.
 */
export function toDataRequest(row: ShownDataRequestRow, reader?: DataRequestReader): DataRequest {
  const request: DataRequest = {
    id: row.id,
    type: row.type,
    state: row.state,
    domains: { beneficiaries: row.beneficiaries_state, finance: row.finance_state, identity: row.identity_state },
    beneficiary: childOf(row),
    requestedBy: { id: row.requested_by, name: row.requested_by_name, role: roleOf(row.requested_by_role) },
    requestedAt: new Date(row.requested_at).toISOString(),
    dueOn: row.due_on,
    reason: row.reason,
    doneAt: row.done_at ? new Date(row.done_at).toISOString() : null,
  };
  if (row.type !== 'export') return request;
  return {
    ...request,
    progress: row.progress_total === null ? null : { done: row.progress_done ?? 0, total: row.progress_total },
    download: downloadOf(row, reader),
    downloads: {
      count: row.downloads,
      lastAt: row.last_downloaded_at ? new Date(row.last_downloaded_at).toISOString() : null,
    },
  };
}

function childOf(row: ShownDataRequestRow): DataRequestChild {
  return row.beneficiary_id && row.beneficiary_full_name !== null
    ? { id: row.beneficiary_id, fullName: row.beneficiary_full_name }
    : { ...ERASED_CHILD };
}

function roleOf(role: string | null): Role | null {
  return (ROLES as readonly string[]).includes(role ?? '') ? (role as Role) : null;
}

function downloadOf(row: ShownDataRequestRow, reader: DataRequestReader | undefined): DataExportDownload | null {
  if (row.state !== 'done' || !row.export_key || !row.expires_at || !reader || reader.userId !== row.requested_by)
    return null;
  const expiresAt = new Date(row.expires_at);
  if (expiresAt <= reader.now) return null;
  return { url: `/api/data-requests/${row.id}/download`, expiresAt: expiresAt.toISOString() };
}
