import { Group, Paper, Table, Text, Title } from '@mantine/core';
import type { CSSProperties } from 'react';
import { ScrollRegion } from './ScrollRegion';
import type { PerformanceAnswer } from '../../../../shared/portfolio/ledger/types';
import { InfoTip } from './FigureTip';
import classes from './Ledger.module.css';
import { formatFraction } from './ledgerFormat';
import { MEANING } from './ledgerText';
import { yearTotals } from './yearTotals';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const FULL_MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
/** A monthly return of ±10 % or more gets the strongest tint. */
const FULL_TINT_AT = 0.1;

/**
 * Background tint for a month: green up, red down, stronger the bigger the move. The tint stays light (at most 40 %
 * over the surface), so the cell's text keeps its contrast in both schemes.
 */
function tintOf(twr: string | null): { tone?: 'up' | 'down'; style?: CSSProperties } {
  if (twr === null) return {};
  const r = Number(twr);
  if (r === 0) return {};
  const strength = Math.min(Math.abs(r) / FULL_TINT_AT, 1) * 0.4 + 0.06;
  return { tone: r > 0 ? 'up' : 'down', style: { '--heat': `${Math.round(strength * 100)}%` } as CSSProperties };
}

/**
 * Years down, months across, then the year's return compounded from its months (issue 27 §6); each cell shows its
 * return as text (the colour only repeats it).
 */
export function MonthlyHeatmap({ months }: { months: PerformanceAnswer['monthlyReturns'] }) {
  const byYear = new Map<string, Map<number, string | null>>();
  for (const m of months) {
    const [year, month] = m.month.split('-');
    if (!byYear.has(year)) byYear.set(year, new Map());
    byYear.get(year)!.set(Number(month) - 1, m.twr);
  }
  const years = [...byYear.keys()].sort().reverse();
  const totals = yearTotals(months);
  return (
    <Paper withBorder radius="md" p="md" data-testid="monthly-returns">
      <Group gap={4} mb="sm">
        <Title order={3} size="h4">
          Monthly returns
        </Title>
        <InfoTip label="Monthly returns" meaning={MEANING.heatmap} />
      </Group>
      {years.length === 0 ? (
        <Text size="sm" c="dimmed">
          No whole or part month in this range yet.
        </Text>
      ) : (
        <ScrollRegion label="Monthly returns by year" minWidth={720}>
          <Table withTableBorder withColumnBorders verticalSpacing={6} horizontalSpacing={4} fz="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col" className={classes.heatYear}>
                  Year
                </Table.Th>
                {MONTHS.map((m, i) => (
                  <Table.Th key={m} scope="col" ta="center">
                    <abbr title={FULL_MONTHS[i]} style={{ textDecoration: 'none' }}>
                      {m}
                    </abbr>
                  </Table.Th>
                ))}
                <Table.Th scope="col" ta="center">
                  <abbr title="The year's return: its months compounded" style={{ textDecoration: 'none' }}>
                    Total
                  </abbr>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {years.map((year) => (
                <Table.Tr key={year}>
                  <Table.Th scope="row" className={classes.heatYear}>
                    {year}
                  </Table.Th>
                  {MONTHS.map((_, i) => {
                    const row = byYear.get(year)!;
                    const has = row.has(i);
                    const twr = row.get(i) ?? null;
                    const tint = has ? tintOf(twr) : {};
                    return (
                      <Table.Td
                        key={i}
                        className={classes.heatCell}
                        data-tone={tint.tone}
                        style={tint.style}
                        data-month={`${year}-${String(i + 1).padStart(2, '0')}`}
                        aria-label={has ? `${FULL_MONTHS[i]} ${year}: ${formatFraction(twr)}` : undefined}
                      >
                        {has ? formatFraction(twr) : ''}
                      </Table.Td>
                    );
                  })}
                  <YearTotal year={year} twr={totals.get(year) ?? null} />
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollRegion>
      )}
    </Paper>
  );
}

/** The year's compounded return, tinted like a month and set apart by weight. */
function YearTotal({ year, twr }: { year: string; twr: string | null }) {
  const tint = tintOf(twr);
  return (
    <Table.Td
      className={classes.heatCell}
      data-tone={tint.tone}
      style={tint.style}
      fw={700}
      data-year-total={year}
      aria-label={`${year}, whole year: ${formatFraction(twr)}`}
    >
      {formatFraction(twr)}
    </Table.Td>
  );
}
