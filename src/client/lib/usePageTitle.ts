import { useEffect } from 'react';

export const APP_NAME = 'Tickwise';

/** 'Portfolio' -> 'Portfolio · Tickwise'; no title -> 'Tickwise'. */
export function pageTitle(title?: string | null): string {
  return title ? `${title} · ${APP_NAME}` : APP_NAME;
}

/** Sets the browser tab's title while the calling page is shown (every route sets one). */
export function usePageTitle(title?: string | null): void {
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);
}
