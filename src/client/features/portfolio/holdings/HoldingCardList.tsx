import { Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import type { Lot } from '../../../../shared/portfolio/ledger/types';
import {
  formatMoneyText,
  formatQuantityText,
  formatSignedMoneyText,
  formatSignedPercentText,
  toneOf,
} from '../../../../shared/portfolio/format';
import type { ValuedHolding } from '../../../../shared/portfolio/types';
import classes from '../Portfolio.module.css';
import { LotsTable, LotsToggle } from '../ledger/LotsTable';
import { CurrentPrice } from './CurrentPrice';
import { HoldingActions, type HoldingHandlers } from './HoldingActions';

/** One labelled figure of a holding card. */
function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div" className={classes.number}>
        {children}
      </Text>
    </Stack>
  );
}

/** Holdings as cards on a phone: every figure in view, nothing hidden in a sideways-scrolling table. */
export function HoldingCardList({
  holdings,
  currency,
  ...handlers
}: HoldingHandlers & { holdings: ValuedHolding[]; currency: string }) {
  return (
    <Stack gap="xs" data-testid="holding-cards">
      {holdings.map((h) => (
        <Paper
          key={h.id}
          withBorder
          radius="md"
          p="sm"
          data-symbol={h.symbol}
          aria-label={`${h.symbol} holding`}
          component="article"
        >
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
            <Stack gap={0} miw={0}>
              <Text fw={700}>{h.symbol}</Text>
              <Text size="xs" c="dimmed" truncate="end">
                {h.name || '—'}
              </Text>
            </Stack>
            <Stack gap={0} align="flex-end">
              <Text fw={700} className={classes.number} data-testid="holding-value">
                {formatMoneyText(h.totalValue, currency)}
              </Text>
              <Text size="xs" c={toneOf(h.gainLoss)} className={classes.number}>
                {formatSignedMoneyText(h.gainLoss, currency)} ({formatSignedPercentText(h.gainLossPercent)})
              </Text>
            </Stack>
          </Group>
          <SimpleGrid cols={2} spacing="xs" verticalSpacing={6} mt="xs">
            <Figure label="Quantity">{formatQuantityText(h.quantity)}</Figure>
            <Figure label="Avg price">{formatMoneyText(h.averagePrice, currency)}</Figure>
            <Figure label="Price">
              <Group justify="flex-start">
                <CurrentPrice holding={h} currency={currency} />
              </Group>
            </Figure>
            <Figure label="Realised gain">
              <Text span size="sm" c={toneOf(h.realisedGain)} data-testid="holding-realised">
                {formatSignedMoneyText(h.realisedGain, currency)}
              </Text>
            </Figure>
            <Figure label="Today">
              <Text span size="sm" c={toneOf(h.dayChange)}>
                {formatSignedPercentText(h.dayChangePercent)}
              </Text>
            </Figure>
          </SimpleGrid>
          {h.lots && h.lots.length > 0 && (
            <CardLots symbol={h.symbol} lots={h.lots} id={`card-lots-${h.id}`} currency={currency} />
          )}
          <Group justify="flex-end" mt={4}>
            <HoldingActions holding={h} {...handlers} />
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}

/** A holding card's FIFO lots, folded away until asked for. */
function CardLots({
  symbol,
  lots,
  id,
  currency,
}: {
  symbol: string;
  lots: readonly Lot[];
  id: string;
  currency: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Stack gap={2} mt={6}>
      <Group gap={4}>
        <LotsToggle symbol={symbol} count={lots.length} open={open} onToggle={() => setOpen((o) => !o)} controls={id} />
        <Text size="xs" c="dimmed">
          {lots.length} FIFO {lots.length === 1 ? 'lot' : 'lots'}
        </Text>
      </Group>
      {open && <LotsTable symbol={symbol} lots={lots} id={id} currency={currency} />}
    </Stack>
  );
}
