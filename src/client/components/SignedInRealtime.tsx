import { Suspense } from 'react';
import { retryableLazy } from './retryableLazy';
import { useAuth } from '../lib/useAuth';

// The feed's code (its event handling, the conversation caches) loads after sign-in, not with the page.
// Unseen, so a failed load shows nothing; it is tried again when the browser comes back online.
const SocialFeed = retryableLazy(
  () => import('../features/social/SocialFeed'),
  () => null,
);

/** What runs for a signed-in person on every page: the message feed behind the unread badge and live messages. */
export function SignedInRealtime() {
  const { state, user } = useAuth();
  if (state !== 'signed-in' || !user) return null;
  return (
    <Suspense fallback={null}>
      <SocialFeed key={user.id} userId={user.id} />
    </Suspense>
  );
}
