import type { CompareData } from '../tools/compare';
import type { ForecastData } from '../tools/forecast';
import type { AnalysisData } from '../tools/getAnalysis';
import type { CompanyProfileData } from '../tools/getCompanyProfile';
import type { HistorySummaryData } from '../tools/getHistorySummary';
import type { DividendsData } from '../tools/getDividends';
import type { EarningsData } from '../tools/getEarnings';
import type { InvestmentGrowthData } from '../tools/investmentGrowth';
import type { MarketHoursData } from '../tools/marketHours';
import type { GetPortfolioData, PortfolioPerformanceData } from '../tools/portfolioData';
import type { QuoteData, QuoteRow } from '../tools/getQuote';
import type { MarketMoversData } from '../tools/marketMovers';
import type { SearchData } from '../tools/searchSymbols';
import type { ToolOutcome } from '../turnTools';

/** What the analyst's tool calls found, gathered for the writers. */
export interface Findings {
  quotes: Map<string, QuoteRow>;
  analyses: Map<string, AnalysisData>;
  profiles: Map<string, CompanyProfileData>;
  movers: MarketMoversData | null;
  /** By symbol: an answer reads one period per symbol. */
  histories: Map<string, HistorySummaryData>;
  compare: CompareData | null;
  forecast: ForecastData | null;
  terms: { term: string; definition: string; inTickwise?: string }[];
  search: SearchData | null;
  portfolio: GetPortfolioData | null;
  portfolioPerformance: PortfolioPerformanceData | null;
  marketHours: MarketHoursData | null;
  growth: InvestmentGrowthData | null;
  dividends: Map<string, DividendsData>;
  earnings: Map<string, EarningsData>;
  /** Tool calls that failed, with the tool's own words. */
  failures: Extract<ToolOutcome, { ok: false }>[];
  /** A daily limit stopped a tool (the forecast's graphs). */
  limitReached: boolean;
  /** The newest as-of time and source of the data used. */
  asOf: string | null;
  sourceLabel: string | null;
  simulated: boolean;
}

export function emptyFindings(): Findings {
  return {
    quotes: new Map(),
    analyses: new Map(),
    profiles: new Map(),
    movers: null,
    histories: new Map(),
    compare: null,
    forecast: null,
    terms: [],
    search: null,
    portfolio: null,
    portfolioPerformance: null,
    marketHours: null,
    growth: null,
    dividends: new Map(),
    earnings: new Map(),
    failures: [],
    limitReached: false,
    asOf: null,
    sourceLabel: null,
    simulated: false,
  };
}

/** Files one tool outcome where the writers look for it. */
export function record(findings: Findings, outcome: ToolOutcome): void {
  if (!outcome.ok) {
    if (outcome.kind === 'limit') findings.limitReached = true;
    else findings.failures.push(outcome);
    return;
  }
  const { result } = outcome;
  const asOf = new Date(result.asOf).toISOString();
  if (result.source.provider !== 'glossary' && result.source.provider !== 'nyse-calendar') {
    if (!findings.asOf || asOf > findings.asOf) findings.asOf = asOf;
    findings.sourceLabel = result.source.label;
    findings.simulated = result.source.simulated;
  }
  switch (outcome.tool) {
    case 'get_quote':
      for (const row of (outcome.data as QuoteData).quotes) findings.quotes.set(row.symbol, row);
      break;
    case 'get_analysis': {
      const data = outcome.data as AnalysisData;
      findings.analyses.set(data.symbol, data);
      break;
    }
    case 'get_history_summary': {
      const data = outcome.data as HistorySummaryData;
      findings.histories.set(data.symbol, data);
      break;
    }
    case 'get_company_profile': {
      const data = outcome.data as CompanyProfileData;
      findings.profiles.set(data.symbol, data);
      break;
    }
    case 'market_movers':
      findings.movers = outcome.data as MarketMoversData;
      break;
    case 'compare':
      findings.compare = outcome.data as CompareData;
      break;
    case 'forecast':
      findings.forecast = outcome.data as ForecastData;
      break;
    case 'explain_term':
      findings.terms.push(outcome.data as Findings['terms'][number]);
      break;
    case 'search_symbols':
      findings.search = outcome.data as SearchData;
      break;
    case 'get_portfolio':
      findings.portfolio = outcome.data as GetPortfolioData;
      break;
    case 'portfolio_performance':
      findings.portfolioPerformance = outcome.data as PortfolioPerformanceData;
      break;
    case 'market_hours':
      findings.marketHours = outcome.data as MarketHoursData;
      break;
    case 'investment_growth':
      findings.growth = outcome.data as InvestmentGrowthData;
      break;
    case 'get_dividends': {
      const data = outcome.data as DividendsData;
      findings.dividends.set(data.symbol, data);
      break;
    }
    case 'get_earnings': {
      const data = outcome.data as EarningsData;
      findings.earnings.set(data.symbol, data);
      break;
    }
  }
}
