import type { DataRequest } from '@kcf/contracts';
import type { DataRequestRow } from './data-requests.repository';

/** A request as the API answers it: its state per domain, never the child it is about. */
export function toDataRequest(row: DataRequestRow): DataRequest {
  return {
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
}
