/** `@kcf/server-kit/audit`: a service's audit trail, its reader, redactor, retention and signed head. */
import 'reflect-metadata';

export { AuditTrail, type AuditSubject, type ChangeOptions, type SecurityEvent } from './audit-trail';
export { AuditHeadJob, AuditModule, AuditRetentionJob, type AuditModuleOptions } from './audit.module';
export { AuditReader } from './audit-reader';
export { AuditEntityNamer, DELETED_RECORD, nameAuditEntities, uuidsOf, type RecordFacts } from './audit-entity-namer';
export { changedFields } from './audit-changes';
export { fileFacts, type FileFacts } from './file-facts';
export {
  actorOf,
  auditRequestOf,
  currentAuditRequest,
  runWithAuditRequest,
  SYSTEM_ACTOR,
  type AuditRequest,
} from './audit-request';
export {
  verifyAuditChain,
  checkpointKey,
  signCheckpoint,
  writeAuditHead,
  type ChainVerdict,
  type ChainReader,
} from './audit-chain';
export { expireAuditEntries, type RetentionResult } from './audit-retention';
export { redactAuditEntries, type AuditErasure } from './audit-redaction';
export { AuditRedactor } from './audit-redactor';
export { CreateAuditTrail1797300000000, AUDIT_CHAIN_LOCK } from './audit-table.migration';
export { AuditExpiryBehindCheckpoint1797310000000 } from './audit-expiry.migration';
export { AuditSealedRedaction1797320000000 } from './audit-sealed-redaction.migration';
export { auditRecordingOf } from './audit-benchmark-switch';
export { auditEntryId } from './audit-rows';
export { auditEntriesAfter, auditHead, type RowsOf } from './audit-reading';

import { AuditExpiryBehindCheckpoint1797310000000 } from './audit-expiry.migration';
import { AuditSealedRedaction1797320000000 } from './audit-sealed-redaction.migration';
import { CreateAuditTrail1797300000000 } from './audit-table.migration';
/** Every service lists these (serviceModules does). */
export const AUDIT_MIGRATIONS = [
  CreateAuditTrail1797300000000,
  AuditExpiryBehindCheckpoint1797310000000,
  AuditSealedRedaction1797320000000,
];
