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
  StreamableFile,
  UploadedFile,
  UseInterceptors,
} from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import type { Response } from 'express';
import { ExpenseBody, FinanceListQuery } from '@kcf/contracts';
import { Access, CurrentUser, ZodValidationPipe, fileBody, setFileHeaders, type UserContext } from '@kcf/server-kit';
import { recordId } from '../common/ids';
import { sendPage } from '../common/pages';
import { ExpensesService } from './expenses.service';
import { RECEIPT_UPLOAD, type UploadedReceipt } from './receipt-file';

/** Expenses: multipart form fields with an optional `receipt` file, or JSON without one. */
@Controller('api/expenses')
export class ExpensesController {
  constructor(private readonly expenses: ExpensesService) {}

  @Get()
  @Access('read')
  async list(
    @Query(new ZodValidationPipe(FinanceListQuery)) query: FinanceListQuery,
    @Res({ passthrough: true }) res: Response,
  ) {
    return sendPage(res, await this.expenses.list(query));
  }

  @Get(':id')
  @Access('read')
  get(@Param('id') id: string) {
    return this.expenses.get(recordId(id));
  }

  /** The receipt as a sandboxed attachment, never rendered by the browser as a page (server-kit's `setFileHeaders`). */
  @Get(':id/receipt')
  @Access('read')
  async receipt(@Param('id') id: string, @Res({ passthrough: true }) res: Response): Promise<StreamableFile> {
    const { object, name } = await this.expenses.openReceipt(recordId(id));
    setFileHeaders(res, {
      contentType: object.contentType,
      disposition: 'attachment',
      downloadName: name,
      fallbackName: 'receipt',
    });
    return fileBody(res, object);
  }

  @Post()
  @Access('write')
  @UseInterceptors(FileInterceptor('receipt', RECEIPT_UPLOAD))
  create(
    @Body(new ZodValidationPipe(ExpenseBody)) body: ExpenseBody,
    @UploadedFile() file: UploadedReceipt | undefined,
    @CurrentUser() user: UserContext,
  ) {
    return this.expenses.create(body, file, user);
  }

  @Put(':id')
  @Access('write')
  @UseInterceptors(FileInterceptor('receipt', RECEIPT_UPLOAD))
  update(
    @Param('id') id: string,
    @Body(new ZodValidationPipe(ExpenseBody)) body: ExpenseBody,
    @UploadedFile() file: UploadedReceipt | undefined,
  ) {
    return this.expenses.update(recordId(id), body, file);
  }

  @Delete(':id')
  @Access('delete')
  @HttpCode(204)
  async remove(@Param('id') id: string): Promise<void> {
    await this.expenses.remove(recordId(id));
  }
}
