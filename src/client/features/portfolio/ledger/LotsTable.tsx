import { ActionIcon, Table, Text, Tooltip } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { formatMoneyText, formatQuantityText } from '../../../../shared/portfolio/format';
import type { Lot } from '../../../../shared/portfolio/ledger/types';
import classes from './Ledger.module.css';
import { formatDay } from './ledgerFormat';
import { MEANING } from './ledgerText';

/** The button that shows or hides a holding's FIFO lots. */
export function LotsToggle({
  symbol,
  count,
  open,
  onToggle,
  controls,
}: {
  symbol: string;
  count: number;
  open: boolean;
  onToggle: () => void;
  controls: string;
}) {
  const label = `${open ? 'Hide' : 'Show'} the ${count} FIFO ${count === 1 ? 'lot' : 'lots'} of ${symbol}`;
  return (
    <Tooltip label={MEANING.lots} multiline w={260} events={{ hover: true, focus: true, touch: false }}>
      <ActionIcon
        variant="subtle"
        color="gray"
        size="sm"
        aria-label={label}
        aria-expanded={open}
        aria-controls={controls}
        onClick={onToggle}
      >
        {open ? <IconChevronDown size={14} aria-hidden /> : <IconChevronRight size={14} aria-hidden />}
      </ActionIcon>
    </Tooltip>
  );
}

/** A holding's open FIFO lots, oldest first: the order a sell uses them up. */
export function LotsTable({
  symbol,
  lots,
  id,
  currency,
}: {
  symbol: string;
  lots: readonly Lot[];
  id: string;
  /** The portfolio's base: the ledger books every lot's cost in it (issue 27 §3). */
  currency: string;
}) {
  return (
    <div id={id} data-testid="holding-lots">
      <Table verticalSpacing={2} fz="xs" withRowBorders={false} aria-label={`FIFO lots of ${symbol}`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Bought</Table.Th>
            <Table.Th ta="right">Quantity left</Table.Th>
            <Table.Th ta="right">Unit cost</Table.Th>
            <Table.Th ta="right">Cost</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lots.map((lot, i) => (
            <Table.Tr key={`${lot.date}-${i}`}>
              <Table.Td>{formatDay(lot.date)}</Table.Td>
              <Table.Td ta="right" className={classes.number}>
                {formatQuantityText(lot.quantity)}
              </Table.Td>
              <Table.Td ta="right" className={classes.number}>
                {formatMoneyText(lot.unitCost, currency)}
              </Table.Td>
              <Table.Td ta="right" className={classes.number}>
                {formatMoneyText(lot.cost, currency)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {lots.length === 0 && (
        <Text size="xs" c="dimmed">
          No open lots.
        </Text>
      )}
    </div>
  );
}
