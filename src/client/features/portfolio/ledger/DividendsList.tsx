import { Group, Paper, Table, Text, Title } from '@mantine/core';
import { formatMoneyText } from '../../../../shared/portfolio/format';
import type { PerformanceAnswer } from '../../../../shared/portfolio/ledger/types';
import { InfoTip } from './FigureTip';
import { ScrollRegion } from './ScrollRegion';
import classes from './Ledger.module.css';
import { formatDay } from './ledgerFormat';
import { MEANING } from './ledgerText';

/** Dividends received in the range, newest first, with their total. */
export function DividendsList({
  dividends,
  total,
  currency,
}: {
  dividends: PerformanceAnswer['dividendsReceived'];
  total: string;
  /** The portfolio's base: dividends are converted at their day's rate (issue 27 §3). */
  currency: string;
}) {
  return (
    <Paper withBorder radius="md" p="md" h="100%" data-testid="dividends-received">
      <Group justify="space-between" mb="sm" gap="xs">
        <Group gap={4}>
          <Title order={3} size="h4">
            Dividends received
          </Title>
          <InfoTip label="Dividends received" meaning={MEANING.dividends} />
        </Group>
        <Text fw={700} className={classes.number} data-testid="dividends-total">
          {formatMoneyText(total, currency)}
        </Text>
      </Group>
      {dividends.length === 0 ? (
        <Text size="sm" c="dimmed">
          No dividends in this range. Record one on the Activity tab when it is paid.
        </Text>
      ) : (
        <ScrollRegion label="Dividends received" minWidth={280}>
          <Table verticalSpacing={4} fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Date</Table.Th>
                <Table.Th>Symbol</Table.Th>
                <Table.Th ta="right">Amount</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {dividends.map((d, i) => (
                <Table.Tr key={`${d.date}-${d.symbol}-${i}`}>
                  <Table.Td>{formatDay(d.date)}</Table.Td>
                  <Table.Td fw={600}>{d.symbol}</Table.Td>
                  <Table.Td ta="right" className={classes.number}>
                    {formatMoneyText(d.amount, currency)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollRegion>
      )}
    </Paper>
  );
}
