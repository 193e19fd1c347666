import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { quotesInputSchema } from '../../shared/market/schemas';
import type { QuotesMap } from '../../shared/market/types';
import type { AppDeps } from '../depsTypes';
import { atEndOfTurn } from '../http/endOfTurn';
import { COMPRESS_MIN_BYTES, quotesMapBody, type BodyEncoding } from '../market/quotesJson';
import { getQuotes } from '../modules/stocks/quotes';
import { sendError as sendRestError } from './shim';

/** br when the client takes it, else gzip; identity otherwise (load generators, curl). */
export function preferredEncoding(acceptEncoding: string | undefined): BodyEncoding | null {
  if (!acceptEncoding) return null;
  if (/\bbr\b/.test(acceptEncoding)) return 'br';
  if (/\bgzip\b/.test(acceptEncoding)) return 'gzip';
  return null;
}

/** Request bodies already validated, with their symbol lists; the oldest is dropped past the limit. */
const PARSED_LIMIT = 500;
const parsedBodies = new Map<string, readonly string[]>();

/**
 * The symbols of a request body. Every browser polling a watchlist sends the same bytes again and again, so a body
 * seen before skips JSON parsing and validation (together a fifth of this route's cost). Only valid bodies are kept.
 */
export function symbolsOfBody(raw: string): readonly string[] {
  const known = parsedBodies.get(raw);
  if (known) return known;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new BadJsonError();
  }
  const { symbols } = quotesInputSchema.parse({ symbols: (parsed as { symbols?: unknown } | null)?.symbols });
  parsedBodies.set(raw, symbols);
  if (parsedBodies.size > PARSED_LIMIT) parsedBodies.delete(parsedBodies.keys().next().value!);
  return symbols;
}

class BadJsonError extends Error {
  readonly statusCode = 400;
  constructor() {
    super('Body is not valid JSON');
  }
}

function sendQuotes(
  req: FastifyRequest,
  reply: FastifyReply,
  symbols: readonly string[],
  quotes: QuotesMap,
): FastifyReply {
  const encoded = quotesMapBody(symbols, quotes);
  reply.type('application/json; charset=utf-8');
  const encoding = encoded.body.length >= COMPRESS_MIN_BYTES ? preferredEncoding(req.headers['accept-encoding']) : null;
  if (!encoding) return reply.send(encoded.body);
  return reply.header('content-encoding', encoding).header('vary', 'accept-encoding').send(encoded.encoded(encoding));
}

function sendError(req: FastifyRequest, reply: FastifyReply, error: unknown): FastifyReply {
  if (error instanceof BadJsonError) return reply.code(400).send({ message: error.message });
  return sendRestError(req, reply, error);
}

/**
 * POST /api/stocks/quotes, the hottest path (every watchlist polls it). It runs the stocks.quotes procedure's own zod
 * schema and handler (modules/stocks/quotes.ts) without tRPC's caller or a request context: the quotes are public,
 * and the caller's per-request objects cost a third of the throughput. Behaviour and errors are the procedure's.
 * Compression is its own too (the route opts out of @fastify/compress): the encoded copies are cached with the body.
 * Answers from the cache are written together with the turn's other answers (http/endOfTurn.ts).
 * Registered in a plugin of its own so its JSON arrives as text (for symbolsOfBody) without changing other routes.
 */
export function registerQuotesRoute(app: FastifyInstance, deps: AppDeps): void {
  void app.register((scope, _options, done) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => done(null, body));
    scope.route({
      method: 'POST',
      url: '/api/stocks/quotes',
      compress: false,
      // Not async: a watchlist whose quotes are all cached is answered at the end of this turn, without a promise.
      handler: (req: FastifyRequest, reply: FastifyReply): void => {
        let symbols: readonly string[];
        try {
          symbols = symbolsOfBody(typeof req.body === 'string' ? req.body : '');
        } catch (error) {
          sendError(req, reply, error);
          return;
        }
        const answer = (quotes: QuotesMap) => {
          try {
            sendQuotes(req, reply, symbols, quotes);
          } catch (error) {
            sendError(req, reply, error);
          }
        };
        const fresh = deps.market.freshQuotes(symbols);
        // Answered from the cache, written with the other answers of this turn (see endOfTurn.ts).
        if (fresh) atEndOfTurn(() => answer(fresh));
        else getQuotes(deps, symbols).then(answer, (error: unknown) => sendError(req, reply, error));
      },
    });
    done();
  });
}
