import { Controller, Get, Inject, Param, Req, Res } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Access, AppError, CurrentUser, type UserContext } from '@kcf/server-kit';
import type { Request, Response } from 'express';
import type { DataSource } from 'typeorm';
import { assertMaySee } from '../access/visibility';
import { BENEFICIARIES_DB } from '../config';
import { queryOne } from '../db/query-rows';
import { serveFile } from '../files/file-response';
import { isStoredFileName, objectKey } from '../files/object-names';
import { StoredFiles } from '../files/stored-files.service';

const NOT_FOUND = 'Birth certificate not found';

/** GET /download/{filename}: a child's birth certificate (PDF), only to users who may see that child. */
@Controller('download')
export class BirthCertificatesController {
  constructor(
    @InjectDataSource(BENEFICIARIES_DB) private readonly db: DataSource,
    @Inject(StoredFiles) private readonly files: StoredFiles,
  ) {}

  @Get(':filename')
  @Access('readOwnBeneficiary')
  async download(@CurrentUser() user: UserContext, @Param('filename') filename: string, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    if (!isStoredFileName(filename) || !filename.endsWith('.pdf')) throw AppError.notFound(NOT_FOUND);
    const row = await queryOne<{ id: string }>(this.db, `SELECT id FROM beneficiaries WHERE birth_certificate_file = $1`, [filename]);
    if (!row) throw AppError.notFound(NOT_FOUND);
    assertMaySee(user, row.id, NOT_FOUND);
    const key = objectKey('birthCertificate', filename);
    return serveFile(req, res, () => this.files.open(key), {
      contentType: 'application/pdf',
      disposition: 'inline',
      downloadName: `Birth_Certificate_${row.id}.pdf`,
      etag: `"${filename}"`,
    });
  }
}
