import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { DATA_REQUEST_ERRORS, DataRequestBody } from '@kcf/contracts';
import { Access, AppError, CurrentUser, ZodValidationPipe, type UserContext } from '@kcf/server-kit';
import { DataRequestsService } from './data-requests.service';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A request id from the path; anything else names no request (404). */
function requestIdParam(value: string): string {
  if (!UUID.test(value)) throw AppError.of(DATA_REQUEST_ERRORS.dataRequestNotFound);
  return value.toLowerCase();
}

/** Data requests about one child (superadmin): an erasure is accepted (202) and carried out by every domain. */
@Controller('api/data-requests')
export class DataRequestsController {
  constructor(private readonly requests: DataRequestsService) {}

  @Post()
  @HttpCode(202)
  @Access('manageDataRequests')
  create(@CurrentUser() user: UserContext, @Body(new ZodValidationPipe(DataRequestBody)) body: DataRequestBody) {
    return this.requests.request(user, body);
  }

  /** Newest first. */
  @Get()
  @Access('manageDataRequests')
  list() {
    return this.requests.list();
  }

  @Get(':id')
  @Access('manageDataRequests')
  get(@Param('id') id: string) {
    return this.requests.get(requestIdParam(id));
  }
}
