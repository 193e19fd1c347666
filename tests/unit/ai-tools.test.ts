import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFactIndex } from '../../src/server/ai/grounding/facts';
import { MARKET_TOOLS } from '../../src/server/ai/tools';
import { compareTool } from '../../src/server/ai/tools/compare';
import { explainTermTool } from '../../src/server/ai/tools/explainTerm';
import { getAnalysisTool } from '../../src/server/ai/tools/getAnalysis';
import { getCompanyProfileTool } from '../../src/server/ai/tools/getCompanyProfile';
import { getHistorySummaryTool } from '../../src/server/ai/tools/getHistorySummary';
import { getQuoteTool } from '../../src/server/ai/tools/getQuote';
import { investmentGrowthTool } from '../../src/server/ai/tools/investmentGrowth';
import { marketHoursTool } from '../../src/server/ai/tools/marketHours';
import { marketMoversTool } from '../../src/server/ai/tools/marketMovers';
import { LOCAL_STOCKS } from '../../src/shared/market/localStocks';
import { searchSymbolsTool } from '../../src/server/ai/tools/searchSymbols';
import type { z } from 'zod';
import { ToolFailure, type AgentTool, type ToolContext } from '../../src/server/ai/tools/types';
import { toolSpec, TurnTools } from '../../src/server/ai/turnTools';
import { annualizedVolatility, sma } from '../../src/shared/indicators';
import type { ToolActivity } from '../../src/shared/chat/types';
import { createAgentTestDeps, type AgentTestDeps } from '../helpers/agentDeps';

/** Every agent tool over the real market service (simulated, fixed clock), and the per-answer tool runner. */

const NOW = Date.UTC(2025, 0, 15, 15, 5, 30);
const MINUTE = Date.UTC(2025, 0, 15, 15, 5);
const SIMULATED = { provider: 'simulated', simulated: true, label: 'Simulated market (built-in)' };
let env: AgentTestDeps;
let ctx: ToolContext;
beforeAll(async () => {
  env = await createAgentTestDeps(NOW);
  ctx = { deps: env.deps, userId: env.userId, charge: () => Promise.resolve() };
});
afterAll(() => env?.close());

// Typed by the tool, so each test reads the fields its tool really answers with.
const run = <I extends z.ZodType, O>(tool: AgentTool<I, O>, input: unknown) => tool.run(tool.input.parse(input), ctx);

describe('get_quote', () => {
  it('gives price, previous close and the move with source and as-of; unknown symbols are listed', async () => {
    const result = await run(getQuoteTool, { symbols: ['aapl', 'ZZZZZ', 'AAPL'] });
    const quote = await env.deps.market.quote('AAPL');
    expect(result.data).toEqual({
      quotes: [
        {
          symbol: 'AAPL',
          name: 'Apple Inc.',
          price: quote.regularMarketPrice,
          previousClose: Math.round((quote.regularMarketPrice - quote.regularMarketChange) * 100) / 100,
          change: Math.round(quote.regularMarketChange * 100) / 100,
          changePercent: Math.round(quote.regularMarketChangePercent * 100) / 100,
          asOf: new Date(MINUTE).toISOString(),
        },
      ],
      notFound: ['ZZZZZ'],
    });
    expect(result.source).toEqual(SIMULATED);
    expect(result.asOf).toBe(MINUTE);
    expect(getQuoteTool.progress({ symbols: ['AAPL', 'MSFT'] })).toBe('Looking up AAPL, MSFT…');
  });

  it('fails in words when no symbol is known, and validates its input', async () => {
    await expect(run(getQuoteTool, { symbols: ['ZZZZZ'] })).rejects.toThrow(
      new ToolFailure('Unknown symbol ZZZZZ: there is no market data for it.'),
    );
    expect(getQuoteTool.input.safeParse({ symbols: [] }).success).toBe(false);
    expect(getQuoteTool.input.safeParse({ symbols: ['A B'] }).success).toBe(false);
    expect(getQuoteTool.input.safeParse({ symbols: Array(11).fill('AAPL') }).success).toBe(false);
  });
});

describe('get_history_summary', () => {
  it('sums a range up: first, last, high, low, change, volatility, drawdown', async () => {
    const result = await run(getHistorySummaryTool, { symbol: 'MSFT', range: '6m' });
    const points = await env.deps.market.history('MSFT', '6M');
    const closes = points.map((p) => p.close);
    const data = result.data;
    expect(data).toMatchObject({
      symbol: 'MSFT',
      range: '6M',
      bars: points.length,
      firstClose: closes[0],
      lastClose: closes.at(-1),
    });
    expect(data.highClose).toBe(Math.max(...closes));
    expect(data.lowClose).toBe(Math.min(...closes));
    expect(data.change).toBeCloseTo(closes.at(-1)! - closes[0], 2);
    expect(data.changePercent).toBeCloseTo((closes.at(-1)! / closes[0] - 1) * 100, 2);
    expect(data.volatilityAnnualPercent).toBeCloseTo(
      annualizedVolatility(
        points.map((p) => p.time),
        closes,
      )!,
      2,
    );
    expect(data.maxDrawdownPercent).toBeLessThanOrEqual(0);
    expect(data.maxDrawdownPercent).toBeLessThanOrEqual(data.fromHighPercent!);
    expect(result.asOf).toBe(MINUTE);
    expect(result.subject).toBe('MSFT 6M');
  });

  it('refuses an unknown range and fails in words for an unknown symbol', async () => {
    expect(getHistorySummaryTool.input.safeParse({ symbol: 'MSFT', range: '2W' }).success).toBe(false);
    await expect(run(getHistorySummaryTool, { symbol: 'ZZZZZ' })).rejects.toThrow(/^Unknown symbol ZZZZZ/);
  });
});

describe('get_analysis', () => {
  it('gives the rating with its factors, moving averages, RSI and crossover signals', async () => {
    const result = await run(getAnalysisTool, { symbol: 'NVDA' });
    const analysis = await env.deps.market.analysis('NVDA');
    const closes = (await env.deps.market.history('NVDA', '1Y')).map((p) => p.close);
    expect(result.data).toMatchObject({
      symbol: 'NVDA',
      rating: analysis.rating,
      score: analysis.score,
      pe: analysis.pe,
      marketCap: analysis.marketCap,
    });
    expect(result.data.factors).toHaveLength(analysis.factors.length);
    expect(result.data.indicators.ma20).toBeCloseTo(sma(closes, 20).at(-1)!, 2);
    expect(result.data.indicators.ma50).toBeCloseTo(sma(closes, 50).at(-1)!, 2);
    expect(result.data.indicators.rsi14).toBeGreaterThanOrEqual(0);
    expect(result.data.indicators.rsi14).toBeLessThanOrEqual(100);
    expect(result.data.indicators.maPeriods).toEqual([20, 50, 200]);
    expect(result.source).toEqual(SIMULATED);
  });
});

describe('search_symbols', () => {
  it('finds tickers by company name', async () => {
    const result = await run(searchSymbolsTool, { query: 'coca' });
    expect(result.data.results[0]).toEqual({
      symbol: 'KO',
      name: 'The Coca-Cola Company',
      exchange: 'NYSE',
      type: 'Equity',
    });
    expect(searchSymbolsTool.input.safeParse({ query: '   ' }).success).toBe(false);
  });
});

describe('compare', () => {
  it('puts the same figures side by side and lists unknown symbols', async () => {
    const result = await run(compareTool, { symbols: ['AAPL', 'msft', 'ZZZZZ'] });
    expect(result.data.rows.map((r: { symbol: string }) => r.symbol)).toEqual(['AAPL', 'MSFT']);
    expect(result.data.notFound).toEqual(['ZZZZZ']);
    const year = await run(getHistorySummaryTool, { symbol: 'AAPL', range: '1Y' });
    expect(result.data.rows[0]).toMatchObject({
      price: (await env.deps.market.quote('AAPL')).regularMarketPrice,
      change1YPercent: year.data.changePercent,
      volatilityAnnualPercent: year.data.volatilityAnnualPercent,
      rating: (await env.deps.market.analysis('AAPL')).rating,
    });
    expect(compareTool.input.safeParse({ symbols: ['AAPL'] }).success).toBe(false);
    expect(compareTool.input.safeParse({ symbols: ['A', 'B', 'C', 'D', 'E', 'F'] }).success).toBe(false);
  });

  it('compares over the range asked: "over 6 months" is the six-month change, not the year', async () => {
    const result = await run(compareTool, { symbols: ['AAPL', 'MSFT'], range: '6m' });
    const half = await run(getHistorySummaryTool, { symbol: 'MSFT', range: '6M' });
    expect(result.data.range).toBe('6M');
    expect(result.data.rows[1].rangeChangePercent).toBe(half.data.changePercent);
    expect(compareTool.progress({ symbols: ['AAPL', 'MSFT'], range: '6M' })).toBe('Comparing AAPL, MSFT (6M)…');
    const year = await run(compareTool, { symbols: ['AAPL', 'MSFT'] });
    expect(year.data.range).toBe('1Y');
    expect(year.data.rows[0].rangeChangePercent).toBe(year.data.rows[0].change1YPercent);
  });
});

describe('market_movers', () => {
  it("ranks today's moves over the stocks Tickwise follows, biggest first, each side on its own", async () => {
    const result = await run(marketMoversTool, { direction: 'both', limit: 3 });
    const equities = LOCAL_STOCKS.filter((s) => s.type === 'EQUITY').map((s) => s.symbol);
    const quotes = await env.deps.market.quotes(equities);
    const changes = Object.values(quotes).map((q) => Math.round(q.regularMarketChangePercent * 100) / 100);
    expect(result.data.universeSize).toBe(equities.length);
    expect(result.data.gainers[0].changePercent).toBe(Math.max(...changes));
    expect(result.data.losers[0].changePercent).toBe(Math.min(...changes));
    expect(result.data.gainers.length).toBeLessThanOrEqual(3);
    for (const list of [
      result.data.gainers,
      result.data.losers.map((r: { changePercent: number }) => ({ changePercent: -r.changePercent })),
    ]) {
      const values = list.map((r: { changePercent: number }) => r.changePercent);
      expect(values).toEqual([...values].sort((a, b) => b - a));
    }
    expect((await run(marketMoversTool, { direction: 'gainers' })).data.losers).toEqual([]);
    expect(marketMoversTool.progress({ direction: 'losers', limit: 5 })).toBe(
      `Scanning ${equities.length} stocks for today's losers…`,
    );
  });
});

describe('get_company_profile', () => {
  it('says what the company does, with sector, exchange, size and P/E', async () => {
    const result = await run(getCompanyProfileTool, { symbol: 'pltr' });
    const profile = await env.deps.market.profile('PLTR');
    expect(result.data).toEqual({
      symbol: 'PLTR',
      name: profile.name,
      exchange: profile.exchange,
      type: 'EQUITY',
      sector: profile.sector,
      description: profile.description,
      marketCap: profile.marketCap,
      pe: profile.pe,
      currency: 'USD',
    });
    expect(result.data.description.length).toBeGreaterThan(40);
    await expect(run(getCompanyProfileTool, { symbol: 'ZZZZZ' })).rejects.toThrow(/Unknown symbol ZZZZZ/);
  });
});

describe('explain_term', () => {
  it('defines known terms and says which terms it knows otherwise', async () => {
    const result = await run(explainTermTool, { term: 'price to earnings' });
    expect(result.data.term).toBe('P/E ratio');
    expect(result.source.label).toBe('Tickwise glossary');
    await expect(run(explainTermTool, { term: 'iron condor' })).rejects.toThrow(/is not in the glossary/);
  });
});

describe('explicit periods', () => {
  it('sums up the days between two dates on get_history_summary, and says which dates were asked', async () => {
    const { data } = await run(getHistorySummaryTool, { symbol: 'AAPL', from: '2024-10-01', to: '2024-12-31' });
    expect(data.range).toBeNull();
    expect(data.requested).toEqual({ from: '2024-10-01', to: '2024-12-31' });
    expect(data.from >= '2024-10-01' && data.from <= '2024-10-03').toBe(true);
    expect(data.to >= '2024-12-27' && data.to <= '2024-12-31').toBe(true);
    const daily = (await env.deps.market.dailyHistory('AAPL', 2)).filter(
      (p) => p.time >= Date.UTC(2024, 9, 1) && p.time < Date.UTC(2025, 0, 1),
    );
    expect(data.firstClose).toBe(Math.round(daily[0].close * 100) / 100);
    expect(data.lastClose).toBe(Math.round(daily[daily.length - 1].close * 100) / 100);
    expect(data.bars).toBe(daily.length);
  });

  it('compares over explicit dates, and refuses periods that end before they start or have a range too', async () => {
    const { data } = await run(compareTool, { symbols: ['AAPL', 'MSFT'], from: '2024-01-01', to: '2024-12-31' });
    expect(data.range).toBeNull();
    expect(data.requested).toEqual({ from: '2024-01-01', to: '2024-12-31' });
    const history = await run(getHistorySummaryTool, { symbol: 'AAPL', from: '2024-01-01', to: '2024-12-31' });
    expect(data.rows.find((r) => r.symbol === 'AAPL')!.rangeChangePercent).toBe(history.data.changePercent);
    await expect(run(getHistorySummaryTool, { symbol: 'AAPL', from: '2024-06-01', to: '2024-01-01' })).rejects.toThrow(
      /must start before it ends/,
    );
    await expect(run(getHistorySummaryTool, { symbol: 'AAPL', range: '1Y', from: '2024-06-01' })).rejects.toThrow(
      /either a range or from\/to/,
    );
    expect(() => getHistorySummaryTool.input.parse({ symbol: 'AAPL', from: '2024-02-30' })).toThrow(/calendar date/);
    // A period that ends in the future is cut at today.
    const ahead = await run(getHistorySummaryTool, { symbol: 'AAPL', from: '2025-01-02', to: '2025-06-30' });
    expect(ahead.data.requested).toEqual({ from: '2025-01-02', to: '2025-01-15' });
  });
});

describe('market_hours', () => {
  it('says whether the NYSE trades on a day, why not, and when it next opens', async () => {
    const today = await run(marketHoursTool, {});
    // 10:05 in New York on a Wednesday: open.
    expect(today.data).toMatchObject({ date: '2025-01-15', weekday: 'Wednesday', tradingDay: true, openNow: true });
    expect(today.data.opensAt).toBe('2025-01-15T14:30:00.000Z');
    expect(today.data.closesAt).toBe('2025-01-15T21:00:00.000Z');
    const holiday = await run(marketHoursTool, { date: '2025-07-04' });
    expect(holiday.data).toMatchObject({ tradingDay: false, closedFor: 'holiday', holiday: 'Independence Day' });
    expect(holiday.data.nextOpenDate).toBe('2025-07-07');
    const weekend = await run(marketHoursTool, { date: '2025-01-18' });
    expect(weekend.data).toMatchObject({ weekday: 'Saturday', tradingDay: false, closedFor: 'weekend', openNow: null });
    expect(weekend.data.nextOpenDate).toBe('2025-01-21'); // Monday the 20th is Martin Luther King Jr. Day
    expect(() => marketHoursTool.input.parse({ date: 'July 4' })).toThrow(/YYYY-MM-DD/);
  });
});

describe('investment_growth', () => {
  it('grows an amount from the close of a day to today, and says that dividends are left out', async () => {
    const { data } = await run(investmentGrowthTool, { symbol: 'AAPL', amount: '10000', from: '2020-01-15' });
    const daily = await env.deps.market.dailyHistory('AAPL', 6);
    const start = daily.find((p) => p.time >= Date.UTC(2020, 0, 15))!;
    const end = daily[daily.length - 1];
    expect(data.boughtOn).toBe('2020-01-15');
    expect(data.startPrice).toBe(Math.round(start.close * 100) / 100);
    expect(data.value).toBe(Math.round((10_000 / start.close) * end.close * 100) / 100);
    expect(data.gain).toBe(Math.round((data.value - 10_000) * 100) / 100);
    expect(data.annualizedPercent).not.toBeNull();
    expect(data.basis).toMatch(/dividends are not reinvested/);
  });

  it('ends on the day asked, and refuses what cannot be computed', async () => {
    const { data } = await run(investmentGrowthTool, {
      symbol: 'KO',
      amount: 1000,
      from: '2020-01-15',
      to: '2023-12-31',
    });
    expect(data.valuedOn <= '2023-12-31' && data.valuedOn >= '2023-12-27').toBe(true);
    await expect(run(investmentGrowthTool, { symbol: 'KO', amount: 1000, from: '2025-01-15' })).rejects.toThrow(
      /must start before it is valued/,
    );
    await expect(run(investmentGrowthTool, { symbol: 'ZZZZZ', amount: 1000, from: '2020-01-15' })).rejects.toThrow(
      /Unknown symbol ZZZZZ/,
    );
    expect(() => investmentGrowthTool.input.parse({ symbol: 'KO', amount: -5, from: '2020-01-15' })).toThrow(
      /more than 0/,
    );
  });
});

describe('every tool', () => {
  it('describes itself to a model with a JSON schema from its zod input', () => {
    for (const tool of MARKET_TOOLS) {
      const spec = toolSpec(tool);
      expect(spec.name).toMatch(/^[a-z_]+$/);
      expect(spec.description.length).toBeGreaterThan(40);
      expect(spec.parameters).toMatchObject({ type: 'object' });
      expect(spec.parameters).not.toHaveProperty('$schema');
    }
  });

  it('returns data whose every number the grounding check can cite', async () => {
    const inputs: Record<string, unknown> = {
      get_quote: { symbols: ['AAPL', 'SPY'] },
      get_history_summary: { symbol: 'AAPL', range: '1Y' },
      get_analysis: { symbol: 'AAPL' },
      search_symbols: { query: 'apple' },
      compare: { symbols: ['AAPL', 'MSFT'], range: '6M' },
      get_company_profile: { symbol: 'AAPL' },
      market_movers: { direction: 'both' },
      forecast: { symbol: 'AAPL', horizon: '1M' },
      explain_term: { term: 'RSI' },
      market_hours: { date: '2025-07-04' },
      investment_growth: { symbol: 'AAPL', amount: 10_000, from: '2020-01-15' },
      get_dividends: { symbol: 'KO' },
      get_earnings: { symbol: 'AAPL' },
    };
    for (const tool of MARKET_TOOLS) {
      // Every tool, get_dividends and get_earnings included (the market layer serves both), returns cited data.
      const result = await run(tool, inputs[tool.name]);
      const index = buildFactIndex([{ tool: tool.name, result }], NOW);
      const cited = new Set(index.numbers.map((f) => f.value));
      const numbers: number[] = [];
      const collect = (v: unknown, key = '') => {
        if (typeof v === 'number' && !/^(asOf|time)$/.test(key)) numbers.push(v);
        else if (Array.isArray(v)) v.forEach((x) => collect(x, key));
        else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) collect(x, k);
      };
      collect(result.data);
      expect(
        numbers.filter((n) => !cited.has(n)),
        tool.name,
      ).toEqual([]);
      expect(result.source.label.length, tool.name).toBeGreaterThan(0);
      expect(Number.isFinite(result.asOf), tool.name).toBe(true);
    }
  });
});

describe('the tool runner of one answer', () => {
  function runner(charges: string[] = []) {
    const activities: ToolActivity[] = [];
    const tools = new TurnTools({
      tools: MARKET_TOOLS,
      context: { deps: env.deps, userId: env.userId },
      charge: (f) => {
        charges.push(f);
        return Promise.resolve({
          refund: () => {
            charges.push(`refund ${f}`);
            return Promise.resolve();
          },
        });
      },
      onActivity: (a) => activities.push(a),
    });
    return { tools, activities, charges };
  }

  it('takes arguments as JSON text or as an object, reports progress and keeps the evidence', async () => {
    const { tools, activities } = runner();
    const text = await tools.call('get_quote', '{"symbols":["AAPL"]}');
    const object = await tools.call('get_quote', { symbols: ['MSFT'] });
    expect(text.ok && object.ok).toBe(true);
    expect(JSON.parse(text.content)).toMatchObject({
      source: 'Simulated market (built-in)',
      asOf: new Date(MINUTE).toISOString(),
      data: { quotes: [{ symbol: 'AAPL' }] },
    });
    expect(activities.map((a) => `${a.label} ${a.status}`)).toEqual([
      'Looking up AAPL… running',
      'Looking up AAPL… done',
      'Looking up MSFT… running',
      'Looking up MSFT… done',
    ]);
    expect(tools.evidence).toHaveLength(2);
    expect(tools.sources().map((s) => s.subject)).toEqual(['AAPL', 'MSFT']);
  });

  it('answers bad calls with an error the model can read', async () => {
    const { tools } = runner();
    expect(await tools.call('get_price', {})).toMatchObject({
      ok: false,
      kind: 'unknown_tool',
      message: expect.stringContaining('There is no tool named "get_price"'),
    });
    expect(await tools.call('get_quote', '{"symbols":')).toMatchObject({
      ok: false,
      kind: 'invalid_arguments',
      message: 'Invalid arguments for get_quote: arguments are not valid JSON',
    });
    expect(await tools.call('get_quote', '[1]')).toMatchObject({
      ok: false,
      kind: 'invalid_arguments',
      message: 'Invalid arguments for get_quote: arguments must be a JSON object',
    });
    expect(await tools.call('get_quote', { symbols: 'AAPL' })).toMatchObject({
      ok: false,
      kind: 'invalid_arguments',
      message: expect.stringMatching(/^Invalid arguments for get_quote: symbols: /),
    });
    const failed = await tools.call('get_analysis', { symbol: 'ZZZZZ' });
    expect(failed).toMatchObject({
      ok: false,
      kind: 'failed',
      message: expect.stringMatching(/^Unknown symbol ZZZZZ/),
    });
    expect(JSON.parse(failed.content)).toEqual({ error: expect.stringMatching(/^Unknown symbol ZZZZZ/) });
  });

  it('charges a forecast once, and gives the unit back when the tool fails after charging', async () => {
    const { tools, charges } = runner();
    expect((await tools.call('forecast', { symbol: 'SPY' })).ok).toBe(true);
    expect(tools.artifacts).toHaveLength(1);
    expect(charges).toEqual(['graphGenerations']);
    // A crash after the charge: the market answers the data, then the maths meets an impossible history.
    const brokenTool = {
      ...MARKET_TOOLS.find((t) => t.name === 'forecast')!,
      name: 'broken',
      run: async (_i: unknown, c: ToolContext) => {
        await c.charge('graphGenerations');
        throw new Error('boom');
      },
    };
    const broken = new TurnTools({
      tools: [brokenTool],
      context: { deps: env.deps, userId: env.userId },
      charge: (f) => {
        charges.push(f);
        return Promise.resolve({
          refund: () => {
            charges.push(`refund ${f}`);
            return Promise.resolve();
          },
        });
      },
    });
    expect(await broken.call('broken', { symbol: 'SPY' })).toMatchObject({ ok: false, kind: 'failed' });
    expect(charges).toEqual(['graphGenerations', 'graphGenerations', 'refund graphGenerations']);
  });

  it('stops a model that calls tools in circles', async () => {
    const { tools } = runner();
    for (let i = 0; i < 12; i++) expect((await tools.call('explain_term', { term: 'rsi' })).ok).toBe(true);
    expect(await tools.call('explain_term', { term: 'rsi' })).toMatchObject({
      ok: false,
      message: expect.stringContaining('Too many tool calls'),
    });
  });

  it('counts calls to unknown tools against the cap, and neither runs nor shows a call past it', async () => {
    const { tools, activities } = runner();
    for (let i = 0; i < 12; i++)
      expect(await tools.call(`no_such_tool_${i}`, {})).toMatchObject({ ok: false, kind: 'unknown_tool' });
    expect(await tools.call('get_quote', { symbols: ['AAPL'] })).toMatchObject({ ok: false, kind: 'too_many_calls' });
    expect(await tools.call('x'.repeat(100_000), {})).toMatchObject({ ok: false, kind: 'too_many_calls' });
    expect(activities).toHaveLength(12);
    expect(tools.evidence).toEqual([]);
  });

  it('cuts a huge tool name before showing it', async () => {
    const { tools, activities } = runner();
    const outcome = await tools.call('x'.repeat(100_000), {});
    expect(outcome.content.length).toBeLessThan(1_000);
    expect(activities[0].label.length).toBeLessThan(100);
  });
});
