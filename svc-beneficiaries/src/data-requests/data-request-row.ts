import type { DataExportDownload, DataRequest } from '@kcf/contracts';
import type { DataRequestRow } from './data-requests.repository';

/** Who reads a request, and when: an export's download link is shown only to the user who asked, until it expires. */
export interface DataRequestReader {
  userId: string;
  now: Date;
}

/** A request as the API answers it: its state per domain, never the child it is about; an export with its progress and download. */
export function toDataRequest(row: DataRequestRow, reader?: DataRequestReader): DataRequest {
  const request: DataRequest = {
    id: row.id,
    type: row.type,
    state: row.state,
    domains: { beneficiaries: row.beneficiaries_state, finance: row.finance_state, identity: row.identity_state },
    requestedBy: { id: row.requested_by, name: row.requested_by_name },
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
  };
}

function downloadOf(row: DataRequestRow, reader: DataRequestReader | undefined): DataExportDownload | null {
  if (row.state !== 'done' || !row.export_key || !row.expires_at || !reader || reader.userId !== row.requested_by) return null;
  const expiresAt = new Date(row.expires_at);
  if (expiresAt <= reader.now) return null;
  return { url: `/api/data-requests/${row.id}/download`, expiresAt: expiresAt.toISOString() };
}
