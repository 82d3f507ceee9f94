import { Inject, Injectable } from '@nestjs/common';
import {
  FINANCE_ERRORS,
  compareBudgetsForReport,
  termDateRange,
  type BudgetBody,
  type BudgetInlineEditBody,
  type BudgetItem,
} from '@kcf/contracts';
import { AppError, AuditTrail, CLOCK, Events, type Clock, type UserContext } from '@kcf/server-kit';
import { notFound } from '../common/ids';
import { createdByEvents } from '../common/record-events';
import { BudgetUsageRepository } from './budget-usage.repository';
import { BudgetsRepository, type BudgetFilter } from './budgets.repository';

/** Newest year first, then Term 1..3, then the categories in the form's order. */
const byYearTermCategory = (a: BudgetItem, b: BudgetItem) => b.year - a.year || compareBudgetsForReport(a, b);

/** The audit trail's subject for a budget (the id is the entity's, not a changed field). */
const audited = (id: string) => ({ entityType: 'budget', entityId: id, omit: ['id'] });

/**
 * Budgets. Creating or moving one computes its used amount, after the usage lock (see BudgetUsageService). Each
 * change records its audit entry (old -> new values) in the request's unit of work.
 */
@Injectable()
export class BudgetsService {
  constructor(
    private readonly budgets: BudgetsRepository,
    private readonly usage: BudgetUsageRepository,
    private readonly events: Events,
    private readonly audit: AuditTrail,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async list(filter: BudgetFilter = {}): Promise<BudgetItem[]> {
    return (await this.budgets.list(filter)).sort(byYearTermCategory);
  }

  async get(id: string): Promise<BudgetItem> {
    return (await this.budgets.find(id)) ?? notFound();
  }

  /** A new budget, its used amount taken from the expenses already there; 409 for a second one of the same key. */
  async create(body: BudgetBody, user: UserContext): Promise<BudgetItem> {
    await this.usage.lock();
    const created =
      (await this.budgets.insert(body, termDateRange(body.quarter, body.year), user.userId, this.clock.now())) ??
      duplicate(body);
    await this.events.recordMany(createdByEvents('budget', created.id, created.createdBy, false));
    this.audit.created(created, audited(created.id));
    return created;
  }

  /** The budget form: every field; moving it to another category, term or year recomputes its used amount. */
  async update(id: string, body: BudgetBody): Promise<BudgetItem> {
    await this.usage.lock();
    const before = (await this.budgets.lock(id)) ?? notFound();
    const after =
      (await this.budgets.update(id, body, termDateRange(body.quarter, body.year), this.clock.now())) ??
      duplicate(body);
    this.audit.updated(before, after, audited(id));
    return after;
  }

  /** The details dialog's inline edit: planned amount and notes only. */
  async editInline(id: string, body: BudgetInlineEditBody): Promise<BudgetItem> {
    const before = (await this.budgets.lock(id)) ?? notFound();
    const after = (await this.budgets.editInline(id, body, this.clock.now())) ?? notFound();
    this.audit.updated(before, after, audited(id));
    return after;
  }

  async remove(id: string): Promise<void> {
    const row = (await this.budgets.lock(id)) ?? notFound();
    await this.budgets.delete(id);
    await this.events.recordMany(createdByEvents('budget', id, row.createdBy, true));
    this.audit.deleted(row, audited(id));
  }
}

function duplicate(body: BudgetBody): never {
  throw AppError.of(FINANCE_ERRORS.budgetExists, { category: body.category, quarter: body.quarter, year: body.year });
}
