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
import {
  AppError,
  AuditTrail,
  CLOCK,
  Events,
  UnitOfWork,
  changedFields,
  fileFacts,
  pending,
  type Clock,
  type StoredObject,
  type UserContext,
} from '@kcf/server-kit';
import { notFound } from '../common/ids';
import { createdByEvents } from '../common/record-events';
import { TotalsRepository } from '../common/totals.repository';
import { balanceRefusal, refuseOnBalance } from './balance-guard';
import { BENEFICIARY_DIRECTORY, type BeneficiaryDirectory } from './beneficiary-directory';
import { BeneficiaryLinks } from './beneficiary-links';
import { expenseSubject, receiptFacts, receiptSubject } from './expense-audit';
import { receiptNameOf, toExpense, type ExpenseRow } from './expense-row';
import { ExpensesRepository, type ReceiptColumns } from './expenses.repository';
import { checkReceipt, type CheckedReceipt, type UploadedReceipt } from './receipt-file';
import { ReceiptStore } from './receipt-store';

const facts = (row: ExpenseRow) => ({
  expenseId: row.id,
  category: row.category,
  date: row.date,
  amount: row.amount,
  createdBy: row.createdBy,
});

/**
 * Expenses and their receipts. Each call runs in the request's unit of work: the events first, the statement that
 * changes an amount last (it takes the totals row until commit), then the balance check, then the audit entries
 * (the expense's, and its receipt's when a file came or went), written with the commit.
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
    private readonly audit: AuditTrail,
    @Inject(BENEFICIARY_DIRECTORY) private readonly beneficiaries: BeneficiaryDirectory,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** Newest date first, then newest entry. */
  list(query: FinanceListQuery): Promise<{ items: Expense[]; total: number }> {
    return this.expenses.list(query);
  }

  /** One expense; the read is recorded as a view (it names its child, and its description may tell of the child's health). */
  async get(id: string): Promise<Expense> {
    const row = await this.find(id);
    await this.audit.viewed({ entityType: 'expense', entityId: id, beneficiaryId: row.beneficiaryId });
    return toExpense(row);
  }

  async create(body: ExpenseBody, file: UploadedReceipt | undefined, user: UserContext): Promise<Expense> {
    const receipt = file ? await checkReceipt(file) : null;
    if (body.beneficiaryId) await this.assertBeneficiaryOpen(body.beneficiaryId);
    const id = randomUUID();
    // Written first; removed again if the expense is not saved.
    const key = receipt ? await this.receipts.put(id, receipt) : null;
    this.uow.afterRollback(() => this.receipts.discard(key));
    const now = this.clock.now();
    const row: ExpenseRow = {
      id,
      ...fields(body),
      ...receiptColumns(key, receipt),
      createdBy: user.userId,
      createdAt: now.toISOString(),
      updatedAt: now.toISOString(),
    };
    if (body.beneficiaryId) await this.links.assertNotDeleted(body.beneficiaryId);
    await this.events.recordMany([
      pending(ExpenseCreated, facts(row)),
      ...createdByEvents('expense', id, row.createdBy, false),
    ]);
    // The insert takes the totals row (trigger): from here to commit, the balance is this unit's.
    await this.expenses.insert(row);
    const balanceBefore = addMoney(await this.netBalance(), row.amount);
    refuseOnBalance(balanceRefusal(row.amount, balanceBefore));
    const expense = toExpense(row);
    this.audit.created(expense, expenseSubject(id, row.beneficiaryId));
    if (file && key)
      this.audit.created(receiptFacts(row), receiptSubject(id, row.beneficiaryId, { ...fileFacts(file) }));
    return expense;
  }

  /** Replaces the fields; a new receipt replaces the old one, no receipt keeps it. */
  async update(id: string, body: ExpenseBody, file: UploadedReceipt | undefined): Promise<Expense> {
    const receipt = file ? await checkReceipt(file) : null;
    // The child the expense names is asked of svc-beneficiaries, even when it already named it: it must exist
    // (its deletion since is also caught in the unit of work, deleted_beneficiaries) and its registration consent
    // must not be withdrawn (then nothing may be written about it any more). An edit that drops the child is not asked.
    await this.find(id);
    if (body.beneficiaryId) await this.assertBeneficiaryOpen(body.beneficiaryId);
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
    return this.recordUpdate(current, row, file && key ? file : null);
  }

  async remove(id: string): Promise<void> {
    const row = (await this.expenses.lock(id)) ?? notFound();
    await this.events.recordMany([
      pending(ExpenseDeleted, facts(row)),
      ...createdByEvents('expense', id, row.createdBy, true),
    ]);
    await this.expenses.delete(id);
    this.uow.afterCommit(() => this.receipts.discard(row.receiptKey));
    this.audit.deleted(toExpense(row), expenseSubject(id, row.beneficiaryId));
    if (row.receiptKey) this.audit.deleted(receiptFacts(row), receiptSubject(id, row.beneficiaryId));
  }

  /** The receipt's bytes and what to call it; 404 when the expense has none. */
  async openReceipt(id: string): Promise<{ object: StoredObject; name: string }> {
    const row = await this.find(id);
    if (!row.receiptKey) notFound();
    const object = await this.receipts.open(row.receiptKey);
    const name = receiptNameOf(row);
    try {
      await this.audit.viewed(
        receiptSubject(id, row.beneficiaryId, { name, type: row.receiptType, size: row.receiptSize }),
      );
    } catch (error) {
      object.stream.destroy();
      throw error;
    }
    return { object, name };
  }

  /**
   * The audit entries of an update: the expense's changed fields (old -> new; the child is the one it names now,
   * or named), and the receipt's when a new file replaced or added one. A save that only brought a new receipt
   * is the receipt's entry alone.
   */
  private recordUpdate(current: ExpenseRow, row: ExpenseRow, file: UploadedReceipt | null): Expense {
    const before = toExpense(current);
    const after = toExpense(row);
    const beneficiaryId = after.beneficiaryId ?? before.beneficiaryId;
    const subject = expenseSubject(row.id, beneficiaryId);
    const changes = changedFields(before, after, subject.omit);
    if (changes.length > 0 || !file) this.audit.changed('update', changes, subject);
    if (file) {
      const receipt = receiptSubject(row.id, beneficiaryId, { ...fileFacts(file) });
      if (current.receiptKey) this.audit.updated(receiptFacts(current), receiptFacts(row), receipt);
      else this.audit.created(receiptFacts(row), receipt);
    }
    return after;
  }

  private async find(id: string): Promise<ExpenseRow> {
    return (await this.expenses.find(id)) ?? notFound();
  }

  /** The net balance in this unit, its own change included. */
  private async netBalance() {
    return (await this.totals.inThisUnit()).netBalance;
  }

  /** The child exists (else 400 'Beneficiary not found') and its registration consent is not withdrawn (else 409). */
  private async assertBeneficiaryOpen(beneficiaryId: string): Promise<void> {
    const standing = await this.beneficiaries.standing(beneficiaryId);
    if (standing === 'missing') throw AppError.of(FINANCE_ERRORS.beneficiaryNotFound);
    if (standing === 'closed') throw AppError.of(FINANCE_ERRORS.beneficiaryRegistrationWithdrawn);
  }
}

function fields(body: ExpenseBody) {
  return {
    amount: body.amount,
    category: body.category,
    beneficiaryId: body.beneficiaryId,
    date: body.date,
    description: body.description,
  };
}

function receiptColumns(key: string | null, receipt: CheckedReceipt | null): ReceiptColumns {
  return {
    receiptKey: key,
    receiptName: key ? (receipt?.name ?? null) : null,
    receiptType: key ? (receipt?.contentType ?? null) : null,
    receiptSize: key ? (receipt?.size ?? null) : null,
  };
}
