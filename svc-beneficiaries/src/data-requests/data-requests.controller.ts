import { Body, Controller, Get, HttpCode, Param, Post, Query, Res, StreamableFile } from '@nestjs/common';
import type { Response } from 'express';
import { DATA_REQUEST_ERRORS, DataRequestBody, DataRequestListQuery } from '@kcf/contracts';
import {
  Access,
  AppError,
  CurrentUser,
  ZodValidationPipe,
  fileBody,
  setFileHeaders,
  type UserContext,
} from '@kcf/server-kit';
import { DataRequestsService } from './data-requests.service';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A request id from the path; anything else names no request (404). */
function requestIdParam(value: string): string {
  if (!UUID.test(value)) throw AppError.of(DATA_REQUEST_ERRORS.dataRequestNotFound);
  return value.toLowerCase();
}

/**
 * Data requests about one child: an erasure (superadmin) is accepted (202) and carried out by every domain; an
 * export (superadmin, or the beneficiary user for its own child) is built in the background and downloaded as
 * a ZIP by the user who asked (the service decides who may do what beyond the route's level).
 */
@Controller('api/data-requests')
export class DataRequestsController {
  constructor(private readonly requests: DataRequestsService) {}

  @Post()
  @HttpCode(202)
  @Access('requestExport')
  create(@CurrentUser() user: UserContext, @Body(new ZodValidationPipe(DataRequestBody)) body: DataRequestBody) {
    return this.requests.request(user, body);
  }

  /** Newest first: every request (superadmin), or the beneficiary user's own about its child; `?beneficiaryId=&type=` narrow it. */
  @Get()
  @Access('requestExport')
  list(
    @CurrentUser() user: UserContext,
    @Query(new ZodValidationPipe(DataRequestListQuery)) query: DataRequestListQuery,
  ) {
    return this.requests.list(user, query);
  }

  @Get(':id')
  @Access('requestExport')
  get(@CurrentUser() user: UserContext, @Param('id') id: string) {
    return this.requests.get(user, requestIdParam(id));
  }

  /** An export's ZIP, as a sandboxed attachment that no cache keeps (server-kit's `setFileHeaders`). */
  @Get(':id/download')
  @Access('requestExport')
  async download(
    @CurrentUser() user: UserContext,
    @Param('id') id: string,
    @Res({ passthrough: true }) res: Response,
  ): Promise<StreamableFile> {
    const zip = await this.requests.download(user, requestIdParam(id));
    setFileHeaders(res, { contentType: 'application/zip', disposition: 'attachment', downloadName: zip.fileName });
    return fileBody(res, zip.object);
  }
}
