import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { EntityManager } from 'typeorm';
import { IncomeCreated, IncomeDeleted, checkIncomeReduction, compareMoney, type FinanceListQuery, type Income, type IncomeBody } from '@kcf/contracts';
import { AppError, UnitOfWork, writeToOutbox, type UserContext } from '@kcf/server-kit';
import { FINANCE_DB } from '../config';
import { dateRangeWhere } from '../common/date-filter';
import { readBalance } from '../common/ledger';
import { recordCreatedBy } from '../common/record-events';
import { IncomeEntity, toIncome } from './income.entity';

@Injectable()
export class IncomeService {
  constructor(
    @InjectDataSource(FINANCE_DB) private readonly db: DataSource,
    private readonly uow: UnitOfWork,
  ) {}

  /** Newest date first, then newest entry. */
  async list(query: FinanceListQuery): Promise<{ items: Income[]; total: number }> {
    const range = dateRangeWhere('i', query);
    const qb = this.db.getRepository(IncomeEntity).createQueryBuilder('i').where(range.sql, range.params);
    const [rows, total] = await Promise.all([
      qb.clone().orderBy('i.date', 'DESC').addOrderBy('i.created_at', 'DESC').addOrderBy('i.id', 'DESC').offset(query.offset).limit(query.limit).getMany(),
      qb.clone().getCount(),
    ]);
    return { items: rows.map(toIncome), total };
  }

  async get(id: string): Promise<Income> {
    const row = await this.db.getRepository(IncomeEntity).findOneBy({ id });
    if (!row) throw AppError.notFound();
    return toIncome(row);
  }

  async create(body: IncomeBody, user: UserContext): Promise<Income> {
    const now = new Date();
    const row = Object.assign(new IncomeEntity(), { id: randomUUID(), ...body, createdBy: user.userId, createdAt: now, updatedAt: now });
    await this.uow.transaction(async (m) => {
      await writeToOutbox(m, IncomeCreated, { incomeId: row.id, amount: row.amount, date: row.date, source: row.source, createdBy: row.createdBy });
      await recordCreatedBy(m, 'income', row.id, row.createdBy, false);
      // Last: the insert takes the totals row (trigger) until commit.
      await m.query(
        `INSERT INTO income (id, amount, source, date, remarks, created_by, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $7)`,
        [row.id, row.amount, row.source, row.date, row.remarks, row.createdBy, now],
      );
    });
    return toIncome(row);
  }

  /** Every field; a lower amount must leave the net balance at zero or more (like an expense's). */
  async update(id: string, body: IncomeBody): Promise<Income> {
    return this.uow.transaction(async (m) => {
      const current = await this.lock(m, id);
      // A changed amount takes the totals row (trigger) until commit: the balance read next is this transaction's.
      await m.update(IncomeEntity, { id }, { amount: body.amount, source: body.source, date: body.date, remarks: body.remarks, updatedAt: () => 'now()' });
      if (compareMoney(body.amount, current.amount) < 0) refuseNegative(checkIncomeReduction('update', await readBalance(m))?.message);
      return toIncome(await m.findOneByOrFail(IncomeEntity, { id }));
    });
  }

  /** Refused when the expenses already recorded would exceed what is left without it. */
  async remove(id: string): Promise<void> {
    await this.uow.transaction(async (m) => {
      const row = await this.lock(m, id);
      await writeToOutbox(m, IncomeDeleted, { incomeId: id, amount: row.amount, date: row.date, source: row.source, createdBy: row.createdBy });
      await recordCreatedBy(m, 'income', id, row.createdBy, true);
      await m.delete(IncomeEntity, { id });
      refuseNegative(checkIncomeReduction('delete', await readBalance(m))?.message);
    });
  }

  private async lock(m: EntityManager, id: string): Promise<IncomeEntity> {
    const row = await m.findOne(IncomeEntity, { where: { id }, lock: { mode: 'pessimistic_write' } });
    if (!row) throw AppError.notFound();
    return row;
  }
}

/** 400 with the balance message (the form shows it under the title 'Insufficient Balance'). */
function refuseNegative(message: string | undefined): void {
  if (message) throw new AppError('VALIDATION', message, [{ path: 'amount', message }]);
}
