import { Badge, Group, Text, Tooltip } from '@mantine/core';
import { formatMoneyText } from '../../../../shared/portfolio/format';
import type { ValuedHolding } from '../../../../shared/portfolio/types';

/** The holding's price now: 'No price' with the reason, or the price with a 'stale' badge when it is the last known. */
export function CurrentPrice({ holding }: { holding: ValuedHolding }) {
  if (holding.currentPrice === null) {
    return (
      <Tooltip label={holding.priceError ?? 'No price'}>
        <Text span size="sm" c="red" tabIndex={0}>
          No price
        </Text>
      </Tooltip>
    );
  }
  return (
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
      {formatMoneyText(holding.currentPrice)}
    </Group>
  );
}
