import { describe, expect, it } from 'vitest';
import { inlinePgParams, pgLiteral } from '../../src/server/db/pgLiterals';

describe('PostgreSQL literals for a message of several statements (db/pgLiterals.ts)', () => {
  it('quotes texts so that no value can end its literal', () => {
    expect(pgLiteral("it's")).toBe("'it''s'");
    expect(pgLiteral("'); drop table users; --")).toBe("'''); drop table users; --'");
    // A backslash makes it an E'' string with the backslash doubled, whatever standard_conforming_strings says.
    expect(pgLiteral("a\\'b")).toBe(" E'a\\\\''b'");
  });

  it('writes numbers in parentheses, so that a minus sign never meets another', () => {
    expect(pgLiteral(-5)).toBe('(-5)');
    expect(pgLiteral(1.5)).toBe('(1.5)');
    expect(pgLiteral(12n)).toBe('(12)');
    expect(inlinePgParams({ sql: 'select a-$1', params: [-5] })).toBe('select a-(-5)');
  });

  it('writes null, undefined and booleans as keywords', () => {
    expect([pgLiteral(null), pgLiteral(undefined), pgLiteral(true), pgLiteral(false)]).toEqual([
      'null',
      'null',
      'true',
      'false',
    ]);
  });

  it('refuses what it cannot write safely', () => {
    expect(() => pgLiteral(Number.NaN)).toThrow(/cannot be written/);
    expect(() => pgLiteral(Number.POSITIVE_INFINITY)).toThrow(/cannot be written/);
    expect(() => pgLiteral({ a: 1 })).toThrow(/cannot be written/);
    expect(() => pgLiteral(new Date(0))).toThrow(/cannot be written/);
  });

  it('fills every placeholder once, and never a placeholder-like text inside a value', () => {
    const sql = `select ${Array.from({ length: 10 }, (_, i) => `$${i + 1}`).join(', ')}`;
    expect(inlinePgParams({ sql, params: ['$2', 2, 3, 4, 5, 6, 7, 8, 9, 'ten'] })).toBe(
      "select '$2', (2), (3), (4), (5), (6), (7), (8), (9), 'ten'",
    );
  });

  it('refuses a placeholder without a value and a value without a placeholder', () => {
    expect(() => inlinePgParams({ sql: 'select $2', params: [1] })).toThrow(/no value for placeholder \$2/);
    expect(() => inlinePgParams({ sql: 'select $1', params: [1, 2] })).toThrow(/for no placeholder/);
  });
});
