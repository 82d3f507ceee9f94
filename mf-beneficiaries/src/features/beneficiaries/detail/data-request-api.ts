import { useQuery } from '@tanstack/react-query';
import type { DataRequest, DataRequestAccepted } from '@kcf/contracts';
import { apiRequest } from '@kcf/web-kit';

export const DATA_REQUESTS_PATH = '/api/data-requests';
/** The Data requests page (superadmin), where an erasure is followed. */
export const DATA_REQUESTS_PAGE = '/data-requests';
/** How often an export still being built is read again. */
export const EXPORT_POLL_MS = 2_000;

/** "Download all data": an export of the child's data (a ZIP built in the background), with why it is asked (none when blank). */
export function requestExport(beneficiaryId: string, reason: string): Promise<DataRequestAccepted> {
  const why = reason.trim();
  return apiRequest<DataRequestAccepted>('POST', DATA_REQUESTS_PATH, {
    type: 'export',
    beneficiaryId,
    ...(why ? { reason: why } : {}),
  });
}

/** An erasure of the child: `confirm` is its id typed again. */
export function requestErasure(body: {
  beneficiaryId: string;
  reason: string;
  confirm: string;
}): Promise<DataRequestAccepted> {
  return apiRequest<DataRequestAccepted>('POST', DATA_REQUESTS_PATH, { type: 'erasure', ...body });
}

export const isOpen = (request: Pick<DataRequest, 'state'> | undefined) =>
  request?.state === 'pending' || request?.state === 'running';

/** The child's exports, newest first (the superadmin reads everyone's, the guardian's account its own). */
export const childExportsKey = (beneficiaryId: string) =>
  [DATA_REQUESTS_PATH, { beneficiaryId, type: 'export' }] as const;

/** The newest export `userId` asked for of the child (only the user who asked may download it). */
export function ownLatest(
  requests: readonly DataRequest[] | undefined,
  userId: string | undefined,
): DataRequest | undefined {
  return userId === undefined ? undefined : requests?.find((request) => request.requestedBy.id === userId);
}

/**
 * The user's newest export of the child, as the server has it: found when the profile opens (whatever this tab
 * remembers), read again every few seconds while it is being built.
 */
export function useOwnExport(beneficiaryId: string, userId: string | undefined) {
  const exports = useQuery<DataRequest[]>({
    queryKey: childExportsKey(beneficiaryId),
    enabled: userId !== undefined,
    refetchInterval: (query) => (isOpen(ownLatest(query.state.data, userId)) ? EXPORT_POLL_MS : false),
  });
  return { ...exports, latest: ownLatest(exports.data, userId) };
}
