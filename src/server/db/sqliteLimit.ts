/**
 * SQLite runs a statement whose LIMIT is a bound parameter about three times slower than the same statement with the
 * number written in: every signed-in request's session read (a join on two primary keys, `limit ?`) took 19-20 µs
 * against 6 µs with `limit 1`, measured with better-sqlite3 (issue 29 §3). Drizzle binds every `.limit(n)`, and
 * `first()` asks for `.limit(1)` on each single-row read, so the driver writes the number into the statement text.
 *
 * Only a final `limit ?` (or `limit ? offset ?`, the offset left bound: pages change it) is rewritten, and only when
 * its value is a safe non-negative integer, so nothing but digits ever enters the text. One statement is prepared and
 * cached per distinct limit; the limits are a handful of constants and validated page sizes.
 */
const FINAL_LIMIT = / limit \?$/;
const FINAL_LIMIT_OFFSET = / limit \? offset \?$/;

export function inlineLimit(text: string, params: unknown[]): { text: string; params: unknown[] } {
  const withOffset = FINAL_LIMIT_OFFSET.test(text);
  if (!withOffset && !FINAL_LIMIT.test(text)) return { text, params };
  const at = params.length - (withOffset ? 2 : 1);
  const limit = params[at];
  if (typeof limit !== 'number' || !Number.isSafeInteger(limit) || limit < 0) return { text, params };
  const rest = params.slice(0, at);
  if (withOffset) rest.push(params[at + 1]);
  return {
    text: withOffset
      ? text.replace(FINAL_LIMIT_OFFSET, ` limit ${limit} offset ?`)
      : text.replace(FINAL_LIMIT, ` limit ${limit}`),
    params: rest,
  };
}
