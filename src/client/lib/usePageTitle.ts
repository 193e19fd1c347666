import { useEffect } from 'react';

export const APP_NAME = 'Tickwise';

/** 'Portfolio' -> 'Portfolio · Tickwise'; no title -> 'Tickwise'. */
export function pageTitle(title?: string | null): string {
  return title ? `${title} · ${APP_NAME}` : APP_NAME;
}

let currentTitle = APP_NAME;
let titleCount = 0;

/** The tab's title: the page's own, after the unread count when there is one, '(2) Social Hub · Tickwise'. */
function writeTitle(): void {
  document.title = titleCount > 0 ? `(${titleCount}) ${currentTitle}` : currentTitle;
}

/** The unread count in front of every page's title (features/social/SocialFeed.tsx); 0 takes it away. */
export function setTitleCount(count: number): void {
  titleCount = count;
  writeTitle();
}

/** Sets the browser tab's title while the calling page is shown (every route sets one). */
export function usePageTitle(title?: string | null): void {
  useEffect(() => {
    currentTitle = pageTitle(title);
    writeTitle();
  }, [title]);
}
