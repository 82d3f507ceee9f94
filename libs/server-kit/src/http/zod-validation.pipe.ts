import { PipeTransform } from '@nestjs/common';
import type { z } from 'zod';
import { AppError } from '../errors/app-error';

/** Validates a body or query with the same zod schema the form uses; 400 with the product's field messages. */
export class ZodValidationPipe<S extends z.ZodType> implements PipeTransform<unknown, z.infer<S>> {
  /** `schema` is public so the route inventory can name each route's fields. */
  constructor(readonly schema: S) {}

  transform(value: unknown): z.infer<S> {
    const result = this.schema.safeParse(value ?? {});
    if (result.success) return result.data;
    throw AppError.validation(
      result.error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message })),
    );
  }
}

export function validate<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  return new ZodValidationPipe(schema).transform(value);
}
