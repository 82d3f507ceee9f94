import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import {
  categoryLabel,
  compareBudgetsForReport,
  termDateRange,
  type BudgetBody,
  type BudgetInlineEditBody,
  type BudgetItem,
  type ExpenseCategory,
  type Term,
} from '@kcf/contracts';
import { AppError, UnitOfWork, type UserContext } from '@kcf/server-kit';
import { FINANCE_DB } from '../config';
import { recordCreatedBy } from '../common/record-events';
import { BudgetEntity, toBudgetItem } from './budget.entity';
import { USED_AMOUNT_SQL, lockBudgetUsage, recomputeAllBudgetUsage } from './budget-usage';

export interface BudgetFilter {
  year?: number;
  quarter?: Term;
}

const UNIQUE_VIOLATION = '23505';

const duplicate = (b: { category: ExpenseCategory; quarter: Term; year: number }) =>
  AppError.conflict(`A ${categoryLabel(b.category)} budget for ${b.quarter} ${b.year} already exists`);

/** Newest year first, then Term 1..3, then the categories in the form's order. */
const byYearTermCategory = (a: BudgetItem, b: BudgetItem) => b.year - a.year || compareBudgetsForReport(a, b);

@Injectable()
export class BudgetsService {
  constructor(
    @InjectDataSource(FINANCE_DB) private readonly db: DataSource,
    private readonly uow: UnitOfWork,
  ) {}

  async list(filter: BudgetFilter = {}): Promise<BudgetItem[]> {
    const qb = this.db.getRepository(BudgetEntity).createQueryBuilder('b');
    if (filter.year !== undefined) qb.andWhere('b.year = :year', { year: filter.year });
    if (filter.quarter !== undefined) qb.andWhere('b.quarter = :quarter', { quarter: filter.quarter });
    return (await qb.getMany()).map(toBudgetItem).sort(byYearTermCategory);
  }

  async get(id: string): Promise<BudgetItem> {
    const row = await this.db.getRepository(BudgetEntity).findOneBy({ id });
    if (!row) throw AppError.notFound();
    return toBudgetItem(row);
  }

  /** A new budget, its used amount taken from the expenses already there; 409 for a second one of the same key. */
  async create(body: BudgetBody, user: UserContext): Promise<BudgetItem> {
    return this.uow.transaction(async (m) => {
      await lockBudgetUsage(m);
      const { from, to } = termDateRange(body.quarter, body.year);
      const inserted: { id: string }[] = await m.query(
        `INSERT INTO budgets (category, quarter, year, planned_amount, notes, created_by, used_amount)
         VALUES ($1::varchar, $4::varchar, $5::int, $6::numeric, $7::text, $8::varchar, ${USED_AMOUNT_SQL})
         ON CONFLICT ON CONSTRAINT budgets_category_term_year_key DO NOTHING RETURNING id`,
        [body.category, from, to, body.quarter, body.year, body.plannedAmount, body.notes, user.userId],
      );
      if (inserted.length === 0) throw duplicate(body);
      const row = await m.findOneByOrFail(BudgetEntity, { id: inserted[0].id });
      await recordCreatedBy(m, 'budget', row.id, row.createdBy, false);
      return toBudgetItem(row);
    });
  }

  /** The budget form: every field; moving it to another category, term or year recomputes its used amount. */
  async update(id: string, body: BudgetBody): Promise<BudgetItem> {
    return this.uow.transaction(async (m) => {
      await lockBudgetUsage(m);
      const current = await this.lock(m, id);
      const { from, to } = termDateRange(body.quarter, body.year);
      try {
        await m.query(
          `UPDATE budgets SET category = $1::varchar, quarter = $4::varchar, year = $5::int, planned_amount = $6::numeric, notes = $7::text, updated_at = now(),
             used_amount = ${USED_AMOUNT_SQL}
           WHERE id = $8::uuid`,
          [body.category, from, to, body.quarter, body.year, body.plannedAmount, body.notes, current.id],
        );
      } catch (error) {
        if ((error as { code?: string }).code === UNIQUE_VIOLATION) throw duplicate(body);
        throw error;
      }
      return toBudgetItem(await m.findOneByOrFail(BudgetEntity, { id }));
    });
  }

  /** The details dialog's inline edit: planned amount and notes only. */
  async editInline(id: string, body: BudgetInlineEditBody): Promise<BudgetItem> {
    return this.uow.transaction(async (m) => {
      const result = await m.update(BudgetEntity, { id }, { plannedAmount: body.plannedAmount, notes: body.notes, updatedAt: () => 'now()' });
      if (!result.affected) throw AppError.notFound();
      return toBudgetItem(await m.findOneByOrFail(BudgetEntity, { id }));
    });
  }

  async remove(id: string): Promise<void> {
    await this.uow.transaction(async (m) => {
      const row = await this.lock(m, id);
      await m.delete(BudgetEntity, { id });
      await recordCreatedBy(m, 'budget', id, row.createdBy, true);
    });
  }

  /** "Sync with Expenses": every used amount from the expenses, in one statement. */
  async recalculateAll(): Promise<{ updated: number }> {
    const updated = await this.uow.transaction((m) => recomputeAllBudgetUsage(m));
    return { updated };
  }

  private async lock(m: EntityManager, id: string): Promise<BudgetEntity> {
    const row = await m.findOne(BudgetEntity, { where: { id }, lock: { mode: 'pessimistic_write' } });
    if (!row) throw AppError.notFound();
    return row;
  }
}
