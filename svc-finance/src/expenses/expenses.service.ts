import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { ExpenseCreated, ExpenseDeleted, ExpenseUpdated, addMoney, compareMoney, subtractMoney, type Expense, type ExpenseBody, type FinanceListQuery } from '@kcf/contracts';
import { AppError, UnitOfWork, writeToOutbox, type StoredObject, type UserContext } from '@kcf/server-kit';
import { FINANCE_DB } from '../config';
import { dateRangeWhere } from '../common/date-filter';
import { readBalance } from '../common/ledger';
import { recordCreatedBy } from '../common/record-events';
import { balanceRefusal } from './balance-guard';
import { BENEFICIARY_DIRECTORY, type BeneficiaryDirectory } from './beneficiary-directory';
import { assertBeneficiaryNotDeleted, beneficiaryNotFound } from './beneficiary-links';
import { ExpenseEntity, toExpense } from './expense.entity';
import { checkReceipt, type CheckedReceipt, type UploadedFileLike } from './receipt-file';
import { ReceiptStore } from './receipt-store';

const facts = (row: ExpenseEntity) => ({ expenseId: row.id, category: row.category, date: row.date, amount: row.amount, createdBy: row.createdBy });

@Injectable()
export class ExpensesService {
  constructor(
    @InjectDataSource(FINANCE_DB) private readonly db: DataSource,
    private readonly uow: UnitOfWork,
    private readonly receipts: ReceiptStore,
    @Inject(BENEFICIARY_DIRECTORY) private readonly beneficiaries: BeneficiaryDirectory,
  ) {}

  /** Newest date first, then newest entry. */
  async list(query: FinanceListQuery): Promise<{ items: Expense[]; total: number }> {
    const range = dateRangeWhere('e', query);
    const qb = this.db.getRepository(ExpenseEntity).createQueryBuilder('e').where(range.sql, range.params);
    const [rows, total] = await Promise.all([
      qb.clone().orderBy('e.date', 'DESC').addOrderBy('e.created_at', 'DESC').addOrderBy('e.id', 'DESC').offset(query.offset).limit(query.limit).getMany(),
      qb.clone().getCount(),
    ]);
    return { items: rows.map(toExpense), total };
  }

  async get(id: string): Promise<Expense> {
    return toExpense(await this.find(id));
  }

  async create(body: ExpenseBody, file: UploadedFileLike | undefined, user: UserContext): Promise<Expense> {
    const receipt = file ? await checkReceipt(file) : null;
    if (body.beneficiaryId) await this.assertBeneficiaryExists(body.beneficiaryId);
    const id = randomUUID();
    // Written first; removed again if the expense is not saved.
    const key = receipt ? await this.receipts.put(id, receipt) : null;
    this.uow.afterRollback(() => this.receipts.discard(key));
    const now = new Date();
    const row = Object.assign(new ExpenseEntity(), { id, ...fields(body), ...receiptColumns(key, receipt), createdBy: user.userId, createdAt: now, updatedAt: now });
    await this.uow.transaction(async (m) => {
      if (body.beneficiaryId) await assertBeneficiaryNotDeleted(m, body.beneficiaryId);
      await writeToOutbox(m, ExpenseCreated, facts(row));
      await recordCreatedBy(m, 'expense', id, row.createdBy, false);
      // The insert takes the totals row (trigger): from here to commit, the balance is this transaction's.
      await m.query(
        `INSERT INTO expenses (id, amount, category, beneficiary_id, date, description, receipt_key, receipt_name, receipt_type, receipt_size, created_by, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $12)`,
        [row.id, row.amount, row.category, row.beneficiaryId, row.date, row.description, row.receiptKey, row.receiptName, row.receiptType, row.receiptSize, row.createdBy, now],
      );
      const balanceBefore = addMoney(await readBalance(m), row.amount);
      refuseOver(balanceRefusal(row.amount, balanceBefore));
    });
    return toExpense(row);
  }

  /** Replaces the fields; a new receipt replaces the old one, no receipt keeps it. */
  async update(id: string, body: ExpenseBody, file: UploadedFileLike | undefined): Promise<Expense> {
    const receipt = file ? await checkReceipt(file) : null;
    // A child the expense already names was checked when it was saved; its deletion since is caught in the
    // transaction (deleted_beneficiaries). A new one is asked of svc-beneficiaries.
    const before = await this.find(id);
    if (body.beneficiaryId && body.beneficiaryId !== before.beneficiaryId) await this.assertBeneficiaryExists(body.beneficiaryId);
    const key = receipt ? await this.receipts.put(id, receipt) : null;
    this.uow.afterRollback(() => this.receipts.discard(key));
    return this.uow.transaction(async (m) => {
      if (body.beneficiaryId) await assertBeneficiaryNotDeleted(m, body.beneficiaryId);
      const current = await this.lockExpense(m, id);
      const row = Object.assign(new ExpenseEntity(), current, fields(body), key ? receiptColumns(key, receipt) : {}, { updatedAt: new Date() });
      await writeToOutbox(m, ExpenseUpdated, { ...facts(row), previousCategory: current.category, previousDate: current.date, previousAmount: current.amount });
      // A changed amount takes the totals row (trigger) until commit.
      await m.update(ExpenseEntity, { id }, { ...fields(body), ...(key ? receiptColumns(key, receipt) : {}), updatedAt: row.updatedAt });
      if (compareMoney(row.amount, current.amount) > 0) {
        const balanceBefore = addMoney(await readBalance(m), subtractMoney(row.amount, current.amount));
        refuseOver(balanceRefusal(row.amount, balanceBefore, current.amount));
      }
      if (key) this.uow.afterCommit(() => this.receipts.discard(current.receiptKey));
      return toExpense(row);
    });
  }

  async remove(id: string): Promise<void> {
    await this.uow.transaction(async (m) => {
      const row = await this.lockExpense(m, id);
      await writeToOutbox(m, ExpenseDeleted, facts(row));
      await recordCreatedBy(m, 'expense', id, row.createdBy, true);
      await m.delete(ExpenseEntity, { id });
      this.uow.afterCommit(() => this.receipts.discard(row.receiptKey));
    });
  }

  /** The receipt's bytes and what to call it; 404 when the expense has none. */
  async openReceipt(id: string): Promise<{ object: StoredObject; name: string }> {
    const row = await this.find(id);
    if (!row.receiptKey) throw AppError.notFound();
    const object = await this.receipts.open(row.receiptKey);
    return { object, name: row.receiptName ?? `receipt.${row.receiptKey.split('.').pop()}` };
  }

  private async find(id: string): Promise<ExpenseEntity> {
    const row = await this.db.getRepository(ExpenseEntity).findOneBy({ id });
    if (!row) throw AppError.notFound();
    return row;
  }

  private async lockExpense(m: EntityManager, id: string): Promise<ExpenseEntity> {
    const row = await m.findOne(ExpenseEntity, { where: { id }, lock: { mode: 'pessimistic_write' } });
    if (!row) throw AppError.notFound();
    return row;
  }

  private async assertBeneficiaryExists(beneficiaryId: string): Promise<void> {
    if (!(await this.beneficiaries.exists(beneficiaryId))) throw beneficiaryNotFound();
  }
}

/** 400 with the balance message (the form shows it under the title 'Insufficient Balance'). */
function refuseOver(refusal: string | null): void {
  if (refusal) throw new AppError('VALIDATION', refusal, [{ path: 'amount', message: refusal }]);
}

function fields(body: ExpenseBody) {
  return { amount: body.amount, category: body.category, beneficiaryId: body.beneficiaryId, date: body.date, description: body.description };
}

function receiptColumns(key: string | null, receipt: CheckedReceipt | null) {
  return {
    receiptKey: key,
    receiptName: key ? (receipt?.name ?? null) : null,
    receiptType: key ? (receipt?.contentType ?? null) : null,
    receiptSize: key ? (receipt?.size ?? null) : null,
  };
}
