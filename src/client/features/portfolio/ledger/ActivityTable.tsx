import { Table, Text, VisuallyHidden } from '@mantine/core';
import { formatMoneyText, formatQuantityText } from '../../../../shared/portfolio/format';
import type { Activity } from '../../../../shared/portfolio/ledger/types';
import { ScrollRegion } from './ScrollRegion';
import classes from '../Portfolio.module.css';
import { ActivityActions, type ActivityHandlers } from './ActivityActions';
import { formatDay } from './ledgerFormat';
import { TypeBadge } from './TypeBadge';

export interface ActivityListProps extends ActivityHandlers {
  /** Newest first. */
  activities: readonly Activity[];
  /** Each activity's name for its buttons, by id (activityNames). */
  names: ReadonlyMap<string, string>;
}

const dash = (value: string | null, format: (v: string) => string) => (value ? format(value) : '—');

/** The ledger as a table, for screens wide enough for its nine columns. */
export function ActivityTable({ activities, names, ...handlers }: ActivityListProps) {
  return (
    <ScrollRegion label="Activities" minWidth={720}>
      <Table verticalSpacing="xs" highlightOnHover data-testid="activity-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Date</Table.Th>
            <Table.Th>Type</Table.Th>
            <Table.Th>Symbol</Table.Th>
            <Table.Th ta="right">Quantity</Table.Th>
            <Table.Th ta="right">Price</Table.Th>
            <Table.Th ta="right">Fee</Table.Th>
            <Table.Th ta="right">Amount</Table.Th>
            <Table.Th>Note</Table.Th>
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {activities.map((a) => (
            <Table.Tr key={a.id} data-type={a.type} data-activity-id={a.id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDay(a.date)}</Table.Td>
              <Table.Td>
                <TypeBadge type={a.type} />
              </Table.Td>
              <Table.Td fw={600}>{a.symbol ?? '—'}</Table.Td>
              <Table.Td ta="right" className={classes.number}>
                {a.type === 'split' ? a.ratio : dash(a.quantity, formatQuantityText)}
              </Table.Td>
              <Table.Td ta="right" className={classes.number}>
                {dash(a.price, (v) => formatMoneyText(v, a.currency ?? 'USD'))}
              </Table.Td>
              <Table.Td ta="right" className={classes.number}>
                {dash(a.fee, (v) => formatMoneyText(v, a.currency ?? 'USD'))}
              </Table.Td>
              <Table.Td ta="right" className={classes.number}>
                {dash(a.amount, (v) => formatMoneyText(v, a.currency ?? 'USD'))}
              </Table.Td>
              <Table.Td>
                <Text size="sm" c="dimmed" truncate="end" maw={200}>
                  {a.note ?? ''}
                </Text>
              </Table.Td>
              <Table.Td>
                <ActivityActions activity={a} name={names.get(a.id) ?? ''} {...handlers} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollRegion>
  );
}
