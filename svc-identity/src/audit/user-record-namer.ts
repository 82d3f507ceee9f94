import { Injectable } from '@nestjs/common';
import { labelText } from '@kcf/contracts';
import { AuditEntityNamer, type RecordFacts } from '@kcf/server-kit';
import { AuditNamesRepository } from './audit-names.repository';

/**
 * Names svc-identity's records in the audit log (AuditEntityNamer): a user, and a user's password, by the
 * username ("password grace").
 */
@Injectable()
export class UserRecordNamer extends AuditEntityNamer {
  readonly types = ['user', 'password'];

  constructor(private readonly names: AuditNamesRepository) {
    super();
  }

  facts(_type: string, ids: readonly string[]): Promise<Map<string, RecordFacts>> {
    return this.names.users(ids);
  }

  label(_type: string, _id: string, facts: RecordFacts): string | null {
    return facts.username === 'erased' ? null : labelText(facts.username);
  }
}
