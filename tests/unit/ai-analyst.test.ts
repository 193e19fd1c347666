import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import Markdown from 'react-markdown';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAgentTurn, type AgentAnswer } from '../../src/server/ai';
import type { ConversationTurn } from '../../src/server/ai/engine';
import { userTools } from '../../src/server/modules/chat/userTools';
import type { MarketService } from '../../src/server/market/service';
import {
  getPortfolioForOwner,
  type OwnedPortfolioReport,
} from '../../src/server/modules/portfolios/analysis/analysisService';
import { formatMarketCap, formatUsd } from '../../src/shared/format';
import { createAgentTestDeps, type AgentTestDeps } from '../helpers/agentDeps';
import { seedPortfolio, TECH_BETS } from '../helpers/portfolioSeed';

/**
 * The built-in analyst on the questions a retail investor asks: for each, the tools it must call, figures the answer
 * must contain (computed from the same market data), and a fully verified answer. Questions it cannot answer must
 * say so plainly.
 */

const NOW = Date.UTC(2025, 0, 15, 15, 5, 30);
let env: AgentTestDeps;
beforeAll(async () => {
  env = await createAgentTestDeps(NOW);
});
afterAll(() => env?.close());

interface Case {
  q: string;
  viewing?: string;
  history?: ConversationTurn[];
  /** Progress labels of the tool calls, in order. */
  tools: string[];
  /** Text the answer must contain, computed from the market data (and the user's portfolio, when seeded). */
  mentions?: (
    m: MarketService,
    portfolio: OwnedPortfolioReport | null,
  ) => (string | RegExp)[] | Promise<(string | RegExp)[]>;
  /**
   * The chat's user tools (get_portfolio) and what the user owns: 'Tech bets' (TECH_BETS, updated last) beside an
   * older 'Income', or one empty portfolio, or none. Without it the turn has the market tools only, like an insight.
   */
  portfolio?: 'tech bets' | 'empty' | 'none';
  /** Figures may be absent (nothing to check) but never unverified. */
  plainly?: RegExp;
}

const price = async (m: MarketService, s: string) => formatUsd((await m.quote(s)).regularMarketPrice);
const rating = async (m: MarketService, s: string) => `**${(await m.analysis(s)).rating}**`;

const CASES: Case[] = [
  // Price and move
  {
    q: 'What is AAPL trading at?',
    tools: ['Looking up AAPL…'],
    mentions: async (m) => [await price(m, 'AAPL'), /(up|down) \$[\d.]+ \([\d.]+%\) today|unchanged today/],
  },
  {
    q: 'How much is Microsoft stock?',
    tools: ['Looking up MSFT…'],
    mentions: async (m) => [await price(m, 'MSFT'), 'Microsoft Corporation (MSFT)'],
  },
  { q: 'Is Tesla up or down today?', tools: ['Looking up TSLA…'], mentions: async (m) => [await price(m, 'TSLA')] },
  { q: 'how did nvda move today', tools: ['Looking up NVDA…'], mentions: async (m) => [await price(m, 'NVDA')] },
  {
    q: "What's the price of this stock?",
    viewing: 'AMZN',
    tools: ['Looking up AMZN…'],
    mentions: async (m) => [await price(m, 'AMZN'), 'About the chart you are viewing'],
  },
  {
    q: 'Quote for SPY and QQQ please',
    tools: ['Looking up SPY, QQQ…'],
    mentions: async (m) => [await price(m, 'SPY'), await price(m, 'QQQ')],
  },
  { q: 'What is $PLTR at right now?', tools: ['Looking up PLTR…'], mentions: async (m) => [await price(m, 'PLTR')] },
  // Outlook and rating with reasons
  {
    q: "What's the outlook for META?",
    tools: ['Analysing META…'],
    mentions: async (m) => [await rating(m, 'META'), 'not financial advice'],
  },
  {
    q: 'Should I buy Apple?',
    tools: ['Analysing AAPL…'],
    mentions: async (m) => [await rating(m, 'AAPL'), 'educational, not financial advice'],
  },
  {
    q: 'Why is GOOGL rated the way it is?',
    tools: ['Analysing GOOGL…'],
    mentions: async (m) => [await rating(m, 'GOOGL'), /\*\*(In its favour|Against it)\*\*/],
  },
  {
    q: 'Is this stock a good investment?',
    viewing: 'COST',
    tools: ['Analysing COST…'],
    mentions: async (m) => [await rating(m, 'COST')],
  },
  {
    q: 'Give me a full analysis of the S&P 500',
    tools: ['Analysing ^GSPC…'],
    mentions: async (m) => [await rating(m, '^GSPC'), 'S&P 500 (^GSPC)'],
  },
  // Comparisons
  {
    q: 'Compare AAPL and MSFT',
    tools: ['Comparing AAPL, MSFT (1Y)…'],
    mentions: async (m) => [
      await price(m, 'AAPL'),
      await price(m, 'MSFT'),
      /did best over the past year/,
      /^\| Stock \| Price \| Today \| One year \|/m,
    ],
  },
  {
    q: 'AAPL vs MSFT vs GOOGL: which performed better this year?',
    tools: ['Comparing AAPL, MSFT, GOOGL (YTD)…'],
    mentions: () => [/did best over the year to date/, /percentage points ahead of/],
  },
  {
    q: 'Which is more volatile, TSLA or SPY?',
    tools: ['Comparing TSLA, SPY (1Y)…'],
    mentions: () => [/was the calmest/, /the most volatile/],
  },
  {
    q: 'Is Nvidia or AMD the better pick?',
    tools: ['Comparing NVDA, AMD (1Y)…'],
    mentions: () => [/The highest rating goes to/],
  },
  // Trend and moving averages
  {
    q: 'Is NVDA in an uptrend?',
    tools: ['Analysing NVDA…'],
    mentions: () => [/20-day average \(\$[\d,.]+\)/, /50-day average/, /200-day average/],
  },
  {
    q: 'Where is AAPL relative to its 50-day moving average?',
    tools: ['Analysing AAPL…'],
    mentions: () => [/(above|below) its 50-day average/],
  },
  {
    q: 'What do the moving averages say about this stock?',
    viewing: 'DIS',
    tools: ['Analysing DIS…'],
    mentions: () => [/average/],
  },
  { q: "What's the RSI of AMD?", tools: ['Analysing AMD…'], mentions: () => [/14-day RSI is \*\*[\d.]+\*\*/] },
  // Signals
  {
    q: 'Any buy or sell signals on TSLA?',
    tools: ['Analysing TSLA…'],
    mentions: () => [/MA20\/MA50 crossover/, 'Crossovers lag the price'],
  },
  { q: 'Has there been a golden cross on MSFT recently?', tools: ['Analysing MSFT…'], mentions: () => [/crossover/] },
  // Volatility and risk
  {
    q: 'How volatile is Bitcoin?',
    tools: ['Reading BTC-USD price history (1Y)…'],
    mentions: () => [/Annualized volatility: \*\*[\d.]+%\*\*/],
  },
  {
    q: 'How risky is TSLA?',
    tools: ['Reading TSLA price history (1Y)…'],
    mentions: () => [/Largest fall from a peak/],
  },
  {
    q: "What's the max drawdown of QQQ over the past year?",
    tools: ['Reading QQQ price history (1Y)…'],
    mentions: () => [/Largest fall from a peak: \*\*[\d.]+%\*\*/],
  },
  // Performance over a period
  {
    q: 'How has AMZN performed over the last 6 months?',
    tools: ['Reading AMZN price history (6M)…'],
    mentions: () => [/^\*\*AMZN\*\* is (up|down) \*\*[\d.]+%\*\* over the past six months/],
  },
  {
    q: 'How did SPY do year to date?',
    tools: ['Reading SPY price history (YTD)…'],
    mentions: () => [/over the year to date \(Jan 2, 2025 to Jan 15, 2025\)/],
  },
  {
    q: "What's the 5-year return of MSFT?",
    tools: ['Reading MSFT price history (5Y)…'],
    mentions: () => [/over the past five years/],
  },
  {
    q: "What's the 52-week high for META?",
    tools: ['Reading META price history (1Y)…'],
    mentions: () => [/Its highest close was \$[\d,.]+ on/],
  },
  // Forecasts
  {
    q: 'Forecast AAPL for the next 3 months',
    tools: ['Building a 3M forecast for AAPL…'],
    mentions: () => [
      /^\*\*Where AAPL could be in three months\*\* is a hypothetical range, not a prediction\. In four out of five of the model's outcomes it ends between \*\*\$[\d,.]+ and \$[\d,.]+\*\*/,
      /held \*\*[\d.]+%\*\* of the time/,
      /\n\n\*\*How this is computed\*\*\n- Model: a log-normal model/,
      /80% band: \$[\d,.]+ to \$[\d,.]+/,
    ],
  },
  {
    q: 'Where could NVDA be in a year?',
    tools: ['Building a 1Y forecast for NVDA…'],
    mentions: () => [/Where NVDA could be in a year/],
  },
  {
    q: 'Show me a projection for this stock',
    viewing: 'KO',
    tools: ['Building a 1M forecast for KO…'],
    mentions: () => [/not a prediction/],
  },
  // Terms
  {
    q: 'What does P/E mean?',
    tools: ['Looking up "P/E ratio" in the glossary…'],
    mentions: () => [/price-to-earnings ratio/],
  },
  {
    q: 'Explain RSI',
    tools: ['Looking up "RSI (Relative Strength Index)" in the glossary…'],
    mentions: () => [/overbought/],
  },
  {
    q: 'What is a moving average?',
    tools: ['Looking up "Moving average" in the glossary…'],
    mentions: () => [/average closing price/],
  },
  {
    q: "What's market cap?",
    tools: ['Looking up "Market capitalization" in the glossary…'],
    mentions: () => [/shares outstanding/],
  },
  // Fundamentals
  {
    q: "What's the P/E of AAPL?",
    tools: ['Analysing AAPL…'],
    mentions: async (m) => [`P/E of **${(await m.analysis('AAPL')).pe}**`],
  },
  {
    q: 'What is the market cap of NVDA?',
    tools: ['Analysing NVDA…'],
    mentions: async (m) => [
      `market capitalization of about **${formatMarketCap((await m.analysis('NVDA')).marketCap)}**`,
    ],
  },
  // Ticker look-up
  { q: "What's the ticker for Palantir?", tools: ['Searching for "Palantir"…'], mentions: () => ['**PLTR**'] },
  { q: 'Find the symbol for Coca-Cola', tools: ['Searching for "Coca-Cola"…'], mentions: () => ['**KO**'] },
  // Follow-ups in a conversation
  {
    q: 'And what about MSFT?',
    history: [
      { role: 'user', content: 'What is AAPL trading at?' },
      { role: 'assistant', content: 'Apple is at ...' },
    ],
    tools: ['Looking up MSFT…'],
    mentions: async (m) => [await price(m, 'MSFT')],
  },
  {
    q: "What's its RSI?",
    history: [
      { role: 'user', content: 'How is NVDA doing?' },
      { role: 'assistant', content: 'NVIDIA is ...' },
    ],
    tools: ['Analysing NVDA…'],
    mentions: () => [/RSI is/],
  },
  // What it cannot answer, said plainly
  {
    q: "What's the latest news on Apple?",
    tools: ['Analysing AAPL…', 'Reading AAPL price history (5D)…'],
    plainly:
      /I have no news feed, so I can't tell you why \*\*Apple Inc\. \(AAPL\)\*\* moved\. Here is what the price data shows:/,
  },
  // Earnings dates and dividends come from the market layer (issue 28); never the old 'no earnings calendar'.
  {
    q: "When is Tesla's next earnings report?",
    tools: ["Reading TSLA's earnings dates…"],
    plainly: /^(?![\s\S]*no earnings calendar)\*\*TSLA\*\*'s next earnings report is on [A-Z][a-z]{2} \d{1,2}, 2025/,
  },
  {
    q: "What's the dividend yield of KO?",
    tools: ["Reading KO's dividends…"],
    plainly: /^(?![\s\S]*no dividend data)\*\*KO\*\* yields \*\*[\d.]+%\*\* a year at today's price/,
  },
  {
    q: "What's the weather tomorrow?",
    tools: [],
    plainly: /^I only answer questions about stocks, funds and the markets\./,
  },
  { q: 'What is the price of ZZZZZ?', tools: ['Looking up ZZZZZ…'], plainly: /I couldn't find market data for ZZZZZ/ },
  { q: 'How is my portfolio doing?', tools: [], plainly: /I can't see your portfolios here\. Open the Portfolio page/ },
  { q: "What's the outlook?", tools: [], plainly: /^Which stock or fund do you mean, by its name or ticker\?$/ },
  { q: 'Hi', tools: [], plainly: /^Hello! I can help with/ },
  // The user's portfolio (get_portfolio, in every signed-in chat turn)
  {
    q: 'How is my portfolio doing?',
    portfolio: 'tech bets',
    tools: ['Reading your portfolio…'],
    mentions: (_m, p) => [
      `**Tech bets** is worth **${money(p!.portfolio.totalValue)}**, up **${money(p!.portfolio.totalGainLoss)}** (${p!.portfolio.totalGainLossPercent}%) on the $3,463.12 it cost.`,
      /Today it is (up|down) \$[\d,.]+ \([\d.]+%\)\./,
      'This is your most recently updated portfolio; you also have **Income**.',
      `Its biggest position is **AAPL** at ${money(p!.allocation.byHolding[0].value)}, ${p!.allocation.byHolding[0].weight}% of the value.`,
      '**Worth a look:**',
      ...warnings(p!),
      'The other diversification and risk checks pass',
    ],
  },
  {
    q: 'Review my portfolio',
    portfolio: 'tech bets',
    tools: ['Reading your portfolio…'],
    mentions: (_m, p) => [
      ...p!.rules.filter((r) => r.status !== 'unavailable').map((r) => `- **${r.title}**: ${r.sentence}`),
      '**Within the limits:**',
      `**By sector or type:** Technology ${p!.allocation.bySector[0].weight}% (${money(p!.allocation.bySector[0].value)})`,
      'educational, not financial advice',
    ],
  },
  {
    q: 'Review my portfolio: what should I consider doing?',
    portfolio: 'tech bets',
    tools: ['Reading your portfolio…'],
    mentions: (_m, p) => [
      '**What to consider**',
      '- **Trim the largest position or add to others.** Selling part of **AAPL**',
      ...p!.rules.filter((r) => r.status === 'warn').map(() => /^- \*\*/m),
      /not financial advice/,
    ],
    plainly: /^(?![\s\S]*Within the limits)/,
  },
  {
    q: 'Is my portfolio too concentrated?',
    portfolio: 'tech bets',
    tools: ['Reading your portfolio…'],
    mentions: (_m, p) => [
      sentence(p!, 'sectorConcentration'),
      sentence(p!, 'topThreeWeight'),
      '**Within the limits:**',
    ],
  },
  {
    q: "What's my biggest position?",
    portfolio: 'tech bets',
    tools: ['Reading your portfolio…'],
    mentions: (_m, p) => [
      `Its biggest position is **AAPL** at ${money(p!.allocation.byHolding[0].value)}`,
      sentence(p!, 'largestPosition'),
    ],
  },
  {
    q: 'How risky are my holdings?',
    portfolio: 'tech bets',
    tools: ['Reading your portfolio…'],
    mentions: (_m, p) => [sentence(p!, 'volatility'), sentence(p!, 'maxDrawdown'), sentence(p!, 'beta')],
  },
  {
    q: 'Do I own MSFT?',
    portfolio: 'tech bets',
    tools: ['Looking up MSFT…', 'Reading your portfolio…'],
    mentions: async (m, p) => {
      const msft = p!.holdings.find((h) => h.symbol === 'MSFT')!;
      return [
        await price(m, 'MSFT'),
        `Yes, you hold 2.5 **MSFT** worth ${money(msft.totalValue!)} (${msft.weight}% of **Tech bets**), up ${msft.gainLossPercent}% on your average price of $300.25.`,
      ];
    },
  },
  {
    q: 'Is KO in my portfolio?',
    portfolio: 'tech bets',
    tools: ['Looking up KO…', 'Reading your portfolio…'],
    mentions: () => ['No, **KO** is not in **Tech bets**.'],
  },
  {
    q: 'How are my investments doing?',
    portfolio: 'none',
    tools: ['Reading your portfolio…'],
    plainly: /^You have no portfolios yet\. Create one on the Portfolio page/,
  },
  {
    q: 'How is my portfolio doing?',
    portfolio: 'empty',
    tools: ['Reading your portfolio…'],
    mentions: () => ['**Starter** is worth **$0.00**.', 'It has no holdings yet'],
  },
];

const money = (v: string | number) => formatUsd(Number(v));
const sentence = (p: OwnedPortfolioReport, key: string) => p.rules.find((r) => r.key === key)!.sentence;
const warnings = (p: OwnedPortfolioReport) =>
  p.rules.filter((r) => r.status === 'warn').map((r) => `- **${r.title}**: ${r.sentence}`);

/** Seeds the case's portfolios for a new user and reads the one the answer should be about, as the service values it. */
async function portfolioFor(userId: string, kind: Case['portfolio']): Promise<OwnedPortfolioReport | null> {
  if (kind === 'tech bets') {
    await seedPortfolio(env.deps.db, userId, {
      name: 'Income',
      createdAt: NOW - 90_000,
      holdings: [['KO', '20', '55']],
    });
    const id = await seedPortfolio(env.deps.db, userId, {
      name: 'Tech bets',
      createdAt: NOW - 50_000,
      updatedAt: NOW - 1_000,
      holdings: TECH_BETS,
    });
    return getPortfolioForOwner(env.deps, userId, id);
  }
  if (kind === 'empty') await seedPortfolio(env.deps.db, userId, { name: 'Starter', createdAt: NOW - 1_000 });
  return null;
}

describe('built-in analyst', () => {
  it(`covers at least 40 varied questions (${CASES.length})`, () => {
    expect(CASES.length).toBeGreaterThanOrEqual(40);
  });

  for (const c of CASES) {
    it(`${c.viewing ? `[viewing ${c.viewing}] ` : ''}${c.portfolio ? `[portfolio: ${c.portfolio}] ` : ''}${c.q}`, async () => {
      const message = c.viewing ? `[Currently viewing ${c.viewing} chart] ${c.q}` : c.q;
      const userId = await env.newUser();
      const portfolio = await portfolioFor(userId, c.portfolio);
      const answer: AgentAnswer = await runAgentTurn(env.deps, {
        userId,
        message,
        history: c.history,
        ...(c.portfolio ? { extraTools: userTools(env.deps) } : {}),
      });
      expect(answer.engine).toBe('builtin');
      expect(answer.tools.map((t) => t.label)).toEqual(c.tools);
      for (const expected of (await c.mentions?.(env.deps.market, portfolio)) ?? []) {
        if (typeof expected === 'string') expect(answer.content).toContain(expected);
        else expect(answer.content).toMatch(expected);
      }
      if (c.plainly) expect(answer.content).toMatch(c.plainly);
      // Every number, ticker and date the analyst writes comes from a tool.
      const unverified = answer.figures.filter((f) => !f.verified);
      expect(unverified, JSON.stringify(unverified)).toEqual([]);
      if (c.tools.length && !c.plainly) {
        expect(answer.verification.total).toBeGreaterThan(0);
        expect(answer.sources.length).toBeGreaterThan(0);
      }
    });
  }

  it('streams its answer in pieces that add up to the whole', async () => {
    const tokens: string[] = [];
    const answer = await runAgentTurn(env.deps, {
      userId: await env.newUser(),
      message: 'Compare AAPL and MSFT',
      onEvent: (e) => {
        if (e.type === 'token') tokens.push(e.text);
      },
    });
    expect(tokens.length).toBeGreaterThan(5);
    expect(tokens.join('')).toBe(answer.content);
  });

  it('answers the status probe', async () => {
    expect(await env.deps.ai.health()).toMatchObject({ ok: true });
  });
});

describe('user text in answers', () => {
  it("shows a portfolio's name as typed, never as Markdown", async () => {
    const userId = await env.newUser();
    const name = '*Tech* _bets_ [click](https://example.com) `x` <b>';
    await seedPortfolio(env.deps.db, userId, { name, createdAt: NOW - 1_000, holdings: TECH_BETS });
    const answer = await runAgentTurn(env.deps, {
      userId,
      message: 'How is my portfolio doing?',
      extraTools: userTools(env.deps),
    });
    const html = renderToStaticMarkup(createElement(Markdown, null, answer.content));
    const firstParagraph = /<p>(.*?)<\/p>/.exec(html)![1];
    expect(firstParagraph).toMatch(
      /^<strong>\*Tech\* _bets_ \[click\]\(https:\/\/example\.com\) `x` &lt;b&gt;<\/strong> is worth/,
    );
    expect(html).not.toContain('<a ');
  });
});
