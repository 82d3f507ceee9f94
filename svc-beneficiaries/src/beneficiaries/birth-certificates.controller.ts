import { Controller, Get, Param, Req, Res } from '@nestjs/common';
import { BENEFICIARIES_ERRORS } from '@kcf/contracts';
import { Access, AppError, CurrentUser, serveFile, type UserContext } from '@kcf/server-kit';
import type { Request, Response } from 'express';
import { isStoredFileName } from '../files/object-names';
import { BeneficiariesService } from './beneficiaries.service';

/**
 * GET /download/{filename}: a child's birth certificate (PDF), only to users who may see that child, as a
 * sandboxed attachment (a PDF's bytes may go on as anything; see `setFileHeaders`).
 */
@Controller('download')
export class BirthCertificatesController {
  constructor(private readonly beneficiaries: BeneficiariesService) {}

  @Get(':filename')
  @Access('readOwnBeneficiary')
  async download(
    @CurrentUser() user: UserContext,
    @Param('filename') filename: string,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    if (!isStoredFileName(filename) || !filename.endsWith('.pdf'))
      throw AppError.of(BENEFICIARIES_ERRORS.birthCertificateNotFound);
    const certificate = await this.beneficiaries.birthCertificate(user, filename);
    return serveFile(req, res, certificate.open, {
      contentType: 'application/pdf',
      disposition: 'attachment',
      downloadName: `Birth_Certificate_${certificate.beneficiaryId}.pdf`,
      etag: `"${filename}"`,
    });
  }
}
