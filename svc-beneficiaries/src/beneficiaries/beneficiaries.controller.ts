import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  Post,
  Put,
  Query,
  Res,
  UploadedFile,
  UseInterceptors,
} from '@nestjs/common';
import {
  BeneficiaryBody,
  BeneficiaryCreateBody,
  BeneficiaryImportBody,
  BeneficiaryListQuery,
  TOTAL_COUNT_HEADER,
} from '@kcf/contracts';
import { Access, CurrentUser, ZodValidationPipe, type UserContext } from '@kcf/server-kit';
import type { Response } from 'express';
import { beneficiaryIdParam } from '../access/visibility';
import type { UploadedFile as File } from '../files/file-types';
import { UploadInterceptor } from '../files/upload.interceptor';
import { BeneficiariesService } from './beneficiaries.service';
import { BeneficiaryExportService } from './beneficiary-export.service';
import { BeneficiaryImportService } from './beneficiary-import.service';

@Controller('api/beneficiaries')
export class BeneficiariesController {
  constructor(
    private readonly beneficiaries: BeneficiariesService,
    private readonly exporter: BeneficiaryExportService,
    private readonly importer: BeneficiaryImportService,
  ) {}

  /**
   * One page, filtered and sorted in the database; X-Total-Count has the number of all matching rows. The
   * body is the array's JSON text exactly as the database built it.
   */
  @Get()
  @Access('readOwnBeneficiary')
  async list(
    @CurrentUser() user: UserContext,
    @Query(new ZodValidationPipe(BeneficiaryListQuery)) query: BeneficiaryListQuery,
    @Res() res: Response,
  ) {
    const { json, total } = await this.beneficiaries.list(user, query);
    res.setHeader(TOTAL_COUNT_HEADER, String(total));
    res.type('application/json').send(json);
  }

  /** Every row matching the list's filters, in the list's order, as a streamed CSV file. */
  @Get('export.csv')
  @Access('read')
  async export(
    @CurrentUser() user: UserContext,
    @Query(new ZodValidationPipe(BeneficiaryListQuery)) query: BeneficiaryListQuery,
    @Res() res: Response,
  ) {
    await this.exporter.stream(user, query, res);
  }

  @Post('import')
  @Access('write')
  import(
    @CurrentUser() user: UserContext,
    @Body(new ZodValidationPipe(BeneficiaryImportBody)) body: BeneficiaryImportBody,
  ) {
    return this.importer.import(user, body);
  }

  @Post()
  @Access('write')
  @UseInterceptors(UploadInterceptor('birthCertificate', 'birthCertificate'))
  create(
    @CurrentUser() user: UserContext,
    @Body(new ZodValidationPipe(BeneficiaryCreateBody)) body: BeneficiaryCreateBody,
    @UploadedFile() file: File | undefined,
  ) {
    return this.beneficiaries.create(user, body, file);
  }

  @Get(':id')
  @Access('readOwnBeneficiary')
  get(@CurrentUser() user: UserContext, @Param('id') id: string) {
    return this.beneficiaries.get(user, beneficiaryIdParam(id));
  }

  @Put(':id')
  @Access('write')
  @UseInterceptors(UploadInterceptor('birthCertificate', 'birthCertificate'))
  update(
    @Param('id') id: string,
    @Body(new ZodValidationPipe(BeneficiaryBody)) body: BeneficiaryBody,
    @UploadedFile() file: File | undefined,
  ) {
    return this.beneficiaries.update(beneficiaryIdParam(id), body, file);
  }

  @Delete(':id')
  @Access('delete')
  @HttpCode(200)
  async remove(@Param('id') id: string) {
    await this.beneficiaries.remove(beneficiaryIdParam(id));
    return { message: 'Beneficiary deleted successfully' };
  }
}
