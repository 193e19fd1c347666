import { randomUUID } from 'node:crypto';
import type { Probe } from '../probe';

/**
 * Real-time delivery: publishes a ping on the bus and waits for it to come back to a subscriber — the path every
 * live message and session end takes. In-process today the answer is immediate; a networked bus makes this a real
 * round trip without changing the probe.
 */
export const realtimeProbe: Probe = {
  service: {
    id: 'realtime',
    name: 'Real-time delivery',
    category: 'Live data',
    description: 'Live quotes and messages pushed to open browsers.',
  },
  timeoutMs: () => 3_000,
  check({ deps, signal }) {
    const nonce = randomUUID();
    return new Promise((resolve) => {
      const unsubscribe = deps.bus.subscribe('status.ping', (event) => {
        if (event.nonce !== nonce) return;
        unsubscribe();
        resolve({ status: 'online' });
      });
      signal.addEventListener('abort', unsubscribe, { once: true });
      deps.bus.publish('status.ping', { nonce });
    });
  },
};
