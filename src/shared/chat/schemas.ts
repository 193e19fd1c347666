import { z } from 'zod';
import { symbolSchema } from '../market/schemas';
import { isValidSymbol, normalizeSymbol } from '../market/symbols';
import { userText } from '../schemas/text';

/** Inputs of the Financial Agent's calls (REST and tRPC share them). */

export const MAX_CHAT_MESSAGE_LENGTH = 2000;
export const EMPTY_MESSAGE = 'Message cannot be empty';
export const MESSAGE_TOO_LONG = `Message must be at most ${MAX_CHAT_MESSAGE_LENGTH} characters`;

export const chatMessageSchema = z
  .string({ error: 'message is required' })
  .pipe(userText().trim().min(1, EMPTY_MESSAGE).max(MAX_CHAT_MESSAGE_LENGTH, MESSAGE_TOO_LONG));

export const conversationIdSchema = z
  .string({ error: 'conversationId is required' })
  .regex(/^[a-z0-9]{8,40}$/, 'Invalid conversation id');

/** POST /api/chat (product.md §7): `message`, optionally continuing a conversation. */
export const askInputSchema = z.object({
  message: chatMessageSchema,
  conversationId: conversationIdSchema.optional(),
});

/**
 * chat.send (the streamed answer). `requestId` is made by the client per message: a websocket that reconnects
 * re-subscribes with the same input (plus lastEventId), and the server then resumes that answer instead of
 * starting and charging a second one.
 */
export const sendInputSchema = askInputSchema.extend({
  requestId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'Invalid request id'),
  lastEventId: z.string().max(20).nullish(),
});

export const conversationInputSchema = z.object({ id: conversationIdSchema });

export const FORECAST_HORIZONS = ['1W', '1M', '3M', '6M', '1Y'] as const;
export type ForecastHorizon = (typeof FORECAST_HORIZONS)[number];
export const forecastHorizonSchema = z
  .string()
  .transform((v) => v.trim().toUpperCase())
  .pipe(z.enum(FORECAST_HORIZONS, { error: `horizon must be one of ${FORECAST_HORIZONS.join(', ')}` }));

/** POST /api/forecast: one forecast graph (counts as a graph generation). */
export const forecastInputSchema = z.object({
  symbol: symbolSchema,
  horizon: forecastHorizonSchema.default('1M'),
});

/** POST /api/ai/insight (product.md §7): a question, answered as `{ content }`. */
export const insightInputSchema = z.object({
  question: z
    .string({ error: 'question is required' })
    .pipe(
      userText()
        .trim()
        .min(1, 'Question cannot be empty')
        .max(MAX_CHAT_MESSAGE_LENGTH, `Question must be at most ${MAX_CHAT_MESSAGE_LENGTH} characters`),
    ),
});

/** product.md §7: with a chart in view the client prefixes the message with '[Currently viewing {symbol} chart]'. */
const VIEWING_PREFIX = /^\s*\[Currently viewing ([^\]\s]{1,20}) chart\]\s*/;

export function withViewingPrefix(symbol: string | null | undefined, text: string): string {
  return symbol ? `[Currently viewing ${symbol} chart] ${text}` : text;
}

/** Splits the prefix off: the symbol in view (when it is a valid symbol) and the question itself. */
export function parseViewingPrefix(message: string): { viewingSymbol: string | null; text: string } {
  const match = VIEWING_PREFIX.exec(message);
  if (!match) return { viewingSymbol: null, text: message };
  const symbol = normalizeSymbol(match[1]);
  return { viewingSymbol: isValidSymbol(symbol) ? symbol : null, text: message.slice(match[0].length) };
}
