import type { Page } from '@playwright/test';

/**
 * Resolves once the page's `notifications.live` subscription has started on the server: a notification sent before
 * that is in the list, but only one sent after it is a toast (a fresh feed starts after the newest row). Call it
 * before the page loads.
 */
export function feedStarted(page: Page): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (socket) => {
      let id: unknown = null;
      socket.on('framesent', ({ payload }) => {
        const text = String(payload);
        if (!text.includes('notifications.live')) return;
        // tRPC sends the subscriptions opened together as one array.
        const sent = JSON.parse(text) as
          { id: unknown; params?: { path?: string } } | { id: unknown; params?: { path?: string } }[];
        id = (Array.isArray(sent) ? sent : [sent]).find((m) => m.params?.path === 'notifications.live')?.id ?? null;
      });
      socket.on('framereceived', ({ payload }) => {
        const message = JSON.parse(String(payload)) as { id?: unknown; result?: { type?: string } };
        if (id !== null && message.id === id && message.result?.type === 'started') resolve();
      });
    });
  });
}
