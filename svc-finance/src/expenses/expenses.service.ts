import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  ExpenseCreated,
  ExpenseDeleted,
  ExpenseUpdated,
  FINANCE_ERRORS,
  addMoney,
  compareMoney,
  subtractMoney,
  type Expense,
  type ExpenseBody,
  type FinanceListQuery,
} from '@kcf/contracts';
import { AppError, CLOCK, Events, UnitOfWork, pending, type Clock, type StoredObject, type UserContext } from '@kcf/server-kit';
import { notFound } from '../common/ids';
import { createdByEvents } from '../common/record-events';
import { TotalsRepository } from '../common/totals.repository';
import { balanceRefusal, refuseOnBalance } from './balance-guard';
import { BENEFICIARY_DIRECTORY, type BeneficiaryDirectory } from './beneficiary-directory';
import { BeneficiaryLinks } from './beneficiary-links';
import { toExpense, type ExpenseRow } from './expense-row';
import { ExpensesRepository, type ReceiptColumns } from './expenses.repository';
import { checkReceipt, type CheckedReceipt, type UploadedFileLike } from './receipt-file';
import { ReceiptStore } from './receipt-store';

const facts = (row: ExpenseRow) => ({ expenseId: row.id, category: row.category, date: row.date, amount: row.amount, createdBy: row.createdBy });

/**
 * Expenses and their receipts. Each call runs in the request's unit of work: the events first, the statement that
 * changes an amount last (it takes the totals row until commit), then the balance check.
 */
@Injectable()
export class ExpensesService {
  constructor(
    private readonly expenses: ExpensesRepository,
    private readonly totals: TotalsRepository,
    private readonly links: BeneficiaryLinks,
    private readonly events: Events,
    private readonly uow: UnitOfWork,
    private readonly receipts: ReceiptStore,
    @Inject(BENEFICIARY_DIRECTORY) private readonly beneficiaries: BeneficiaryDirectory,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** Newest date first, then newest entry. */
  list(query: FinanceListQuery): Promise<{ items: Expense[]; total: number }> {
    return this.expenses.list(query);
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
    const now = this.clock.now();
    const row: ExpenseRow = { id, ...fields(body), ...receiptColumns(key, receipt), createdBy: user.userId, createdAt: now, updatedAt: now };
    if (body.beneficiaryId) await this.links.assertNotDeleted(body.beneficiaryId);
    await this.events.recordMany([pending(ExpenseCreated, facts(row)), ...createdByEvents('expense', id, row.createdBy, false)]);
    // The insert takes the totals row (trigger): from here to commit, the balance is this unit's.
    await this.expenses.insert(row);
    const balanceBefore = addMoney(await this.netBalance(), row.amount);
    refuseOnBalance(balanceRefusal(row.amount, balanceBefore));
    return toExpense(row);
  }

  /** Replaces the fields; a new receipt replaces the old one, no receipt keeps it. */
  async update(id: string, body: ExpenseBody, file: UploadedFileLike | undefined): Promise<Expense> {
    const receipt = file ? await checkReceipt(file) : null;
    // A child the expense already names was checked when it was saved; its deletion since is caught in the
    // unit of work (deleted_beneficiaries). A new one is asked of svc-beneficiaries.
    const before = await this.find(id);
    if (body.beneficiaryId && body.beneficiaryId !== before.beneficiaryId) await this.assertBeneficiaryExists(body.beneficiaryId);
    const key = receipt ? await this.receipts.put(id, receipt) : null;
    this.uow.afterRollback(() => this.receipts.discard(key));
    if (body.beneficiaryId) await this.links.assertNotDeleted(body.beneficiaryId);
    const current = (await this.expenses.lock(id)) ?? notFound();
    const previous = { previousCategory: current.category, previousDate: current.date, previousAmount: current.amount };
    await this.events.record(ExpenseUpdated, { ...facts({ ...current, ...fields(body) }), ...previous });
    // A changed amount takes the totals row (trigger) until commit.
    const row = await this.expenses.update(id, body, key ? receiptColumns(key, receipt) : null, this.clock.now());
    if (compareMoney(row.amount, current.amount) > 0) {
      const balanceBefore = addMoney(await this.netBalance(), subtractMoney(row.amount, current.amount));
      refuseOnBalance(balanceRefusal(row.amount, balanceBefore, current.amount));
    }
    if (key) this.uow.afterCommit(() => this.receipts.discard(current.receiptKey));
    return toExpense(row);
  }

  async remove(id: string): Promise<void> {
    const row = (await this.expenses.lock(id)) ?? notFound();
    await this.events.recordMany([pending(ExpenseDeleted, facts(row)), ...createdByEvents('expense', id, row.createdBy, true)]);
    await this.expenses.delete(id);
    this.uow.afterCommit(() => this.receipts.discard(row.receiptKey));
  }

  /** The receipt's bytes and what to call it; 404 when the expense has none. */
  async openReceipt(id: string): Promise<{ object: StoredObject; name: string }> {
    const row = await this.find(id);
    if (!row.receiptKey) notFound();
    const object = await this.receipts.open(row.receiptKey);
    return { object, name: row.receiptName ?? `receipt.${row.receiptKey.split('.').pop()}` };
  }

  private async find(id: string): Promise<ExpenseRow> {
    return (await this.expenses.find(id)) ?? notFound();
  }

  /** The net balance in this unit, its own change included. */
  private async netBalance() {
    return (await this.totals.inThisUnit()).netBalance;
  }

  private async assertBeneficiaryExists(beneficiaryId: string): Promise<void> {
    if (!(await this.beneficiaries.exists(beneficiaryId))) throw AppError.of(FINANCE_ERRORS.beneficiaryNotFound);
  }
}

function fields(body: ExpenseBody) {
  return { amount: body.amount, category: body.category, beneficiaryId: body.beneficiaryId, date: body.date, description: body.description };
}

function receiptColumns(key: string | null, receipt: CheckedReceipt | null): ReceiptColumns {
  return {
    receiptKey: key,
    receiptName: key ? (receipt?.name ?? null) : null,
    receiptType: key ? (receipt?.contentType ?? null) : null,
    receiptSize: key ? (receipt?.size ?? null) : null,
  };
}
