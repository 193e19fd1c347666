import pg from 'pg';

/**
 * A query drizzle rendered for PostgreSQL (`$1`, `$2`… and their values) as one text with every value written as a
 * literal, for the simple protocol, which takes several statements in one message but no parameters
 * (pgLockedTransaction.ts `lockedPgStatement`). Texts are quoted by node-postgres' `escapeLiteral` (libpq's
 * PQescapeLiteral: quotes doubled; with a backslash, an E'' string with it doubled), so no value can end its literal.
 * Numbers go in parentheses: `a-$1` with -5 must not become `a--5`, which PostgreSQL reads as a comment.
 *
 * The text must come from drizzle's builders (identifiers quoted, no literal of its own): a `$n` inside a literal
 * would be taken for a placeholder. Every placeholder must have its value and every value its placeholder.
 */
export function inlinePgParams(query: { sql: string; params: readonly unknown[] }): string {
  const used = new Set<number>();
  const text = query.sql.replace(/\$(\d+)/g, (_, digits: string) => {
    const index = Number(digits) - 1;
    if (index < 0 || index >= query.params.length) throw new Error(`no value for placeholder $${digits}`);
    used.add(index);
    return pgLiteral(query.params[index]);
  });
  if (used.size !== query.params.length) throw new Error('a value was given for no placeholder');
  return text;
}

/** One value as a PostgreSQL literal; anything but text, finite numbers, booleans and null is refused. */
export function pgLiteral(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'string') return pg.escapeLiteral(value);
  if (typeof value === 'number' && Number.isFinite(value)) return `(${String(value)})`;
  if (typeof value === 'bigint') return `(${value.toString()})`;
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  throw new Error(`a ${typeof value} cannot be written as a PostgreSQL literal`);
}
