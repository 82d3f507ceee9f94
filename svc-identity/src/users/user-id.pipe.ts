import type { PipeTransform } from '@nestjs/common';
import { IDENTITY_ERRORS } from '@kcf/contracts';
import { AppError } from '@kcf/server-kit';

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A user id from the path: anything that cannot be a user id is a user that does not exist (404). */
export class UserIdPipe implements PipeTransform<unknown, string> {
  transform(value: unknown): string {
    if (typeof value !== 'string' || !UUID_PATTERN.test(value)) throw AppError.of(IDENTITY_ERRORS.userNotFound);
    return value.toLowerCase();
  }
}
