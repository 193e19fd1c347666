/**
 * Whose session the app's shared websocket speaks for. A websocket's identity is the session cookie sent when it
 * opened, fixed for its life; when the signed-in user changes (sign-in, sign-out, another account) the socket must
 * reopen with the current cookie. useAuth reports every answer here; the tRPC client (loaded only by screens that
 * fetch data) listens and closes its socket. Kept apart from the client so the sign-in check does not load it.
 */

/** Whose session the shared socket was opened with, as far as the page knows (undefined: not known yet). */
let socketUserId: string | null | undefined;
const listeners = new Set<() => void>();

/** Called with the current user whenever the sign-in check answers. */
export function followSignedInUser(userId: string | null): void {
  if (socketUserId === undefined || socketUserId === userId) {
    // The first answer describes the cookie the page loaded with: the one any open socket was opened with too.
    socketUserId = userId;
    return;
  }
  socketUserId = userId;
  for (const listener of listeners) listener();
}

/** Runs `listener` each time the signed-in user changes after the first answer. */
export function onSignedInUserChange(listener: () => void): void {
  listeners.add(listener);
}
