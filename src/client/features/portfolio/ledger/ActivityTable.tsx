import { ActionIcon, Group, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { formatMoneyText, formatQuantityText } from '../../../../shared/portfolio/format';
import type { Activity } from '../../../../shared/portfolio/ledger/types';
import { ScrollRegion } from './ScrollRegion';
import classes from '../Portfolio.module.css';
import { describeActivity } from './describeActivity';
import { formatDay } from './ledgerFormat';
import { TypeBadge } from './TypeBadge';

interface Props {
  activities: readonly Activity[];
  onEdit: (a: Activity) => void;
  onDelete: (a: Activity) => void;
}

const dash = (value: string | null, format: (v: string) => string) => (value ? format(value) : '—');

/** The ledger, newest first (the server answers oldest first, the order it replays in). */
export function ActivityTable({ activities, onEdit, onDelete }: Props) {
  const newestFirst = [...activities].reverse();
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
          {newestFirst.map((a) => (
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
                {dash(a.price, formatMoneyText)}
              </Table.Td>
              <Table.Td ta="right" className={classes.number}>
                {dash(a.fee, formatMoneyText)}
              </Table.Td>
              <Table.Td ta="right" className={classes.number}>
                {dash(a.amount, formatMoneyText)}
              </Table.Td>
              <Table.Td>
                <Text size="sm" c="dimmed" truncate="end" maw={200}>
                  {a.note ?? ''}
                </Text>
              </Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap" justify="flex-end">
                  <Tooltip label="Edit">
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      aria-label={`Edit: ${describeActivity(a)}`}
                      onClick={() => onEdit(a)}
                    >
                      <IconPencil size={16} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label="Delete">
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Delete: ${describeActivity(a)}`}
                      onClick={() => onDelete(a)}
                    >
                      <IconTrash size={16} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollRegion>
  );
}
