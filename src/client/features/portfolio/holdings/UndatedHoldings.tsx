import { Alert, Button, Group, List, Text } from '@mantine/core';
import { IconCalendarQuestion } from '@tabler/icons-react';
import type { ValuedHolding } from '../../../../shared/portfolio/types';
import { formatDay } from '../ledger/ledgerFormat';

interface Props {
  holdings: ValuedHolding[];
  onDate: (holding: ValuedHolding) => void;
}

/**
 * Issue 27: the positions added without a purchase date, each with a way to add it. Their returns start on the day
 * they were added (at the market value of that day); their gain before that shows as unrealised gain only.
 */
export function UndatedHoldings({ holdings, onDate }: Props) {
  const undated = holdings.filter((h) => h.addedWithoutDate);
  if (undated.length === 0) return null;
  return (
    <Alert
      variant="light"
      color="blue"
      mb="sm"
      icon={<IconCalendarQuestion size={18} aria-hidden />}
      title={
        undated.length === 1 ? '1 position has no purchase date' : `${undated.length} positions have no purchase date`
      }
      data-testid="undated-holdings"
    >
      <Text size="sm" mb="xs">
        Their returns count from the day they were added, at that day&apos;s market value; the gain made before shows as
        unrealised gain. Add the date you bought them to see their whole history.
      </Text>
      <List spacing={4} size="sm" listStyleType="none">
        {undated.map((h) => (
          <List.Item key={h.id} data-symbol={h.symbol}>
            <Group gap="xs" wrap="wrap">
              <Text size="sm" fw={600}>
                {h.symbol}
              </Text>
              <Text size="sm" c="dimmed">
                added {formatDay(h.addedWithoutDate!)}
              </Text>
              <Button
                size="compact-xs"
                variant="light"
                onClick={() => onDate(h)}
                aria-label={`Add purchase date of ${h.symbol}`}
              >
                Add purchase date
              </Button>
            </Group>
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
