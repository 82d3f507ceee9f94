import type { MigrationInterface, QueryRunner } from 'typeorm';

const CATEGORIES = `('school_fees','health','admin','special_needs','other')`;

/**
 * Income, expenses (with their receipts), budgets, the running totals the dashboard reads, and the children
 * svc-beneficiaries has deleted. Money is numeric: 14 digits for one record, 18 for totals.
 */
export class FinanceInit1795400000000 implements MigrationInterface {
  name = 'FinanceInit1795400000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE income (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        amount numeric(14,2) NOT NULL CHECK (amount > 0),
        source varchar(255) NOT NULL,
        date date NOT NULL,
        remarks text,
        created_by varchar(100),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX income_date_idx ON income (date DESC, created_at DESC, id DESC)`);

    await q.query(`
      CREATE TABLE expenses (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        amount numeric(14,2) NOT NULL CHECK (amount > 0),
        category varchar(20) NOT NULL CHECK (category IN ${CATEGORIES}),
        beneficiary_id varchar(100),
        date date NOT NULL,
        description text NOT NULL,
        receipt_key varchar(300),
        receipt_name varchar(255),
        receipt_type varchar(100),
        receipt_size integer,
        created_by varchar(100),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX expenses_date_idx ON expenses (date DESC, created_at DESC, id DESC)`);
    // A budget's used amount is one index-only range scan: category, then the term's dates.
    await q.query(`CREATE INDEX expenses_category_date_idx ON expenses (category, date) INCLUDE (amount)`);
    await q.query(
      `CREATE INDEX expenses_beneficiary_idx ON expenses (beneficiary_id) WHERE beneficiary_id IS NOT NULL`,
    );

    await q.query(`
      CREATE TABLE budgets (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        category varchar(20) NOT NULL CHECK (category IN ${CATEGORIES}),
        quarter varchar(10) NOT NULL CHECK (quarter IN ('Term 1','Term 2','Term 3')),
        year integer NOT NULL CHECK (year BETWEEN 2020 AND 9999),
        planned_amount numeric(14,2) NOT NULL CHECK (planned_amount >= 0),
        used_amount numeric(18,2) NOT NULL DEFAULT 0,
        notes text,
        created_by varchar(100),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT budgets_category_term_year_key UNIQUE (category, quarter, year)
      )`);

    // One row: total income and total expenses, kept by statement triggers in the same transaction as
    // every change (whatever path the change takes), so the dashboard reads two numbers instead of summing.
    await q.query(`
      CREATE TABLE finance_totals (
        id smallint PRIMARY KEY CHECK (id = 1),
        total_income numeric(18,2) NOT NULL DEFAULT 0,
        total_expenses numeric(18,2) NOT NULL DEFAULT 0
      )`);
    await q.query(`INSERT INTO finance_totals (id) VALUES (1)`);
    for (const [table, column] of [
      ['income', 'total_income'],
      ['expenses', 'total_expenses'],
    ]) {
      const fn = `${table}_totals_fn`;
      for (const [op, body] of [
        ['insert', `SELECT COALESCE(sum(amount), 0) INTO delta FROM new_rows;`],
        [
          'update',
          `SELECT COALESCE((SELECT sum(amount) FROM new_rows), 0) - COALESCE((SELECT sum(amount) FROM old_rows), 0) INTO delta;`,
        ],
        ['delete', `SELECT -COALESCE(sum(amount), 0) INTO delta FROM old_rows;`],
      ]) {
        await q.query(`
          CREATE FUNCTION ${fn}_${op}() RETURNS trigger LANGUAGE plpgsql AS $$
          DECLARE delta numeric;
          BEGIN
            ${body}
            IF delta <> 0 THEN
              UPDATE finance_totals SET ${column} = ${column} + delta WHERE id = 1;
            END IF;
            RETURN NULL;
          END $$`);
        const referencing =
          op === 'insert'
            ? 'NEW TABLE AS new_rows'
            : op === 'delete'
              ? 'OLD TABLE AS old_rows'
              : 'OLD TABLE AS old_rows NEW TABLE AS new_rows';
        await q.query(
          `CREATE TRIGGER ${table}_totals_${op} AFTER ${op.toUpperCase()} ON ${table} REFERENCING ${referencing} FOR EACH STATEMENT EXECUTE FUNCTION ${fn}_${op}()`,
        );
      }
    }

    // Children svc-beneficiaries reported deleted: an expense may not name one any more.
    await q.query(`
      CREATE TABLE deleted_beneficiaries (
        beneficiary_id varchar(100) PRIMARY KEY,
        deleted_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE deleted_beneficiaries');
    await q.query('DROP TABLE finance_totals');
    await q.query('DROP TABLE budgets');
    await q.query('DROP TABLE expenses');
    await q.query('DROP TABLE income');
    for (const table of ['income', 'expenses']) {
      for (const op of ['insert', 'update', 'delete'])
        await q.query(`DROP FUNCTION IF EXISTS ${table}_totals_fn_${op}()`);
    }
  }
}
