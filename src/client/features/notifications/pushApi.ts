import { appTrpcClient } from '../../lib/trpc';
import type { PushApi } from './pushDevice';

/** pushDevice.ts's server calls over the app's tRPC client (the same procedures as /api/push/...). */
export const pushApi: PushApi = {
  key: () => appTrpcClient.push.key.query(),
  subscribe: (subscription) =>
    appTrpcClient.push.subscribe.mutate({
      endpoint: subscription.endpoint ?? '',
      expirationTime: subscription.expirationTime ?? null,
      keys: { p256dh: subscription.keys?.p256dh ?? '', auth: subscription.keys?.auth ?? '' },
    }),
  unsubscribe: (endpoint) => appTrpcClient.push.unsubscribe.mutate({ endpoint }),
};
