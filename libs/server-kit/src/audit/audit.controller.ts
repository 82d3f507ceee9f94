import { Body, Controller, Header, HttpCode, Query } from '@nestjs/common';
import {
  INTERNAL,
  InternalAuditQuery,
  InternalAuditRecordBody,
  type InternalAuditRecorded,
  type InternalAuditVerifyResult,
  type ParsedInternalAuditQuery,
} from '@kcf/contracts';
import { Access } from '../access/access.decorator';
import { InternalRoute } from '../http/internal-route';
import { ZodValidationPipe } from '../http/zod-validation.pipe';
import { AuditReader } from './audit-reader';
import { AuditTrail } from './audit-trail';

/** Every service's audit routes, for the gateway (which composes the domains and decides who may read). */
@Controller()
export class AuditController {
  constructor(
    private readonly reader: AuditReader,
    private readonly trail: AuditTrail,
  ) {}

  /** The page as PostgreSQL wrote it (`InternalAuditPage`'s JSON), sent as is. */
  @InternalRoute(INTERNAL.auditEntries)
  @Access('internal')
  @Header('Content-Type', 'application/json; charset=utf-8')
  page(@Query(new ZodValidationPipe(InternalAuditQuery)) query: ParsedInternalAuditQuery): Promise<string> {
    return this.reader.page(query);
  }

  @InternalRoute(INTERNAL.auditVerify)
  @Access('internal')
  verify(): Promise<InternalAuditVerifyResult> {
    return this.reader.verify();
  }

  /** The gateway (a system caller) records what it serves itself (the audit log's export) for the user named in the body. */
  @InternalRoute(INTERNAL.auditRecord)
  @HttpCode(200)
  @Access('internal')
  async record(
    @Body(new ZodValidationPipe(InternalAuditRecordBody)) body: InternalAuditRecordBody,
  ): Promise<InternalAuditRecorded> {
    await this.trail.recordFor(
      { actor: body.actor, requestId: body.requestId, clientIp: body.clientIp, userAgent: body.userAgent },
      body.action,
      {
        entityType: body.entityType,
        entityId: body.entityId,
        beneficiaryId: body.beneficiaryId,
        details: body.details,
      },
    );
    return { recorded: true };
  }
}
