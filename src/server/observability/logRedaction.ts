/**
 * What a log line must never carry: the values a failed database query was run with. drizzle wraps every failed
 * query in an error whose message, stack and `params` field list them ("Failed query: select … where id = $1
 * \nparams: <session id>"), tRPC copies that message into the error it wraps around it, and node-postgres puts row
 * values into `detail` ("Key (id)=(…) already exists.", "Failing row contains (…)"). During a PostgreSQL outage
 * (issue 26) such lines carried live session ids. Every line the server logs goes through `redactLogArguments`
 * (observability/logger.ts installs it as pino's logMethod hook), so this holds whatever key an error is logged under.
 *
 * The SQL text is kept (it names the query, not the person); the values are replaced by `[redacted]`.
 */

export const REDACTED = '[redacted]';

/** Fields of an error (drizzle's, node-postgres', SQLite's) that hold a query's values, or the rows it touched. */
const VALUE_FIELDS: ReadonlySet<string> = new Set(['params', 'parameters', 'detail', 'where', 'internalQuery']);

/** drizzle's DrizzleQueryError message: the values follow this line start, to the end (a value may hold newlines). */
const PARAMS_LINE = '\nparams: ';
/** PostgreSQL quotes the value it could not read at the end: `invalid input syntax for type uuid: "…"`. */
const QUOTED_INPUT = /(invalid input (?:syntax|value) for [^:\n]*: )"[\s\S]*"$/;

/** How deep nested objects, arrays and causes are followed; a log line is not a place for deeper structures. */
const MAX_DEPTH = 5;

/** A text with any query values it quotes replaced. */
export function redactText(text: string): string {
  let out = text;
  const at = out.indexOf(PARAMS_LINE);
  if (at >= 0 && out.includes('Failed query: ')) out = `${out.slice(0, at)}${PARAMS_LINE}${REDACTED}`;
  return out.replace(QUOTED_INPUT, `$1"${REDACTED}"`);
}

/** Plain data (objects, arrays) is followed; class instances other than errors (requests, sockets) are left alone. */
function isPlain(value: object): boolean {
  if (Array.isArray(value)) return true;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

/** An error as pino would write it (type, message, stack, its own fields, its cause), without query values. */
export function serializeError(error: Error, depth = 0): Record<string, unknown> {
  const message = redactText(String(error.message));
  const out: Record<string, unknown> = { type: error.constructor?.name ?? error.name, message };
  if (typeof error.stack === 'string') out.stack = redactStack(error, message);
  for (const key of Object.keys(error)) {
    if (key === 'cause' || key === 'message' || key === 'stack') continue;
    out[key] = VALUE_FIELDS.has(key)
      ? REDACTED
      : redactValue((error as unknown as Record<string, unknown>)[key], depth + 1);
  }
  if (error.cause !== undefined) out.cause = redactValue(error.cause, depth + 1);
  return out;
}

/**
 * The stack with its first line (name and message) rewritten. V8 starts a stack with `${name}: ${message}`; the
 * frames after it are kept as they are.
 */
function redactStack(error: Error, redactedMessage: string): string {
  const stack = error.stack as string;
  const head = `${error.name}: ${error.message}`;
  if (stack.startsWith(head)) return `${error.name}: ${redactedMessage}${stack.slice(head.length)}`;
  const frames = stack.search(/\n\s+at /);
  return `${error.name}: ${redactedMessage}${frames >= 0 ? stack.slice(frames) : ''}`;
}

/** Any logged value: errors serialized without query values, plain data followed, the rest as it is. */
export function redactValue(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return redactText(value);
  if (value === null || typeof value !== 'object') return value;
  if (depth > MAX_DEPTH) return value instanceof Error ? { type: value.name, message: REDACTED } : value;
  if (value instanceof Error) return serializeError(value, depth);
  if (!isPlain(value)) return value;
  if (Array.isArray(value)) return value.map((item) => redactValue(item, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) out[key] = redactValue(item, depth + 1);
  return out;
}

/**
 * pino's logMethod hook: the arguments of `log.error({ err }, 'message')`, `log.warn(error)` and the like, with every
 * error and message text passed through the redaction before pino formats them. A lone error becomes `{ err }`, as
 * pino itself would file it, so its message still names the line.
 */
export function redactLogArguments(args: unknown[]): unknown[] {
  const [first, ...rest] = args;
  if (first instanceof Error) {
    const err = serializeError(first);
    return rest.length > 0 ? [{ err }, ...rest.map((arg) => redactValue(arg))] : [{ err }, err.message];
  }
  return args.map((arg) => redactValue(arg));
}
