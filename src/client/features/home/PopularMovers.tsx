import { Group, Text } from '@mantine/core';
import { IconArrowsDiff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { formatPrice, formatSignedPercent } from '../../../shared/format';
import { POPULAR_WATCHLIST } from '../../../shared/market/constants';
import { AnchorLink } from '../../components/RouterLinks';
import { useTRPC } from '../../lib/trpc';
import { GlanceCard } from './GlanceCard';
import { topMovers } from './movers';

const SHOWN = 4;

/**
 * The popular stocks that moved most today; each opens its chart. Same query as the trading page's watchlist. Its icon
 * is one no first-load screen uses, so it stays in the dashboard's own chunk.
 */
export function PopularMovers() {
  const trpc = useTRPC();
  const quotes = useQuery(trpc.stocks.quotes.queryOptions({ symbols: [...POPULAR_WATCHLIST] }));

  let body = null;
  if (quotes.isLoadingError) body = <Text size="sm">Could not load prices.</Text>;
  else if (quotes.data) {
    body = (
      <ul style={{ listStyle: 'none', margin: 0, padding: 0 }} aria-label="Biggest moves today">
        {topMovers(POPULAR_WATCHLIST, quotes.data, SHOWN).map((quote) => (
          <li key={quote.symbol}>
            <Group justify="space-between" wrap="nowrap" gap="xs" py={2}>
              <AnchorLink to="/trading" search={{ symbol: quote.symbol }} size="sm" fw={700} data-testid="mover-symbol">
                {quote.symbol}
              </AnchorLink>
              <Group gap="sm" wrap="nowrap">
                <Text size="sm">{formatPrice(quote.regularMarketPrice)}</Text>
                <Text
                  size="sm"
                  fw={600}
                  w={64}
                  ta="right"
                  c={
                    quote.regularMarketChangePercent > 0
                      ? 'green'
                      : quote.regularMarketChangePercent < 0
                        ? 'red'
                        : 'dimmed'
                  }
                >
                  {formatSignedPercent(quote.regularMarketChangePercent)}
                </Text>
              </Group>
            </Group>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <GlanceCard icon={IconArrowsDiff} color="teal" title="Popular movers" testId="dashboard-movers">
      {body}
    </GlanceCard>
  );
}
