import { Badge, Group, Stack, Text, Tooltip } from '@mantine/core';
import { formatMoneyText } from '../../../../shared/portfolio/format';
import type { ValuedHolding } from '../../../../shared/portfolio/types';

/**
 * The holding's price now: 'No price' with the reason, or the price in the portfolio's base currency with a
 * 'stale' badge when it is the last known. A holding listed in another currency also shows its own price there
 * (issue 27 §3), so the investor can check it against the exchange's.
 */
export function CurrentPrice({ holding, currency }: { holding: ValuedHolding; currency: string }) {
  if (holding.currentPrice === null) {
    return (
      <Tooltip label={holding.priceError ?? 'No price'}>
        <Text span size="sm" c="red" tabIndex={0}>
          No price
        </Text>
      </Tooltip>
    );
  }
  const foreign = holding.currency && holding.currency !== currency && holding.listingPrice;
  return (
    <Stack gap={0} align="flex-end">
      <Group gap={4} justify="flex-end" wrap="nowrap">
        {holding.stale && (
          <Badge
            size="xs"
            color="yellow"
            variant="light"
            title="The market data source failed; this is the last known price"
          >
            stale
          </Badge>
        )}
        {formatMoneyText(holding.currentPrice, currency)}
      </Group>
      {foreign && (
        <Text span size="xs" c="dimmed" data-testid="listing-price">
          {formatMoneyText(holding.listingPrice, holding.currency)}
        </Text>
      )}
    </Stack>
  );
}
