import { useSubscription } from '@trpc/tanstack-react-query';
import type { LiveQuoteEvent } from '../../../shared/market/types';
import { useTRPC } from '../../lib/trpc';

/**
 * Live quote pushes for some symbols: the `stocks.live` subscription over the tab's one websocket. The handler may
 * change every render without re-subscribing; a new symbol list does re-subscribe. Nothing of the subscription's
 * state is read, so it never re-renders its caller.
 */
export function useLiveQuotes(
  symbols: readonly string[],
  onEvent: (event: LiveQuoteEvent) => void,
  enabled = true,
): void {
  const trpc = useTRPC();
  useSubscription(
    trpc.stocks.live.subscriptionOptions(
      { symbols: [...symbols] },
      {
        enabled: enabled && symbols.length > 0,
        onData: onEvent,
        onError: (error) => console.error('Live quotes stopped', error),
      },
    ),
  );
}
