import { Box } from '@mantine/core';
import { SiteFooter } from '../../components/SiteFooter';
import { useAuth } from '../../lib/useAuth';
import { ChartFeatureBlocks } from './ChartFeatureBlocks';
import { Disclaimer } from './Disclaimer';
import { FeatureCards } from './FeatureCards';
import { FinalCta } from './FinalCta';
import { LandingHero } from './LandingHero';
import { LandingHeader } from './LandingHeader';
import { LazyMobileBanner } from './LazyMobileBanner';
import { PlanCards } from './PlanCards';
import { usePageTitle } from '../../lib/usePageTitle';

/** The marketing page, in its signed-out and signed-in variants (product.md §2). */
export function LandingPage() {
  usePageTitle('AI stock analysis and live charts');
  const { isAuthenticated } = useAuth();
  return (
    <Box>
      <LandingHeader />
      <LazyMobileBanner />
      <main>
        <LandingHero signedIn={isAuthenticated} />
        <FeatureCards />
        <ChartFeatureBlocks />
        <PlanCards signedIn={isAuthenticated} />
        <FinalCta signedIn={isAuthenticated} />
        <Disclaimer />
      </main>
      <SiteFooter />
    </Box>
  );
}
