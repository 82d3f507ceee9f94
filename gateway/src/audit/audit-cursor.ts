import { AUDIT_DOMAINS, IsoTimestamp, type AuditDomain, type AuditEntry } from '@kcf/contracts';

/**
 * Where a merged page of the audit log ended. The domains' entries are merged newest first by
 * (at, domain, seq) descending — `domain` in AUDIT_DOMAINS order breaks ties of time, `seq` (the entry's
 * place in its chain) ties within a domain — and the cursor is that triple of the last entry shown.
 */
export interface AuditCursor {
  at: string;
  domain: AuditDomain;
  seq: number;
}

const rank = (domain: AuditDomain) => AUDIT_DOMAINS.indexOf(domain);

export function seqOf(entry: Pick<AuditEntry, 'id'>): number {
  return Number(entry.id.slice(entry.id.lastIndexOf('-') + 1));
}

export function cursorOf(entry: AuditEntry): AuditCursor {
  return { at: entry.at, domain: entry.domain, seq: seqOf(entry) };
}

export function encodeCursor(cursor: AuditCursor): string {
  return Buffer.from(JSON.stringify([cursor.at, cursor.domain, cursor.seq])).toString('base64url');
}

/**
 * The cursor a client sent back, or null when it is not one this gateway made: its time must be a full ISO
 * timestamp (what the services' `beforeAt` reads; '2026' parses as a date but is not one).
 */
export function decodeCursor(text: string): AuditCursor | null {
  try {
    const value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as unknown;
    if (!Array.isArray(value) || value.length !== 3) return null;
    const [at, domain, seq] = value as [unknown, unknown, unknown];
    if (typeof at !== 'string' || !IsoTimestamp.safeParse(at).success) return null;
    if (!AUDIT_DOMAINS.includes(domain as AuditDomain)) return null;
    if (typeof seq !== 'number' || !Number.isSafeInteger(seq) || seq < 0) return null;
    return { at, domain: domain as AuditDomain, seq };
  } catch {
    return null;
  }
}

/**
 * What one domain is asked for to continue after `cursor`: its entries with (at, seq) below the bound.
 * A domain ranked before the cursor's keeps entries at the same instant (no seq bound), the cursor's own
 * domain those before its seq, a domain ranked after it only strictly older ones (seq bound 0).
 */
export function boundFor(domain: AuditDomain, cursor: AuditCursor | null): { beforeAt?: string; beforeSeq?: number } {
  if (!cursor) return {};
  if (rank(domain) < rank(cursor.domain)) return { beforeAt: cursor.at };
  if (domain === cursor.domain) return { beforeAt: cursor.at, beforeSeq: cursor.seq };
  return { beforeAt: cursor.at, beforeSeq: 0 };
}

/** Newest first, as the cursor orders them. */
export function compareNewestFirst(a: AuditEntry, b: AuditEntry): number {
  if (a.at !== b.at) return a.at < b.at ? 1 : -1;
  if (a.domain !== b.domain) return rank(b.domain) - rank(a.domain);
  return seqOf(b) - seqOf(a);
}
