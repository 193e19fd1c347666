import { analysis, compare, forecast, history, overviewOf, portfolio, profile, quote } from '../questions';
import { devQuestions } from '../devSet';
import {
  CHEAPER,
  CONCENTRATION,
  NO_REFUSAL,
  compareBetween,
  dividends,
  earnings,
  growth,
  historyBetween,
  hours,
  performance,
  term,
  type HeldOutQuestion,
} from '../heldOut/shared';

/**
 * A fourth development set of the built-in analyst (issue 28): written on 2026-11-28 by a reader who had not seen
 * the engine's code nor the other sets' questions (only the tool contract and the issue's failure kinds), then
 * annotated with the contract's expected calls. Shapes on purpose: all lower case, no question mark, slang and
 * abbreviations ('div', 'yld', 'px', 'mkt', 'rn'), typos in ordinary words, polite padding, the intent in a
 * subordinate clause, relative dates, numbers in words, emoji, other languages. Scored once before the engine was
 * changed for it. Same contract and clock as the held-out sets (NOW = 2025-01-15 14:05:30 UTC, the
 * CORE_AND_A_BIG_BET portfolio, NVDA about 35 % of it).
 */

const { d } = devQuestions('f');
const DATE = { kind: 'date' as const, says: NO_REFUSAL };
const PERCENT = { kind: 'percent' as const, says: NO_REFUSAL };
const YES_NO = { kind: 'yes-no' as const, says: NO_REFUSAL };
const DOLLAR = { kind: 'dollar' as const };
const DEFINITION = { kind: 'definition' as const };
const BIG_BET = [analysis('NVDA'), portfolio()];

export const DEV_FOURTH: HeldOutQuestion[] = [
  // The portfolio, not one stock.
  d('portfolio', 'how much did i get in dividends this year from my stocks', 'prose', [performance('YTD')], DOLLAR),
  d(
    'portfolio',
    'hey can you tell me how my whole portfolio did vs the s&p over the past year',
    'prose',
    [performance('1Y')],
    { kind: 'percent' },
  ),
  d('portfolio', 'am i beating the market? like my account vs spy last 12 months', 'prose', [performance('1Y')], {
    kind: 'yes-no',
  }),
  d('portfolio', 'total divs collected ytd across my holdings pls', 'prose', [performance('YTD')], DOLLAR),
  d(
    'portfolio',
    'How has my portfolio performed since I started? All time return please',
    'prose',
    [performance('ALL')],
    { kind: 'percent' },
  ),
  d('portfolio', "what's my time weighted return for the last 6 months", 'prose', [performance('6M')], {
    kind: 'percent',
  }),
  d('portfolio', 'compare my portfolio to the nasdaq 100 over the last year', 'prose', [performance('1Y', 'QQQ')], {
    kind: 'percent',
  }),
  d('portfolio', "my portfolio's performance over the past 3 months?", 'prose', [performance('3M')], {
    kind: 'percent',
  }),
  d('portfolio', 'did my portfolio outperform the S&P 500 in the last five years', 'prose', [performance('5Y')], {
    kind: 'yes-no',
  }),
  d(
    'portfolio',
    'I was wondering how much dividend income my portfolio brought in this year so far 💰',
    'prose',
    [performance('YTD')],
    DOLLAR,
  ),
  d(
    'portfolio',
    "ok so i've been investing for a while now and i honestly have no clue if i'm doing better than just buying the index, can you check my portfolio against the s&p 500 for the last year",
    'prose',
    [performance('1Y')],
    { kind: 'percent' },
  ),
  d('portfolio', 'divs recieved this yr?', 'prose', [performance('YTD')], DOLLAR),

  // Buying more of the holding that is already a third of the portfolio.
  d('portfolio', 'should i buy more nvidia', 'list', BIG_BET, { says: CONCENTRATION }),
  d('portfolio', 'thinking of adding another 20 shares of nvda, good idea?', 'list', BIG_BET, { says: CONCENTRATION }),
  d('portfolio', 'is it smart to grab more nvda shares rn', 'list', BIG_BET, { says: CONCENTRATION }),
  d('portfolio', 'i want to double down on nvidia', 'list', BIG_BET, { says: CONCENTRATION }),
  d('portfolio', 'buy more nvda?', 'list', BIG_BET, { says: CONCENTRATION }),
  d('portfolio', 'hey would it be a good idea to increase my nvidia position', 'list', BIG_BET, {
    says: CONCENTRATION,
  }),
  d('portfolio', 'should I add to my nvda holding', 'list', BIG_BET, { says: CONCENTRATION }),
  d('portfolio', 'planning to put another $5000 into nvidia thoughts', 'list', BIG_BET, { says: CONCENTRATION }),
  d('portfolio', "my nvidia position is getting big but i'm tempted to buy more, should i", 'list', BIG_BET, {
    says: CONCENTRATION,
  }),

  // Definitions, not a price summary.
  d(
    'definition',
    'whats the difference between time weighted and money weighted return',
    'prose',
    [term('time-weighted return'), term('money-weighted return')],
    DEFINITION,
  ),
  d(
    'definition',
    'can someone explain dollar cost averaging like im 5',
    'prose',
    [term('dollar-cost averaging')],
    DEFINITION,
  ),
  d('definition', 'what does p/e mean', 'prose', [term('p/e ratio')], DEFINITION),
  d('definition', 'define beta in stocks', 'prose', [term('beta')], DEFINITION),
  d('definition', 'what is an expense ratio on an etf', 'prose', [term('expense ratio')], DEFINITION),
  d('definition', 'eps meaning?', 'prose', [term('earnings per share')], DEFINITION),
  d('definition', "hey quick one, what's a stock split", 'prose', [term('stock split')], DEFINITION),
  d('definition', 'what exactly is a drawdown', 'prose', [term('drawdown')], DEFINITION),
  d('definition', 'what is market cap', 'prose', [term('market capitalization')], DEFINITION),
  d('definition', 'i keep hearing about index funds, what are they exactly', 'prose', [term('index fund')], DEFINITION),
  d('definition', 'what is xirr', 'prose', [term('xirr')], DEFINITION),
  d('definition', 'whats an ex dividend date', 'prose', [term('ex-dividend date')], DEFINITION),
  d(
    'definition',
    'hey could you tell me what dollar-cost averaging is, my dad keeps mentioning it',
    'prose',
    [term('dollar-cost averaging')],
    DEFINITION,
  ),
  d('definition', 'wat is volatilty', 'prose', [term('volatility')], DEFINITION),

  // Follow-ups: "the two", "its", "them" keep the conversation's symbols, whatever chart is in view.
  d(
    'follow-up',
    {
      question: 'how did the two do over the past 5 years',
      history: ['show me AAPL and MSFT quotes'],
      viewing: 'TSLA',
    },
    'table',
    [compare(['AAPL', 'MSFT'], '5Y')],
  ),
  d('follow-up', { question: "what's its p/e", history: ['tell me about nvidia'], viewing: 'AMZN' }, 'prose', [
    analysis('NVDA'),
  ]),
  d('follow-up', { question: 'compare them over 6 months', history: ['price of KO and PEP'] }, 'table', [
    compare(['KO', 'PEP'], '6M'),
  ]),
  d(
    'follow-up',
    { question: 'and its dividend?', history: ['how is tesla doing today'] },
    'prose',
    [dividends('TSLA')],
    {
      says: NO_REFUSAL,
    },
  ),
  d(
    'follow-up',
    { question: 'when do they report earnings next', history: ['look up amazon'], viewing: 'MSFT' },
    'prose',
    [earnings('AMZN')],
    DATE,
  ),
  d('follow-up', { question: 'what about its performance since january', history: ['quote for googl'] }, 'prose', [
    historyBetween('GOOGL', '2025-01-01', '2025-01-15'),
  ]),
  d(
    'follow-up',
    { question: 'which of them is cheaper by p/e', history: ['compare costco and walmart ytd'] },
    'table',
    [compare(['COST', 'WMT'], 'YTD')],
    { says: CHEAPER },
  ),
  d('follow-up', { question: 'now do both over 5 years', history: ['msft vs orcl over 1 year'] }, 'table', [
    compare(['MSFT', 'ORCL'], '5Y'),
  ]),
  d(
    'follow-up',
    { question: 'does it pay dividends', history: ["how's meta's stock"], viewing: 'AAPL' },
    'prose',
    [dividends('META')],
    YES_NO,
  ),
  d(
    'follow-up',
    {
      question: 'and over the last 6 months for the both of them?',
      history: ['apple vs microsoft over the last year'],
    },
    'table',
    [compare(['AAPL', 'MSFT'], '6M')],
  ),
  d('follow-up', { question: "and pep's?", history: ['whats the yield on ko'] }, 'prose', [dividends('PEP')], PERCENT),

  // Explicit date ranges and horizons.
  d('date-range', 'how did apple do between march 1 2024 and june 30 2024', 'prose', [
    historyBetween('AAPL', '2024-03-01', '2024-06-30'),
  ]),
  d('date-range', 'nvda performance since the start of last month', 'prose', [
    historyBetween('NVDA', '2024-12-01', '2025-01-15'),
  ]),
  d('date-range', 'msft in Q3 2024', 'prose', [historyBetween('MSFT', '2024-07-01', '2024-09-30')]),
  d('date-range', 'how did tesla do last quarter', 'prose', [historyBetween('TSLA', '2024-10-01', '2024-12-31')]),
  d('date-range', 'amzn price change over the last 3 months', 'prose', [
    historyBetween('AMZN', '2024-10-15', '2025-01-15'),
  ]),
  d('date-range', 'show me how KO did last year', 'prose', [historyBetween('KO', '2024-01-01', '2024-12-31')]),
  d('date-range', 'compare aapl and msft from jan 1 2024 to dec 31 2024', 'table', [
    compareBetween(['AAPL', 'MSFT'], '2024-01-01', '2024-12-31'),
  ]),
  d('date-range', 'what did google stock do from two weeks ago till now', 'prose', [
    historyBetween('GOOGL', '2025-01-01', '2025-01-15'),
  ]),
  d('date-range', 'how has netflix done over the past 2 years', 'prose', [
    historyBetween('NFLX', '2023-01-15', '2025-01-15'),
  ]),
  d('date-range', 'jpm since october', 'prose', [historyBetween('JPM', '2024-10-01', '2025-01-15')]),
  d('date-range', 'disney over the past five years', 'prose', [history('DIS', '5Y')]),
  d('date-range', "apple's ytd", 'prose', [history('AAPL', 'YTD')]),
  d('date-range', 'how did aapl do in the first half of 2024', 'prose', [
    historyBetween('AAPL', '2024-01-01', '2024-06-30'),
  ]),
  d('date-range', 'nvda px chg since the start of last month pls', 'prose', [
    historyBetween('NVDA', '2024-12-01', '2025-01-15'),
  ]),

  // Company names mistyped.
  d('misspelling', 'whats the price of nvidea', 'prose', [quote('NVDA')]),
  d('misspelling', 'microsfot stock analysis', 'list', [analysis('MSFT')]),
  d('misspelling', 'appel quote', 'prose', [quote('AAPL')]),
  d('misspelling', 'amazn price today', 'prose', [quote('AMZN')]),
  d('misspelling', 'tell me about cocacola', 'list', [profile('KO'), analysis('KO')]),
  d('misspelling', 'is berkshre hathaway a good buy', 'list', [analysis('BRK.B')]),
  d('misspelling', 'neflix stock price', 'prose', [quote('NFLX')]),
  d('misspelling', 'johnsen and johnsen div yield', 'prose', [dividends('JNJ')], PERCENT),
  d('misspelling', 'palentir stock price', 'prose', [quote('PLTR')]),
  d('misspelling', 'how is qualcom doing', 'list', overviewOf('QCOM')),
  d('misspelling', 'teh price of microsoft pls', 'prose', [quote('MSFT')]),
  d('misspelling', 'costco forcast for the next month', 'prose', [forecast('COST', '1M')]),

  // Is the market open.
  d('tool', 'is the market open today', 'prose', [hours()], { kind: 'yes-no' }),
  d('tool', 'is the stock market open rn', 'prose', [hours()], { kind: 'yes-no' }),
  d('tool', 'are markets open on christmas', 'prose', [hours('2025-12-25')], { kind: 'yes-no' }),
  d('tool', 'can i trade on july 4th', 'prose', [hours('2025-07-04')], { kind: 'yes-no' }),
  d('tool', 'is the market open on jan 20', 'prose', [hours('2025-01-20')], { kind: 'yes-no' }),
  d('tool', 'hey is wall street open today or is it a holiday', 'prose', [hours()], { kind: 'yes-no' }),
  d('tool', 'market open tomorrow?', 'prose', [hours('2025-01-16')], { kind: 'yes-no' }),
  d('tool', 'will the stock market be open on saturday', 'prose', [hours('2025-01-18')], { kind: 'yes-no' }),
  d('tool', 'is the nyse open on 2025-02-17', 'prose', [hours('2025-02-17')], { kind: 'yes-no' }),
  d('tool', 'are stocks trading today', 'prose', [hours()], { kind: 'yes-no' }),
  d('tool', 'i need to know whether the market is open today before i place my order', 'prose', [hours()], {
    kind: 'yes-no',
  }),
  d('tool', 'mkt open on new years day?', 'prose', [hours('2026-01-01')], { kind: 'yes-no' }),

  // What an amount invested then is worth now.
  d(
    'amount',
    'if i put $10,000 in apple five years ago how much would i have now',
    'prose',
    [growth('AAPL', 10000, '2020-01-15')],
    DOLLAR,
  ),
  d('amount', '10k in nvda 5 yrs ago worth today?', 'prose', [growth('NVDA', 10000, '2020-01-15')], DOLLAR),
  d(
    'amount',
    'what would ten thousand dollars in tesla from three years ago be worth',
    'prose',
    [growth('TSLA', 10000, '2022-01-15')],
    DOLLAR,
  ),
  d(
    'amount',
    'if I had invested $500 in microsoft on january 1 2020',
    'prose',
    [growth('MSFT', 500, '2020-01-01')],
    DOLLAR,
  ),
  d(
    'amount',
    'how much would 1000 bucks in amazon a year ago be now',
    'prose',
    [growth('AMZN', 1000, '2024-01-15')],
    DOLLAR,
  ),
  d(
    'amount',
    "suppose i bought $2,500 of costco 2 years ago, what's it worth",
    'prose',
    [growth('COST', 2500, '2023-01-15')],
    DOLLAR,
  ),
  d('amount', '$5k into spy 10 years ago', 'prose', [growth('SPY', 5000, '2015-01-15')], DOLLAR),
  d(
    'amount',
    'what would $10000 invested in google 5 years ago be worth now',
    'prose',
    [growth('GOOGL', 10000, '2020-01-15')],
    DOLLAR,
  ),
  d(
    'amount',
    "i'm curious how much ten thousand dollars put into apple five years ago would be worth today 🤔",
    'prose',
    [growth('AAPL', 10000, '2020-01-15')],
    DOLLAR,
  ),
  d('amount', '10k in msft since jan 2020 how much now', 'prose', [growth('MSFT', 10000, '2020-01-01')], DOLLAR),

  // Dividends: yield, dates, history.
  d('tool', "what's the dividend yield on ko", 'prose', [dividends('KO')], PERCENT),
  d('tool', 'when is the next ex dividend date for jnj', 'prose', [dividends('JNJ')], DATE),
  d('tool', 'does apple pay a dividend', 'prose', [dividends('AAPL')], YES_NO),
  d('tool', 'pep div yld?', 'prose', [dividends('PEP')], PERCENT),
  d('tool', 'when does verizon pay its next dividend', 'prose', [dividends('VZ')], DATE),
  d('tool', 'show me the dividend history of pg', 'list', [dividends('PG')], { says: NO_REFUSAL }),
  d('tool', 'hey whats the yield on at&t stock', 'prose', [dividends('T')], PERCENT),
  d('tool', 'exxon dividend pay date', 'prose', [dividends('XOM')], DATE),
  d('tool', 'is the msft dividend monthly or quarterly', 'prose', [dividends('MSFT')], { says: NO_REFUSAL }),
  d('tool', 'i was wondering when the next ex-div date for coca cola is', 'prose', [dividends('KO')], DATE),
  d('tool', 'whats the dividned yield for johnson & johnson', 'prose', [dividends('JNJ')], PERCENT),

  // Earnings dates.
  d('tool', 'when does apple report earnings next', 'prose', [earnings('AAPL')], DATE),
  d('tool', 'next earnings date for nvda', 'prose', [earnings('NVDA')], DATE),
  d('tool', 'when are tesla earnings', 'prose', [earnings('TSLA')], DATE),
  d('tool', 'msft earnings date?', 'prose', [earnings('MSFT')], DATE),
  d('tool', "hey do you know when amazon's next quarterly report comes out", 'prose', [earnings('AMZN')], DATE),
  d('tool', 'when did netflix last report earnings', 'prose', [earnings('NFLX')], DATE),
  d('tool', 'is meta reporting earnings this month', 'prose', [earnings('META')], YES_NO),
  d('tool', 'jpm earnings when', 'prose', [earnings('JPM')], DATE),
  d('tool', 'when is googles next earnings call', 'prose', [earnings('GOOGL')], DATE),
  d('tool', 'could you tell me when nvidia is going to report its next earnings', 'prose', [earnings('NVDA')], DATE),
  d('tool', 'nxt earnigs for aapl?', 'prose', [earnings('AAPL')], DATE),

  // Which is cheaper by P/E, said plainly.
  d('tool', 'which is cheaper by p/e, apple or microsoft', 'table', [compare(['AAPL', 'MSFT'])], { says: CHEAPER }),
  d('tool', 'ko vs pep which has the lower pe', 'table', [compare(['KO', 'PEP'])], { says: CHEAPER }),
  d('tool', 'is nvda more expensive than amd on a p/e basis', 'table', [compare(['NVDA', 'AMD'])], { says: CHEAPER }),
  d('tool', 'compare the p/e ratios of google and meta', 'table', [compare(['GOOGL', 'META'])], { says: CHEAPER }),
  d('tool', 'which one is cheaper valuation wise: walmart or costco', 'table', [compare(['WMT', 'COST'])], {
    says: CHEAPER,
  }),
  d('tool', 'jpm or bac, which trades at a lower multiple', 'table', [compare(['JPM', 'BAC'])], { says: CHEAPER }),
  d('tool', 'tell me which stock has a lower price to earnings, intel or amd', 'table', [compare(['INTC', 'AMD'])], {
    says: CHEAPER,
  }),
  d('tool', "between home depot and lowes who's cheaper on earnings", 'table', [compare(['HD', 'LOW'])], {
    says: CHEAPER,
  }),
  d('tool', 'out of apple and google which has the cheaper p/e', 'table', [compare(['AAPL', 'GOOGL'])], {
    says: CHEAPER,
  }),
  d('tool', 'which is cheaper on a pe basis ko or pep', 'table', [compare(['KO', 'PEP'])], { says: CHEAPER }),

  // Other languages.
  d('language', { question: '¿Cuál es el precio de Apple?', language: 'es' }, 'prose', [quote('AAPL')]),
  d('language', { question: '¿Está abierto el mercado hoy?', language: 'es' }, 'prose', [hours()], {
    kind: 'yes-no',
  }),
  d(
    'language',
    { question: 'Wie hoch ist die Dividendenrendite von Coca-Cola?', language: 'de' },
    'prose',
    [dividends('KO')],
    PERCENT,
  ),
  d('language', { question: 'Was ist ein ETF?', language: 'de' }, 'prose', [term('etf')], DEFINITION),
  d(
    'language',
    { question: 'Quand Microsoft publie-t-il ses prochains résultats ?', language: 'fr' },
    'prose',
    [earnings('MSFT')],
    DATE,
  ),
  d('language', { question: "Quel est le cours de Tesla aujourd'hui", language: 'fr' }, 'prose', [quote('TSLA')]),
  // Portuguese: no `language` (the scorer knows none for it); a dollar figure first either way.
  d(
    'language',
    'Quanto valeriam 10 mil dólares investidos na Nvidia há cinco anos?',
    'prose',
    [growth('NVDA', 10000, '2020-01-15')],
    DOLLAR,
  ),
  d('language', { question: 'compara apple y microsoft en los últimos 6 meses', language: 'es' }, 'table', [
    compare(['AAPL', 'MSFT'], '6M'),
  ]),
  d('language', { question: 'Wie hat sich Nvidia im letzten Jahr entwickelt?', language: 'de' }, 'prose', [
    history('NVDA', '1Y'),
  ]),
  d('language', { question: "Com'è andata Apple nell'ultimo anno?", language: 'it' }, 'prose', [history('AAPL', '1Y')]),
  d(
    'language',
    { question: '¿Qué es el promedio del costo en dólares?', language: 'es' },
    'prose',
    [term('dollar-cost averaging')],
    DEFINITION,
  ),
  d(
    'language',
    { question: 'Wann zahlt Apple die nächste Dividende?', language: 'de' },
    'prose',
    [dividends('AAPL')],
    DATE,
  ),
  d('language', { question: "Le marché est-il ouvert aujourd'hui ?", language: 'fr' }, 'prose', [hours()], {
    kind: 'yes-no',
  }),
  // A second batch, written after the first was fixed and scored before the engine was changed for it.
  d('portfolio', 'how much have my investments returned this year compared to the s&p', 'prose', [performance('YTD')], {
    kind: 'percent',
  }),
  d('portfolio', 'whats my money weighted return since inception', 'prose', [performance('ALL')], { kind: 'percent' }),
  d('portfolio', 'yo how r my stocks doing vs the market over the last 6 months', 'prose', [performance('6M')], {
    kind: 'percent',
  }),
  d('portfolio', 'how much dividend money came in over the past 12 months', 'prose', [performance('1Y')], DOLLAR),
  d('portfolio', 'is my portfolio doing better or worse than qqq this year', 'prose', [performance('YTD', 'QQQ')]),
  d('portfolio', 'should i put more money into nvidia given how much i already own', 'list', BIG_BET, {
    says: CONCENTRATION,
  }),
  d('portfolio', 'nvda is like my biggest position, worth adding more?', 'list', BIG_BET, { says: CONCENTRATION }),
  d('portfolio', 'im considering buying an extra 10 nvda shares', 'list', BIG_BET, { says: CONCENTRATION }),

  d('definition', "what's the meaning of market capitalization", 'prose', [term('market capitalization')], DEFINITION),
  d('definition', 'whats a etf', 'prose', [term('etf')], DEFINITION),
  d('definition', 'can u explain what rsi is', 'prose', [term('rsi')], DEFINITION),
  d('definition', 'im new to investing, what does dividend yield mean?', 'prose', [term('dividend yield')], DEFINITION),
  d('definition', 'moving average??', 'prose', [term('moving average')], DEFINITION),
  d('definition', 'how does a stock split work', 'prose', [term('stock split')], DEFINITION),
  d('definition', 'what is eps in stocks', 'prose', [term('earnings per share')], DEFINITION),

  d('follow-up', { question: 'and intel?', history: ['how much is amd'] }, 'prose', [quote('INTC')]),
  d(
    'follow-up',
    { question: 'what about their dividends', history: ['compare nvda and amd over 5 years'] },
    'list',
    [dividends('NVDA'), dividends('AMD')],
    { says: NO_REFUSAL },
  ),
  d('follow-up', { question: 'how about for pepsi', history: ['whats the p/e of ko'] }, 'prose', [analysis('PEP')]),
  d(
    'follow-up',
    { question: 'what about the dividend', history: ['when does msft report earnings'] },
    'prose',
    [dividends('MSFT')],
    { says: NO_REFUSAL },
  ),
  d(
    'follow-up',
    { question: 'which of the two is cheaper', history: ['tell me about costco', 'and walmart'] },
    'table',
    [compare(['COST', 'WMT'])],
    { says: CHEAPER },
  ),
  d('follow-up', { question: 'and nvda?', history: ['how did aapl do last quarter'] }, 'prose', [
    historyBetween('NVDA', '2024-10-01', '2024-12-31'),
  ]),
  d(
    'follow-up',
    { question: 'what about next monday', history: ['is the market open today'] },
    'prose',
    [hours('2025-01-20')],
    { kind: 'yes-no' },
  ),
  d(
    'follow-up',
    { question: 'and in microsoft?', history: ['what would 10k in apple 5 years ago be worth'] },
    'prose',
    [growth('MSFT', 10000, '2020-01-15')],
    DOLLAR,
  ),
  d('follow-up', { question: 'is it a buy', history: ['price of tsla'], viewing: 'AAPL' }, 'list', [analysis('TSLA')]),

  d('date-range', 'how did meta do in 2023', 'prose', [historyBetween('META', '2023-01-01', '2023-12-31')]),
  d('date-range', 'tsla from november 5 to december 20 2024', 'prose', [
    historyBetween('TSLA', '2024-11-05', '2024-12-20'),
  ]),
  d('date-range', 'performance of pfe over the past 18 months', 'prose', [
    historyBetween('PFE', '2023-07-15', '2025-01-15'),
  ]),
  d('date-range', 'compare nvda and amd since the start of the year', 'table', [compare(['NVDA', 'AMD'], 'YTD')]),
  d('date-range', "what's msft's return over the last 90 days", 'prose', [
    historyBetween('MSFT', '2024-10-17', '2025-01-15'),
  ]),
  d('date-range', 'how did apple stock perform from jan through march 2024', 'prose', [
    historyBetween('AAPL', '2024-01-01', '2024-03-31'),
  ]),
  d('date-range', 'aapl 6 months', 'prose', [history('AAPL', '6M')]),

  d('misspelling', 'waht is the price of aple', 'prose', [quote('AAPL')]),
  d('misspelling', 'how is micorsoft doing', 'list', overviewOf('MSFT')),
  d('misspelling', 'costoc stock price', 'prose', [quote('COST')]),
  d('misspelling', 'nvidias p/e', 'prose', [analysis('NVDA')]),
  d('misspelling', 'visa vs mastercrad over a year', 'table', [compare(['V', 'MA'])]),
  d('misspelling', 'tesle forecast for 6 months', 'prose', [forecast('TSLA', '6M')]),

  d('tool', 'is the stock market closed on mlk day', 'prose', [hours('2025-01-20')], { kind: 'yes-no' }),
  d('tool', 'whats the trading schedule for friday', 'prose', [hours('2025-01-17')]),
  d('tool', 'is the market open on sunday', 'prose', [hours('2025-01-19')], { kind: 'yes-no' }),
  d('tool', 'does costco pay dividends', 'prose', [dividends('COST')], YES_NO),
  d('tool', 'how often does pepsi pay dividends', 'prose', [dividends('PEP')], { says: NO_REFUSAL }),
  d('tool', "what's coca cola's annual dividend", 'prose', [dividends('KO')], { says: NO_REFUSAL }),
  d('tool', "when is nike's next earnings report", 'prose', [earnings('NKE')], DATE),
  d('tool', 'did apple already report this quarter', 'prose', [earnings('AAPL')], YES_NO),
  d('tool', 'which is the cheaper stock by earnings multiple, V or MA', 'table', [compare(['V', 'MA'])], {
    says: CHEAPER,
  }),
  d('tool', 'is amd cheaper than intel', 'table', [compare(['AMD', 'INTC'])], { says: CHEAPER }),

  d(
    'amount',
    'what would 2 grand in apple from 3 years ago be worth now',
    'prose',
    [growth('AAPL', 2000, '2022-01-15')],
    DOLLAR,
  ),
  d(
    'amount',
    'how much would i have if i bought $1000 of nvidia in january 2020',
    'prose',
    [growth('NVDA', 1000, '2020-01-01')],
    DOLLAR,
  ),
  d('amount', '$250 in tesla 1 year ago, worth now?', 'prose', [growth('TSLA', 250, '2024-01-15')], DOLLAR),
  d(
    'amount',
    'if i had put fifty thousand dollars into msft ten years ago',
    'prose',
    [growth('MSFT', 50000, '2015-01-15')],
    DOLLAR,
  ),
  d(
    'amount',
    'value today of 3k invested in amzn on march 1 2021',
    'prose',
    [growth('AMZN', 3000, '2021-03-01')],
    DOLLAR,
  ),

  d('language', { question: 'Ist die Börse heute geöffnet?', language: 'de' }, 'prose', [hours()], { kind: 'yes-no' }),
  d(
    'language',
    { question: '¿Cuándo publica Tesla sus resultados?', language: 'es' },
    'prose',
    [earnings('TSLA')],
    DATE,
  ),
  d(
    'language',
    { question: "Qu'est-ce que le rendement du dividende ?", language: 'fr' },
    'prose',
    [term('dividend yield')],
    DEFINITION,
  ),
  d(
    'language',
    { question: 'Qual è il rendimento da dividendo di Pepsi?', language: 'it' },
    'prose',
    [dividends('PEP')],
    PERCENT,
  ),
  d('language', 'Qual o preço da Microsoft hoje?', 'prose', [quote('MSFT')]),
  d('language', { question: 'Vergleiche Apple und Microsoft über 5 Jahre', language: 'de' }, 'table', [
    compare(['AAPL', 'MSFT'], '5Y'),
  ]),
  d(
    'language',
    { question: '¿Cuánto dividendo recibí este año?', language: 'es' },
    'prose',
    [performance('YTD')],
    DOLLAR,
  ),
  // A third batch, written after the second was fixed and scored before the engine was changed for it.
  d('portfolio', 'my returns this year?', 'prose', [performance('YTD')], { kind: 'percent' }),
  d('portfolio', 'how am i doing vs spy since i started', 'prose', [performance('ALL')], { kind: 'percent' }),
  d('portfolio', 'whats my total return over 3 years compared with the nasdaq', 'prose', [performance('3Y', 'QQQ')], {
    kind: 'percent',
  }),
  d('portfolio', 'did i make any dividend income in the last 6 months', 'prose', [performance('6M')], {
    kind: 'yes-no',
  }),
  d('portfolio', 'nvidia keeps going up, maybe i should add a bit more to my position?', 'list', BIG_BET, {
    says: CONCENTRATION,
  }),
  d('portfolio', 'is adding 5k more nvda a bad idea', 'list', BIG_BET, { says: CONCENTRATION }),

  d(
    'definition',
    'whats the difference between twr and mwr',
    'prose',
    [term('time-weighted return'), term('money-weighted return')],
    DEFINITION,
  ),
  d('definition', 'what does a beta of 1.5 mean', 'prose', [term('beta')], DEFINITION),
  d('definition', 'so what is an ex-div date exactly', 'prose', [term('ex-dividend date')], DEFINITION),
  d('definition', 'pls explain expense ratios', 'prose', [term('expense ratio')], DEFINITION),
  d('definition', 'what is the moving average of a stock', 'prose', [term('moving average')], DEFINITION),

  d(
    'follow-up',
    { question: 'compare them over the last year', history: ['how is amd doing', 'and nvidia?'], viewing: 'MSFT' },
    'table',
    [compare(['AMD', 'NVDA'])],
  ),
  d('follow-up', { question: 'what about the latter', history: ['compare pepsi and coke'] }, 'list', overviewOf('KO')),
  d(
    'follow-up',
    { question: 'and their next earnings?', history: ['compare aapl and msft'] },
    'list',
    [earnings('AAPL'), earnings('MSFT')],
    { says: NO_REFUSAL },
  ),
  d(
    'follow-up',
    { question: 'and 5 years ago?', history: ['what would $1000 in netflix 1 year ago be worth now'] },
    'prose',
    [growth('NFLX', 1000, '2020-01-15')],
    DOLLAR,
  ),
  d(
    'follow-up',
    { question: 'how about its dividend yield', history: ['whats the pe of verizon'] },
    'prose',
    [dividends('VZ')],
    PERCENT,
  ),
  d('follow-up', { question: 'same for the last 3 months', history: ['how did jpm do this year'] }, 'prose', [
    historyBetween('JPM', '2024-10-15', '2025-01-15'),
  ]),

  d('date-range', 'how did intel do from 2021 to 2023', 'prose', [historyBetween('INTC', '2021-01-01', '2023-12-31')]),
  d('date-range', 'amd during 2022', 'prose', [historyBetween('AMD', '2022-01-01', '2022-12-31')]),
  d('date-range', 'tsla over the past decade', 'prose', [historyBetween('TSLA', '2015-01-15', '2025-01-15')]),
  d('date-range', 'show me googl since 2020', 'prose', [historyBetween('GOOGL', '2020-01-01', '2025-01-15')]),
  d('date-range', 'how did nflx do in the last week', 'prose', [history('NFLX', '5D')]),
  d('date-range', 'compare ko and pep over the last 2 years', 'table', [
    compareBetween(['KO', 'PEP'], '2023-01-15', '2025-01-15'),
  ]),

  d('misspelling', 'starbuks dividend yield', 'prose', [dividends('SBUX')], PERCENT),
  d('misspelling', 'when does nvidea report earnings', 'prose', [earnings('NVDA')], DATE),
  d('misspelling', 'whats the pe of mircosoft', 'prose', [analysis('MSFT')]),
  d('misspelling', 'is amazon stock a good by', 'list', [analysis('AMZN')]),
  d('misspelling', 'compare appel and googel', 'table', [compare(['AAPL', 'GOOGL'])]),

  d('tool', 'is the market open on thanksgiving', 'prose', [hours('2025-11-27')], { kind: 'yes-no' }),
  d('tool', 'what time does the market close today', 'prose', [hours()]),
  d('tool', 'is nyse open on good friday', 'prose', [hours('2025-04-18')], { kind: 'yes-no' }),
  d('tool', "what's the ex-date for jnj", 'prose', [dividends('JNJ')], DATE),
  d('tool', "when's the next payout for abbv", 'prose', [dividends('ABBV')], DATE),
  d('tool', 'which pays more dividends, ko or pep', 'list', [dividends('KO'), dividends('PEP')], { says: NO_REFUSAL }),
  d('tool', 'has nvidia reported earnings yet this quarter', 'prose', [earnings('NVDA')], YES_NO),
  d('tool', 'when are the next earnings for tsla and aapl', 'list', [earnings('TSLA'), earnings('AAPL')], {
    says: NO_REFUSAL,
  }),

  d(
    'amount',
    'ten grand in nvidia 3 years ago, what would it be now',
    'prose',
    [growth('NVDA', 10000, '2022-01-15')],
    DOLLAR,
  ),
  d(
    'amount',
    'what is $10k invested in the s&p 500 five years ago worth today',
    'prose',
    [growth('^GSPC', 10000, '2020-01-15')],
    DOLLAR,
  ),
  d(
    'amount',
    'if i invested 2,000 usd in apple in 2019 how much would i have',
    'prose',
    [growth('AAPL', 2000, '2019-01-01')],
    DOLLAR,
  ),

  d('language', { question: 'Hoe heeft Apple het dit jaar gedaan?', language: 'nl' }, 'prose', [
    history('AAPL', 'YTD'),
  ]),
  d(
    'language',
    { question: 'Quanto rende il dividendo di Coca-Cola?', language: 'it' },
    'prose',
    [dividends('KO')],
    PERCENT,
  ),
  d(
    'language',
    { question: '¿Es Nvidia más cara que AMD por P/E?', language: 'es' },
    'table',
    [compare(['NVDA', 'AMD'])],
    { says: CHEAPER },
  ),
  d(
    'language',
    { question: 'Was ist die nächste Dividende von Microsoft?', language: 'de' },
    'prose',
    [dividends('MSFT')],
    { says: NO_REFUSAL },
  ),
  // A fourth batch, written after the third was fixed and scored before the engine was changed for it.
  d('portfolio', 'how much have i earned from dividends in 2025', 'prose', [performance('YTD')], DOLLAR),
  d('portfolio', 'r my investments beating the s&p or nah', 'prose', [performance('1Y')], { kind: 'yes-no' }),
  d('portfolio', 'portfolio twr ytd', 'prose', [performance('YTD')], { kind: 'percent' }),
  d(
    'portfolio',
    'give me my portfolio performance vs the dow jones for the past year',
    'prose',
    [performance('1Y', 'DIA')],
    { kind: 'percent' },
  ),
  d('portfolio', 'with nvda being so much of my portfolio should i still buy more', 'list', BIG_BET, {
    says: CONCENTRATION,
  }),

  d('definition', "what's dca", 'prose', [term('dollar-cost averaging')], DEFINITION),
  d('definition', 'meaning of drawdown in investing', 'prose', [term('drawdown')], DEFINITION),
  d('definition', 'difference between etf and index fund?', 'prose', [term('etf'), term('index fund')], DEFINITION),
  d('definition', 'can you define volatility for me please', 'prose', [term('volatility')], DEFINITION),
  d('definition', 'what is a dividend yield and how is it calculated', 'prose', [term('dividend yield')], DEFINITION),

  d('follow-up', { question: 'show me its 5 year chart', history: ['how is msft doing'] }, 'prose', [
    history('MSFT', '5Y'),
  ]),
  d('follow-up', { question: 'what about over 6 months instead', history: ['compare amzn and googl'] }, 'table', [
    compare(['AMZN', 'GOOGL'], '6M'),
  ]),
  d('follow-up', { question: 'should i buy it', history: ['tell me about pfizer'], viewing: 'NVDA' }, 'list', [
    analysis('PFE'),
  ]),
  d(
    'follow-up',
    { question: 'which one is cheaper then', history: ['what is the pe of apple', 'and of microsoft'] },
    'table',
    [compare(['AAPL', 'MSFT'])],
    { says: CHEAPER },
  ),
  d(
    'follow-up',
    { question: 'and on saturday?', history: ['is the market open today'] },
    'prose',
    [hours('2025-01-18')],
    { kind: 'yes-no' },
  ),
  d('follow-up', { question: "and amd's?", history: ['nvda earnings date'] }, 'prose', [earnings('AMD')], DATE),

  d('date-range', 'how did spy perform in december', 'prose', [historyBetween('SPY', '2024-12-01', '2024-12-31')]),
  d('date-range', 'apple stock between 1/1/2024 and 6/30/2024', 'prose', [
    historyBetween('AAPL', '2024-01-01', '2024-06-30'),
  ]),
  d('date-range', 'nvda in the 4th quarter of 2024', 'prose', [historyBetween('NVDA', '2024-10-01', '2024-12-31')]),
  d('date-range', 'tesla performance jan 2023 to jan 2024', 'prose', [
    historyBetween('TSLA', '2023-01-01', '2024-01-31'),
  ]),

  d('misspelling', 'whats the price of amazone', 'prose', [quote('AMZN')]),
  d('misspelling', 'how is nvdia stock', 'list', overviewOf('NVDA')),
  d('misspelling', 'pepsi co dividend', 'prose', [dividends('PEP')], { says: NO_REFUSAL }),
  d('misspelling', 'berkshire hathway vs apple', 'table', [compare(['BRK.B', 'AAPL'])]),
  d('misspelling', 'telsa forecast 1 month', 'prose', [forecast('TSLA', '1M')]),

  d('tool', 'market hours today', 'prose', [hours()]),
  d('tool', "is the stock market open on new year's eve", 'prose', [hours('2025-12-31')], { kind: 'yes-no' }),
  d('tool', 'when will the market open next', 'prose', [hours()]),
  d('tool', 'ko ex dividend', 'prose', [dividends('KO')], { says: NO_REFUSAL }),
  d('tool', 'what does msft pay per share in dividends', 'prose', [dividends('MSFT')], { says: NO_REFUSAL }),
  d('tool', 'earnings date aapl', 'prose', [earnings('AAPL')], DATE),
  d('tool', 'will amazon report before february', 'prose', [earnings('AMZN')], YES_NO),
  d('tool', "who's cheaper on p/e, pfizer or merck", 'table', [compare(['PFE', 'MRK'])], { says: CHEAPER }),

  d(
    'amount',
    'how much would a $100 investment in tesla 5 years ago be worth',
    'prose',
    [growth('TSLA', 100, '2020-01-15')],
    DOLLAR,
  ),
  d('amount', '1k in amd in jan 2021, worth what today?', 'prose', [growth('AMD', 1000, '2021-01-01')], DOLLAR),
  d(
    'amount',
    "if i'd bought twenty thousand dollars of costco three years ago",
    'prose',
    [growth('COST', 20000, '2022-01-15')],
    DOLLAR,
  ),

  d(
    'language',
    { question: 'Apple verse-t-elle un dividende ?', language: 'fr' },
    'prose',
    [dividends('AAPL')],
    YES_NO,
  ),
  d('language', { question: '¿Qué es un ETF?', language: 'es' }, 'prose', [term('etf')], DEFINITION),
  d(
    'language',
    { question: 'Wann berichtet Nvidia die nächsten Zahlen?', language: 'de' },
    'prose',
    [earnings('NVDA')],
    DATE,
  ),
  d('language', { question: 'La borsa è aperta domani?', language: 'it' }, 'prose', [hours('2025-01-16')], {
    kind: 'yes-no',
  }),
  d(
    'language',
    { question: 'Hoeveel dividend heb ik dit jaar ontvangen?', language: 'nl' },
    'prose',
    [performance('YTD')],
    DOLLAR,
  ),
  d('language', 'Qual é o dividend yield da Coca-Cola?', 'prose', [dividends('KO')], PERCENT),
];
