import { useId, useState, type ReactNode } from 'react';
import { auditValue, describeAuditEntry, fieldLabel, type AuditEntry } from '@kcf/contracts';
import { Button } from '@kcf/ui';
import { formatDateTime } from '@kcf/web-kit';
import { DOMAIN_LABELS } from './audit-filters';
import * as styles from './audit.module.css';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={styles.fact}>
      <dt>{label}</dt>
      <dd>{children ?? '-'}</dd>
    </div>
  );
}

/** One entry in words and its time; Details opens every changed field and where the request came from. */
export function AuditEntryItem({ entry }: { entry: AuditEntry }) {
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  const details = Object.entries(entry.details ?? {});
  return (
    <li className={styles.entry} data-testid={`audit-entry-${entry.id}`}>
      <div className={styles.entryHead}>
        <p className={styles.sentence}>
          {describeAuditEntry(entry)}
          <span className={styles.when}>
            {' · '}
            <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
          </span>
        </p>
        <Button variant="ghost" size="sm" aria-expanded={open} aria-controls={detailsId} onClick={() => setOpen(!open)}>
          {open ? 'Hide details' : 'Details'}
        </Button>
      </div>
      {open && (
        <div id={detailsId} className={styles.details}>
          {entry.changes.length > 0 && (
            <ul className={styles.changes} aria-label="Changed fields">
              {entry.changes.map((change) => (
                <li key={change.field}>
                  <strong>{fieldLabel(change.field)}</strong>: {auditValue(change.from)} → {auditValue(change.to)}
                </li>
              ))}
            </ul>
          )}
          <dl className={styles.facts}>
            {details.map(([key, value]) => (
              <Fact key={key} label={fieldLabel(key)}>
                {auditValue(value)}
              </Fact>
            ))}
            <Fact label="Entry">
              {entry.id} ({DOMAIN_LABELS[entry.domain]})
            </Fact>
            <Fact label="Request ID">{entry.requestId}</Fact>
            <Fact label="Client address">{entry.clientIp}</Fact>
            <Fact label="User agent">{entry.userAgent}</Fact>
          </dl>
        </div>
      )}
    </li>
  );
}
