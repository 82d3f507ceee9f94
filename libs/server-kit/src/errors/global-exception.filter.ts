import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import { COMMON_ERRORS, type ErrorEntry } from '@kcf/contracts';
import { AppError } from './app-error';
import { databaseValueError, type RequestInput } from './database-value-errors';
import { REQUEST_ID_HEADER } from '../http/request-id';
import { isRetriableDatabaseFailure } from '../unit-of-work/database-failures';

/** Seconds a client is asked to wait before trying a 503 again. */
const RETRY_AFTER_SECONDS = '2';

interface ErrorBody {
  message: string;
  errors?: { path: string; message: string }[];
  requestId?: string;
}

/** What body parsers and multer raise for what the client sent, by their error's type or code. */
const CLIENT_ERROR_TYPES: Record<string, ErrorEntry> = {
  'entity.too.large': COMMON_ERRORS.requestTooLarge,
  'entity.parse.failed': COMMON_ERRORS.malformedJson,
  'encoding.unsupported': COMMON_ERRORS.unsupportedEncoding,
  LIMIT_FILE_SIZE: COMMON_ERRORS.uploadTooLarge,
  LIMIT_UNEXPECTED_FILE: COMMON_ERRORS.unexpectedFileField,
  LIMIT_FIELD_VALUE: COMMON_ERRORS.fieldValueTooLarge,
  LIMIT_PART_COUNT: COMMON_ERRORS.tooManyParts,
  LIMIT_FILE_COUNT: COMMON_ERRORS.tooManyFiles,
  LIMIT_FIELD_COUNT: COMMON_ERRORS.tooManyFields,
};

/** The object-storage port's error codes (its errors are not AppErrors: the port knows nothing of HTTP). */
const STORAGE_ERRORS: Record<string, ErrorEntry> = {
  OBJECT_NOT_FOUND: COMMON_ERRORS.notFound,
  INVALID_OBJECT_KEY: COMMON_ERRORS.invalidFileName,
  OBJECT_TOO_LARGE: COMMON_ERRORS.uploadTooLarge,
  OBJECT_SIZE_MISMATCH: COMMON_ERRORS.uploadIncomplete,
};

/** The answer of a catalogue entry that takes no parameters. */
function answerOf(entry: ErrorEntry): { status: number; body: ErrorBody } {
  return { status: entry.status, body: { message: entry.message() } };
}

/** Maps anything thrown to the contract's JSON error; never leaks stacks or SQL. `input`: what the request sent. */
export function toErrorResponse(exception: unknown, input?: RequestInput): { status: number; body: ErrorBody } {
  if (exception instanceof AppError) {
    return { status: exception.status, body: { message: exception.message, errors: exception.errors } };
  }
  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    const response = exception.getResponse();
    const raw = typeof response === 'string' ? response : (response as { message?: unknown }).message;
    const message = Array.isArray(raw) ? String(raw[0]) : typeof raw === 'string' ? raw : exception.message;
    if (status === 404 && /^Cannot (GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS) /.test(message)) {
      return answerOf(COMMON_ERRORS.notFound);
    }
    const mapped = CLIENT_ERROR_TYPES[(exception.cause as { code?: string } | undefined)?.code ?? ''];
    return mapped ? answerOf(mapped) : { status, body: { message } };
  }
  const e = exception as { type?: string; code?: string; status?: number; statusCode?: number } | null;
  const storage = STORAGE_ERRORS[e?.code ?? ''];
  if (storage) return answerOf(storage);
  const known = e && (CLIENT_ERROR_TYPES[e.type ?? ''] ?? CLIENT_ERROR_TYPES[e.code ?? '']);
  if (known) return answerOf(known);
  const value = databaseValueError(exception, input);
  if (value)
    return {
      status: value.status,
      body: { message: value.message, ...(value.errors ? { errors: value.errors } : {}) },
    };
  // The database stayed out of reach through every retry (a restart that lasted too long).
  if (isRetriableDatabaseFailure(exception))
    return { status: 503, body: { message: COMMON_ERRORS.unavailable.message({}) } };
  const status = e?.status ?? e?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return { status, body: { message: COMMON_ERRORS.badRequest.message({}) } };
  }
  return answerOf(COMMON_ERRORS.internal);
}

@Catch()
export class GlobalExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  catch(exception: unknown, host: ArgumentsHost): void {
    const ctx = host.switchToHttp();
    const res = ctx.getResponse<Response>();
    const req = ctx.getRequest<Request>();
    const { status, body } = toErrorResponse(exception, { body: req.body as unknown, query: req.query as unknown });
    const requestId = res.getHeader(REQUEST_ID_HEADER) as string | undefined;
    if (status >= 500) {
      // The path only: a query may hold a search for a child's name.
      this.logger.error(
        `${req.method} ${req.originalUrl.split('?')[0]} -> ${status} [${requestId}]`,
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
