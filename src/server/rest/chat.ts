import type { AppDeps } from '../depsTypes';
import { withRateLimitHeaders } from './rateLimitHeaders';
import { bodyOf, paramsOf, type RestRoute } from './shim';

/** product.md §7 paths of this domain (POST /api/chat, POST /api/ai/insight), plus history and forecasts. */
export const chatRoutes = (deps: AppDeps): RestRoute[] => [
  {
    method: 'POST',
    url: '/api/chat',
    call: (caller, req, reply) =>
      withRateLimitHeaders(reply, 'chatMessages', deps.now, () => caller.chat.ask(bodyOf(req) as never)),
  },
  {
    method: 'POST',
    url: '/api/ai/insight',
    call: (caller, req, reply) =>
      withRateLimitHeaders(reply, 'chatMessages', deps.now, () => caller.chat.insight(bodyOf(req) as never)),
  },
  {
    method: 'POST',
    url: '/api/forecast',
    call: (caller, req, reply) =>
      withRateLimitHeaders(reply, 'graphGenerations', deps.now, () => caller.chat.forecast(bodyOf(req) as never)),
  },
  { method: 'GET', url: '/api/chat/conversations', call: (caller) => caller.chat.conversations() },
  {
    method: 'GET',
    url: '/api/chat/conversations/:id',
    call: (caller, req) => caller.chat.conversation({ id: paramsOf(req).id }),
  },
  {
    method: 'DELETE',
    url: '/api/chat/conversations/:id',
    call: (caller, req) => caller.chat.deleteConversation({ id: paramsOf(req).id }),
  },
];
