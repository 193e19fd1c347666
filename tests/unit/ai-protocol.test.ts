import { describe, expect, it } from 'vitest';
import { trimHistory } from '../../src/server/ai/history';
import { MAX_ARGUMENT_CHARS, ToolCallAccumulator } from '../../src/server/ai/openai/toolCallAccumulator';
import { buildSystemPrompt } from '../../src/server/ai/systemPrompt';
import { MAX_TOOL_CALLS_PER_TURN, parseArguments } from '../../src/server/ai/turnTools';
import { parseViewingPrefix, withViewingPrefix } from '../../src/shared/chat/schemas';
import { sourcesFooter } from '../../src/shared/chat/sources';

/** The pieces of the OpenAI-compatible protocol that differ between backends, and the prompt around them. */

describe('streamed tool calls', () => {
  it('joins OpenAI-style fragments by index, several calls at once', () => {
    const acc = new ToolCallAccumulator();
    acc.add([{ index: 0, id: 'a', type: 'function', function: { name: 'get_quote', arguments: '' } }]);
    acc.add([{ index: 1, id: 'b', type: 'function', function: { name: 'compare', arguments: '{"sym' } }]);
    acc.add([{ index: 0, function: { arguments: '{"symbols":' } }]);
    acc.add([{ index: 1, function: { arguments: 'bols":["A","B"]}' } }]);
    acc.add([{ index: 0, function: { arguments: '["AAPL"]}' } }]);
    expect(acc.calls()).toEqual([
      { id: 'a', name: 'get_quote', arguments: '{"symbols":["AAPL"]}' },
      { id: 'b', name: 'compare', arguments: '{"symbols":["A","B"]}' },
    ]);
  });

  it('joins index-less fragments onto the call in progress, and starts a new call on a new name', () => {
    const acc = new ToolCallAccumulator();
    acc.add([{ id: 'x', function: { name: 'get_quote', arguments: '{"symbols"' } }]);
    acc.add([{ function: { arguments: ':["SPY"]}' } }]);
    acc.add([{ function: { name: 'get_analysis', arguments: '{"symbol":"SPY"}' } }]);
    expect(acc.calls()).toEqual([
      { id: 'x', name: 'get_quote', arguments: '{"symbols":["SPY"]}' },
      { id: 'call_2', name: 'get_analysis', arguments: '{"symbol":"SPY"}' },
    ]);
  });

  it('keeps whole calls sent one per delta with ids, and arguments sent as objects', () => {
    const acc = new ToolCallAccumulator();
    acc.add([{ id: 'p', function: { name: 'get_analysis', arguments: { symbol: 'META' } } }]);
    acc.add([{ id: 'q', function: { name: 'get_analysis', arguments: { symbol: 'AMZN' } } }]);
    expect(acc.calls()).toEqual([
      { id: 'p', name: 'get_analysis', arguments: { symbol: 'META' } },
      { id: 'q', name: 'get_analysis', arguments: { symbol: 'AMZN' } },
    ]);
    expect(parseArguments({ symbol: 'META' })).toEqual({ ok: true, value: { symbol: 'META' } });
    expect(parseArguments('')).toEqual({ ok: true, value: {} });
    expect(parseArguments('nope')).toEqual({ ok: false, message: 'arguments are not valid JSON' });
  });
});

describe('a round of tool calls is bounded', () => {
  it('drops calls past the per-answer cap and cuts huge arguments', () => {
    const acc = new ToolCallAccumulator();
    acc.add(
      Array.from({ length: 1_000 }, (_, i) => ({
        index: i,
        id: `c${i}`,
        function: { name: 'get_quote', arguments: '{}' },
      })),
    );
    expect(acc.calls()).toHaveLength(MAX_TOOL_CALLS_PER_TURN);
    const big = new ToolCallAccumulator();
    big.add([{ index: 0, id: 'c', function: { name: 'get_quote', arguments: '{"symbols":["' } }]);
    for (let i = 0; i < 1_000; i++) big.add([{ index: 0, function: { arguments: 'A'.repeat(1_000) } }]);
    expect((big.calls()[0].arguments as string).length).toBe(MAX_ARGUMENT_CHARS);
  });
});

describe('conversation budget', () => {
  const turn = (role: 'user' | 'assistant', n: number, size = 10) => ({ role, content: `${n}`.padEnd(size, '.') });

  it('keeps the newest whole messages within the budget and never starts with a reply', () => {
    const turns = Array.from({ length: 20 }, (_, i) => turn(i % 2 ? 'assistant' : 'user', i));
    const kept = trimHistory(turns, { messages: 5, characters: 1000 });
    // The 5 newest would start with a reply (index 15); it is dropped.
    expect(kept.map((t) => t.content[0] + t.content[1])).toEqual(['16', '17', '18', '19']);
    expect(trimHistory(turns, { messages: 50, characters: 35 }).map((t) => t.role)).toEqual(['user', 'assistant']);
  });

  it('cuts one huge message to the budget instead of dropping everything', () => {
    const kept = trimHistory([turn('user', 1, 20_000)], { messages: 12, characters: 8000 });
    expect(kept[0].content).toHaveLength(8001);
    expect(kept[0].content.endsWith('…')).toBe(true);
  });
});

describe('the symbol in view', () => {
  it('is read from the prefix the client adds, and only when it is a symbol', () => {
    expect(parseViewingPrefix('[Currently viewing aapl chart] Is this stock a buy?')).toEqual({
      viewingSymbol: 'AAPL',
      text: 'Is this stock a buy?',
    });
    expect(parseViewingPrefix('[Currently viewing ^GSPC chart]  Trend?')).toEqual({
      viewingSymbol: '^GSPC',
      text: 'Trend?',
    });
    expect(parseViewingPrefix('[Currently viewing <b> chart] hi')).toEqual({ viewingSymbol: null, text: 'hi' });
    expect(parseViewingPrefix('What is AAPL?')).toEqual({ viewingSymbol: null, text: 'What is AAPL?' });
    expect(withViewingPrefix('MSFT', 'Hi')).toBe('[Currently viewing MSFT chart] Hi');
    expect(withViewingPrefix(null, 'Hi')).toBe('Hi');
  });
});

describe('system prompt', () => {
  it('states the date and time, the live data source, and the rules on figures and as-of times', () => {
    const prompt = buildSystemPrompt({
      now: Date.UTC(2025, 0, 15, 14, 5),
      market: { provider: 'yahoo', simulated: false },
      viewingSymbol: 'TSLA',
      extraContext: 'Review the portfolio.',
    });
    expect(prompt).toContain('Current date and time: 2025-01-15 14:05 UTC (Wednesday).');
    expect(prompt).toContain('Live market data source: Yahoo Finance');
    expect(prompt).toContain('Never write a number');
    expect(prompt).toContain('State the as-of time');
    expect(prompt).toContain('"this stock", "it" or "this one" means TSLA');
    expect(prompt.endsWith('Review the portfolio.')).toBe(true);
    // The answer-form rules the built-in analyst follows too: the period asked, tables, the method fold, the new tools.
    expect(prompt).toContain('"over 6 months" is compare or get_history_summary with range 6M');
    expect(prompt).toContain('as a Markdown table');
    expect(prompt).toContain('under a line "**How this is computed**"');
    expect(prompt).toContain('market_movers');
    expect(prompt).toContain('get_company_profile');
    expect(prompt).toContain('If the question is not in English');
    // Issue 28: the new tools and how questions map onto them.
    for (const tool of [
      'market_hours',
      'investment_growth',
      'portfolio_performance',
      'explain_term',
      'get_dividends',
      'get_earnings',
    ])
      expect(prompt).toContain(tool);
    expect(prompt).toContain('get_history_summary or compare with from/to (YYYY-MM-DD)');
    expect(prompt).toContain('never the chart in view instead');
    expect(prompt).not.toMatch(/earnings dates, dividends/);
    expect(
      buildSystemPrompt({ now: 0, market: { provider: 'simulated', simulated: true }, viewingSymbol: null }),
    ).toContain('SIMULATED');
  });
});

describe('sources footer', () => {
  it('lists sources by provider with the newest as-of time, and warns about unverified figures', () => {
    const footer = sourcesFooter(
      [
        {
          tool: 'get_quote',
          provider: 'simulated',
          simulated: true,
          label: 'Simulated market (built-in)',
          asOf: '2025-01-15T14:05:00.000Z',
          subject: 'AAPL',
        },
        {
          tool: 'get_history_summary',
          provider: 'simulated',
          simulated: true,
          label: 'Simulated market (built-in)',
          asOf: '2025-01-15T14:06:00.000Z',
          subject: 'AAPL 1Y',
        },
      ],
      { verified: 4, total: 5 },
    );
    expect(footer).toBe(
      '\n\n---\nSources: Simulated market (built-in): AAPL quote, AAPL 1Y history (as of 14:06 UTC, Jan 15, 2025).\n' +
        'Prices are simulated for demonstration, not real quotes.\nWarning: 1 of 5 figures could not be verified against the data.',
    );
    expect(sourcesFooter([], { verified: 0, total: 0 })).toBe('');
  });
});
