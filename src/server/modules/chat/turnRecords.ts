import { TRPCError } from '@trpc/server';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { ChatStreamEvent } from '../../../shared/chat/types';
import type { ErrorBody } from '../../../shared/errors';
import type { Db } from '../../db/client';
import { first } from '../../db/rows';
import { tablesOf } from '../../db/schema';
import type { chatTurns } from '../../db/sqliteSchema';
import { appError } from '../../errors/appError';
import { toErrorResponse } from '../../trpc/errors';

/**
 * The chat_turns rows: a streamed answer as the instance running it records it, so that any instance on the same
 * database can serve a re-subscription by request id (decision 006, amended for issue 20). Only the running
 * instance writes a row, and only while the row is unfinished; a finished row never changes again.
 */

export const TURN_INTERRUPTED_MESSAGE = 'The answer was interrupted. Please send your message again.';

/** How much longer than the engine's timeout a row may go unwritten before its instance counts as gone. */
export const STALE_MARGIN_MS = 10_000;

export type TurnRow = typeof chatTurns.$inferSelect;

/** The error an answer ended with, as its client saw it: the tRPC code and the body (message and extras). */
interface StoredFailure {
  code: TRPCError['code'];
  body: ErrorBody;
}

/** What the running instance's client received, so a follower elsewhere can throw the same. */
export function failureText(error: unknown): string {
  const { body } = toErrorResponse(error);
  const failure: StoredFailure = { code: error instanceof TRPCError ? error.code : 'INTERNAL_SERVER_ERROR', body };
  return JSON.stringify(failure);
}

/** The stored failure as an error of the kind the running instance threw (its client sees the same code and body). */
export function errorOfFailure(text: string): TRPCError {
  const { code, body } = JSON.parse(text) as StoredFailure;
  const { message, ...extras } = body;
  return appError(code, message, extras);
}

export function turnInterruptedError(): TRPCError {
  return appError('SERVICE_UNAVAILABLE', TURN_INTERRUPTED_MESSAGE);
}

/**
 * Claims a request id for an answer about to run: the row is inserted, and committed, before any event is emitted.
 * False when the row exists already: another instance (or subscription) runs or ran this answer.
 */
export async function claimTurn(db: Db, userId: string, requestId: string, now: number): Promise<boolean> {
  const { chatTurns } = tablesOf(db);
  const inserted = await db
    .insert(chatTurns)
    .values({ userId, requestId, events: '', eventCount: 0, done: false, failure: null, updatedAt: now })
    .onConflictDoNothing()
    .returning({ requestId: chatTurns.requestId });
  return inserted.length > 0;
}

export async function findTurn(db: Db, userId: string, requestId: string): Promise<TurnRow | undefined> {
  const { chatTurns } = tablesOf(db);
  return first(
    db
      .select()
      .from(chatTurns)
      .where(and(eq(chatTurns.userId, userId), eq(chatTurns.requestId, requestId)))
      .limit(1),
  );
}

/** A row's events: one JSON text a line (JSON.stringify never writes a raw line break). */
export function turnEventsOf(row: Pick<TurnRow, 'events'>): ChatStreamEvent[] {
  return row.events
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as ChatStreamEvent);
}

const linesOf = (events: readonly ChatStreamEvent[]) => events.map((event) => JSON.stringify(event) + '\n').join('');

/**
 * Records the events of an unfinished row (and its end, when given). Appends the ones after the first `written`,
 * guarded by the count the row holds, so a batch is written once however writes fail and are retried; a row that
 * holds some other count (a write that failed to report its success) is rewritten whole.
 */
export async function recordTurnEvents(
  db: Db,
  userId: string,
  requestId: string,
  events: readonly ChatStreamEvent[],
  written: number,
  now: number,
  end?: { failure: string | null },
): Promise<void> {
  const { chatTurns } = tablesOf(db);
  const ending = end ? { done: true, failure: end.failure } : {};
  const unfinished = and(eq(chatTurns.userId, userId), eq(chatTurns.requestId, requestId), eq(chatTurns.done, false));
  const appended = await db
    .update(chatTurns)
    .set({
      events: sql`${chatTurns.events} || ${linesOf(events.slice(written))}`,
      eventCount: events.length,
      updatedAt: now,
      ...ending,
    })
    .where(and(unfinished, eq(chatTurns.eventCount, written)))
    .returning({ requestId: chatTurns.requestId });
  if (appended.length > 0) return;
  await db
    .update(chatTurns)
    .set({ events: linesOf(events), eventCount: events.length, updatedAt: now, ...ending })
    .where(unfinished);
}

/**
 * Ends a row whose instance stopped writing before `staleBefore` (it died mid-answer) with the interrupted message.
 * Guarded by the same condition, so a row written meanwhile is left alone (false: read it again).
 */
export async function markTurnInterrupted(
  db: Db,
  userId: string,
  requestId: string,
  staleBefore: number,
  now: number,
): Promise<boolean> {
  const { chatTurns } = tablesOf(db);
  const marked = await db
    .update(chatTurns)
    .set({ done: true, failure: failureText(turnInterruptedError()), updatedAt: now })
    .where(
      and(
        eq(chatTurns.userId, userId),
        eq(chatTurns.requestId, requestId),
        eq(chatTurns.done, false),
        lt(chatTurns.updatedAt, staleBefore),
      ),
    )
    .returning({ requestId: chatTurns.requestId });
  return marked.length > 0;
}
