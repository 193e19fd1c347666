import { Suspense } from 'react';
import { retryableLazy } from './retryableLazy';
import { useAuth } from '../lib/useAuth';

// The feed's code (its event handling, the conversation caches) loads after sign-in, not with the page.
// Unseen, so a failed load shows nothing; it is tried again when the browser comes back online.
const SocialFeed = retryableLazy(
  () => import('../features/social/SocialFeed'),
  () => null,
);

// The notification feed likewise (issue 30 §3): a toast on every signed-in page, the bell's count.
const NotificationFeed = retryableLazy(
  () => import('../features/notifications/NotificationFeed'),
  () => null,
);

/**
 * What runs for a signed-in person on every page: the message feed behind the unread badge and live messages, and
 * the notification feed behind the bell and its toasts.
 */
export function SignedInRealtime() {
  const { state, user } = useAuth();
  if (state !== 'signed-in' || !user) return null;
  return (
    <Suspense fallback={null}>
      <SocialFeed key={user.id} userId={user.id} />
      <NotificationFeed key={`n-${user.id}`} />
    </Suspense>
  );
}
