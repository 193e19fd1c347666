import { SimpleGrid } from '@mantine/core';
import { PopularMovers } from './PopularMovers';
import { PortfolioGlance } from './PortfolioGlance';
import { ThisWeekCard } from './ThisWeekCard';
import { UnreadGlance } from './UnreadGlance';

/**
 * The dashboard's live row: what moved today, what the user's holdings are worth, who wrote to them, and this week's
 * earnings and dividends of what they hold and watch.
 */
export function AtAGlance() {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
      <PopularMovers />
      <PortfolioGlance />
      <UnreadGlance />
      <ThisWeekCard />
    </SimpleGrid>
  );
}
