import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import type { SocketConnection } from '../../realtime/socketConnection';
import type { ChatStreamEvent } from '../../../shared/chat/types';
import { acceptChatMessage, type AcceptedChatMessage, type ChatDeps, type ChatMessageInput } from './service';
import { followStoredTurn, type StoredTurnDeps } from './storedTurn';
import { turnHubFor } from './turnHub';
import { TurnRecorder, type TurnRecorderDeps } from './turnRecorder';
import { claimTurn, findTurn } from './turnRecords';

export interface StreamedTurnRequest extends ChatMessageInput {
  requestId: string;
  lastEventId?: string | null;
}

export type StreamedTurnDeps = ChatDeps & StoredTurnDeps & TurnRecorderDeps;

/**
 * chat.send: the events of the answer to this request id. A request id this server's hub knows is a re-subscription
 * and follows its answer from the event after `lastEventId`; one recorded in the database (chat_turns) runs or ran on
 * another instance (the websocket reconnected elsewhere) and is followed from its row. A new one is accepted first
 * (room on the connection, the message, the conversation, the daily limit), its row claimed, and only then started
 * and kept. A refusal keeps nothing and counts against the socket's flood budget, so a client sending refused
 * messages in a loop is disconnected.
 */
export async function* followChatTurn(
  deps: StreamedTurnDeps,
  userId: string,
  connection: SocketConnection,
  request: StreamedTurnRequest,
  signal: AbortSignal,
) {
  const hub = turnHubFor(deps);
  const { requestId } = request;
  const after = request.lastEventId ? Number(request.lastEventId) + 1 : 0;
  const from = Number.isFinite(after) ? after : 0;
  let answer = hub.find(userId, requestId);
  if (!answer && (await findTurn(deps.db, userId, requestId))) {
    yield* followStoredTurn(deps, userId, requestId, from, signal);
    return;
  }
  if (!answer) {
    try {
      hub.assertRoom(userId, connection);
      const accepted = await acceptChatMessage(deps, userId, {
        message: request.message,
        conversationId: request.conversationId,
      });
      // Accepting awaited the database, so another subscription may have run meanwhile: a re-subscription with the
      // same request id that started this answer already, or other answers that filled the caps. The unit just taken
      // is given back when the turn is not run here.
      answer = hub.find(userId, requestId);
      if (answer) {
        await accepted.withdraw();
      } else {
        try {
          hub.assertRoom(userId, connection);
        } catch (error) {
          await accepted.withdraw();
          throw error;
        }
        // The row is the claim across instances, committed before any event is emitted: a re-subscription that
        // reached another instance meanwhile finds it taken, gives its unit back and follows the row.
        if (!(await claimTurn(deps.db, userId, requestId, deps.now()))) {
          await accepted.withdraw();
          answer = hub.find(userId, requestId);
          if (!answer) {
            yield* followStoredTurn(deps, userId, requestId, from, signal);
            return;
          }
        } else {
          const recorder = new TurnRecorder(deps, userId, requestId);
          // Checked again with nothing awaited between the check and the start (the claim awaited). A refusal now
          // also ends the claimed row, so whoever follows it gets the same answer.
          try {
            hub.assertRoom(userId, connection);
          } catch (error) {
            await accepted.withdraw();
            await recorder.finish(error);
            throw error;
          }
          answer = hub.start(userId, connection, requestId, (emit) => recordedAnswer(accepted, recorder, emit));
        }
      }
    } catch (error) {
      if (isRefusal(error)) connection.noteRefusal();
      throw error;
    }
  }
  yield* answer.follow(from, signal);
}

/** Runs the answer, each event to this server's followers at once and to its row in batches, then its end. */
async function recordedAnswer(
  accepted: AcceptedChatMessage,
  recorder: TurnRecorder,
  emit: (event: ChatStreamEvent) => void,
) {
  try {
    const result = await accepted.answer((event) => {
      recorder.push(event);
      emit(event);
    });
    void recorder.finish(null);
    return result;
  } catch (error) {
    void recorder.finish(error ?? new Error('the answer failed'));
    throw error;
  }
}

/** A request turned down for what it asked (4xx), as opposed to a failure of ours. */
export function isRefusal(error: unknown): boolean {
  return error instanceof TRPCError && getHTTPStatusCodeFromError(error) < 500;
}
