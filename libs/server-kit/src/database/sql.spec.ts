import { isWriteStatement } from './sql';

describe('isWriteStatement', () => {
  it('knows the statements that change data, also inside a WITH', () => {
    for (const text of [
      'INSERT INTO income (id) VALUES ($1)',
      '  update budgets SET used_amount = 0',
      'DELETE FROM sessions WHERE id_hash = $1',
      'WITH ended AS (DELETE FROM sessions WHERE id_hash = $1 RETURNING user_id) SELECT user_id FROM ended',
      'WITH s AS (SELECT 1) UPDATE beneficiaries b SET full_name = $2 WHERE b.id = $1',
      'TRUNCATE outbox',
    ]) {
      expect({ text, write: isWriteStatement(text) }).toEqual({ text, write: true });
    }
  });

  it('lets reads through, even when a column is named like a verb', () => {
    for (const text of [
      'SELECT id, updated_at FROM income WHERE id = $1',
      'SELECT * FROM beneficiaries WHERE id = $1 FOR UPDATE',
      "WITH page AS (SELECT number FROM beneficiaries ORDER BY number LIMIT 50) SELECT '[' || string_agg(api_json, ',') || ']' FROM page",
      'SELECT count(*)::int AS n FROM deleted_beneficiaries',
    ]) {
      expect({ text, write: isWriteStatement(text) }).toEqual({ text, write: false });
    }
  });
});
