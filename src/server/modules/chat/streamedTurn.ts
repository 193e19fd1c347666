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
export function followChatTurn(
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
      const accepted = acceptChatMessage(deps, userId, {
        message: request.message,
        conversationId: request.conversationId,
      });
      answer = hub.start(userId, connection, request.requestId, (emit) => accepted.answer(emit));
    } catch (error) {
      if (isRefusal(error)) connection.noteRefusal();
      throw error;
    }
  }
  const from = request.lastEventId ? Number(request.lastEventId) + 1 : 0;
  return answer.follow(Number.isFinite(from) ? from : 0, signal);
}

/** A request turned down for what it asked (4xx), as opposed to a failure of ours. */
export function isRefusal(error: unknown): boolean {
  return error instanceof TRPCError && getHTTPStatusCodeFromError(error) < 500;
}
