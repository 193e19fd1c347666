import type { LiveQuoteEvent } from '../../../shared/market/types';
import type { LiveQuoteHub } from '../../market/live';

/**
 * One client's live-quote stream as an async iterable (tRPC v11 subscriptions are async generators).
 * Only the newest event per symbol waits in the queue, so a slow socket can never make memory grow.
 * The stream ends, and the hub forgets the client, when `signal` aborts (client unsubscribed or disconnected).
 */
export async function* liveQuoteStream(
  hub: LiveQuoteHub,
  symbols: readonly string[],
  signal: AbortSignal | undefined,
): AsyncGenerator<LiveQuoteEvent> {
  const pending = new Map<string, LiveQuoteEvent>();
  let wake: (() => void) | null = null;
  const notify = () => {
    wake?.();
    wake = null;
  };
  const unsubscribe = hub.subscribe(symbols, (event) => {
    pending.delete(event.symbol);
    pending.set(event.symbol, event);
    notify();
  });
  signal?.addEventListener('abort', notify, { once: true });
  try {
    while (!signal?.aborted) {
      if (pending.size === 0) {
        await new Promise<void>((resolve) => (wake = resolve));
        continue;
      }
      const [symbol, event] = pending.entries().next().value!;
      pending.delete(symbol);
      yield event;
    }
  } finally {
    unsubscribe();
    signal?.removeEventListener('abort', notify);
  }
}
