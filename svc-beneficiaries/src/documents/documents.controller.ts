import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  Post,
  Req,
  Res,
  UploadedFile,
  UseInterceptors,
} from '@nestjs/common';
import { BENEFICIARIES_ERRORS, DocumentUploadBody } from '@kcf/contracts';
import { Access, AppError, CurrentUser, ZodValidationPipe, serveFile, type UserContext } from '@kcf/server-kit';
import type { Request, Response } from 'express';
import { beneficiaryIdParam, recordIdParam } from '../access/visibility';
import type { UploadedFile as File } from '../files/file-types';
import { isStoredFileName } from '../files/object-names';
import { UploadInterceptor } from '../files/upload.interceptor';
import { DocumentsService } from './documents.service';

@Controller()
export class DocumentsController {
  constructor(private readonly documents: DocumentsService) {}

  @Get('api/beneficiaries/:id/documents')
  @Access('readOwnBeneficiary')
  list(@CurrentUser() user: UserContext, @Param('id') id: string) {
    return this.documents.list(user, beneficiaryIdParam(id));
  }

  @Post('api/beneficiaries/:id/documents')
  @Access('write')
  @UseInterceptors(UploadInterceptor('document', 'document'))
  upload(
    @CurrentUser() user: UserContext,
    @Param('id') id: string,
    @Body(new ZodValidationPipe(DocumentUploadBody)) body: DocumentUploadBody,
    @UploadedFile() file: File | undefined,
  ) {
    return this.documents.upload(user, beneficiaryIdParam(id), body, file);
  }

  @Delete('api/documents/:documentId')
  @Access('delete')
  @HttpCode(200)
  async remove(@Param('documentId') documentId: string) {
    await this.documents.remove(recordIdParam(documentId, BENEFICIARIES_ERRORS.documentNotFound));
    return { message: 'Document deleted successfully' };
  }

  /**
   * A stored document, only to users who may see its child; any other name (traversal included) is 404. Every
   * document downloads as a sandboxed attachment under its cleaned original name (see `setFileHeaders`).
   */
  @Get('uploads/:fileName')
  @Access('readOwnBeneficiary')
  async serve(
    @CurrentUser() user: UserContext,
    @Param('fileName') fileName: string,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    if (!isStoredFileName(fileName)) throw AppError.of(BENEFICIARIES_ERRORS.documentNotFound);
    const document = await this.documents.find(user, fileName);
    return serveFile(req, res, document.open, {
      contentType: document.contentType,
      disposition: 'attachment',
      downloadName: document.originalName,
      etag: `"${document.fileName}"`,
    });
  }
}
