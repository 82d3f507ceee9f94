import { Controller, Get, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { TransactionListQuery } from '@kcf/contracts';
import { Access, ZodValidationPipe } from '@kcf/server-kit';
import { sendPage } from '../common/pages';
import { TransactionsService } from './transactions.service';

/** The Finances page's list: income and expenses together, filtered, sorted and paged here. */
@Controller('api/transactions')
export class TransactionsController {
  constructor(private readonly transactions: TransactionsService) {}

  @Get()
  @Access('read')
  async list(@Query(new ZodValidationPipe(TransactionListQuery)) query: TransactionListQuery, @Res({ passthrough: true }) res: Response) {
    return sendPage(res, await this.transactions.list(query));
  }
}
