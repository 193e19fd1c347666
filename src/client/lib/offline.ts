import type { ToastOptions } from './toast';

/** What every action that failed for want of a connection says, whatever the action was. */
export const OFFLINE_TOAST: ToastOptions = {
  title: 'You are offline',
  description: 'Check your connection and try again.',
  variant: 'destructive',
};

/**
 * The call never reached the server: the browser says it is offline, or the request failed without any answer
 * (a fetch TypeError, a websocket that could not open). An answer with a status, even a 5xx, is not offline.
 */
export function isOfflineError(error: unknown): boolean {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return true;
  // Read by shape, not by tRPC's error class: importing the class would put the tRPC client into every page's first
  // load, and the landing page has no room for it. tRPC's error carries the HTTP status in `data` when there was an
  // answer, and the fetch's TypeError as its cause when there was none.
  if (!(error instanceof Error)) return false;
  if ((error as { data?: { httpStatus?: number } }).data?.httpStatus !== undefined) return false;
  return error.cause instanceof TypeError || /failed to fetch|networkerror|load failed|websocket/i.test(error.message);
}

/** The toast for a failed action: 'You are offline' when it never reached the server, else the action's own. */
export function failureToast(error: unknown, otherwise: ToastOptions): ToastOptions {
  return isOfflineError(error) ? OFFLINE_TOAST : otherwise;
}
