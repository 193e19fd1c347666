import type { NotificationChannel } from '../notifications/types';
import type { AlertCondition, AlertFrequency } from './conditions';

/** Price alerts as the server answers them (issue 30 §2). Times are ISO 8601. */

/**
 * armed: evaluated on every tick; paused: its owner turned it off; triggered: a once alert that fired; expired: its
 * expiry passed before it fired (or between firings); stopped: it fired TRIGGER_CAP.max times within the cap's window.
 */
export type AlertStatus = 'armed' | 'paused' | 'triggered' | 'expired' | 'stopped';

export interface Alert {
  id: number;
  symbol: string;
  condition: AlertCondition;
  /** A price, a percent or an RSI level; null for the moving-average crossovers. */
  level: number | null;
  frequency: AlertFrequency;
  /** For frequency 'throttle': the least time between two firings. */
  intervalSeconds: number | null;
  note: string;
  /** The channels chosen for this alert (in-app always among them); null follows the user's delivery preferences. */
  channels: NotificationChannel[] | null;
  expiresAt: string | null;
  status: AlertStatus;
  /** When it may fire again (once a day, throttle), null when it may fire at the next evaluation. */
  nextEligibleAt: string | null;
  fireCount: number;
  lastFiredAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface AlertList {
  alerts: Alert[];
  /** How many the account may keep, and how many armed or paused per symbol. */
  limits: { alerts: number; activePerSymbol: number };
}

/** One time an alert fired (GET /api/alerts/{id}/history). */
export interface AlertFiring {
  id: number;
  alertId: number;
  symbol: string;
  condition: AlertCondition;
  level: number | null;
  /** The measure's value that met the condition: the price, the day's change %, RSI(14), or MA20 - MA50. */
  value: number;
  price: number;
  currency: string;
  /** When the quote arrived that fired it, and when the firing was recorded. */
  tickAt: string;
  firedAt: string;
  /** This firing reached the trigger cap and stopped the alert. */
  capped: boolean;
  /** The notification it created; null while it is being delivered. */
  notificationId: number | null;
  deliveredAt: string | null;
}

export interface AlertFiringPage {
  firings: AlertFiring[];
  /** Pass as `cursor` for the next (older) page; null on the last one. */
  nextCursor: number | null;
}

/** The `data` of an alert's notification, for the client's toast and links. */
export interface AlertNotificationData {
  alertId: number;
  firingId: number;
  symbol: string;
  condition: AlertCondition;
  level: number | null;
  value: number;
  price: number;
  currency: string;
  /** UTC ms of the tick that fired it (the toast's latency is measured from here), and of the firing's record. */
  tickAt: number;
  firedAt: number;
}
