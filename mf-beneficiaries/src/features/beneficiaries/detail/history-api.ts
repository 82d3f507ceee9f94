import { useInfiniteQuery } from '@tanstack/react-query';
import type { AuditPage } from '@kcf/contracts';
import { apiRequest, urlFromQueryKey } from '@kcf/web-kit';
import { beneficiaryKeys } from '../api';

export const AUDIT_PATH = '/api/audit';
/** Entries the History card shows at a time ('Show more' asks for the next ones). */
export const HISTORY_PAGE_SIZE = 10;

/**
 * The child's changes and views across all domains, newest first, from the audit trail; with `changesOnly`, its
 * changes alone (the server's `action=change`, so each page is full).
 */
export function useChildHistory(beneficiaryId: string, changesOnly = false) {
  const action = changesOnly ? 'change' : undefined;
  return useInfiniteQuery({
    // Under the child's keys, so a change of the child reads its history again.
    queryKey: changesOnly
      ? [...beneficiaryKeys.history(beneficiaryId), 'changes']
      : beneficiaryKeys.history(beneficiaryId),
    queryFn: ({ pageParam, signal }) =>
      apiRequest<AuditPage>(
        'GET',
        urlFromQueryKey([
          AUDIT_PATH,
          { beneficiaryId, action, limit: HISTORY_PAGE_SIZE, cursor: pageParam ?? undefined },
        ]),
        undefined,
        { signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}
