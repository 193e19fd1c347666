import { queryClient } from '../../lib/queryClient';
import { currentUserQueryOptions } from '../../lib/useAuth';

/**
 * Arriving at /chat, the agent opens sooner. Left to the page, its chunks would wait for the trading page's chunks,
 * then the sign-in check the page sends once rendered, then the agent's own chunks: three rounds one after another.
 * Run from the route's loader, the sign-in check starts with the page's own chunks, and for a signed-in member the
 * agent's chunks load beside them (docs/architecture.md has the figures). Nothing for anyone else: a visitor is sent
 * to sign in. A failure here is left to the agent's own load, which shows Retry.
 */
export function preloadAgentForMembers(): void {
  // ensureQueryData: an answer already cached is enough here (useAuth keeps it fresh); only a first arrival sends it.
  void queryClient
    .ensureQueryData(currentUserQueryOptions())
    .then((user) => (user && !user.banned ? import('./AgentModal') : undefined))
    .catch(() => undefined);
}
