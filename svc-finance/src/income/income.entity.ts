import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { Income } from '@kcf/contracts';

@Entity({ name: 'income' })
export class IncomeEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  /** numeric(14,2): read back as a decimal string such as "1500.00". */
  @Column({ type: 'numeric', precision: 14, scale: 2 })
  amount!: string;

  @Column({ type: 'varchar', length: 255 })
  source!: string;

  @Column({ type: 'date' })
  date!: string;

  @Column({ type: 'text', nullable: true })
  remarks!: string | null;

  @Column({ name: 'created_by', type: 'varchar', length: 100, nullable: true })
  createdBy!: string | null;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}

export function toIncome(row: IncomeEntity): Income {
  return {
    id: row.id,
    amount: row.amount,
    source: row.source,
    date: row.date,
    remarks: row.remarks,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
