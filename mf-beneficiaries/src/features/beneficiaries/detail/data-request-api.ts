import { useQuery } from '@tanstack/react-query';
import type { DataRequest, DataRequestAccepted } from '@kcf/contracts';
import { apiRequest } from '@kcf/web-kit';

export const DATA_REQUESTS_PATH = '/api/data-requests';
/** The Data requests page (superadmin), where an erasure is followed. */
export const DATA_REQUESTS_PAGE = '/data-requests';
/** How often an export still being built is read again. */
export const EXPORT_POLL_MS = 2_000;

/** "Download all data": an export of the child's data (a ZIP built in the background). */
export function requestExport(beneficiaryId: string): Promise<DataRequestAccepted> {
  return apiRequest<DataRequestAccepted>('POST', DATA_REQUESTS_PATH, { type: 'export', beneficiaryId });
}

/** An erasure of the child: `confirm` is its id typed again. */
export function requestErasure(body: { beneficiaryId: string; reason: string; confirm: string }): Promise<DataRequestAccepted> {
  return apiRequest<DataRequestAccepted>('POST', DATA_REQUESTS_PATH, { type: 'erasure', ...body });
}

const isOpen = (request: DataRequest | undefined) => request?.state === 'pending' || request?.state === 'running';

/** One request, read every few seconds while it is pending or running; not asked without an id. */
export function useDataRequest(id: string | null) {
  return useQuery<DataRequest>({
    queryKey: [DATA_REQUESTS_PATH, id],
    enabled: id !== null,
    refetchInterval: (query) => (isOpen(query.state.data) ? EXPORT_POLL_MS : false),
  });
}

/** The export being followed on this child's profile, kept for the tab's life so a reload keeps showing it. */
const exportKey = (beneficiaryId: string) => `kcf.data-export.${beneficiaryId}`;

export const rememberedExport = {
  read(beneficiaryId: string): string | null {
    try {
      return sessionStorage.getItem(exportKey(beneficiaryId));
    } catch {
      return null;
    }
  },
  save(beneficiaryId: string, requestId: string): void {
    try {
      sessionStorage.setItem(exportKey(beneficiaryId), requestId);
    } catch {
      // Storage refused (private mode): the progress shows until the page is left.
    }
  },
  forget(beneficiaryId: string): void {
    try {
      sessionStorage.removeItem(exportKey(beneficiaryId));
    } catch {
      // nothing kept
    }
  },
};
