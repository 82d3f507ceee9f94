import { Controller, Param, Res, StreamableFile } from '@nestjs/common';
import type { Response } from 'express';
import { INTERNAL, isBeneficiaryId, type ChildReceipt, type Expense } from '@kcf/contracts';
import { Access, InternalRoute } from '@kcf/server-kit';
import { notFound, recordId } from '../common/ids';
import { ExpensesRepository } from './expenses.repository';
import { receiptNameOf } from './expense-row';
import { ReceiptStore } from './receipt-store';

/**
 * What svc-beneficiaries' export of a child's data reads from the child's expenses (it records the export
 * itself): `INTERNAL.childExpenses`, the expenses linked to the child; `INTERNAL.childReceipts`, their receipts;
 * `INTERNAL.childReceiptFile`, one receipt's bytes, streamed. An id that names no child answers an empty list;
 * a receipt of another child's expense, or of an expense without one, 404.
 */
@Controller()
export class ChildExpensesController {
  constructor(
    private readonly expenses: ExpensesRepository,
    private readonly receipts: ReceiptStore,
  ) {}

  @InternalRoute(INTERNAL.childExpenses)
  @Access('internal')
  async ofChild(@Param('id') id: string): Promise<Expense[]> {
    return isBeneficiaryId(id) ? this.expenses.listOfChild(id) : [];
  }

  @InternalRoute(INTERNAL.childReceipts)
  @Access('internal')
  async receiptsOf(@Param('id') id: string): Promise<ChildReceipt[]> {
    if (!isBeneficiaryId(id)) return [];
    return (await this.expenses.receiptsOfChild(id)).map((row) => ({
      expenseId: row.id,
      date: row.date,
      name: receiptNameOf(row),
      contentType: row.receiptType ?? 'application/octet-stream',
      size: row.receiptSize ?? 0,
    }));
  }

  @InternalRoute(INTERNAL.childReceiptFile)
  @Access('internal')
  async receiptFile(
    @Param('id') id: string,
    @Param('expenseId') expenseId: string,
    @Res({ passthrough: true }) res: Response,
  ): Promise<StreamableFile> {
    if (!isBeneficiaryId(id)) notFound();
    const row = await this.expenses.find(recordId(expenseId));
    if (!row || row.beneficiaryId !== id || !row.receiptKey) notFound();
    const object = await this.receipts.open(row.receiptKey);
    res.setHeader('Cache-Control', 'private, no-store');
    return new StreamableFile(object.stream, { type: object.contentType, length: object.size });
  }
}
