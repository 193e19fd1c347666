import type { useTRPCClient } from '../../lib/trpc';
import type { PushApi } from './pushDevice';

/**
 * pushDevice.ts's server calls over the app's tRPC client (the same procedures as /api/push/...). A screen passes
 * the client it has from `useTRPCClient()`.
 */
export function createPushApi(client: ReturnType<typeof useTRPCClient>): PushApi {
  return {
    key: () => client.push.key.query(),
    subscribe: (subscription) =>
      client.push.subscribe.mutate({
        endpoint: subscription.endpoint ?? '',
        expirationTime: subscription.expirationTime ?? null,
        keys: { p256dh: subscription.keys?.p256dh ?? '', auth: subscription.keys?.auth ?? '' },
      }),
    unsubscribe: (endpoint) => client.push.unsubscribe.mutate({ endpoint }),
  };
}
