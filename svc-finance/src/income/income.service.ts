import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  IncomeCreated,
  IncomeDeleted,
  checkIncomeReduction,
  compareMoney,
  type FinanceListQuery,
  type Income,
  type IncomeBody,
} from '@kcf/contracts';
import { AuditTrail, CLOCK, Events, pending, type Clock, type UserContext } from '@kcf/server-kit';
import { notFound } from '../common/ids';
import { createdByEvents } from '../common/record-events';
import { TotalsRepository } from '../common/totals.repository';
import { refuseOnBalance } from '../expenses/balance-guard';
import { IncomeRepository } from './income.repository';

/** The audit trail's subject for an income record (the id is the entity's, not a changed field). */
const audited = (id: string) => ({ entityType: 'income', entityId: id, omit: ['id'] });

const facts = (row: Income) => ({
  incomeId: row.id,
  amount: row.amount,
  date: row.date,
  source: row.source,
  createdBy: row.createdBy,
});

/** Income (donations). Each call runs in the request's unit of work; each change records its audit entry there. */
@Injectable()
export class IncomeService {
  constructor(
    private readonly income: IncomeRepository,
    private readonly totals: TotalsRepository,
    private readonly events: Events,
    private readonly audit: AuditTrail,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** Newest date first, then newest entry. */
  list(query: FinanceListQuery): Promise<{ items: Income[]; total: number }> {
    return this.income.list(query);
  }

  async get(id: string): Promise<Income> {
    return (await this.income.find(id)) ?? notFound();
  }

  async create(body: IncomeBody, user: UserContext): Promise<Income> {
    const now = this.clock.now().toISOString();
    const row: Income = { id: randomUUID(), ...body, createdBy: user.userId, createdAt: now, updatedAt: now };
    await this.events.recordMany([
      pending(IncomeCreated, facts(row)),
      ...createdByEvents('income', row.id, row.createdBy, false),
    ]);
    // Last: the insert takes the totals row (trigger) until commit.
    await this.income.insert(row);
    this.audit.created(row, audited(row.id));
    return row;
  }

  /** Every field; a lower amount must leave the net balance at zero or more (like an expense's). */
  async update(id: string, body: IncomeBody): Promise<Income> {
    const current = (await this.income.lock(id)) ?? notFound();
    const updated = (await this.income.update(id, body, this.clock.now()))!;
    if (compareMoney(body.amount, current.amount) < 0)
      refuseOnBalance(checkIncomeReduction('update', (await this.totals.inThisUnit()).netBalance)?.message);
    this.audit.updated(current, updated, audited(id));
    return updated;
  }

  /** Refused when the expenses already recorded would exceed what is left without it. */
  async remove(id: string): Promise<void> {
    const row = (await this.income.lock(id)) ?? notFound();
    await this.events.recordMany([
      pending(IncomeDeleted, facts(row)),
      ...createdByEvents('income', id, row.createdBy, true),
    ]);
    await this.income.delete(id);
    refuseOnBalance(checkIncomeReduction('delete', (await this.totals.inThisUnit()).netBalance)?.message);
    this.audit.deleted(row, audited(id));
  }
}
