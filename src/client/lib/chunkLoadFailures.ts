/**
 * A chunk that cannot be fetched (offline, server down) is left to the code that asked for it: toasts fall back
 * to a built-in notice, lazy parts and pages offer Retry. The router, on its own, answers a page chunk that failed
 * to load with a page reload, meant for a chunk gone after a deploy; offline or with the server down that reload
 * leaves the browser's own error page and loses whatever was typed. Vite names every failed chunk load
 * ('vite:preloadError'), and the router reloads only for a failure it has not reloaded for yet (remembered in
 * sessionStorage under its message), so each failure is marked as already reloaded for.
 */
export function keepChunkFailuresInPage(): void {
  window.addEventListener('vite:preloadError', (event) => {
    const error = (event as Event & { payload?: unknown }).payload;
    if (error instanceof Error) sessionStorage.setItem(`tanstack_router_reload:${error.message}`, '1');
  });
}
