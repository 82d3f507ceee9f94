import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { BudgetItem, ExpenseCategory, Term } from '@kcf/contracts';

@Entity({ name: 'budgets' })
export class BudgetEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ type: 'varchar', length: 20 })
  category!: ExpenseCategory;

  /** 'Term 1' | 'Term 2' | 'Term 3' */
  @Column({ type: 'varchar', length: 10 })
  quarter!: Term;

  @Column({ type: 'integer' })
  year!: number;

  @Column({ name: 'planned_amount', type: 'numeric', precision: 14, scale: 2 })
  plannedAmount!: string;

  /** Kept by the budget-usage consumer from the expenses themselves; never written by a user. */
  @Column({ name: 'used_amount', type: 'numeric', precision: 18, scale: 2 })
  usedAmount!: string;

  @Column({ type: 'text', nullable: true })
  notes!: string | null;

  @Column({ name: 'created_by', type: 'varchar', length: 100, nullable: true })
  createdBy!: string | null;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}

export function toBudgetItem(row: BudgetEntity): BudgetItem {
  return {
    id: row.id,
    quarter: row.quarter,
    year: row.year,
    category: row.category,
    plannedAmount: row.plannedAmount,
    usedAmount: row.usedAmount,
    notes: row.notes,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
