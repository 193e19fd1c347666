import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import type { SocketConnection } from '../../realtime/socketConnection';
import { acceptChatMessage, type ChatDeps, type ChatMessageInput } from './service';
import { turnHubFor } from './turnHub';

export interface StreamedTurnRequest extends ChatMessageInput {
  requestId: string;
  lastEventId?: string | null;
}

/**
 * chat.send: the events of the answer to this request id. A request id the hub knows is a re-subscription and
 * follows its answer from the event after `lastEventId`; a new one is accepted first (room on the connection, the
 * message, the conversation, the daily limit) and only then started and kept. A refusal keeps nothing and counts
 * against the socket's flood budget, so a client sending refused messages in a loop is disconnected.
 */
export async function* followChatTurn(
  deps: ChatDeps,
  userId: string,
  connection: SocketConnection,
  request: StreamedTurnRequest,
  signal: AbortSignal,
) {
  const hub = turnHubFor(deps);
  let answer = hub.find(userId, request.requestId);
  if (!answer) {
    try {
      hub.assertRoom(userId, connection);
      const accepted = await acceptChatMessage(deps, userId, {
        message: request.message,
        conversationId: request.conversationId,
      });
      // Accepting awaited the database, so another subscription may have run meanwhile: a re-subscription with the
      // same request id that started this answer already, or other answers that filled the caps. Checked again with
      // nothing awaited between the check and the start; the unit just taken is given back when the turn is not run.
      answer = hub.find(userId, request.requestId);
      if (answer) {
        await accepted.withdraw();
      } else {
        try {
          hub.assertRoom(userId, connection);
        } catch (error) {
          await accepted.withdraw();
          throw error;
        }
        answer = hub.start(userId, connection, request.requestId, (emit) => accepted.answer(emit));
      }
    } catch (error) {
      if (isRefusal(error)) connection.noteRefusal();
      throw error;
    }
  }
  const from = request.lastEventId ? Number(request.lastEventId) + 1 : 0;
  yield* answer.follow(Number.isFinite(from) ? from : 0, signal);
}

/** A request turned down for what it asked (4xx), as opposed to a failure of ours. */
export function isRefusal(error: unknown): boolean {
  return error instanceof TRPCError && getHTTPStatusCodeFromError(error) < 500;
}
