import { Group, Paper, Stack, Text } from '@mantine/core';
import { formatMoneyText, formatQuantityText } from '../../../../shared/portfolio/format';
import type { Activity } from '../../../../shared/portfolio/ledger/types';
import classes from './Ledger.module.css';
import { ActivityActions } from './ActivityActions';
import type { ActivityListProps } from './ActivityTable';
import { formatDay } from './ledgerFormat';
import { TypeBadge } from './TypeBadge';

/** What an activity moved, in one line: "10 × $150.00 + $1.00 fee", "$500.00", "Ratio 2:1". */
function headline(a: Activity): string {
  switch (a.type) {
    case 'buy':
    case 'sell': {
      const trade = `${formatQuantityText(a.quantity ?? '0')} × ${formatMoneyText(a.price, a.currency ?? 'USD')}`;
      return a.fee && Number(a.fee) !== 0 ? `${trade} + ${formatMoneyText(a.fee, a.currency ?? 'USD')} fee` : trade;
    }
    case 'split':
      return `Ratio ${a.ratio}`;
    default:
      return formatMoneyText(a.amount, a.currency ?? 'USD');
  }
}

/**
 * The ledger on a phone: one compact card per activity, every field in view and wrapping, so neither the page nor
 * the list scrolls sideways as the nine-column table would.
 */
export function ActivityCardList({ activities, names, ...handlers }: ActivityListProps) {
  return (
    <Stack
      component="ul"
      gap="xs"
      className={classes.activityList}
      aria-label="Activities"
      data-testid="activity-cards"
    >
      {activities.map((a) => (
        <Paper
          component="li"
          key={a.id}
          withBorder
          radius="md"
          px="sm"
          py="xs"
          data-type={a.type}
          data-activity-id={a.id}
        >
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
            <Stack gap={2} miw={0}>
              <Group gap="xs" wrap="wrap">
                <TypeBadge type={a.type} />
                {a.symbol && <Text fw={600}>{a.symbol}</Text>}
              </Group>
              {/* A line of its own: beside a long badge and symbol it would wrap on some cards and not others. */}
              <Text size="xs" c="dimmed">
                {formatDay(a.date)}
              </Text>
              <Text size="sm" fw={500} className={classes.number} data-testid="activity-headline">
                {headline(a)}
              </Text>
              {a.note && (
                <Text size="sm" c="dimmed" className={classes.activityNote}>
                  {a.note}
                </Text>
              )}
            </Stack>
            <ActivityActions activity={a} name={names.get(a.id) ?? ''} {...handlers} />
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
