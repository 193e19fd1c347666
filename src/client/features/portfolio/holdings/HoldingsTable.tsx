import { Group, Table, Text, VisuallyHidden } from '@mantine/core';
import { Fragment, useState } from 'react';
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
import { InfoTip } from '../ledger/FigureTip';
import { MEANING } from '../ledger/ledgerText';
import { CurrentPrice } from './CurrentPrice';
import { HoldingActions, type HoldingHandlers } from './HoldingActions';

/** Holdings as a table, for screens wide enough to show every column without scrolling sideways. */
export function HoldingsTable({
  holdings,
  currency,
  ...handlers
}: HoldingHandlers & { holdings: ValuedHolding[]; currency: string }) {
  const [openLots, setOpenLots] = useState<ReadonlySet<string>>(new Set());
  const toggle = (id: string) =>
    setOpenLots((open) => {
      const next = new Set(open);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  return (
    // Between a phone and a wide screen (a tablet) the columns may still need to scroll.
    <Table.ScrollContainer minWidth={760}>
      <Table verticalSpacing="xs" highlightOnHover data-testid="holdings-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Symbol</Table.Th>
            <Table.Th ta="right">Quantity</Table.Th>
            <Table.Th ta="right">Avg price</Table.Th>
            <Table.Th ta="right">Price</Table.Th>
            <Table.Th ta="right">Value</Table.Th>
            <Table.Th ta="right">Gain/Loss</Table.Th>
            <Table.Th ta="right">
              <Group gap={2} justify="flex-end" wrap="nowrap">
                Realised
                <InfoTip label="Realised gain" meaning={MEANING.realisedGain} />
              </Group>
            </Table.Th>
            <Table.Th ta="right">Today</Table.Th>
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {holdings.map((h) => (
            <Fragment key={h.id}>
              <Table.Tr data-symbol={h.symbol}>
                <Table.Td>
                  <Group gap={2} wrap="nowrap">
                    {h.lots && h.lots.length > 0 && (
                      <LotsToggle
                        symbol={h.symbol}
                        count={h.lots.length}
                        open={openLots.has(h.id)}
                        onToggle={() => toggle(h.id)}
                        controls={`lots-${h.id}`}
                      />
                    )}
                    <Text fw={700} size="sm">
                      {h.symbol}
                    </Text>
                  </Group>
                  <Text size="xs" c="dimmed" truncate="end" maw={180}>
                    {h.name || '—'}
                  </Text>
                </Table.Td>
                <Table.Td ta="right" className={classes.number}>
                  {formatQuantityText(h.quantity)}
                </Table.Td>
                <Table.Td ta="right" className={classes.number}>
                  {formatMoneyText(h.averagePrice, currency)}
                </Table.Td>
                <Table.Td ta="right" className={classes.number}>
                  <CurrentPrice holding={h} currency={currency} />
                </Table.Td>
                <Table.Td ta="right" fw={600} className={classes.number} data-testid="holding-value">
                  {formatMoneyText(h.totalValue, currency)}
                </Table.Td>
                <Table.Td ta="right" className={classes.number}>
                  <Text size="sm" c={toneOf(h.gainLoss)}>
                    {formatSignedMoneyText(h.gainLoss, currency)}
                  </Text>
                  <Text size="xs" c={toneOf(h.gainLoss)}>
                    {formatSignedPercentText(h.gainLossPercent)}
                  </Text>
                </Table.Td>
                <Table.Td ta="right" className={classes.number} data-testid="holding-realised">
                  <Text size="sm" c={toneOf(h.realisedGain)}>
                    {formatSignedMoneyText(h.realisedGain, currency)}
                  </Text>
                </Table.Td>
                <Table.Td ta="right" className={classes.number}>
                  <Text size="sm" c={toneOf(h.dayChange)}>
                    {formatSignedPercentText(h.dayChangePercent)}
                  </Text>
                </Table.Td>
                <Table.Td ta="right">
                  <HoldingActions holding={h} {...handlers} />
                </Table.Td>
              </Table.Tr>
              {h.lots && openLots.has(h.id) && (
                <Table.Tr>
                  <Table.Td colSpan={9} pl="xl">
                    <LotsTable symbol={h.symbol} lots={h.lots} id={`lots-${h.id}`} currency={currency} />
                  </Table.Td>
                </Table.Tr>
              )}
            </Fragment>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
