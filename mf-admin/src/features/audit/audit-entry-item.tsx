import { useId, useState, type ReactNode } from 'react';
import {
  auditValue,
  describeAuditEntry,
  describeAuditLine,
  fieldLabel,
  type AuditEntry,
  type AuditLine,
} from '@kcf/contracts';
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

/** Every changed field, what else the entry says, the record's id when the sentence names it otherwise, and where the request came from. */
function EntryDetails({ entry }: { entry: AuditEntry }) {
  const details = Object.entries(entry.details ?? {});
  const record = entry.entity.id && entry.entity.id !== entry.beneficiaryId ? entry.entity.id : null;
  return (
    <>
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
        {record && <Fact label="Record">{record}</Fact>}
        <Fact label="Entry">
          {entry.id} ({DOMAIN_LABELS[entry.domain]})
        </Fact>
        <Fact label="Request ID">{entry.requestId}</Fact>
        <Fact label="Client address">{entry.clientIp}</Fact>
        <Fact label="User agent">{entry.userAgent}</Fact>
      </dl>
    </>
  );
}

/** "beneficiaries-40; Name: report.pdf, Size: 2048": the entry and what else it says. */
function viewFacts(entry: AuditEntry): string {
  const facts = Object.entries(entry.details ?? {}).map(([key, value]) => `${fieldLabel(key)}: ${auditValue(value)}`);
  return [entry.id, facts.join(', ')].filter(Boolean).join('; ');
}

/** A visit's views, newest first, each in words with its time, its entry and what else it says (a file's name). */
function VisitDetails({ entries }: { entries: AuditEntry[] }) {
  return (
    <ul className={styles.changes} aria-label="Views">
      {entries.map((entry) => (
        <li key={entry.id}>
          {describeAuditEntry(entry)} · <time dateTime={entry.at}>{formatDateTime(entry.at)}</time> ({viewFacts(entry)})
        </li>
      ))}
    </ul>
  );
}

/**
 * One line in words and its time (an entry, or a visit of a child's page: its views as one line, at the newest);
 * Details opens every changed field and where the request came from, or each view of the visit.
 */
export function AuditEntryItem({ line }: { line: AuditLine }) {
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  return (
    <li className={styles.entry} data-testid={`audit-entry-${line.id}`}>
      <div className={styles.entryHead}>
        <p className={styles.sentence}>
          {describeAuditLine(line)}
          <span className={styles.when}>
            {' · '}
            <time dateTime={line.at}>{formatDateTime(line.at)}</time>
          </span>
        </p>
        <Button variant="ghost" size="sm" aria-expanded={open} aria-controls={detailsId} onClick={() => setOpen(!open)}>
          {open ? 'Hide details' : 'Details'}
        </Button>
      </div>
      {open && (
        <div id={detailsId} className={styles.details}>
          {line.entries.length > 1 ? <VisitDetails entries={line.entries} /> : <EntryDetails entry={line.entries[0]} />}
        </div>
      )}
    </li>
  );
}
