import type { DividendPayment, DividendsData } from '../../tools/getDividends';
import { day, money, pct } from '../prose';
import { markdownTable } from '../table';

/**
 * A stock's dividends, with what was asked first: whether it pays (yes or no), the next date ('when'), the yield
 * (the default), or the history (a table when asked for one).
 */

export type DividendFocus = 'pays' | 'next' | 'yield' | 'history';

const STATUS: Record<DividendPayment['status'], string> = {
  paid: 'paid',
  declared: 'declared',
  projected: 'projected from its usual schedule',
};

const amount = (d: DividendsData, v: number) => (d.currency === 'USD' ? money(v) : `${v} ${d.currency}`);

function nextLine(d: DividendsData): string | null {
  if (!d.next) return null;
  const pay = d.next.payDate ? `, paid on ${day(d.next.payDate)}` : '';
  return `**${d.symbol}**'s next ex-dividend date is ${day(d.next.exDate)} (${STATUS[d.next.status]})${pay}: ${amount(d, d.next.amount)} a share. Own the shares before the ex-dividend date to receive it.`;
}

function yieldLine(d: DividendsData): string {
  const often = d.frequency ? `, paid ${d.frequency === 'semiannual' ? 'twice a year' : d.frequency}` : '';
  return d.trailingYieldPercent !== null && d.annualRate !== null
    ? `**${d.symbol}** yields **${pct(d.trailingYieldPercent)}** a year at today's price: ${amount(d, d.annualRate)} a share over the past year${often}.`
    : `**${d.symbol}** pays ${amount(d, d.annualRate ?? 0)} a share a year${often}.`;
}

function historyTable(d: DividendsData): string {
  return markdownTable(
    ['Ex-dividend date', 'Pay date', 'Per share', 'Status'],
    [...[...d.upcoming].reverse(), ...d.payments].map((p) => [
      day(p.exDate),
      p.payDate ? day(p.payDate) : '–',
      amount(d, p.amount),
      p.status,
    ]),
  );
}

/** The payments one per line, newest first (a list, when no table was asked for). */
function historyList(d: DividendsData): string {
  return d.payments
    .slice(0, 8)
    .map(
      (p) =>
        `- Ex-dividend ${day(p.exDate)}${p.payDate ? `, paid ${day(p.payDate)}` : ''}: ${amount(d, p.amount)} a share`,
    )
    .join('\n');
}

export function writeDividends(d: DividendsData, writing: { focus: DividendFocus; table: boolean }): string {
  if (!d.paysDividends) {
    return `No, **${d.symbol}** pays no dividend: it has paid none in the past year and none is declared or expected.`;
  }
  const next = nextLine(d);
  const yields = yieldLine(d);
  const first =
    writing.focus === 'pays'
      ? `Yes, ${yields}`
      : writing.focus === 'next' && next
        ? next
        : writing.focus === 'history' && d.last
          ? `**${d.symbol}**'s latest dividend was ${amount(d, d.last.amount)} a share, ex-dividend on ${day(d.last.exDate)}.`
          : yields;
  const parts = [first];
  if (first !== yields && writing.focus !== 'pays') parts.push(yields);
  if (next && first !== next) parts.push(next);
  if (writing.table) parts.push(historyTable(d));
  else if (writing.focus === 'history') parts.push(historyList(d));
  else if (d.last)
    parts.push(`The last one was ${amount(d, d.last.amount)} a share, ex-dividend on ${day(d.last.exDate)}.`);
  if (d.stale) parts.push('_The dividend data source is not answering right now: these are the last known figures._');
  return parts.join('\n\n');
}

/** Several stocks' dividends: one line each, then which yields most (a list, as per-symbol answers are). */
export function writeDividendsOfSeveral(all: readonly DividendsData[]): string {
  const lines = all.map((d) =>
    d.paysDividends
      ? `- ${yieldLine(d)}${d.next ? ` Next ex-dividend date: ${day(d.next.exDate)} (${STATUS[d.next.status]}).` : ''}`
      : `- **${d.symbol}** pays no dividend.`,
  );
  const yielding = all
    .filter((d) => d.trailingYieldPercent !== null)
    .sort((a, b) => b.trailingYieldPercent! - a.trailingYieldPercent!);
  const lead =
    yielding.length >= 2
      ? `**${yielding[0].symbol}** has the higher dividend yield: ${pct(yielding[0].trailingYieldPercent!)} against ${yielding
          .slice(1)
          .map((d) => `${pct(d.trailingYieldPercent!)} for **${d.symbol}**`)
          .join(', ')}.`
      : 'Their dividends:';
  return [lead, '', ...lines].join('\n');
}
