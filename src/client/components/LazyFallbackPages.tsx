import { Suspense } from 'react';
import { FullPageLoader } from './FullPageLoader';
import { retryableLazy } from './retryableLazy';

// The fallback pages are shown on paths that are not theirs (unknown paths, gated pages), so no route chunk
// carries them: they load on demand to stay out of the bundle every page downloads.
const LandingPage = retryableLazy(() =>
  import('../features/landing/LandingPage').then((m) => ({ default: m.LandingPage })),
);
const NotFoundPage = retryableLazy(() =>
  import('../features/system/NotFoundPage').then((m) => ({ default: m.NotFoundPage })),
);

export function LazyLandingPage() {
  return (
    <Suspense fallback={<FullPageLoader />}>
      <LandingPage />
    </Suspense>
  );
}

export function LazyNotFoundPage() {
  return (
    <Suspense fallback={<FullPageLoader />}>
      <NotFoundPage />
    </Suspense>
  );
}
