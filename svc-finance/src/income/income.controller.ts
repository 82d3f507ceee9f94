import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Res, UseInterceptors } from '@nestjs/common';
import { NoFilesInterceptor } from '@nestjs/platform-express';
import type { Response } from 'express';
import { FinanceListQuery, IncomeBody } from '@kcf/contracts';
import { Access, CurrentUser, ZodValidationPipe, type UserContext } from '@kcf/server-kit';
import { recordId } from '../common/ids';
import { sendPage } from '../common/pages';
import { FORM_LIMITS } from '../expenses/receipt-file';
import { IncomeService } from './income.service';

/** Income (donations): multipart form fields or JSON. */
@Controller('api/income')
export class IncomeController {
  constructor(private readonly income: IncomeService) {}

  @Get()
  @Access('read')
  async list(
    @Query(new ZodValidationPipe(FinanceListQuery)) query: FinanceListQuery,
    @Res({ passthrough: true }) res: Response,
  ) {
    return sendPage(res, await this.income.list(query));
  }

  @Get(':id')
  @Access('read')
  get(@Param('id') id: string) {
    return this.income.get(recordId(id));
  }

  @Post()
  @Access('write')
  @UseInterceptors(NoFilesInterceptor({ limits: FORM_LIMITS }))
  create(@Body(new ZodValidationPipe(IncomeBody)) body: IncomeBody, @CurrentUser() user: UserContext) {
    return this.income.create(body, user);
  }

  @Put(':id')
  @Access('write')
  @UseInterceptors(NoFilesInterceptor({ limits: FORM_LIMITS }))
  update(@Param('id') id: string, @Body(new ZodValidationPipe(IncomeBody)) body: IncomeBody) {
    return this.income.update(recordId(id), body);
  }

  @Delete(':id')
  @Access('delete')
  @HttpCode(204)
  async remove(@Param('id') id: string): Promise<void> {
    await this.income.remove(recordId(id));
  }
}
