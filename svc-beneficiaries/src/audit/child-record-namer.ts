import { Injectable } from '@nestjs/common';
import { AuditEntityNamer, type RecordFacts } from '@kcf/server-kit';
import { AuditNamesRepository, type NamedTable } from './audit-names.repository';
import { childRecordLabel, consentPurposeOf } from './child-record-label';

/** The table each named kind of record lives in (a gift's photo is its gift's). */
const TABLES: Record<string, NamedTable> = {
  gift: 'gifts',
  'gift-photo': 'gifts',
  document: 'documents',
  'school-performance': 'school_performance',
  'school-fee': 'school_fees',
};

/**
 * Names svc-beneficiaries' records in the audit log (AuditEntityNamer): gifts, documents and school records from
 * their rows; a consent from its id, which holds its purpose.
 */
@Injectable()
export class ChildRecordNamer extends AuditEntityNamer {
  readonly types = [...Object.keys(TABLES), 'consent'];

  constructor(private readonly names: AuditNamesRepository) {
    super();
  }

  async facts(type: string, ids: readonly string[]): Promise<Map<string, RecordFacts>> {
    if (type === 'consent') return new Map(ids.map((id) => [id, { purpose: consentPurposeOf(id) }]));
    return this.names.facts(TABLES[type], ids);
  }

  label(type: string, _id: string, facts: RecordFacts): string | null {
    return childRecordLabel(type, facts);
  }
}
