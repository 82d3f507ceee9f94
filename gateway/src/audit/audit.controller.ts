import { Controller, Get, Header, Inject, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { AuditQuery, COMMON_ERRORS, type AuditVerifyResult } from '@kcf/contracts';
import {
  Access,
  actorOf,
  AppError,
  CurrentUser,
  REQUEST_ID_HEADER,
  ZodValidationPipe,
  type UserContext,
} from '@kcf/server-kit/http';
import { contentDisposition } from '@kcf/server-kit/files';
import { sendJsonAnswer } from '../dashboard/json-answer';
import { AUDIT_COMPOSER } from '../tokens';
import { auditScopeOf, type AuditComposer } from './audit-composer';
import { AUDIT_CSV_HEADER, auditCsvLine } from './audit-csv';
import type { AuditSources } from './audit-sources';

/** The most entries one CSV export holds; narrower filters export the rest. */
export const AUDIT_EXPORT_MAX = 100_000;
export const AUDIT_EXPORT_TOO_LARGE = `The export would hold more than ${AUDIT_EXPORT_MAX.toLocaleString('en-GB')} entries; narrow the filters`;

export const AUDIT_SOURCES = Symbol('AuditSources');

/**
 * The audit log, composed from every domain's trail. Superadmin: everything, the CSV export and the
 * verification. Admin: one child's history (`beneficiaryId` required), without security events. Everyone
 * else: 403. Each page read and each export is itself an entry in identity's trail (a view, an export: who,
 * the filters, how many entries), recorded before the answer is sent.
 */
@Controller('api/audit')
export class AuditLogController {
  constructor(
    @Inject(AUDIT_COMPOSER) private readonly audit: AuditComposer,
    @Inject(AUDIT_SOURCES) private readonly sources: AuditSources,
  ) {}

  @Get()
  @Access('readChildHistory')
  async page(
    @CurrentUser() user: UserContext,
    @Query(new ZodValidationPipe(AuditQuery)) query: AuditQuery,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    const page = await this.audit.page(query, auditScopeOf(user, query));
    await this.record('view', user, query, page.items.length, req, res);
    sendJsonAnswer(req, res, page);
  }

  @Get('verify')
  @Access('readAudit')
  @Header('Cache-Control', 'no-store')
  verify(): Promise<AuditVerifyResult> {
    return this.audit.verify();
  }

  /** The filtered entries as CSV; the export is recorded (filters and row count) before it is sent. */
  @Get('export')
  @Access('readAudit')
  async export(
    @CurrentUser() user: UserContext,
    @Query(new ZodValidationPipe(AuditQuery)) query: AuditQuery,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    const lines: string[] = [AUDIT_CSV_HEADER];
    for await (const page of this.audit.all(query, auditScopeOf(user, query))) {
      for (const entry of page) lines.push(auditCsvLine(entry));
      if (lines.length - 1 > AUDIT_EXPORT_MAX)
        throw AppError.of(COMMON_ERRORS.badRequest, { message: AUDIT_EXPORT_TOO_LARGE });
    }
    await this.record('export', user, query, lines.length - 1, req, res);
    const day = new Date().toISOString().slice(0, 10);
    res.writeHead(200, {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': contentDisposition('attachment', `audit-log-${day}.csv`),
      'cache-control': 'no-store',
    });
    res.end(lines.join(''));
  }

  /** Records a read of the log in identity's trail: its filters (not the page size or cursor) and how many entries it gave. */
  private async record(
    action: 'view' | 'export',
    user: UserContext,
    query: AuditQuery,
    rows: number,
    req: Request,
    res: Response,
  ): Promise<void> {
    const { limit: _limit, cursor: _cursor, ...filters } = query;
    const requestId = res.getHeader(REQUEST_ID_HEADER);
    await this.sources.record({
      actor: actorOf(user),
      action,
      entityType: 'audit-log',
      entityId: null,
      beneficiaryId: query.beneficiaryId ?? null,
      details: { filters, rows },
      requestId: typeof requestId === 'string' ? requestId : null,
      clientIp: req.ip ?? null,
      userAgent: req.headers['user-agent']?.slice(0, 120) ?? null,
    });
  }
}
