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
  q,
  term,
  type HeldOutQuestion,
} from '../heldOut/shared';
import { analysis, compare, forecast, history, portfolio } from '../questions';

/**
 * The second held-out set of issue 28, written blind: by someone who read the tool contract, the question format
 * (heldOut/shared.ts), the scoring (runEval.ts, answerKind.ts), the glossary's keys, the tools' argument schemas, the
 * seeded portfolio and the market's symbol list, but neither the engine nor the first set's questions. Nobody tunes
 * the engine on it: tests/unit/agent-fresh.test.ts prints its scores only (its misses with AGENT_EVAL_SHOW_FRESH=1).
 *
 * The clock is the contract's NOW, 2025-01-15 14:05:30 UTC (a Wednesday; the NYSE trades today but opens at 09:30 in
 * New York, after NOW). Dates worked out by hand from it:
 * - look-backs the enums do not name: "last 3 months" 2024-10-15..2025-01-15, "last 4 months" from 2024-09-15,
 *   "past 18 months" from 2023-07-15, "last 2 years" from 2023-01-15, "past 2 weeks" from 2025-01-01, "this month"
 *   2025-01-01..2025-01-15; "last quarter" 2024-10-01..2024-12-31, "last year" 2024-01-01..2024-12-31;
 * - "N years ago" for investment_growth is the same day N years back (five years ago: 2020-01-15); "since 2020" and
 *   "the start of 2023" are January 1 of that year; "six months ago" 2024-07-15, "18 months ago" 2023-07-15;
 * - market days: tomorrow 2025-01-16, Saturday 2025-01-18, MLK Day 2025-01-20, Good Friday 2025-04-18, Juneteenth
 *   2025-06-19, July 4 2025-07-04, Thanksgiving 2025-11-27 (the day after: 2025-11-28); a day without a year that has
 *   passed is its next occurrence.
 *
 * Answer forms, where the contract says nothing: one figure or one symbol's data is prose (history summaries,
 * dividends, earnings, market hours, investment growth, forecasts, definitions, portfolio returns); a comparison
 * (compare) is a table; the portfolio's holdings and checks (get_portfolio) are a list; a question back is
 * 'not-understood' with no tool call. Ids number from 101 so they never meet the first set's.
 */

const Q3_2024 = ['2024-07-01', '2024-09-30'] as const;
const LAST_QUARTER = ['2024-10-01', '2024-12-31'] as const;
const LAST_YEAR = ['2024-01-01', '2024-12-31'] as const;
const LAST_3_MONTHS = ['2024-10-15', '2025-01-15'] as const;
const FIVE_YEARS_AGO = '2020-01-15';

const yesNo = { kind: 'yes-no' } as const;
const dollar = { kind: 'dollar' } as const;
const percent = { kind: 'percent' } as const;
const date = { kind: 'date' } as const;
const defines = { kind: 'definition' } as const;
const back = { kind: 'question-back' } as const;
const reportDate = { kind: 'date', says: NO_REFUSAL } as const;

/** A question back: nothing looked up, nothing charged. */
const unclear = (id: string, question: string) => q(id, question, 'not-understood', [], back);

const PORTFOLIO: HeldOutQuestion[] = [
  q('pf-101', 'how much did i get in dividends this year?', 'prose', [performance('YTD')], dollar),
  q('pf-102', 'Did I beat the S&P 500 over the last 12 months?', 'prose', [performance('1Y')], yesNo),
  q('pf-103', 'my portfolio vs nasdaq 100, past 6 months', 'prose', [performance('6M', 'QQQ')]),
  q('pf-104', 'whats my time weighted return ytd', 'prose', [performance('YTD')], percent),
  q(
    'pf-105',
    "What's the money-weighted return on my portfolio since I started?",
    'prose',
    [performance('ALL')],
    percent,
  ),
  q('pf-106', 'total dividends received since i opened the account', 'prose', [performance('ALL')], dollar),
  q('pf-107', 'How has my portfolio done over the past 3 years compared with VTI?', 'prose', [
    performance('3Y', 'VTI'),
  ]),
  q('pf-108', 'am i too concentrated in one stock?', 'list', [portfolio()]),
  q('pf-109', 'give me a rundown of my holdings', 'list', [portfolio()]),
  q('pf-110', 'how did my portfolio do over the past month', 'prose', [performance('1M')]),
  q(
    'pf-111',
    { question: 'did my stocks outperform the market this year?', viewing: 'AAPL' },
    'prose',
    [performance('YTD')],
    yesNo,
  ),
  q('pf-112', 'How much have I earned in dividends over the last year?', 'prose', [performance('1Y')], dollar),
  q('pf-113', "what is my portfolio's XIRR for the last 6 months", 'prose', [performance('6M')], percent),
  q('pf-114', { question: 'Is my portfolio well diversified?', viewing: 'NVDA' }, 'list', [portfolio()]),
  q('pf-115', "compare my portfolio's return over 3 months to QQQ", 'prose', [performance('3M', 'QQQ')]),
  q('pf-116', 'How much realized gain did I make this year?', 'prose', [performance('YTD')], dollar),
];

const DEFINITION: HeldOutQuestion[] = [
  q('def-101', 'wtf is a drawdown', 'prose', [term('drawdown')], defines),
  q('def-102', 'explain dollar cost averaging like im 5', 'prose', [term('dollar-cost averaging')], defines),
  q(
    'def-103',
    "What's the difference between time-weighted and money-weighted return?",
    'prose',
    [term('time-weighted return'), term('money-weighted return')],
    defines,
  ),
  q('def-104', { question: 'what does P/E mean?', viewing: 'NVDA' }, 'prose', [term('p/e ratio')], defines),
  q('def-105', 'ex dividend date meaning', 'prose', [term('ex-dividend date')], defines),
  q('def-106', { question: 'what is beta in stocks', viewing: 'TSLA' }, 'prose', [term('beta')], defines),
  q('def-107', 'Can you explain what an expense ratio is?', 'prose', [term('expense ratio')], defines),
  q('def-108', "what's XIRR", 'prose', [term('xirr')], defines),
  q('def-109', { question: 'whats market cap', viewing: 'AAPL' }, 'prose', [term('market capitalization')], defines),
  q('def-110', 'define volatility pls', 'prose', [term('volatility')], defines),
  q('def-111', 'what exactly is an index fund?', 'prose', [term('index fund')], defines),
  q('def-112', 'What happens in a stock split?', 'prose', [term('stock split')], defines),
  q('def-113', 'eps meaning?', 'prose', [term('earnings per share')], defines),
  q('def-114', 'what does RSI stand for', 'prose', [term('rsi')], defines),
  q(
    'def-115',
    { question: 'what is a moving average, in simple words', viewing: 'MSFT' },
    'prose',
    [term('moving average')],
    defines,
  ),
  q('def-116', 'What does dividend yield mean?', 'prose', [term('dividend yield')], defines),
];

const FOLLOW_UP: HeldOutQuestion[] = [
  q(
    'fu-101',
    { question: "and pepsi's?", history: ["what's KO's dividend yield?"] },
    'prose',
    [dividends('PEP')],
    percent,
  ),
  q('fu-102', { question: 'and meta?', history: ['How did Amazon do last quarter?'] }, 'prose', [
    historyBetween('META', ...LAST_QUARTER),
  ]),
  q(
    'fu-103',
    {
      question: 'now the same for the two since March 2024',
      history: ['compare Visa and Mastercard over the past year'],
      viewing: 'TSLA',
    },
    'table',
    [compareBetween(['V', 'MA'], '2024-03-01', '2025-01-15')],
  ),
  q('fu-104', { question: 'what about its dividend?', history: ['when does Nike report earnings?'] }, 'prose', [
    dividends('NKE'),
  ]),
  q(
    'fu-105',
    { question: 'and in AMD?', history: ['what would 5k in nvidia 3 years ago be worth now?'] },
    'prose',
    [growth('AMD', 5000, '2022-01-15')],
    dollar,
  ),
  q(
    'fu-106',
    { question: 'what if it was 20k instead', history: ['What would $10,000 in Apple five years ago be worth today?'] },
    'prose',
    [growth('AAPL', 20000, FIVE_YEARS_AGO)],
    dollar,
  ),
  q(
    'fu-107',
    { question: 'and on juneteenth?', history: ['is the stock market open on Good Friday?'] },
    'prose',
    [hours('2025-06-19')],
    yesNo,
  ),
  q('fu-108', { question: 'and an index fund?', history: ["what's an ETF?"] }, 'prose', [term('index fund')], defines),
  q(
    'fu-109',
    {
      question: 'and how did the two do over the last 2 years?',
      history: ['how did XOM and CVX do in 2024?'],
      viewing: 'AAPL',
    },
    'table',
    [compareBetween(['XOM', 'CVX'], '2023-01-15', '2025-01-15')],
  ),
  q(
    'fu-110',
    { question: 'and against the nasdaq 100?', history: ['how has my portfolio done against the S&P 500 this year?'] },
    'prose',
    [performance('YTD', 'QQQ')],
  ),
  q('fu-111', { question: 'same for rivian', history: ['3 month forecast for Tesla'] }, 'prose', [
    forecast('RIVN', '3M'),
  ]),
  q(
    'fu-112',
    {
      question: 'and the other one?',
      history: ['compare JPMorgan and Bank of America over 6 months', 'when does the first one report earnings?'],
    },
    'prose',
    [earnings('BAC')],
    reportDate,
  ),
  q(
    'fu-113',
    {
      question: "when's its next ex-dividend date?",
      history: ['how is Pfizer doing over the past 6 months?'],
      viewing: 'NVDA',
    },
    'prose',
    [dividends('PFE')],
    date,
  ),
  q(
    'fu-114',
    { question: 'what about the day after?', history: ['Is the market open on Thanksgiving?'] },
    'prose',
    [hours('2025-11-28')],
    yesNo,
  ),
  q(
    'fu-115',
    { question: "what's the first one's dividend yield?", history: ['compare HD and LOW over the past year'] },
    'prose',
    [dividends('HD')],
    percent,
  ),
  q('fu-116', { question: 'add nvidia to that', history: ['Apple vs Microsoft over 6 months'] }, 'table', [
    compare(['AAPL', 'MSFT', 'NVDA'], '6M'),
  ]),
  q(
    'fu-117',
    {
      question: 'and walmart over the same period?',
      history: ['how did Costco do between March 1 and June 30 2024?'],
      viewing: 'AMZN',
    },
    'prose',
    [historyBetween('WMT', '2024-03-01', '2024-06-30')],
  ),
];

const DATE_RANGE: HeldOutQuestion[] = [
  q('dr-101', 'how did nvda do between march 1 2024 and june 30 2024?', 'prose', [
    historyBetween('NVDA', '2024-03-01', '2024-06-30'),
  ]),
  q('dr-102', 'MSFT performance in Q3 2024', 'prose', [historyBetween('MSFT', ...Q3_2024)]),
  q('dr-103', 'How has Tesla moved since the start of December?', 'prose', [
    historyBetween('TSLA', '2024-12-01', '2025-01-15'),
  ]),
  q('dr-104', 'aapl performance last year', 'prose', [historyBetween('AAPL', ...LAST_YEAR)]),
  q('dr-105', 'what did AMZN do over the last 3 months', 'prose', [historyBetween('AMZN', ...LAST_3_MONTHS)]),
  q('dr-106', "Show me META's price history for the past 18 months", 'prose', [
    historyBetween('META', '2023-07-15', '2025-01-15'),
  ]),
  q('dr-107', 'compare KO and PEP from Jan 2023 to Dec 2023', 'table', [
    compareBetween(['KO', 'PEP'], '2023-01-01', '2023-12-31'),
  ]),
  q('dr-108', 'How did Netflix do in the first half of 2024?', 'prose', [
    historyBetween('NFLX', '2024-01-01', '2024-06-30'),
  ]),
  q('dr-109', 'how has JNJ done since March 2024?', 'prose', [historyBetween('JNJ', '2024-03-01', '2025-01-15')]),
  q('dr-110', 'how did SPY do during 2022', 'prose', [historyBetween('SPY', '2022-01-01', '2022-12-31')]),
  q('dr-111', 'AMD from 2020 to 2022?', 'prose', [historyBetween('AMD', '2020-01-01', '2022-12-31')]),
  q('dr-112', 'how did disney trade this month', 'prose', [historyBetween('DIS', '2025-01-01', '2025-01-15')]),
  q('dr-113', 'Boeing over the past 2 weeks', 'prose', [historyBetween('BA', '2025-01-01', '2025-01-15')]),
  q('dr-114', 'compare AVGO, QCOM and TXN over the last 4 months', 'table', [
    compareBetween(['AVGO', 'QCOM', 'TXN'], '2024-09-15', '2025-01-15'),
  ]),
  q('dr-115', { question: 'How did it do between Oct 7 and Nov 15?', viewing: 'GOOGL' }, 'prose', [
    historyBetween('GOOGL', '2024-10-07', '2024-11-15'),
  ]),
  q('dr-116', 'Starbucks performance over the past 6 months', 'prose', [history('SBUX', '6M')]),
  q('dr-117', "how's costco done year to date?", 'prose', [history('COST', 'YTD')]),
  q('dr-118', 'Caterpillar over the last 5 years', 'prose', [history('CAT', '5Y')]),
];

const MISSPELLING: HeldOutQuestion[] = [
  q(
    'ms-101',
    { question: 'when does nvidea report earnings', viewing: 'AAPL' },
    'prose',
    [earnings('NVDA')],
    reportDate,
  ),
  q('ms-102', 'whats the dividend yield of exon mobil', 'prose', [dividends('XOM')], percent),
  q('ms-103', 'how did micorsoft do last quarter', 'prose', [historyBetween('MSFT', ...LAST_QUARTER)]),
  q('ms-104', 'appel vs microsfot over the past year', 'table', [compare(['AAPL', 'MSFT'], '1Y')]),
  q(
    'ms-105',
    'what would 1000$ in palantier 2 years ago be worth',
    'prose',
    [growth('PLTR', 1000, '2023-01-15')],
    dollar,
  ),
  q('ms-106', 'does starbuks pay dividends?', 'prose', [dividends('SBUX')], yesNo),
  q('ms-107', 'netflx earnings date?', 'prose', [earnings('NFLX')], reportDate),
  q('ms-108', 'berkshire hathway performance ytd', 'prose', [history('BRK.B', 'YTD')]),
  q('ms-109', 'when is mcdonals next dividend', 'prose', [dividends('MCD')], date),
  q('ms-110', { question: 'Broadcomm over the last 3 months', viewing: 'TSLA' }, 'prose', [
    historyBetween('AVGO', ...LAST_3_MONTHS),
  ]),
  q('ms-111', 'jonson and jonson dividend yield', 'prose', [dividends('JNJ')], percent),
  q(
    'ms-112',
    'how much would $2000 in amazn 5 years ago be worth',
    'prose',
    [growth('AMZN', 2000, FIVE_YEARS_AGO)],
    dollar,
  ),
  q('ms-113', 'next earnings for salesfroce?', 'prose', [earnings('CRM')], reportDate),
  q('ms-114', 'compare coka cola and pepsico in 2024', 'table', [compareBetween(['KO', 'PEP'], ...LAST_YEAR)]),
  q('ms-115', 'wallmart ex-dividend date', 'prose', [dividends('WMT')], date),
  q('ms-116', 'how did goldman sacks do last year', 'prose', [historyBetween('GS', ...LAST_YEAR)]),
  q('ms-117', 'Lockheed Martain dividend yield?', 'prose', [dividends('LMT')], percent),
];

const TOOL: HeldOutQuestion[] = [
  q('tool-101', { question: 'is the market open today?', viewing: 'NVDA' }, 'prose', [hours()], yesNo),
  q('tool-102', 'Is the stock market open on July 4th?', 'prose', [hours('2025-07-04')], yesNo),
  q(
    'tool-103',
    'What would $10,000 in Microsoft five years ago be worth now?',
    'prose',
    [growth('MSFT', 10000, FIVE_YEARS_AGO)],
    dollar,
  ),
  q('tool-104', "What's Verizon's dividend yield?", 'prose', [dividends('VZ')], percent),
  q('tool-105', "when is apple's next earnings?", 'prose', [earnings('AAPL')], reportDate),
  q('tool-106', 'Which is cheaper by P/E, Coca-Cola or Pepsi?', 'table', [compare(['KO', 'PEP'], '1Y')], {
    says: CHEAPER,
  }),
  q('tool-107', 'Should I buy more NVDA?', 'prose', [portfolio(), analysis('NVDA')], { says: CONCENTRATION }),
  q('tool-108', 'is the NYSE open right now', 'prose', [hours()], yesNo),
  q('tool-109', 'Is the market open on MLK day?', 'prose', [hours('2025-01-20')], yesNo),
  q('tool-110', 'does AT&T pay a dividend', 'prose', [dividends('T')], yesNo),
  q('tool-111', 'When does JPMorgan report its next earnings?', 'prose', [earnings('JPM')], reportDate),
  q(
    'tool-112',
    'what is 3000 dollars invested in Nike on January 2, 2020 worth now',
    'prose',
    [growth('NKE', 3000, '2020-01-02')],
    dollar,
  ),
  q('tool-113', 'Realty Income next ex-dividend date', 'prose', [dividends('O')], date),
  q(
    'tool-114',
    'which one has the lower p/e, Qualcomm or Texas Instruments?',
    'table',
    [compare(['QCOM', 'TXN'], '1Y')],
    {
      says: CHEAPER,
    },
  ),
  q('tool-115', 'Is the market open on Saturday?', 'prose', [hours('2025-01-18')], yesNo),
  q('tool-116', 'how much does Procter & Gamble pay in dividends per year?', 'prose', [dividends('PG')], dollar),
  q('tool-117', 'is the market open tomorrow?', 'prose', [hours('2025-01-16')], yesNo),
];

const LANGUAGE: HeldOutQuestion[] = [
  q('lang-101', { question: 'Ist die Börse heute offen?', language: 'de' }, 'prose', [hours()], yesNo),
  q('lang-102', { question: 'Was ist das KGV?', language: 'de' }, 'prose', [term('p/e ratio')], defines),
  q(
    'lang-103',
    { question: 'Wie viel wären 10.000 € in Apple vor 5 Jahren heute wert?', language: 'de' },
    'prose',
    [growth('AAPL', 10000, FIVE_YEARS_AGO)],
    dollar,
  ),
  q(
    'lang-104',
    { question: '¿Cuál es la rentabilidad por dividendo de Coca-Cola?', language: 'es' },
    'prose',
    [dividends('KO')],
    percent,
  ),
  q('lang-105', { question: '¿Cómo le fue a Microsoft el año pasado?', language: 'es' }, 'prose', [
    historyBetween('MSFT', ...LAST_YEAR),
  ]),
  q('lang-106', { question: '¿Qué es la volatilidad?', language: 'es' }, 'prose', [term('volatility')], defines),
  q(
    'lang-107',
    { question: 'Quand Apple publie-t-elle ses prochains résultats ?', language: 'fr' },
    'prose',
    [earnings('AAPL')],
    reportDate,
  ),
  q(
    'lang-108',
    { question: "Est-ce que la bourse est ouverte aujourd'hui ?", language: 'fr' },
    'prose',
    [hours()],
    yesNo,
  ),
  q('lang-109', { question: 'Compare Nvidia et AMD sur les 6 derniers mois', language: 'fr' }, 'table', [
    compare(['NVDA', 'AMD'], '6M'),
  ]),
  q('lang-110', { question: "Che cos'è un ETF?", language: 'it' }, 'prose', [term('etf')], defines),
  q(
    'lang-111',
    { question: 'Quanto varrebbero oggi 5.000 dollari investiti in Tesla 3 anni fa?', language: 'it' },
    'prose',
    [growth('TSLA', 5000, '2022-01-15')],
    dollar,
  ),
  q(
    'lang-112',
    { question: 'Qual è il rendimento da dividendo di Johnson & Johnson?', language: 'it' },
    'prose',
    [dividends('JNJ')],
    percent,
  ),
  q('lang-113', { question: 'Hoe deed Microsoft het in het laatste kwartaal?', language: 'nl' }, 'prose', [
    historyBetween('MSFT', ...LAST_QUARTER),
  ]),
  q('lang-114', { question: 'Is de beurs vandaag open?', language: 'nl' }, 'prose', [hours()], yesNo),
  q(
    'lang-115',
    { question: 'Wat is het dividendrendement van Shell?', language: 'nl' },
    'prose',
    [dividends('SHEL.L')],
    percent,
  ),
  q(
    'lang-116',
    { question: 'Wann zahlt Coca-Cola die nächste Dividende?', language: 'de' },
    'prose',
    [dividends('KO')],
    date,
  ),
  q(
    'lang-117',
    { question: '¿Está abierta la bolsa el 4 de julio?', language: 'es' },
    'prose',
    [hours('2025-07-04')],
    yesNo,
  ),
  q(
    'lang-118',
    { question: "Qu'est-ce que le rendement pondéré par le temps ?", language: 'fr' },
    'prose',
    [term('time-weighted return')],
    defines,
  ),
  q(
    'lang-119',
    { question: "Com'è andato il mio portafoglio quest'anno rispetto all'S&P 500?", language: 'it' },
    'prose',
    [performance('YTD')],
  ),
  q('lang-120', { question: 'Wat is een indexfonds?', language: 'nl' }, 'prose', [term('index fund')], defines),
];

const AMOUNT: HeldOutQuestion[] = [
  q(
    'amt-101',
    'if i put $5k in nvda 2 years ago what would i have now',
    'prose',
    [growth('NVDA', 5000, '2023-01-15')],
    dollar,
  ),
  q(
    'amt-102',
    'What would 2,500 dollars in Costco three years ago be worth today?',
    'prose',
    [growth('COST', 2500, '2022-01-15')],
    dollar,
  ),
  q(
    'amt-103',
    'how much would 10 000 € invested in Microsoft a year ago be worth now?',
    'prose',
    [growth('MSFT', 10000, '2024-01-15')],
    dollar,
  ),
  q('amt-104', '$1.5k into Netflix 18 months ago -> today?', 'prose', [growth('NFLX', 1500, '2023-07-15')], dollar),
  q(
    'amt-105',
    "25 grand in Berkshire 5 years back, what's it worth now",
    'prose',
    [growth('BRK.B', 25000, FIVE_YEARS_AGO)],
    dollar,
  ),
  q(
    'amt-106',
    'What would $750 invested in AMD on March 15 2021 be worth now?',
    'prose',
    [growth('AMD', 750, '2021-03-15')],
    dollar,
  ),
  q(
    'amt-107',
    "I invested $12,345.67 in Apple on 2022-06-01, what's it worth today?",
    'prose',
    [growth('AAPL', 12345.67, '2022-06-01')],
    dollar,
  ),
  q(
    'amt-108',
    'how much would 1 million dollars in VOO 10 years ago be worth now',
    'prose',
    [growth('VOO', 1000000, '2015-01-15')],
    dollar,
  ),
  q(
    'amt-109',
    '$3,000 in Tesla at the start of 2023, how much was it at the end of 2023?',
    'prose',
    [growth('TSLA', 3000, '2023-01-01', '2023-12-31')],
    dollar,
  ),
  q(
    'amt-110',
    'what would 1000 bucks in SPY six months ago be now',
    'prose',
    [growth('SPY', 1000, '2024-07-15')],
    dollar,
  ),
  q(
    'amt-111',
    { question: 'what would 8k in this stock a year ago be worth today?', viewing: 'META' },
    'prose',
    [growth('META', 8000, '2024-01-15')],
    dollar,
  ),
  q('amt-112', '€5.000 in Coca-Cola 4 years ago, how much now?', 'prose', [growth('KO', 5000, '2021-01-15')], dollar),
  q(
    'amt-113',
    '$20,000 of Eli Lilly at the beginning of last year - value now?',
    'prose',
    [growth('LLY', 20000, '2024-01-01')],
    dollar,
  ),
  q('amt-114', "what's 500$ in palantir from jan 2 2024 worth", 'prose', [growth('PLTR', 500, '2024-01-02')], dollar),
  q(
    'amt-115',
    'how much would i have made with 10k in nvidia since 2020',
    'prose',
    [growth('NVDA', 10000, '2020-01-01')],
    dollar,
  ),
  q(
    'amt-116',
    { question: 'and $7,500 in MSFT?', history: ['what would $5,000 in Apple 5 years ago be worth now?'] },
    'prose',
    [growth('MSFT', 7500, FIVE_YEARS_AGO)],
    dollar,
  ),
];

const UNCLEAR: HeldOutQuestion[] = [
  unclear('unc-101', 'how is it doing?'),
  unclear('unc-102', 'compare them'),
  unclear('unc-103', 'what about the other one?'),
  unclear('unc-104', 'whats the price'),
  // American Express, American Tower, American Electric Power, American Water Works, American International Group.
  unclear('unc-105', 'how did American do last year?'),
  // Johnson & Johnson or Johnson Controls.
  unclear('unc-106', 'johnson stock price?'),
  unclear('unc-107', 'asdkjh qwe'),
  unclear('unc-108', "what's ZQXW trading at?"),
  unclear('unc-109', 'should i sell?'),
  // Texas Instruments or Texas Pacific Land.
  unclear('unc-110', 'Texas stock dividend yield'),
  // Zoom is not in the market's universe.
  unclear('unc-111', "how's zoom stock doing"),
  unclear('unc-112', 'is it a good time to buy'),
  unclear('unc-113', 'what would it be worth now?'),
  // Fidelity National Information Services or one of Fidelity's money-market funds.
  unclear('unc-114', 'Fidelity dividend yield'),
  // General Motors, General Dynamics or General Mills.
  unclear('unc-115', 'General earnings date?'),
  unclear('unc-116', '???'),
  unclear('unc-117', 'tell me more about the one i asked about yesterday'),
];

export const FRESH: HeldOutQuestion[] = [
  ...PORTFOLIO,
  ...DEFINITION,
  ...FOLLOW_UP,
  ...DATE_RANGE,
  ...MISSPELLING,
  ...TOOL,
  ...LANGUAGE,
  ...AMOUNT,
  ...UNCLEAR,
];
