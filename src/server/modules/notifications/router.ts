import {
  markReadSchema,
  notificationFeedSchema,
  notificationPageSchema,
  preferencesSchema,
  pushEndpointSchema,
  pushSubscriptionSchema,
} from '../../../shared/notifications/schemas';
import { authedProcedure, publicProcedure, router } from '../../trpc/init';
import { socketSubscription } from '../../trpc/socketSubscription';
import { listNotifications, markNotificationsRead, sendTestNotification } from './centre';
import { notificationFeed, notificationFeedStart } from './feed';
import { getPreferences, setPreferences } from './preferences';
import { subscribePush, unsubscribePush } from './pushSubscriptions';

/** The notification centre and the user's delivery preferences (issue 30 §3). Signed in only. */
export const notificationsRouter = router({
  /** GET /api/notifications?cursor=&limit= */
  list: authedProcedure
    .input(notificationPageSchema)
    .query(({ ctx, input }) => listNotifications(ctx.deps, ctx.user.id, input)),

  /** POST /api/notifications/read {ids} */
  markRead: authedProcedure
    .input(markReadSchema)
    .mutation(({ ctx, input }) => markNotificationsRead(ctx.deps, ctx.user.id, input.ids)),

  /** POST /api/notifications/read-all */
  markAllRead: authedProcedure.mutation(({ ctx }) => markNotificationsRead(ctx.deps, ctx.user.id, 'all')),

  /** POST /api/notifications/test: a notification to oneself on one's chosen channels. */
  sendTest: authedProcedure.mutation(({ ctx }) => sendTestNotification(ctx.deps, ctx.user.id)),

  /** GET /api/notifications/preferences */
  preferences: authedProcedure.query(({ ctx }) => getPreferences(ctx.deps, ctx.user.id)),

  /** PUT /api/notifications/preferences {push?, email?} */
  setPreferences: authedProcedure
    .input(preferencesSchema)
    .mutation(({ ctx, input }) => setPreferences(ctx.deps, ctx.user.id, input)),

  /**
   * New notifications as tracked events, for the toast on every signed-in page: reconnecting with the last event id
   * delivers every notification missed in between, then live ones, without duplicates (feed.ts).
   */
  live: authedProcedure.input(notificationFeedSchema).subscription(async ({ ctx, input, signal }) => {
    const after = await notificationFeedStart(ctx.deps, ctx.user.id, input?.lastEventId);
    return socketSubscription(ctx, { procedure: 'notifications.live', signal }, (streamSignal) =>
      notificationFeed(ctx.deps, ctx.user.id, after, streamSignal),
    );
  }),
});

/** Web push: the server's public key and this browser's subscription (one per device). */
export const pushRouter = router({
  /** GET /api/push/key: the VAPID public key browsers subscribe with (PushManager.subscribe's applicationServerKey). */
  key: publicProcedure.query(async ({ ctx }) => ({ publicKey: (await ctx.deps.notifications.vapid.keys()).publicKey })),

  /** POST /api/push/subscriptions: PushSubscription.toJSON() of this browser. */
  subscribe: authedProcedure
    .input(pushSubscriptionSchema)
    .mutation(({ ctx, input }) => subscribePush(ctx.deps, { userId: ctx.user.id, sessionId: ctx.session.id }, input)),

  /** DELETE /api/push/subscriptions {endpoint} */
  unsubscribe: authedProcedure
    .input(pushEndpointSchema)
    .mutation(({ ctx, input }) => unsubscribePush(ctx.deps.db, ctx.user.id, input.endpoint)),
});
