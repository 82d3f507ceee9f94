import { Controller, Get, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { TransactionListQuery } from '@kcf/contracts';
import { Access, ZodValidationPipe } from '@kcf/server-kit';
import { TOTAL_COUNT_HEADER } from '../common/pages';
import { TransactionsService } from './transactions.service';

/** The Finances page's list: income and expenses together, filtered, sorted and paged here. */
@Controller('api/transactions')
export class TransactionsController {
  constructor(private readonly transactions: TransactionsService) {}

  /** The body is the page's JSON text exactly as the database built it (`FinanceTransaction[]`). */
  @Get()
  @Access('read')
  async list(@Query(new ZodValidationPipe(TransactionListQuery)) query: TransactionListQuery, @Res() res: Response) {
    const { json, total } = await this.transactions.list(query);
    res.setHeader(TOTAL_COUNT_HEADER, String(total));
    res.type('application/json').send(json);
  }
}
