/** Numbers of the notification centre and its delivery (issue 30 §3), shared by the server and the screens. */

/** Notifications kept per user; the insert that goes past it deletes the oldest. */
export const NOTIFICATIONS_KEPT_PER_USER = 500;
/** A page of the list. */
export const NOTIFICATION_PAGE_SIZE = 20;
export const MAX_NOTIFICATION_PAGE_SIZE = 100;
/** Ids one mark-read call may name. */
export const MAX_MARK_READ_IDS = NOTIFICATIONS_KEPT_PER_USER;

export const MAX_TITLE_LENGTH = 120;
export const MAX_BODY_LENGTH = 1_000;
export const MAX_LINK_LENGTH = 1_000;
/** The `data` object, as JSON text. */
export const MAX_DATA_BYTES = 2_000;
/** What a web push carries of the body (the payload must stay under the protocol's ~4 KB). */
export const PUSH_BODY_LENGTH = 300;

/** Browsers (devices) one user may have subscribed to web push; subscribing one more forgets the least recently seen. */
export const MAX_PUSH_DEVICES = 10;
/** Subscribe calls per user (each resolves and checks the endpoint's host). */
export const PUSH_SUBSCRIBE_RATE = { max: 30, windowMs: 60 * 60_000 };
/** Test notifications a user may send themselves (POST /api/notifications/test). */
export const TEST_NOTIFICATION_RATE = { max: 5, windowMs: 10 * 60_000 };
/** Notifications one user may be sent by web push, and by e-mail, in a window; past it that channel is skipped. */
export const PUSH_SEND_RATE = { max: 60, windowMs: 10 * 60_000 };
export const MAIL_SEND_RATE = { max: 20, windowMs: 60 * 60_000 };
/** Push endpoints are short URLs; a long one is not a push service's. */
export const MAX_ENDPOINT_LENGTH = 2_048;
