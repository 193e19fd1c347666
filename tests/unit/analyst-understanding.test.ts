import { describe, expect, it } from 'vitest';
import generated from '../../src/server/ai/analyst/intents/model.generated.json';
import { toolCalls } from '../../src/server/ai/analyst/calls';
import { readAmount } from '../../src/server/ai/analyst/entities/amounts';
import { readDates } from '../../src/server/ai/analyst/entities/dates';
import { normalizePeriodWords } from '../../src/server/ai/analyst/entities/periodWords';
import { buildSymbolIndex, type Instrument } from '../../src/server/ai/analyst/entities/symbolIndex';
import { readSymbols } from '../../src/server/ai/analyst/entities/symbols';
import { intentModel } from '../../src/server/ai/analyst/intents/classifier';
import { INTENTS } from '../../src/server/ai/analyst/intents/labels';
import { intentSourceHash } from '../../src/server/ai/analyst/intents/sourceHash';
import { trainIntentClassifier } from '../../src/server/ai/analyst/intents/train';
import { trainingExamples } from '../../src/server/ai/analyst/intents/training';
import { readersFor } from '../../src/server/ai/analyst/readers';
import { understand } from '../../src/server/ai/analyst/understand';
import { readLanguage } from '../../src/server/ai/analyst/language';
import { marketUniverse } from '../../src/server/ai/universe';

/**
 * The built-in analyst's reading of a question, part by part: names and typos against the universe, periods and
 * amounts, the intent classifier (its generated model up to date with its paraphrases), and questions in their
 * conversation.
 */

const NOW = Date.UTC(2025, 0, 15, 14, 5, 30);
const TODAY = '2025-01-15';
const readers = readersFor(marketUniverse());

async function callsFor(question: string, history: string[] = [], viewingSymbol: string | null = null) {
  const plan = await understand(
    { question, viewingSymbol, history: history.map((content) => ({ role: 'user' as const, content })), now: NOW },
    readers,
  );
  return { plan, calls: toolCalls(plan, TODAY).map((c) => [c.name, c.args]) };
}

describe('names and tickers', () => {
  const symbols = (q: string) => readSymbols(q, readers.index).symbols;

  it('reads tickers, names, nicknames and names written as one word', () => {
    expect(symbols('compare AAPL and $msft with nvda')).toEqual(['AAPL', 'MSFT', 'NVDA']);
    expect(symbols('price of coca cola vs pepsi')).toEqual(['KO', 'PEP']);
    expect(symbols('How is Alphabet doing? and google?')).toEqual(['GOOGL']);
    expect(symbols('the s&p 500 against the dow')).toEqual(['^GSPC', '^DJI']);
    expect(symbols('cocacola and jp morgan')).toEqual(['KO', 'JPM']);
  });

  it('takes a misspelt name for the one name it is close to, and says which word it read so', () => {
    const reading = readSymbols('how is nvidai doing vs microsfot', readers.index);
    expect(reading.symbols).toEqual(['NVDA', 'MSFT']);
    expect(reading.guesses).toEqual([
      { written: 'nvidai', symbol: 'NVDA' },
      { written: 'microsfot', symbol: 'MSFT' },
    ]);
  });

  it('never reads an everyday word, a glossary term or a typo of one as a company', () => {
    expect(symbols('what is the price target and the dividend yield')).toEqual([]);
    expect(
      readSymbols('TWR vs MWR - which is which', readers.index, (w) => ['twr', 'mwr'].includes(w)).symbols,
    ).toEqual([]);
    expect(symbols('whats the prce of')).toEqual([]);
    // Everyday English near a name ('generate' is one letter from Generac): the word, unless written as a name.
    expect(symbols('how much dividend income did my holdings generate')).toEqual([]);
  });

  it('reads a ticker that is also a letter or a word in a list of symbols, and not alone', () => {
    expect(symbols('compare T and VZ')).toEqual(['T', 'VZ']);
    expect(symbols('AAPL, MSFT and T')).toEqual(['AAPL', 'MSFT', 'T']);
    expect(symbols('is T a good buy')).toEqual([]);
    // Typed in lower case, the same in a list only.
    expect(symbols('compare tsla and f since january')).toEqual(['TSLA', 'F']);
    expect(symbols('is it a v shaped recovery')).toEqual([]);
  });

  it('reads a name of several words typed with a typo in them, and never ordinary words side by side', () => {
    expect(symbols('exon mobil dividend yield')).toEqual(['XOM']);
    expect(symbols('home depo price')).toEqual(['HD']);
    expect(symbols('goldman sacks earnings')).toEqual(['GS']);
    expect(symbols('qualcom p/e?')).toEqual(['QCOM']);
    expect(symbols('what is the best stock to buy now')).toEqual([]);
  });

  it('reads a possessive typed without its apostrophe, unless the word without it is a question word', () => {
    expect(symbols('when is apples next earnings')).toEqual(['AAPL']);
    expect(symbols('what are their dividend yields')).toEqual([]);
  });

  it('asks which one when a misspelt ticker is near known ones and no name', () => {
    const reading = readSymbols('What is AMZM trading at?', readers.index);
    expect(reading.symbols).toEqual([]);
    expect(reading.unsure).toHaveLength(1);
    expect(reading.unsure[0].written).toBe('AMZM');
    // The universe's popular names first.
    expect(reading.unsure[0].candidates[0]).toBe('AMZN');
    // A ticker typed like the name it stands for is that name.
    expect(readSymbols('What is APPL trading at?', readers.index).guesses).toEqual([
      { written: 'APPL', symbol: 'AAPL' },
    ]);
    expect(readSymbols('JP Morgn price', readers.index).symbols).toEqual(['JPM']);
  });

  it('builds its index once per universe, and a look-up costs the same whatever the universe size', () => {
    // A universe of 5,000 made-up names: building stays bounded, and a typo still finds its one name.
    const big: Instrument[] = Array.from({ length: 5000 }, (_, i) => ({
      symbol: `Q${i.toString(36).toUpperCase()}`,
      name: `Zorblax ${i.toString(36)}${'abcdefghij'[i % 10]} Holdings Inc.`,
    }));
    big.push({ symbol: 'NVDA', name: 'NVIDIA Corporation' });
    const index = buildSymbolIndex(big, readers.model.vocabulary);
    expect(index.size).toBe(5001);
    expect(readSymbols('how is nvidai doing', index).symbols).toEqual(['NVDA']);
    expect(readersFor(marketUniverse())).toBe(readers);
  });
});

describe('periods, days and amounts', () => {
  const dates = (q: string) => readDates(q, NOW, null);

  it.each([
    ['between March 1 2025 and June 30 2025', { from: '2025-03-01', to: '2025-06-30' }],
    ['since January', { from: '2025-01-01', to: TODAY }],
    ['last quarter', { from: '2024-10-01', to: '2024-12-31' }],
    ['last year', { from: '2024-01-01', to: '2024-12-31' }],
    ['over the last 3 months', { from: '2024-10-15', to: TODAY }],
    ['the last 2 years', { from: '2023-01-15', to: TODAY }],
    ['between jan and june 2024', { from: '2024-01-01', to: '2024-06-30' }],
    ['in Q3 2024', { from: '2024-07-01', to: '2024-09-30' }],
  ])('reads "%s" as explicit dates', (q, period) => {
    expect(dates(q).period).toMatchObject(period);
  });

  it.each([
    ['this year', 'YTD'],
    ['over the last year', '1Y'],
    ['the past 12 months', '1Y'],
    ['over 6 months', '6M'],
    ['the 5-year return', '5Y'],
    ['the 52-week high', '1Y'],
    ['this week', '5D'],
    ['the last 30 days', '1M'],
  ])('keeps "%s" as the named range', (q, range) => {
    expect(dates(q)).toMatchObject({ range, period: null });
  });

  it.each([
    ['how did AAPL do over the last 5 yeras', 'how did AAPL do over the last 5 years'],
    ['10k in nvda 5 yrs ago', '10k in nvda 5 years ago'],
    ['googl performance over 6mo', 'googl performance over 6 months'],
    ['8k into costco 5 years back', '8k into costco 5 years ago'],
    ['is MO a buy', 'is MO a buy'],
    ['$6m in cash', '$6m in cash'],
  ])('writes out period words as typed: "%s"', (typed, written) => {
    expect(normalizePeriodWords(typed)).toBe(written);
  });

  it('reads "since last march" and a holiday in a named year', () => {
    expect(dates('nvda since last march').period).toMatchObject({ from: '2024-03-01', to: TODAY });
    expect(dates('is the market open on good friday 2026').day).toBe('2026-04-03');
  });

  it('reads Portuguese, and Spanish and Italian periods, into the English chrono reads', () => {
    expect(readLanguage('quanto valeriam 10 mil dólares investidos na nvidia há 5 anos')).toMatchObject({
      language: 'Portuguese',
      english: expect.stringContaining('5 years ago'),
    });
    expect(readLanguage('como foi a microsoft no último ano').english).toContain('over the last year');
    expect(readLanguage('¿cómo le fue a amazon el año pasado?').english).toContain('last year');
    expect(readLanguage("com'è andata apple nell'ultimo anno?").english).toContain('over the last year');
    // Words English shares with Portuguese are no sign of it.
    expect(readLanguage('do i own msft, no?').language).toBeNull();
  });

  it('reads days and look-aheads', () => {
    expect(dates('five years ago').day).toBe('2020-01-15');
    expect(dates('is the market open on July 4?').day).toBe('2025-07-04');
    expect(dates('open on Thanksgiving?').day).toBe('2025-11-27');
    expect(dates('can I trade this saturday').day).toBe('2025-01-18');
    expect(dates('where will it be in 6 months').horizon).toBe('6M');
    expect(dates('next week').horizon).toBe('1W');
    // A day without its year that has passed this year: the calendar asks about its next time.
    expect(dates('is the market open on December 24?')).toMatchObject({ day: '2024-12-24', dayAhead: '2025-12-24' });
    // 'be' after a year is a verb, not the Buddhist era.
    expect(dates('$500 invested on january 3 2023 be worth today').day).toBe('2023-01-03');
  });

  it('reads "so far" as all time only when no period is named beside it', () => {
    expect(dates('total dividends paid to me so far').allTime).toBe(true);
    expect(dates('how is my portfolio doing so far this year')).toMatchObject({ allTime: false, range: 'YTD' });
  });

  it.each([
    ['What would $10,000 in AAPL five years ago be worth?', 10_000, null],
    ['10k in MSFT 3 years ago', 10_000, null],
    ['5 grand in tesla in 2020', 5000, null],
    ['€5.000 in apple', 5000, 'EUR'],
    ['ten thousand dollars in nvda', 10_000, null],
    ['$2.5k in spy', 2500, null],
  ])('reads the amount of "%s"', async (q, value, currency) => {
    expect(await readAmount(q, dates(q).spans)).toMatchObject({ value, currency });
  });
});

describe('the intent classifier', () => {
  it('was generated from the paraphrases and training code as they are (npm run intents:train)', () => {
    expect(generated.sourceHash, 'model.generated.json is stale: run npm run intents:train').toBe(intentSourceHash());
    expect(generated.labels).toEqual([...INTENTS]);
  });

  it('learns from thousands of paraphrases, hundreds per intent, in six languages', () => {
    const examples = trainingExamples();
    expect(examples.length).toBeGreaterThan(30_000);
    for (const intent of INTENTS) {
      expect(examples.filter((e) => e.intent === intent).length, intent).toBeGreaterThanOrEqual(150);
    }
    expect(examples.some((e) => /entwickelt|cotiza|portefeuille|borsa|koers/.test(e.text))).toBe(true);
  });

  it('tells paraphrases it was not trained on apart (a fifth of the set held out)', () => {
    const model = trainIntentClassifier({ holdOut: 5 });
    const heldOut = trainingExamples().filter((_, i) => i % 5 === 0);
    const right = heldOut.filter((e) => model.classify(e.text).ranked[0].label === e.intent).length;
    expect(right / heldOut.length).toBeGreaterThan(0.97);
  }, 60_000);

  it('knows the words of the paraphrases, and nothing of gibberish', () => {
    const model = intentModel();
    expect(model.classify('asdfghjkl qwertz').knownWords).toBe(0);
    expect(model.classify('what is the price of __sym').ranked[0].label).toBe('price');
  });
});

describe('questions in their conversation', () => {
  it('keeps every symbol of "the two", "both" and "them", whatever chart is in view', async () => {
    expect((await callsFor('which of the two is cheaper on p/e?', ['compare nvda and amd'], 'TSLA')).calls).toEqual([
      ['compare', { symbols: ['NVDA', 'AMD'], range: '1Y' }],
    ]);
    expect(
      (await callsFor('compare both over the last 6 months', ["what's the price of XOM", 'and CVX'])).calls,
    ).toEqual([['compare', { symbols: ['XOM', 'CVX'], range: '6M' }]]);
  });

  it('takes a choice among stocks asked one by one as the last ones named, as many as counted', async () => {
    expect((await callsFor('which is cheaper', ['tell me about visa', 'and mastercard'], 'AAPL')).calls).toEqual([
      ['compare', { symbols: ['V', 'MA'], range: '1Y' }],
    ]);
    expect((await callsFor('compare all three', ['price of nvda', 'and amd', 'and intel'])).calls).toEqual([
      ['compare', { symbols: ['NVDA', 'AMD', 'INTC'], range: '1Y' }],
    ]);
    // One stock in sight: which others is asked, not guessed.
    for (const question of ['compare them', 'which is better', 'compare the two'])
      expect((await callsFor(question, [], 'AAPL')).plan, question).toMatchObject({ intent: 'unclear' });
    // A place in a list nothing has named is asked back, whatever else the message reads like.
    expect((await callsFor('thoughts on the other one')).plan).toMatchObject({ intent: 'unclear' });
  });

  it('finds "the first one" and "the other one" by their place in the conversation', async () => {
    expect((await callsFor('how did the first one do this year', ['Compare AAPL, MSFT and GOOGL'])).calls).toEqual([
      ['get_history_summary', { symbol: 'AAPL', range: 'YTD' }],
    ]);
  });

  it('keeps the period, amount and horizon a follow-up does not change', async () => {
    expect((await callsFor('and compared with ford?', ['how did TSLA do over 5 years?'])).calls).toEqual([
      ['compare', { symbols: ['TSLA', 'F'], range: '5Y' }],
    ]);
    expect(
      (await callsFor('what about microsoft', ['what would 10k in apple 5 years ago be worth now'])).calls,
    ).toEqual([['investment_growth', { symbol: 'MSFT', amount: 10_000, from: '2020-01-15' }]]);
    expect((await callsFor('and since january?', ['how is Netflix doing'])).calls).toEqual([
      ['get_history_summary', { symbol: 'NFLX', from: '2025-01-01', to: TODAY }],
    ]);
  });

  it('asks back, uncharged, when it cannot tell what or which', async () => {
    expect((await callsFor('blorp the zibble')).plan).toMatchObject({ intent: 'unclear', unclear: 'nothing' });
    expect((await callsFor("what's the outlook?")).plan).toMatchObject({ intent: 'unclear', unclear: 'no-symbol' });
    expect((await callsFor('what is AMZM trading at')).plan).toMatchObject({ unclear: 'which-symbol' });
    // An everyday word where a name would be, the market listing no such company: asked back, never the chart.
    for (const question of ['zoom stock price', 'how is lucid doing'])
      expect(await callsFor(question, [], 'AAPL'), question).toMatchObject({
        plan: { intent: 'unclear', unclear: 'which-symbol' },
        calls: [],
      });
    // The chart still answers what names nothing else, and a term is no name.
    expect((await callsFor('whats the price today', [], 'AAPL')).calls).toEqual([['get_quote', { symbols: ['AAPL'] }]]);
    expect((await callsFor('what is the RSI indicator')).plan).toMatchObject({ intent: 'term' });
  });

  it("answers the contract's new questions with the new tools", async () => {
    expect((await callsFor('Is the market open today?')).calls).toEqual([['market_hours', {}]]);
    expect((await callsFor('Is the market open on July 4?')).calls).toEqual([['market_hours', { date: '2025-07-04' }]]);
    expect((await callsFor('What would $10,000 in AAPL five years ago be worth now?')).calls).toEqual([
      ['investment_growth', { symbol: 'AAPL', amount: 10_000, from: '2020-01-15' }],
    ]);
    expect((await callsFor('what would a $20,000 investment in apple in 2020 be worth now')).calls).toEqual([
      ['investment_growth', { symbol: 'AAPL', amount: 20_000, from: '2020-01-01' }],
    ]);
    expect((await callsFor('is the market open on december 24')).calls).toEqual([
      ['market_hours', { date: '2025-12-24' }],
    ]);
    expect((await callsFor('which of them pays a higher dividend', ['compare T and VZ'])).calls).toEqual([
      ['get_dividends', { symbol: 'T' }],
      ['get_dividends', { symbol: 'VZ' }],
    ]);
    expect(
      (await callsFor('and the second one?', ['next earnings for AAPL and MSFT', 'when does AAPL report'])).calls,
    ).toEqual([['get_earnings', { symbol: 'MSFT' }]]);
    expect((await callsFor('what is their p/e', ['compare amd and intel'], 'TSLA')).calls).toEqual([
      ['compare', { symbols: ['AMD', 'INTC'], range: '1Y' }],
    ]);
    expect((await callsFor('what does expense ratio mean for an etf')).calls).toEqual([
      ['explain_term', { term: 'expense ratio' }],
    ]);
    expect((await callsFor('can i trade stocks on sunday')).calls).toEqual([['market_hours', { date: '2025-01-19' }]]);
    expect((await callsFor('was the market open on monday')).calls).toEqual([['market_hours', { date: '2025-01-13' }]]);
    expect((await callsFor('Is de beurs morgen open?')).calls).toEqual([['market_hours', { date: '2025-01-16' }]]);
    expect((await callsFor('if I invest 10,000 dollars in apple today what will it be worth')).calls).toEqual([
      ['forecast', { symbol: 'AAPL', horizon: '1M' }],
    ]);
    expect((await callsFor('and the forecast for both?', ['compare nvda and amd'])).calls).toEqual([
      ['forecast', { symbol: 'NVDA', horizon: '1M' }],
      ['forecast', { symbol: 'AMD', horizon: '1M' }],
    ]);
    expect((await callsFor('dividends I received this year')).calls).toEqual([
      ['portfolio_performance', { range: 'YTD' }],
    ]);
    expect((await callsFor('my portfolio vs the Nasdaq 100 over a year')).calls).toEqual([
      ['portfolio_performance', { range: '1Y', benchmark: 'QQQ' }],
    ]);
    expect((await callsFor('should I buy more nvidia?')).calls).toEqual([
      ['get_analysis', { symbol: 'NVDA' }],
      ['get_portfolio', {}],
    ]);
  });
});
