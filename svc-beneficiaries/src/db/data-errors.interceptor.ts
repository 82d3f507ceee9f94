import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { BENEFICIARIES_ERRORS } from '@kcf/contracts';
import { AppError } from '@kcf/server-kit';
import { catchError, type Observable } from 'rxjs';

/** The SQLSTATE of what PostgreSQL refuses in a value (class 22: out of range, bad date, overflow...). */
function isDataException(error: unknown): boolean {
  const code = (error as { driverError?: { code?: unknown }; code?: unknown } | null)?.driverError?.code ?? (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('22');
}

/**
 * Every value reaches SQL as a parameter, so a value PostgreSQL refuses came from the client (a date in
 * the year 0, say, that the schemas let through): 400, never 500.
 */
@Injectable()
export class DataErrorsInterceptor implements NestInterceptor {
  intercept(_context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(
      catchError((error: unknown) => {
        throw isDataException(error) ? AppError.of(BENEFICIARIES_ERRORS.valueOutOfRange) : error;
      }),
    );
  }
}
