import { useSubscription } from '@trpc/tanstack-react-query';
import { useMemo } from 'react';
import type { LiveQuoteEvent } from '../../../shared/market/types';
import { useTRPC } from '../../lib/trpc';

/**
 * Live quote pushes for some symbols over the tRPC websocket. The handler may change every render without
 * re-subscribing; a new symbol list does re-subscribe. The hook itself never re-renders its caller.
 */
export function useLiveQuotes(
  symbols: readonly string[],
  onEvent: (event: LiveQuoteEvent) => void,
  enabled = true,
): void {
  const trpc = useTRPC();
  const key = symbols.join(',');
  const input = useMemo(() => ({ symbols: key ? key.split(',') : [] }), [key]);
  useSubscription(
    trpc.stocks.live.subscriptionOptions(input, {
      enabled: enabled && input.symbols.length > 0,
      // useSubscription calls the latest render's onData (it keeps its options in a ref of its own).
      onData: onEvent,
      onError: (error) => console.error('Live quotes stopped', error),
    }),
  );
}
