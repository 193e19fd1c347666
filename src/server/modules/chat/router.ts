import { ZodError } from 'zod';
import {
  askInputSchema,
  conversationInputSchema,
  forecastInputSchema,
  insightInputSchema,
  sendInputSchema,
} from '../../../shared/chat/schemas';
import { authedProcedure, middleware, router } from '../../trpc/init';
import { socketSubscription } from '../../trpc/socketSubscription';
import { generateForecast } from './forecast';
import {
  answerChatMessage,
  answerInsight,
  conversationMessages,
  conversationsOf,
  removeConversation,
  toChatResponse,
} from './service';
import { followChatTurn } from './streamedTurn';

/** Input that fails the schema on a socket counts against its flood budget, like every other refused message. */
const badInputIsRefusal = middleware(async ({ ctx, next }) => {
  const result = await next();
  if (!result.ok && result.error.cause instanceof ZodError) ctx.connection?.noteRefusal();
  return result;
});

/** Financial Agent: streamed and plain chat, forecast graphs, shared insights, conversation history. Signed in only. */
export const chatRouter = router({
  /**
   * The streamed answer: tracked events (started, tool progress, tokens, done). Re-subscribing with the same
   * requestId and the last event id resumes the same answer.
   */
  send: authedProcedure
    .use(badInputIsRefusal)
    .input(sendInputSchema)
    .subscription(({ ctx, input, signal }) =>
      // Within the connection's caps, and ended with the session (trpc/socketSubscription.ts).
      socketSubscription(ctx, { procedure: 'chat.send', signal }, (streamSignal, connection) =>
        followChatTurn(ctx.deps, ctx.user.id, connection, input, streamSignal),
      ),
    ),

  /** POST /api/chat: waits for the whole answer. */
  ask: authedProcedure
    .input(askInputSchema)
    .mutation(async ({ ctx, input }) => toChatResponse(await answerChatMessage(ctx.deps, ctx.user.id, input))),

  conversations: authedProcedure.query(({ ctx }) => conversationsOf(ctx.deps, ctx.user.id)),

  conversation: authedProcedure
    .input(conversationInputSchema)
    .query(({ ctx, input }) => conversationMessages(ctx.deps, ctx.user.id, input.id)),

  deleteConversation: authedProcedure
    .input(conversationInputSchema)
    .mutation(({ ctx, input }) => removeConversation(ctx.deps, ctx.user.id, input.id)),

  /** POST /api/forecast: a forecast graph on its own (one graph generation). */
  forecast: authedProcedure
    .input(forecastInputSchema)
    .mutation(({ ctx, input }) => generateForecast(ctx.deps, ctx.user.id, input)),

  /** POST /api/ai/insight: an answer for the social hub to share (one chat message). */
  insight: authedProcedure
    .input(insightInputSchema)
    .mutation(({ ctx, input }) => answerInsight(ctx.deps, ctx.user.id, input.question)),
});
