import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DataRequest, RetentionKeepBody, RetentionReviewChild } from '@kcf/contracts';
import { apiRequest } from '@kcf/web-kit';

export const DATA_REQUESTS_PATH = '/api/data-requests';
export const RETENTION_REVIEW_PATH = `${DATA_REQUESTS_PATH}/retention-review`;
/** How often the table is read again while a request is still being carried out. */
export const DATA_REQUESTS_REFRESH_MS = 3_000;

export const isOpen = (request: Pick<DataRequest, 'state'>) =>
  request.state === 'pending' || request.state === 'running';

/** Every data request, newest first; read again every few seconds while any is pending or running. */
export function useDataRequests() {
  return useQuery<DataRequest[]>({
    queryKey: [DATA_REQUESTS_PATH],
    refetchInterval: (query) => (query.state.data?.some(isOpen) ? DATA_REQUESTS_REFRESH_MS : false),
  });
}

/** Inactive children due for the retention review, oldest first. */
export function useRetentionReview() {
  return useQuery<RetentionReviewChild[]>({ queryKey: [RETENTION_REVIEW_PATH] });
}

/** Keeps a child for another year: the review is read again (the child leaves it). */
export function useKeepChild() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ beneficiaryId, body }: { beneficiaryId: string; body: RetentionKeepBody }) =>
      apiRequest<RetentionReviewChild>(
        'POST',
        `${RETENTION_REVIEW_PATH}/${encodeURIComponent(beneficiaryId)}/keep`,
        body,
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: [RETENTION_REVIEW_PATH] }),
  });
}
