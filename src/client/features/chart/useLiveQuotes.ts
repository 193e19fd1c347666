import { useEffect, useRef } from 'react';
import type { LiveQuoteEvent } from '../../../shared/market/types';
import { subscribe } from '../../lib/market/liveSocket';

/**
 * Live quote pushes for some symbols over the tRPC websocket (lib/market/liveSocket.ts: no tRPC client on the
 * screens that chart). The handler may change every render without re-subscribing; a new symbol list does
 * re-subscribe. The hook itself never re-renders its caller.
 */
export function useLiveQuotes(
  symbols: readonly string[],
  onEvent: (event: LiveQuoteEvent) => void,
  enabled = true,
): void {
  const handler = useRef(onEvent);
  useEffect(() => {
    handler.current = onEvent;
  });
  const key = symbols.join(',');
  useEffect(() => {
    if (!enabled || !key) return;
    return subscribe<LiveQuoteEvent>(
      'stocks.live',
      { symbols: key.split(',') },
      {
        onData: (event) => handler.current(event),
        onError: (error) => console.error('Live quotes stopped', error),
      },
    );
  }, [key, enabled]);
}
