import { Table, Text } from '@mantine/core';
import { epsWords } from '../../../shared/market/eps';
import type { EarningsEvent } from '../../../shared/market/types';
import { formatShortDate } from '../../lib/dates';
import { EpsSurprise } from './EpsSurprise';

const SHOWN = 4;

/** The last year's reports (four quarters): EPS against the estimate and the surprise, newest first. */
export function EpsHistory({ reports }: { reports: readonly EarningsEvent[] }) {
  const rows = reports
    .slice(0, SHOWN)
    .map((report) => ({ report, words: epsWords(report.eps) }))
    .filter((r) => r.words !== null);
  if (rows.length === 0) return null;
  return (
    <Table fz="sm" verticalSpacing={4} horizontalSpacing={6} captionSide="top" data-testid="eps-history">
      <caption style={{ textAlign: 'start' }}>
        <Text span size="sm" fw={600}>
          Earnings per share, last reports
        </Text>
      </caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Reported</Table.Th>
          <Table.Th scope="col">EPS</Table.Th>
          <Table.Th scope="col">Estimate</Table.Th>
          <Table.Th scope="col">Surprise</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map(({ report, words }) => (
          <Table.Tr key={report.date} data-date={report.date}>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatShortDate(report.date)}</Table.Td>
            <Table.Td>{words!.actual ?? '—'}</Table.Td>
            <Table.Td>{words!.estimate ?? '—'}</Table.Td>
            <Table.Td>{words!.surprise ? <EpsSurprise words={words!} /> : '—'}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
