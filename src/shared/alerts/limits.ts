/** Numbers of price alerts (issue 30 §2), shared by the server and the screens. */

/** Alerts one account may keep, whatever their state (armed, paused, triggered, expired, stopped). */
export const MAX_ALERTS_PER_USER = 200;
/** Armed or paused alerts one account may keep on one symbol. */
export const MAX_ACTIVE_ALERTS_PER_SYMBOL = 20;
export const MAX_NOTE_LENGTH = 500;

/** An alert that fires every time waits at least this long between two firings, and at most this long. */
export const MIN_THROTTLE_SECONDS = 10;
export const MAX_THROTTLE_SECONDS = 7 * 24 * 60 * 60;
/**
 * TradingView's rule: an alert that fires this often is stopped (it is noise, or a level set by mistake). The
 * firing that reaches the cap is delivered, saying so; the alert then waits until its owner turns it on again.
 */
export const TRIGGER_CAP = { max: 15, windowMs: 3 * 60_000 } as const;

/** An expiry is at most this far ahead (a year and a day). */
export const MAX_EXPIRY_MS = 366 * 24 * 60 * 60_000;

/** Price levels are positive and below this (no listing trades anywhere near it). */
export const MAX_PRICE_LEVEL = 1e9;
/** The day's change in percent: a level above -100 % (a price cannot fall further) and at most +1,000 %. */
export const MIN_CHANGE_PERCENT = -100;
export const MAX_CHANGE_PERCENT = 1_000;

/** Firings kept per alert (the history); older delivered ones are deleted as new ones come. */
export const FIRINGS_KEPT_PER_ALERT = 100;
export const FIRING_PAGE_SIZE = 20;
export const MAX_FIRING_PAGE_SIZE = 100;
