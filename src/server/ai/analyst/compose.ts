import type { Findings } from './findings';
import { inEnglishNote } from './language';
import { list, moment } from './prose';
import type { Plan } from './understand';
import { writeCompare } from './writers/compare';
import { writeForecast } from './writers/forecast';
import { writeFundamentals } from './writers/fundamentals';
import { writeOutlook } from './writers/outlook';
import { writeMovers } from './writers/movers';
import { writeOverview } from './writers/overview';
import { writePerformance } from './writers/performance';
import { writePortfolio } from './writers/portfolio';
import { writePrice } from './writers/price';
import { writeProfile } from './writers/profile';
import { writeRisk } from './writers/risk';
import { writeSearch } from './writers/search';
import { writeSignals } from './writers/signals';
import { writeTerm } from './writers/term';
import { writeTrend } from './writers/trend';
import { writeWhy } from './writers/why';

/** The analyst's answer: one section per thing asked, then what it could not answer, then the as-of line. */

const CAPABILITIES = [
  "a stock's price and today's move",
  'what a company does',
  "the day's biggest movers",
  'its rating and the reasons behind it',
  'trend, moving averages and buy or sell signals',
  'volatility and drawdowns',
  'performance over a period',
  'side-by-side comparisons',
  'hypothetical forecast ranges',
  'what an investing term means',
];
const PORTFOLIO_CAPABILITY = 'how your portfolio is doing';

export function capabilities(options: { hasPortfolioTool: boolean }): string {
  return `I can help with ${list(options.hasPortfolioTool ? [...CAPABILITIES, PORTFOLIO_CAPABILITY] : CAPABILITIES)}.`;
}

export interface Composed {
  content: string;
  /**
   * False when the answer only asks what was meant: nothing recognisable was asked, no symbol was given, or every
   * symbol asked about is unknown. Such a turn is not charged.
   */
  understood: boolean;
}

export function compose(plan: Plan, findings: Findings, options: { hasPortfolioTool: boolean }): Composed {
  const sections: string[] = [];
  const analyses = (symbols: string[]) => symbols.map((s) => findings.analyses.get(s)).filter((a) => a !== undefined);
  const has = (intent: Plan['intents'][number]) => plan.intents.includes(intent);

  if (plan.greeting && plan.intents.length === 0) {
    sections.push(
      `Hello! ${capabilities(options)} Ask me, for example, how a company is doing today or what its outlook is.`,
    );
  }
  if (has('search') && findings.search) sections.push(writeSearch(findings.search));
  if (has('term') && findings.term) sections.push(writeTerm(findings.term));
  if (has('price')) {
    const quotes = plan.symbols.map((s) => findings.quotes.get(s)).filter((q) => q !== undefined);
    if (quotes.length) sections.push(writePrice(quotes, { table: plan.table }));
  }
  if (has('movers') && findings.movers) sections.push(writeMovers(findings.movers));
  if (has('profile') || has('about'))
    for (const s of plan.symbols) if (findings.profiles.has(s)) sections.push(writeProfile(findings.profiles.get(s)!));
  if (has('about')) for (const a of analyses(plan.symbols)) sections.push(writeOverview(a));
  if (has('overview'))
    for (const a of analyses(plan.symbols))
      sections.push(writeOverview(a, findings.histories.get(`${a.symbol} ${plan.range ?? '1Y'}`)));
  if (has('why'))
    for (const a of analyses(plan.symbols))
      sections.push(writeWhy(a, findings.histories.get(`${a.symbol} ${plan.range ?? '5D'}`)));
  if (has('compare') && findings.compare) sections.push(writeCompare(findings.compare));
  if (has('outlook') && !has('compare')) for (const a of analyses(plan.symbols)) sections.push(writeOutlook(a));
  if (has('fundamentals')) for (const a of analyses(plan.symbols)) sections.push(writeFundamentals(a, plan.focus));
  if (has('trend')) for (const a of analyses(plan.symbols)) sections.push(writeTrend(a));
  if (has('signals')) for (const a of analyses(plan.symbols)) sections.push(writeSignals(a));
  if (has('performance')) {
    for (const s of plan.symbols) {
      const h = findings.histories.get(`${s} ${plan.range ?? '1Y'}`);
      if (h) sections.push(writePerformance(h));
    }
  }
  if (has('risk') && !has('compare')) {
    for (const s of plan.symbols) {
      const h = findings.histories.get(`${s} 1Y`);
      if (h) sections.push(writeRisk(h));
    }
  }
  if (has('forecast') && findings.forecast) sections.push(writeForecast(findings.forecast));
  if (has('forecast') && findings.limitReached) {
    sections.push(
      "You have used all of today's forecast graphs, so I can't draw a new one until the daily reset at midnight UTC.",
    );
  }
  if (has('portfolio')) {
    if (findings.portfolio !== null) {
      sections.push(writePortfolio(findings.portfolio, { depth: plan.portfolioDepth, symbols: plan.symbols }));
    } else if (!options.hasPortfolioTool) {
      sections.push(
        "I can't see your portfolios here. Open the Portfolio page for their value and gains, or ask me about any of their stocks.",
      );
    } else if (!findings.failures.some((f) => f.tool === 'get_portfolio')) {
      sections.push('I could not read your portfolio just now.');
    }
  }

  const answered = sections.length > 0;
  // The same unknown symbol fails in every tool that was asked about it: say so once.
  for (const sentence of new Set(findings.failures.map((f) => failureSentence(f.message)))) sections.push(sentence);
  const onlyUnknownSymbols =
    !answered && findings.failures.length > 0 && findings.failures.every((f) => /^Unknown symbols? /.test(f.message));

  for (const u of plan.unsupported) sections.push(`I can't help with ${u.topic}: ${u.why}`);

  const clarifying = sections.length === 0;
  if (clarifying) {
    if (plan.intents.length > 0 && plan.symbols.length === 0) {
      sections.push('Which stock or fund do you mean? Give me its ticker symbol or company name and ask again.');
    } else {
      sections.push(
        `I'm not sure what you would like to know. ${capabilities(options)} Try asking about a company by name or ticker.`,
      );
    }
  } else if (plan.unsupported.length > 0 && sections.length === plan.unsupported.length) {
    sections.push(capabilities(options));
  }

  if (findings.asOf && findings.sourceLabel) {
    const note = findings.simulated ? ' These are simulated prices for demonstration, not real quotes.' : '';
    sections.push(`_Data: ${findings.sourceLabel}, as of ${moment(findings.asOf)}.${note}_`);
  }
  if (plan.symbolsFrom === 'viewing' && answered && plan.symbols[0] && findings.asOf) {
    sections.unshift(`_About the chart you are viewing._`);
  }
  if (plan.language) sections.unshift(inEnglishNote(plan.language));
  const understood = !(clarifying && !plan.greeting) && !onlyUnknownSymbols;
  return { content: sections.join('\n\n'), understood };
}

/** A tool's failure in the analyst's words (the tool's message is already written for people). */
function failureSentence(message: string): string {
  const unknown = /^Unknown symbols? ([^:]+):/.exec(message);
  if (unknown) {
    return `I couldn't find market data for ${unknown[1]}. Check the ticker, or ask me to look up the symbol for a company name.`;
  }
  if (/temporarily unavailable/.test(message))
    return 'Market data is temporarily unavailable, so I could not fetch everything. Please try again shortly.';
  if (/not in the glossary/.test(message)) return "That term isn't in my glossary yet.";
  if (/^Portfolio not found/.test(message)) return "I couldn't find that portfolio among yours.";
  return `Part of the answer is missing: ${message.replace(/\.$/, '')}.`;
}
