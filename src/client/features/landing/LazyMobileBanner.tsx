import { useMediaQuery } from '@mantine/hooks';
import { lazy, Suspense } from 'react';

/** product.md §9: the mobile layout applies under 768 px. */
const MOBILE_QUERY = '(max-width: 767px)';

// Phones only: desktop visitors never download the banner.
const MobileBanner = lazy(() => import('./MobileBanner').then((m) => ({ default: m.MobileBanner })));

export function LazyMobileBanner() {
  const isMobile = useMediaQuery(MOBILE_QUERY);
  if (!isMobile) return null;
  return (
    <Suspense fallback={null}>
      <MobileBanner />
    </Suspense>
  );
}
