import type {
  GetPortfolioData,
  PortfolioToolCheck,
  PortfolioToolData,
  PortfolioToolHolding,
} from '../../tools/portfolioData';
import { list, money, pct, upDown } from '../prose';
import { escapeMarkdown } from '../userText';
import { writePortfolioActions } from './portfolioActions';

/**
 * The user's portfolio, from get_portfolio's data: value and gain or loss, today's move, the biggest positions, and
 * the checks. A summary ('How is my portfolio doing?') names only the checks that warn; a review ('Review my
 * portfolio', 'Is it diversified?') goes through every check, the sectors and what could not be measured; asking what
 * to do (the AI Review's question) gets what to consider doing about the checks that warn. Every
 * figure is a field of the tool's data or a sentence of a check, copied as given, so the answer is fully verified.
 * The count of checks is never written: it is not in the data, and the grounding check would flag it.
 */

export interface PortfolioWriting {
  depth: 'summary' | 'review' | 'actions';
  /** Symbols the question named ('Do I own MSFT?'): each gets a line on whether and how much is held. */
  symbols: readonly string[];
}

const SUMMARY_HOLDINGS = 5;
const REVIEW_HOLDINGS = 10;

const quantity = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 8 });

function headline(p: PortfolioToolData): string {
  const gain =
    p.totalCost > 0 || p.totalGainLoss !== 0
      ? `, ${upDown(p.totalGainLoss)} **${money(Math.abs(p.totalGainLoss))}**${p.totalGainLossPercent !== null ? ` (${pct(p.totalGainLossPercent)})` : ''} on the ${money(p.totalCost)} it cost`
      : '';
  let today = '';
  if (p.dayChangePercent !== null) {
    today =
      p.dayChange === 0
        ? ' It is unchanged today.'
        : ` Today it is ${upDown(p.dayChange)} ${money(Math.abs(p.dayChange))} (${pct(p.dayChangePercent)}).`;
  }
  return `**${escapeMarkdown(p.name)}** is worth **${money(p.totalValue)}**${gain}.${today}`;
}

/**
 * The ledger's returns since its first activity (issue 21), when get_portfolio could compute them: time-weighted
 * (the investments), money-weighted (the timing of the money too), realised gains, dividends and the benchmark.
 * A figure that is not meaningful (null) is left out rather than written as zero.
 */
function returnsLine(p: PortfolioToolData): string | null {
  const r = p.performance;
  if (!r || r.timeWeightedReturnPercent === null) return null;
  const signed = (v: number) => `${upDown(v)} ${pct(v)}`;
  const parts = [`Since ${r.from} its investments are ${signed(r.timeWeightedReturnPercent)} (time-weighted)`];
  if (r.timeWeightedReturnAnnualisedPercent !== null)
    parts[0] += `, ${pct(r.timeWeightedReturnAnnualisedPercent)} a year`;
  if (r.moneyWeightedReturnPercent !== null) {
    parts.push(`counting when money went in and out, ${signed(r.moneyWeightedReturnPercent)} a year (money-weighted)`);
  }
  const extras: string[] = [];
  if (r.realisedGain !== 0)
    extras.push(`${money(Math.abs(r.realisedGain))} realised ${r.realisedGain > 0 ? 'gains' : 'losses'}`);
  if (r.dividends !== 0) extras.push(`${money(r.dividends)} in dividends`);
  const bench =
    r.benchmark.twrPercent !== null
      ? ` ${r.benchmark.symbol} did ${signed(r.benchmark.twrPercent)} over the same time.`
      : '';
  return `${parts.join('; ')}${extras.length ? `, with ${list(extras)}` : ''}.${bench}`;
}

function selectionNote(p: PortfolioToolData): string | null {
  if (p.selection !== 'most recently updated' || p.otherPortfolios.length === 0) return null;
  return `_This is your most recently updated portfolio; you also have ${list(p.otherPortfolios.map((o) => `**${escapeMarkdown(o.name)}**`))}. Open one on the Portfolio page to see it._`;
}

function holdingLine(h: PortfolioToolHolding): string {
  if (h.totalValue === null) return `- **${h.symbol}**: no price right now, so it is left out of the totals`;
  const weight = h.weightPercent !== null ? `, ${pct(h.weightPercent)} of the value` : '';
  const gain = h.gainLossPercent !== null ? `, ${upDown(h.gainLossPercent)} ${pct(h.gainLossPercent)} on its cost` : '';
  return `- **${h.symbol}** ${money(h.totalValue)}${weight}${gain}`;
}

function heldSymbolLine(p: PortfolioToolData, symbol: string): string {
  const h = p.holdings.find((x) => x.symbol === symbol);
  if (!h) {
    return p.otherHoldings
      ? `**${symbol}** is not among the largest positions of **${escapeMarkdown(p.name)}**.`
      : `**${symbol}** is not in **${escapeMarkdown(p.name)}**.`;
  }
  const worth = h.totalValue !== null ? ` worth ${money(h.totalValue)}` : '';
  const weight = h.weightPercent !== null ? ` (${pct(h.weightPercent)} of the portfolio)` : '';
  const gain =
    h.gainLossPercent !== null
      ? `, ${upDown(h.gainLossPercent)} ${pct(h.gainLossPercent)} on your average price of ${money(h.averagePrice)}`
      : '';
  return `You hold ${quantity(h.quantity)} **${symbol}**${worth}${weight}${gain}.`;
}

function biggestPosition(p: PortfolioToolData): string | null {
  const top = p.holdings[0];
  if (!top || top.totalValue === null) return null;
  const weight = top.weightPercent !== null ? `, ${pct(top.weightPercent)} of the value` : '';
  return `Its biggest position is **${top.symbol}** at ${money(top.totalValue)}${weight}.`;
}

function holdingsSection(p: PortfolioToolData, depth: PortfolioWriting['depth']): string {
  const shown = p.holdings.slice(0, depth === 'review' ? REVIEW_HOLDINGS : SUMMARY_HOLDINGS);
  const lines = [
    p.holdings.length > shown.length || p.otherHoldings
      ? `**Largest positions** (of ${p.holdingsCount}):`
      : '**Holdings**, largest first:',
  ];
  lines.push(...shown.map(holdingLine));
  if (p.otherHoldings && shown.length === p.holdings.length) {
    lines.push(
      `- ${p.otherHoldings.count} smaller positions together: ${money(p.otherHoldings.totalValue)}, ${pct(p.otherHoldings.weightPercent)} of the value`,
    );
  }
  return lines.join('\n');
}

function sectorsLine(p: PortfolioToolData): string | null {
  if (p.allocationBySector.length === 0) return null;
  return `**By sector or type:** ${p.allocationBySector.map((s) => `${s.sector} ${pct(s.weightPercent)} (${money(s.value)})`).join(', ')}.`;
}

const checkLine = (c: PortfolioToolCheck) => `- **${c.title}**: ${c.sentence}`;

function checksSection(p: PortfolioToolData, depth: PortfolioWriting['depth']): string {
  const warn = p.checks.results.filter((c) => c.status === 'warn');
  const pass = p.checks.results.filter((c) => c.status === 'pass');
  const unavailable = p.checks.results.filter((c) => c.status === 'unavailable');
  const parts: string[] = [];
  if (warn.length) parts.push(['**Worth a look:**', ...warn.map(checkLine)].join('\n'));
  if (depth === 'summary') {
    parts.push(
      warn.length
        ? 'The other diversification and risk checks pass; ask me to review the portfolio for all of them.'
        : 'None of its diversification and risk checks warns: no position, sector or loss is above its limit.',
    );
    return parts.join('\n\n');
  }
  if (pass.length)
    parts.push([warn.length ? '**Within the limits:**' : '**Every check passes:**', ...pass.map(checkLine)].join('\n'));
  if (unavailable.length) parts.push(['**Not measured yet:**', ...unavailable.map(checkLine)].join('\n'));
  return parts.join('\n\n');
}

function dataNotes(p: PortfolioToolData): string[] {
  const notes: string[] = [];
  if (p.priceErrors.length) notes.push(`Left out of the totals: ${p.priceErrors.join(' ')}`);
  if (p.stale)
    notes.push(
      'Some prices are the last good ones, because the market data source failed; those figures may be out of date.',
    );
  if (p.checks.missingHistory.length) {
    notes.push(
      `Volatility, drawdown and beta leave out ${list(p.checks.missingHistory)}, which ${p.checks.missingHistory.length === 1 ? 'has' : 'have'} no year of price history.`,
    );
  }
  return notes;
}

export function writePortfolio(data: GetPortfolioData, writing: PortfolioWriting): string {
  if (!data.hasPortfolio) return data.message;
  const sections: string[] = [headline(data)];
  const returns = returnsLine(data);
  if (returns) sections.push(returns);
  const note = selectionNote(data);
  if (note) sections.push(note);
  if (data.holdingsCount === 0) {
    sections.push('It has no holdings yet: add some on the Portfolio page and I can tell you how they are doing.');
    return sections.join('\n\n');
  }
  if (writing.symbols.length) {
    sections.push(writing.symbols.map((s) => heldSymbolLine(data, s)).join(' '));
    // 'Do I own MSFT?' is answered; the whole portfolio is for when it was asked for.
    if (writing.depth === 'summary') return sections.join('\n\n');
  }
  if (writing.depth === 'actions') {
    sections.push(writePortfolioActions(data), ...dataNotes(data));
    return sections.join('\n\n');
  }
  const biggest = biggestPosition(data);
  if (biggest) sections.push(biggest);
  sections.push(holdingsSection(data, writing.depth));
  if (writing.depth === 'review') {
    const sectors = sectorsLine(data);
    if (sectors) sections.push(sectors);
  }
  sections.push(checksSection(data, writing.depth));
  sections.push(...dataNotes(data));
  if (writing.depth === 'review') {
    sections.push(
      "_These checks are rules of thumb for diversification and risk, measured on today's holdings: educational, not financial advice._",
    );
  }
  return sections.join('\n\n');
}
