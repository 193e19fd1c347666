/** The notification centre's shapes, as the server answers them (issue 30 §3). */

/** Where a notification may go; in-app is always one of them. */
export type NotificationChannel = 'inApp' | 'push' | 'email';

export interface AppNotification {
  id: number;
  /** What raised it ('alert', 'system', ...). */
  kind: string;
  title: string;
  body: string;
  /** A path on this site to open, or null. */
  link: string | null;
  data: Record<string, unknown> | null;
  /** ISO 8601. */
  createdAt: string;
  readAt: string | null;
}

export interface NotificationPage {
  notifications: AppNotification[];
  /** Pass as `cursor` for the next (older) page; null on the last one. */
  nextCursor: number | null;
  unreadCount: number;
}

export interface NotificationPreferences {
  /** Always true: every notification is kept in the notification centre. */
  inApp: true;
  /** Web push to every subscribed device (needs at least one: see pushDevices). */
  push: boolean;
  /** E-mail to the account's address (needs the server's mail: see emailAvailable). */
  email: boolean;
  /** Devices of this user subscribed to web push. */
  pushDevices: number;
  /** Whether this server sends e-mail at all (SMTP_URL). */
  emailAvailable: boolean;
}

/** The `notifications.live` feed's events. */
export type NotificationEvent =
  | { type: 'notification'; notification: AppNotification }
  /** Some were marked read (on another tab or device): reload the unread count. */
  | { type: 'read'; unreadCount: number };

/** What the service worker receives in a push (a small copy of the notification). */
export interface PushPayload {
  id: number;
  kind: string;
  title: string;
  body: string;
  link: string | null;
}
