import { sqlLiteral } from './sql-literal';

describe('sqlLiteral', () => {
  it('quotes text, doubling quotes, and writes backslashes as an E literal', () => {
    expect(sqlLiteral("O'Brien")).toBe("'O''Brien'");
    expect(sqlLiteral('{"a":"b\\\\n"}')).toBe(`E'{"a":"b\\\\\\\\n"}'`);
    expect(sqlLiteral(null)).toBe('NULL');
    expect(sqlLiteral(201)).toBe('201');
  });

  it('refuses what cannot be a literal', () => {
    expect(() => sqlLiteral('a\0b')).toThrow(TypeError);
    expect(() => sqlLiteral(1.5)).toThrow(TypeError);
  });
});
