import { statementName } from './prepared-query';

describe('statementName', () => {
  it('names the same text the same way and different texts differently, within PostgreSQL’s 63 bytes', () => {
    const a = statementName('SELECT 1');
    expect(statementName('SELECT 1')).toBe(a);
    expect(statementName('SELECT 2')).not.toBe(a);
    expect(a).toMatch(/^kcf_[0-9a-f]{24}$/);
  });
});
