import { objectBody, queryOf, type RestRoute } from './shim';

/** The notification centre and web push paths (issue 30 §3), each onto its procedure. */
export const notificationsRoutes: RestRoute[] = [
  {
    method: 'GET',
    url: '/api/notifications',
    call: (caller, req) => {
      const { cursor, limit } = queryOf(req);
      return caller.notifications.list({ cursor, limit });
    },
  },
  {
    method: 'POST',
    url: '/api/notifications/read',
    call: (caller, req) => caller.notifications.markRead(objectBody(req) as never),
  },
  { method: 'POST', url: '/api/notifications/read-all', call: (caller) => caller.notifications.markAllRead() },
  {
    method: 'POST',
    url: '/api/notifications/test',
    status: 201,
    call: (caller) => caller.notifications.sendTest(),
  },
  { method: 'GET', url: '/api/notifications/preferences', call: (caller) => caller.notifications.preferences() },
  {
    method: 'PUT',
    url: '/api/notifications/preferences',
    call: (caller, req) => caller.notifications.setPreferences(objectBody(req)),
  },
  { method: 'GET', url: '/api/push/key', call: (caller) => caller.push.key() },
  {
    method: 'POST',
    url: '/api/push/subscriptions',
    status: 201,
    call: (caller, req) => caller.push.subscribe(objectBody(req) as never),
  },
  {
    method: 'DELETE',
    url: '/api/push/subscriptions',
    call: (caller, req) => caller.push.unsubscribe(objectBody(req) as never),
  },
];
