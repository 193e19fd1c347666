import { z } from 'zod';
import { symbolSchema } from '../market/schemas';
import { userText } from '../schemas/text';
import {
  ALERT_CONDITIONS,
  ALERT_FREQUENCIES,
  CONDITION_RULES,
  hasLevel,
  type AlertCondition,
  type AlertFrequency,
} from './conditions';
import {
  FIRING_PAGE_SIZE,
  MAX_CHANGE_PERCENT,
  MAX_FIRING_PAGE_SIZE,
  MAX_NOTE_LENGTH,
  MAX_PRICE_LEVEL,
  MAX_THROTTLE_SECONDS,
  MIN_CHANGE_PERCENT,
  MIN_THROTTLE_SECONDS,
} from './limits';

/** Inputs of the alert procedures (REST and tRPC share them). What needs the clock or the market is the server's. */

export const ALERT_NOT_FOUND = 'Alert not found';

/** Why `level` does not suit `condition`, or null when it does. */
export function levelProblem(condition: AlertCondition, level: number | null | undefined): string | null {
  const measure = CONDITION_RULES[condition].measure;
  if (!hasLevel(condition)) {
    return level === null || level === undefined
      ? null
      : 'A moving-average crossover has no level (MA20 crosses MA50): leave level out';
  }
  if (level === null || level === undefined) return `${condition} needs a level`;
  if (!Number.isFinite(level)) return 'level must be a finite number';
  switch (measure) {
    case 'price':
      return level > 0 && level < MAX_PRICE_LEVEL ? null : 'A price level must be a positive price';
    case 'change':
      return level > MIN_CHANGE_PERCENT && level <= MAX_CHANGE_PERCENT
        ? null
        : `A change level is a percent above ${MIN_CHANGE_PERCENT} and at most ${MAX_CHANGE_PERCENT}`;
    case 'rsi':
      return level > 0 && level < 100 ? null : 'An RSI level is between 0 and 100';
    default:
      return null;
  }
}

/** Why the frequency and its interval do not go together, or null. */
export function frequencyProblem(frequency: AlertFrequency, intervalSeconds: number | null | undefined): string | null {
  if (frequency === 'throttle') {
    return intervalSeconds === null || intervalSeconds === undefined
      ? `Every time needs intervalSeconds, the least time between two alerts (${MIN_THROTTLE_SECONDS} or more)`
      : null;
  }
  return intervalSeconds === null || intervalSeconds === undefined
    ? null
    : 'intervalSeconds applies only to frequency throttle';
}

const condition = z.enum(ALERT_CONDITIONS, {
  error: `condition must be one of ${ALERT_CONDITIONS.join(', ')}`,
});
const level = z.number({ error: 'level must be a number' }).nullish();
const frequency = z.enum(ALERT_FREQUENCIES, { error: `frequency must be one of ${ALERT_FREQUENCIES.join(', ')}` });
const intervalSeconds = z
  .number({ error: 'intervalSeconds must be a whole number of seconds' })
  .int('intervalSeconds must be a whole number of seconds')
  .min(MIN_THROTTLE_SECONDS, `intervalSeconds must be at least ${MIN_THROTTLE_SECONDS}`)
  .max(MAX_THROTTLE_SECONDS, `intervalSeconds must be at most ${MAX_THROTTLE_SECONDS} (a week)`)
  .nullish();
const note = userText('note must be text')
  .trim()
  .max(MAX_NOTE_LENGTH, `note must be at most ${MAX_NOTE_LENGTH} characters`);
/** An ISO 8601 time; whether it is in the future is the server's check (it owns the clock). Null: never expires. */
const expiresAt = z
  .string({ error: 'expiresAt must be a date and time such as 2026-12-31T21:00:00Z' })
  .max(40, 'expiresAt must be a date and time such as 2026-12-31T21:00:00Z')
  .refine((v) => /^\d{4}-\d{2}-\d{2}/.test(v) && Number.isFinite(Date.parse(v)), {
    message: 'expiresAt must be a date and time such as 2026-12-31T21:00:00Z',
  })
  .transform((v) => Date.parse(v))
  .nullish();
/** The channels for this alert besides in-app (always on); null or absent follows the user's preferences. */
const channels = z
  .array(z.enum(['inApp', 'push', 'email'], { error: 'channels may list inApp, push and email' }), {
    error: 'channels must be a list such as ["push", "email"], or null for your defaults',
  })
  .max(3, 'channels may list inApp, push and email')
  .nullish()
  .transform((list) => (list ? [...new Set(list.filter((c) => c !== 'inApp'))] : list));

/** POST /api/alerts. */
export const createAlertSchema = z
  .object({
    symbol: symbolSchema,
    condition,
    level,
    frequency: frequency.default('once'),
    intervalSeconds,
    note: note.default(''),
    expiresAt,
    channels,
  })
  .strict()
  .superRefine((input, ctx) => {
    const problem =
      levelProblem(input.condition, input.level) ?? frequencyProblem(input.frequency, input.intervalSeconds);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
export type CreateAlertInput = z.output<typeof createAlertSchema>;

/**
 * A path id: digits. Anything else names no alert and reads as id 0, which matches no row, so the caller gets the
 * same 404 as for a missing alert or someone else's.
 */
const alertId = z
  .union([z.number(), z.string().max(40)], { error: ALERT_NOT_FOUND })
  .transform((raw) => (/^\d{1,15}$/.test(String(raw)) ? Number(raw) : 0));

export const alertIdSchema = z.object({ id: alertId });

/**
 * PATCH /api/alerts/{id}: any field of the alert, and `active` to pause (false) or arm again (true). What is left
 * out stays; the merged alert is checked as a whole by the server (a new condition may need a level).
 */
export const updateAlertSchema = z
  .object({
    id: alertId,
    symbol: symbolSchema.optional(),
    condition: condition.optional(),
    level,
    frequency: frequency.optional(),
    intervalSeconds,
    note: note.optional(),
    expiresAt,
    channels,
    active: z.boolean({ error: 'active must be true or false' }).optional(),
  })
  .strict();
export type UpdateAlertInput = z.output<typeof updateAlertSchema>;

/** A whole number from a query string ('30') or JSON (30). */
function wholeNumber(message: string) {
  return z
    .union([z.number(), z.string().regex(/^\d{1,15}$/, message)], { error: message })
    .transform(Number)
    .pipe(z.number().int(message).positive(message).max(Number.MAX_SAFE_INTEGER, message));
}

/** GET /api/alerts/{id}/history?cursor=&limit=: newest first. */
export const alertHistorySchema = z.object({
  id: alertId,
  cursor: wholeNumber('cursor must be a firing id').optional(),
  limit: wholeNumber('limit must be a whole number from 1')
    .pipe(z.number().max(MAX_FIRING_PAGE_SIZE, `limit must be at most ${MAX_FIRING_PAGE_SIZE}`))
    .default(FIRING_PAGE_SIZE),
});
