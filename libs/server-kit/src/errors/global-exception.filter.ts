import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import { AppError } from './app-error';
import { REQUEST_ID_HEADER } from '../http/request-id';
import { isRetriableDatabaseFailure } from '../unit-of-work/database-failures';

/** The answer when the database stayed out of reach through every retry (a restart that lasted too long). */
export const DATABASE_UNAVAILABLE_MESSAGE = 'The service is briefly unavailable; please try again';
/** Seconds a client is asked to wait before trying a 503 again. */
const RETRY_AFTER_SECONDS = '2';

interface ErrorBody {
  message: string;
  errors?: { path: string; message: string }[];
  requestId?: string;
}

/** Statuses that body parsers and multer raise for what the client sent. */
const CLIENT_ERROR_TYPES: Record<string, { status: number; message: string }> = {
  'entity.too.large': { status: 413, message: 'Request body too large' },
  'entity.parse.failed': { status: 400, message: 'Malformed JSON body' },
  'encoding.unsupported': { status: 415, message: 'Unsupported content encoding' },
  LIMIT_FILE_SIZE: { status: 413, message: 'File too large' },
  LIMIT_UNEXPECTED_FILE: { status: 400, message: 'Unexpected file field' },
  LIMIT_FIELD_VALUE: { status: 413, message: 'Field value too large' },
  LIMIT_PART_COUNT: { status: 413, message: 'Too many parts' },
  LIMIT_FILE_COUNT: { status: 400, message: 'Too many files' },
  LIMIT_FIELD_COUNT: { status: 400, message: 'Too many fields' },
};

/** The object-storage port's error codes (its errors are not AppErrors: the port knows nothing of HTTP). */
const STORAGE_ERRORS: Record<string, { status: number; message: string }> = {
  OBJECT_NOT_FOUND: { status: 404, message: 'Not found' },
  INVALID_OBJECT_KEY: { status: 400, message: 'Invalid file name' },
  OBJECT_TOO_LARGE: { status: 413, message: 'File too large' },
  OBJECT_SIZE_MISMATCH: { status: 400, message: 'Upload was incomplete' },
};

/** Maps anything thrown to the contract's JSON error; never leaks stacks or SQL. */
export function toErrorResponse(exception: unknown): { status: number; body: ErrorBody } {
  if (exception instanceof AppError) {
    return { status: exception.status, body: { message: exception.message, errors: exception.errors } };
  }
  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    const response = exception.getResponse();
    const raw = typeof response === 'string' ? response : (response as { message?: unknown }).message;
    const message = Array.isArray(raw) ? String(raw[0]) : typeof raw === 'string' ? raw : exception.message;
    if (status === 404 && /^Cannot (GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS) /.test(message)) {
      return { status, body: { message: 'Not found' } };
    }
    const mapped = CLIENT_ERROR_TYPES[(exception.cause as { code?: string } | undefined)?.code ?? ''];
    return { status: mapped?.status ?? status, body: { message: mapped?.message ?? message } };
  }
  const e = exception as { type?: string; code?: string; status?: number; statusCode?: number } | null;
  const storage = STORAGE_ERRORS[e?.code ?? ''];
  if (storage) return { status: storage.status, body: { message: storage.message } };
  const known = e && (CLIENT_ERROR_TYPES[e.type ?? ''] ?? CLIENT_ERROR_TYPES[e.code ?? '']);
  if (known) return { status: known.status, body: { message: known.message } };
  if (isRetriableDatabaseFailure(exception)) return { status: 503, body: { message: DATABASE_UNAVAILABLE_MESSAGE } };
  const status = e?.status ?? e?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return { status, body: { message: 'Bad request' } };
  }
  return { status: 500, body: { message: 'Internal server error' } };
}

@Catch()
export class GlobalExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  catch(exception: unknown, host: ArgumentsHost): void {
    const ctx = host.switchToHttp();
    const res = ctx.getResponse<Response>();
    const req = ctx.getRequest<Request>();
    const { status, body } = toErrorResponse(exception);
    const requestId = res.getHeader(REQUEST_ID_HEADER) as string | undefined;
    if (status >= 500) {
      this.logger.error(
        `${req.method} ${req.originalUrl} -> ${status} [${requestId}]`,
        exception instanceof Error ? exception.stack : String(exception),
      );
    }
    if (res.headersSent) {
      res.end();
      return;
    }
    if (status === 503 && !res.getHeader('Retry-After')) res.setHeader('Retry-After', RETRY_AFTER_SECONDS);
    res.status(status).json({ ...body, requestId });
  }
}
