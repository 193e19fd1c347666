import { Box, Text } from '@mantine/core';
import { formatMoneyText, formatSignedMoneyText } from '../../../../shared/portfolio/format';
import type { PerformanceAnswer } from '../../../../shared/portfolio/ledger/types';
import classes from './Ledger.module.css';
import { InfoTip } from './FigureTip';
import { MEANING } from './ledgerText';

interface Step {
  key: string;
  label: string;
  meaning: string;
  /** Signed change for the middle steps; the level itself for the totals. */
  amount: number;
  text: string;
  total: boolean;
}

/** The steps, every amount in the portfolio's base currency (issue 27 §3). */
function stepsOf(d: PerformanceAnswer['decomposition'], currency: string): Step[] {
  const change = (key: string, label: string, meaning: string, value: string, sign = 1): Step => ({
    key,
    label,
    meaning,
    amount: sign * Number(value),
    text: formatSignedMoneyText(sign === 1 ? value : String(-Number(value)), currency),
    total: false,
  });
  return [
    {
      key: 'start',
      label: 'Start value',
      meaning: MEANING.startValue,
      amount: Number(d.startValue),
      text: formatMoneyText(d.startValue, currency),
      total: true,
    },
    change('flows', 'Net deposits', MEANING.netFlows, d.netFlows),
    change('realised', 'Realised gains', MEANING.realisedGain, d.realisedGain),
    change('unrealised', 'Unrealised change', MEANING.unrealisedGainChange, d.unrealisedGainChange),
    change('dividends', 'Dividends', MEANING.dividends, d.dividends),
    // Fees come as a positive amount taken away: shown as a negative step.
    {
      ...change('fees', 'Fees', MEANING.fees, d.fees, -1),
      text: formatSignedMoneyText(d.fees === '0.00' || Number(d.fees) === 0 ? '0' : `-${d.fees}`, currency),
    },
    {
      key: 'end',
      label: 'End value',
      meaning: MEANING.endValue,
      amount: Number(d.endValue),
      text: formatMoneyText(d.endValue, currency),
      total: true,
    },
  ];
}

/** Running levels: each change starts where the last one ended; the totals start at 0. */
function barsOf(steps: Step[]): Array<Step & { from: number; to: number }> {
  const bars: Array<Step & { from: number; to: number }> = [];
  let level = 0;
  for (const s of steps) {
    const from = s.total ? 0 : level;
    const to = s.total ? s.amount : level + s.amount;
    level = to;
    bars.push({ ...s, from, to });
  }
  return bars;
}

/**
 * How the value got from the start of the range to its end: a horizontal waterfall, each step a floating bar from
 * the running total before it to the one after. The figures are text beside the bars (the bars only draw them).
 */
export function Waterfall({
  decomposition,
  currency,
}: {
  decomposition: PerformanceAnswer['decomposition'];
  currency: string;
}) {
  const steps = stepsOf(decomposition, currency);
  const bars = barsOf(steps);
  const low = Math.min(0, ...bars.map((b) => Math.min(b.from, b.to)));
  const high = Math.max(0, ...bars.map((b) => Math.max(b.from, b.to)));
  const span = high - low || 1;
  const pct = (v: number) => ((v - low) / span) * 100;
  return (
    <Box
      component="ul"
      className={classes.waterfall}
      aria-label="How the value changed over the range"
      data-testid="waterfall"
    >
      {bars.map((b) => {
        const left = pct(Math.min(b.from, b.to));
        const width = Math.max(pct(Math.max(b.from, b.to)) - left, 0.5);
        const tone = b.total ? 'total' : b.amount > 0 ? 'up' : b.amount < 0 ? 'down' : 'flat';
        return (
          <li key={b.key} className={classes.waterfallRow} data-step={b.key}>
            <span className={classes.waterfallLabel}>
              <Text size="sm" component="span">
                {b.label}
              </Text>
              <InfoTip label={b.label} meaning={b.meaning} />
            </span>
            <span className={classes.waterfallTrack} aria-hidden>
              <span
                className={classes.waterfallBar}
                data-tone={tone}
                style={{ left: `${left}%`, width: `${width}%` }}
              />
            </span>
            <Text
              size="sm"
              fw={b.total ? 700 : 500}
              className={classes.waterfallValue}
              data-testid={`waterfall-${b.key}`}
            >
              {b.text}
            </Text>
          </li>
        );
      })}
    </Box>
  );
}
