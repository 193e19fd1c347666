/**
 * Request bodies that are wrong for any JSON endpoint, for the fuzz tests: every one must get a 4xx with a
 * message, never a 5xx.
 */

export interface BadBody {
  label: string;
  /** Raw request body; undefined sends none. */
  body?: string;
  contentType?: string;
}

export const raw = (label: string, body: string | undefined, contentType = 'application/json'): BadBody => ({
  label,
  body,
  contentType,
});
export const json = (label: string, value: unknown): BadBody => raw(label, JSON.stringify(value));

/** Shapes wrong for every endpoint, around one valid body. */
export function genericBadBodies(valid: Record<string, unknown>): BadBody[] {
  let deep = '0';
  for (let i = 0; i < 400; i++) deep = `{"a":${deep}}`;
  const [firstField = 'x'] = Object.keys(valid);
  return [
    raw('broken JSON', `{"${firstField}":`),
    raw('a lone brace', '{'),
    raw('plain words', 'not json at all'),
    raw('empty body declared as JSON', ''),
    raw('no body at all', undefined),
    raw('JSON null', 'null'),
    raw('JSON array', '[]'),
    raw('JSON number', '42'),
    raw('JSON string', '"just a string"'),
    raw('JSON true', 'true'),
    json('the valid body inside an array', [valid]),
    json('the valid body one level down', { data: valid }),
    raw('deep nesting', deep),
    raw('valid JSON sent as text/plain', JSON.stringify(valid), 'text/plain'),
    raw('form encoding', `${firstField}=x`, 'application/x-www-form-urlencoded'),
    raw('over the body size limit', JSON.stringify({ ...valid, padding: 'x'.repeat(150_000) })),
    json('prototype pollution', JSON.parse(`{"__proto__": {"isAdmin": true}, "constructor": {"prototype": {"x": 1}}}`)),
  ];
}

/** Each field missing (unless optional), or replaced by each of its bad values. */
export function fieldBadBodies(
  valid: Record<string, unknown>,
  fields: Record<string, unknown[]>,
  optional: readonly string[] = [],
): BadBody[] {
  const out: BadBody[] = [];
  for (const [field, values] of Object.entries(fields)) {
    const { [field]: _dropped, ...without } = valid;
    if (!optional.includes(field)) out.push(json(`${field} missing`, without));
    for (const value of values)
      out.push(json(`${field} = ${JSON.stringify(value)?.slice(0, 40)}`, { ...valid, [field]: value }));
  }
  return out;
}

/** A string far over every field's limit. */
export const HUGE_TEXT = 'x'.repeat(5000);
