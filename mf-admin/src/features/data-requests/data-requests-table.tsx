import { Link } from 'react-router-dom';
import { DATA_REQUEST_DOMAINS, ERASED_CHILD, ROLE_LABELS, toIsoDate, type DataRequest } from '@kcf/contracts';
import { Badge, SkeletonRows, Table, TBody, Td, Th, THead, Tr } from '@kcf/ui';
import { DownloadIcon } from '@kcf/ui/icons';
import { formatDate, formatDateTime, now } from '@kcf/web-kit';
import { isOpen } from './data-requests-api';
import {
  DATA_REQUEST_TEXTS,
  DOMAIN_LABELS,
  downloadsText,
  STATE_LABELS,
  STATE_TONES,
  TYPE_LABELS,
} from './data-requests-texts';
import * as styles from './data-requests.module.css';

const SKELETON_WIDTHS = [150, 70, 160, 170, 160, 150] as const;

/** Past its due date (the foundation's calendar) and not done yet. */
export function isOverdue(request: Pick<DataRequest, 'state' | 'dueOn'>, today: string): boolean {
  return request.state !== 'done' && request.dueOn < today;
}

/**
 * The requests, newest first, as a data-protection officer accounts for them: the child (linked while it exists,
 * "erased" after), the type, its state and each domain's, who asked (and as what), when and by when it is due,
 * why, and for an export when its ZIP was downloaded, with the ZIP itself while it may be downloaded (only by the
 * user who asked).
 */
export function DataRequestsTable({ requests, loading }: { requests: DataRequest[]; loading?: boolean }) {
  const today = toIsoDate(now());
  return (
    <Table aria-label="Data requests" aria-busy={loading || undefined}>
      <THead>
        <Tr>
          <Th>Child</Th>
          <Th>Type</Th>
          <Th>State</Th>
          <Th>Requested</Th>
          <Th>Reason</Th>
          <Th>Download</Th>
        </Tr>
      </THead>
      <TBody>
        {loading ? (
          <SkeletonRows rows={4} widths={SKELETON_WIDTHS} />
        ) : (
          requests.map((request) => (
            <Tr key={request.id} data-testid={`data-request-${request.id}`}>
              <Td>
                <ChildCell child={request.beneficiary} />
              </Td>
              <Td>{TYPE_LABELS[request.type]}</Td>
              <Td>
                <StateCell request={request} />
              </Td>
              <Td>
                <div>
                  {request.requestedBy.name ?? <span className="kcf-muted">Unknown user</span>}
                  {request.requestedBy.role && (
                    <span className="kcf-muted"> ({ROLE_LABELS[request.requestedBy.role]})</span>
                  )}
                </div>
                <div className={`kcf-small kcf-muted ${styles.nowrap}`}>{formatDateTime(request.requestedAt)}</div>
                <div className={`kcf-small ${styles.nowrap}`}>
                  {isOverdue(request, today) ? (
                    <span className={styles.overdue}>Due {formatDate(request.dueOn)} (overdue)</span>
                  ) : (
                    `Due ${formatDate(request.dueOn)}`
                  )}
                </div>
              </Td>
              <Td className={styles.reason}>
                {request.reason || <span className="kcf-muted">{DATA_REQUEST_TEXTS.noReason}</span>}
              </Td>
              <Td>
                <DownloadCell request={request} />
              </Td>
            </Tr>
          ))
        )}
      </TBody>
    </Table>
  );
}

/** The child by name (its profile) and id while it exists; "erased" once it is. */
function ChildCell({ child }: { child: DataRequest['beneficiary'] }) {
  if (child.id === ERASED_CHILD.id) return <span className="kcf-muted">{ERASED_CHILD.fullName}</span>;
  return (
    <>
      <Link to={`/beneficiaries/${encodeURIComponent(child.id)}`} className="kcf-link">
        {child.fullName}
      </Link>
      <div className={`kcf-small kcf-muted ${styles.nowrap}`}>{child.id}</div>
    </>
  );
}

/** The request's state, each domain's part, and an export's progress while it is built. */
function StateCell({ request }: { request: DataRequest }) {
  return (
    <div className={styles.state}>
      <Badge tone={STATE_TONES[request.state]}>{STATE_LABELS[request.state]}</Badge>
      <span className={styles.domains} aria-label="State per domain">
        {DATA_REQUEST_DOMAINS.map((domain) => (
          <Badge key={domain} tone={STATE_TONES[request.domains[domain]]}>
            {DOMAIN_LABELS[domain]}: {STATE_LABELS[request.domains[domain]]}
          </Badge>
        ))}
      </span>
      {request.progress && isOpen(request) && (
        <span className="kcf-small kcf-muted">
          {request.progress.done} of {request.progress.total} files
        </span>
      )}
    </div>
  );
}

/** An export's ZIP: the link while the user who asked may download it, and how often and when it was handed over. */
function DownloadCell({ request }: { request: DataRequest }) {
  if (request.type !== 'export') return <span className="kcf-muted">-</span>;
  const { count, lastAt } = request.downloads ?? { count: 0, lastAt: null };
  return (
    <div className={styles.download}>
      {request.download && (
        <a className="kcf-btn kcf-btn--outline kcf-btn--sm" href={request.download.url} download>
          <DownloadIcon size={16} aria-hidden="true" />
          {DATA_REQUEST_TEXTS.download}
        </a>
      )}
      {count > 0 && lastAt ? (
        <span className="kcf-small">{downloadsText(count, formatDateTime(lastAt))}</span>
      ) : (
        <span className="kcf-small kcf-muted">{DATA_REQUEST_TEXTS.notDownloaded}</span>
      )}
    </div>
  );
}
