import {
  Injectable,
  mixin,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
  type Type,
} from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { BENEFICIARIES_ERRORS, FILE_RULES } from '@kcf/contracts';
import { AppError } from '@kcf/server-kit';
import multer from 'multer';
import type { Observable } from 'rxjs';
import type { UploadKind } from './file-types';

/** Form fields stay small: the longest text field is 5000 characters. */
const FIELD_LIMITS = { fields: 40, fieldSize: 64 * 1024, parts: 42, files: 1 };

function multerCode(error: unknown): string | undefined {
  const cause = (error as { cause?: { code?: unknown } } | null)?.cause;
  const code = cause?.code ?? (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/**
 * Reads a multipart body with one optional file in `field`, kept in memory and cut off above the kind's
 * size limit (413 with the kind's message). A JSON body passes untouched. The file's type is checked by
 * the service from its bytes (`checkUpload`).
 */
export function UploadInterceptor(field: string, kind: UploadKind): Type<NestInterceptor> {
  const Inner = FileInterceptor(field, {
    storage: multer.memoryStorage(),
    limits: { ...FIELD_LIMITS, fileSize: FILE_RULES[kind].maxBytes },
    defParamCharset: 'utf8',
  });

  @Injectable()
  class Upload implements NestInterceptor {
    private readonly inner: NestInterceptor = new Inner();

    async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
      try {
        return await this.inner.intercept(context, next);
      } catch (error) {
        const code = multerCode(error);
        if (code === 'LIMIT_FILE_SIZE') throw AppError.of(BENEFICIARIES_ERRORS.fileTooLarge, { kind });
        if (code === 'LIMIT_UNEXPECTED_FILE') throw AppError.of(BENEFICIARIES_ERRORS.unexpectedFileField, { field });
        throw error;
      }
    }
  }
  return mixin(Upload);
}
