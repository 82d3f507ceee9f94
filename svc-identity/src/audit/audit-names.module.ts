import { Module } from '@nestjs/common';
import { AuditEntityNamer } from '@kcf/server-kit';
import { AuditNamesRepository } from './audit-names.repository';
import { UserRecordNamer } from './user-record-namer';

/** How the audit log names this service's records (server-kit's AuditReader finds the AuditEntityNamer). */
@Module({ providers: [AuditNamesRepository, { provide: AuditEntityNamer, useClass: UserRecordNamer }] })
export class AuditNamesModule {}
