import { SimpleGrid } from '@mantine/core';
import { PopularMovers } from './PopularMovers';
import { PortfolioGlance } from './PortfolioGlance';
import { UnreadGlance } from './UnreadGlance';

/** The dashboard's live row: what moved today, what the user's holdings are worth, who wrote to them. */
export function AtAGlance() {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
      <PopularMovers />
      <PortfolioGlance />
      <UnreadGlance />
    </SimpleGrid>
  );
}
