import { randomUUID } from 'node:crypto';
import { Injectable, Optional, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import type { Request, Response } from 'express';
import { from, lastValueFrom, type Observable } from 'rxjs';
import { COMMON_ERRORS } from '@kcf/contracts';
import type { RequestWithUser } from '../access/access.decorator';
import { AppError } from '../errors/app-error';
import {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_REPLAYED_HEADER,
  idempotencyKeyOf,
  keyedRequest,
} from '../idempotency/idempotency-key';
import { IdempotencyStore, type ClaimOutcome } from '../idempotency/idempotency-store';
import { requestFingerprint, type FingerprintInput } from '../idempotency/request-fingerprint';
import { auditRequestOf, runWithAuditRequest } from '../audit/audit-request';
import { UnitOfWork } from './unit-of-work';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The claim found the key taken (a replay, another request's, or other content): the unit saves nothing. */
class ClaimRefused extends Error {
  constructor(readonly outcome: ClaimOutcome) {
    super(`Idempotency-Key ${outcome.kind}`);
  }
}

type HttpRequest = Request & RequestWithUser & FingerprintInput;

/**
 * Runs every request of a service as one unit of work (see UnitOfWork), innermost of the route's
 * interceptors so that a multipart body is parsed by then. `@Access` puts it on every route.
 * A write that carries an Idempotency-Key from a signed-in user is done once: a repeat gets the recorded
 * answer (`Idempotency-Replayed: true`), other content under the same key 422, a repeat while the first is
 * running 409 with `Retry-After`. Only answers of 2xx are recorded; a request that fails (or dies) leaves
 * no record, so its retry runs.
 * In a process without a UnitOfWork (the gateway) it does nothing.
 */
@Injectable()
export class UnitOfWorkInterceptor implements NestInterceptor {
  constructor(
    @Optional() private readonly unit?: UnitOfWork,
    @Optional() private readonly keys?: IdempotencyStore,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (!this.unit || context.getType() !== 'http') return next.handle();
    const http = context.switchToHttp();
    const req = http.getRequest<HttpRequest>();
    return from(
      runWithAuditRequest(auditRequestOf(req), () => this.handle(this.unit!, req, http.getResponse<Response>(), next)),
    );
  }

  private async handle(unit: UnitOfWork, req: HttpRequest, res: Response, next: CallHandler): Promise<unknown> {
    const work = () => lastValueFrom(next.handle(), { defaultValue: undefined });
    const mayRetry = () => !res.headersSent;
    const key = WRITE_METHODS.has(req.method) ? idempotencyKeyOf(req.headers[IDEMPOTENCY_KEY_HEADER]) : undefined;
    const userId = req.user?.userId;
    if (key === undefined || !userId || !this.keys) return unit.execute(work, { mayRetry, answer: res });

    const keys = this.keys;
    const request = keyedRequest(key, userId, req.method, req.originalUrl, requestFingerprint(req));
    const owner = randomUUID();
    try {
      return await unit.execute(work, {
        mayRetry,
        answer: res,
        open: async (scope) => {
          const { rows } = await scope.open(keys.claimStatement(request));
          const outcome = keys.outcomeOf(rows[0], request);
          if (outcome.kind !== 'claimed') throw new ClaimRefused(outcome);
        },
        commitStatement: (result) => keys.recordStatement(request, owner, res.statusCode, result),
        resolveUnknownCommit: () => keys.outcome(request, owner),
      });
    } catch (error) {
      if (!(error instanceof ClaimRefused)) throw error;
      const { outcome } = error;
      if (outcome.kind === 'mismatch') throw AppError.of(COMMON_ERRORS.idempotencyKeyReused);
      if (outcome.kind === 'busy') {
        res.setHeader('Retry-After', '1');
        throw AppError.of(COMMON_ERRORS.idempotencyKeyInProgress);
      }
      if (outcome.kind !== 'replay') throw error;
      res.status(outcome.status);
      res.setHeader(IDEMPOTENCY_REPLAYED_HEADER, 'true');
      return outcome.body;
    }
  }
}
