import { DATA_REQUEST_DOMAINS, toIsoDate, type DataRequest } from '@kcf/contracts';
import { Badge, SkeletonRows, Table, TBody, Td, Th, THead, Tr } from '@kcf/ui';
import { formatDate, formatDateTime, now } from '@kcf/web-kit';
import { isOpen } from './data-requests-api';
import { DOMAIN_LABELS, STATE_LABELS, STATE_TONES, TYPE_LABELS } from './data-requests-texts';
import * as styles from './data-requests.module.css';

const SKELETON_WIDTHS = [70, 80, 160, 110, 120, 90, 160] as const;

/** Past its due date (the foundation's calendar) and not done yet. */
export function isOverdue(request: Pick<DataRequest, 'state' | 'dueOn'>, today: string): boolean {
  return request.state !== 'done' && request.dueOn < today;
}

/** The requests, newest first: type, state, each domain's state for an erasure, who asked and when, due date, reason. */
export function DataRequestsTable({ requests, loading }: { requests: DataRequest[]; loading?: boolean }) {
  const today = toIsoDate(now());
  return (
    <Table aria-label="Data requests" aria-busy={loading || undefined}>
      <THead>
        <Tr>
          <Th>Type</Th>
          <Th>State</Th>
          <Th>Domains</Th>
          <Th>Requested by</Th>
          <Th>Requested at</Th>
          <Th>Due on</Th>
          <Th>Reason</Th>
        </Tr>
      </THead>
      <TBody>
        {loading ? (
          <SkeletonRows rows={4} widths={SKELETON_WIDTHS} />
        ) : (
          requests.map((request) => {
            const overdue = isOverdue(request, today);
            return (
              <Tr key={request.id} data-testid={`data-request-${request.id}`}>
                <Td>{TYPE_LABELS[request.type]}</Td>
                <Td>
                  <Badge tone={STATE_TONES[request.state]}>{STATE_LABELS[request.state]}</Badge>
                </Td>
                <Td>
                  {request.type === 'erasure' ? (
                    <span className={styles.domains} aria-label="State per domain">
                      {DATA_REQUEST_DOMAINS.map((domain) => (
                        <Badge key={domain} tone={STATE_TONES[request.domains[domain]]}>
                          {DOMAIN_LABELS[domain]}: {STATE_LABELS[request.domains[domain]]}
                        </Badge>
                      ))}
                    </span>
                  ) : request.progress && isOpen(request) ? (
                    <span className="kcf-muted">
                      {request.progress.done} of {request.progress.total} files
                    </span>
                  ) : (
                    <span className="kcf-muted">-</span>
                  )}
                </Td>
                <Td>{request.requestedBy.name ?? <span className="kcf-muted">-</span>}</Td>
                <Td className={styles.nowrap}>{formatDateTime(request.requestedAt)}</Td>
                <Td className={styles.nowrap}>
                  {overdue ? <span className={styles.overdue}>{formatDate(request.dueOn)} (overdue)</span> : formatDate(request.dueOn)}
                </Td>
                <Td className={styles.reason}>{request.reason || <span className="kcf-muted">-</span>}</Td>
              </Tr>
            );
          })
        )}
      </TBody>
    </Table>
  );
}
