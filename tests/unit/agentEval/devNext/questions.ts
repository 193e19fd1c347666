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
 * A second development set of the built-in analyst (issue 28, "agent-next"): questions written after the held-out
 * sets were frozen, in the kinds the blind set scored lowest on (follow-ups across two or three turns, unclear
 * questions that deserve a question back, tool questions, explicit periods, amounts, other languages), typed as
 * users type them (lower case, no punctuation, typos, run-on). The engine may be tuned on these: they are a dev
 * set, scored and printed with their misses by agent-dev-next.test.ts. Same contract and clock as the held-out sets
 * (NOW = 2025-01-15 14:05:30 UTC, the CORE_AND_A_BIG_BET portfolio).
 */

const { d, unclear } = devQuestions('n');

export const DEV_NEXT: HeldOutQuestion[] = [
  // Follow-ups: pronouns and places across two or three turns, another chart in view.
  d(
    'follow-up',
    { question: 'compare the two over 6 months', history: ['what is the dividend yield of KO', 'and PEP?'] },
    'table',
    [compare(['KO', 'PEP'], '6M')],
  ),
  d('follow-up', { question: 'what about its dividend', history: ['how is exxon doing'], viewing: 'NVDA' }, 'prose', [
    dividends('XOM'),
  ]),
  d('follow-up', { question: 'and intel', history: ['price of amd'] }, 'prose', [quote('INTC')]),
  d(
    'follow-up',
    { question: 'which one is cheaper', history: ['nvda vs amd'], viewing: 'AAPL' },
    'table',
    [compare(['NVDA', 'AMD'])],
    { says: CHEAPER },
  ),
  d(
    'follow-up',
    { question: 'what about google', history: ['when does msft report earnings'] },
    'prose',
    [earnings('GOOGL')],
    { kind: 'date', says: NO_REFUSAL },
  ),
  d('follow-up', { question: 'and microsoft', history: ['how did apple do this year'] }, 'prose', [
    history('MSFT', 'YTD'),
  ]),
  d(
    'follow-up',
    { question: 'compare them', history: ['how did apple do this year', 'and microsoft'], viewing: 'TSLA' },
    'table',
    [compare(['AAPL', 'MSFT'], 'YTD')],
  ),
  d(
    'follow-up',
    { question: 'whats its dividend yield', history: ['tell me about costco'], viewing: 'AAPL' },
    'prose',
    [dividends('COST')],
    { kind: 'percent', says: NO_REFUSAL },
  ),
  d('follow-up', { question: 'same for amd', history: ['forecast nvda for the next year'] }, 'prose', [
    forecast('AMD', '1Y'),
  ]),
  d(
    'follow-up',
    { question: 'and 3 years ago?', history: ['what would 10k in apple 5 years ago be worth'] },
    'prose',
    [growth('AAPL', 10000, '2022-01-15')],
    { kind: 'dollar' },
  ),
  d(
    'follow-up',
    { question: 'how did the last one do over 6 months', history: ['compare JPM, BAC and WFC'], viewing: 'MSFT' },
    'prose',
    [history('WFC', '6M')],
  ),
  d('follow-up', { question: 'when is its next dividend', history: ['is KO a buy'] }, 'prose', [dividends('KO')], {
    kind: 'date',
    says: NO_REFUSAL,
  }),
  d(
    'follow-up',
    { question: 'compare both over 5 years', history: ['how is meta doing', 'and amazon?'], viewing: 'NFLX' },
    'table',
    [compare(['META', 'AMZN'], '5Y')],
  ),
  d('follow-up', { question: 'is it a buy', history: ['what does palantir do'], viewing: 'TSLA' }, 'list', [
    analysis('PLTR'),
  ]),
  d('follow-up', { question: 'and CVX?', history: ['how did XOM do last quarter'] }, 'prose', [
    historyBetween('CVX', '2024-10-01', '2024-12-31'),
  ]),
  d(
    'follow-up',
    { question: 'how has it done over the past year', history: ['apple price'], viewing: 'TSLA' },
    'prose',
    [history('AAPL', '1Y')],
  ),
  d(
    'follow-up',
    { question: 'which of them has the better rating', history: ['tell me about nvidia', 'and amd'], viewing: 'KO' },
    'table',
    [compare(['NVDA', 'AMD'])],
  ),
  d('follow-up', { question: 'what about its p/e', history: ['how is disney doing'], viewing: 'AAPL' }, 'prose', [
    analysis('DIS'),
  ]),
  d(
    'follow-up',
    { question: 'and the second one?', history: ['compare HD and LOW', 'when does the first one report earnings'] },
    'prose',
    [earnings('LOW')],
    { kind: 'date', says: NO_REFUSAL },
  ),
  d('follow-up', { question: 'what about over 5 years', history: ['compare ko and pep'], viewing: 'AAPL' }, 'table', [
    compare(['KO', 'PEP'], '5Y'),
  ]),
  d(
    'follow-up',
    { question: 'and its earnings date', history: ['whats the price of nike'], viewing: 'AAPL' },
    'prose',
    [earnings('NKE')],
    { kind: 'date', says: NO_REFUSAL },
  ),
  d(
    'follow-up',
    { question: 'ok and how did it do since january', history: ['tell me about walmart'], viewing: 'COST' },
    'prose',
    [historyBetween('WMT', '2025-01-01', '2025-01-15')],
  ),

  // Unclear: nothing to answer about, nothing in the conversation; a short question back.
  unclear('what about it'),
  unclear('and the second one?'),
  unclear('should i?'),
  unclear('compare'),
  unclear('how much'),
  unclear('is it going up'),
  unclear('which is better'),
  unclear('why did it drop'),
  unclear('compare the two'),
  unclear('hmm'),
  unclear('what do you think about that one'),
  unclear('how did they do this year'),
  unclear('buy?'),
  unclear('and the other?'),
  unclear('is it cheap'),
  unclear('whats its dividend'),

  // Tool questions.
  d('tool', 'is the market open right now', 'prose', [hours()], { kind: 'yes-no' }),
  d('tool', 'is the stock market open on christmas', 'prose', [hours('2025-12-25')], {
    kind: 'yes-no',
    says: /Christmas/i,
  }),
  d('tool', 'market open on thanksgiving?', 'prose', [hours('2025-11-27')], { kind: 'yes-no', says: /Thanksgiving/i }),
  d('tool', 'is the market open tmrw', 'prose', [hours('2025-01-16')], { kind: 'yes-no' }),
  d('tool', 'is the market closed on mlk day', 'prose', [hours('2025-01-20')], { kind: 'yes-no' }),
  d('tool', 'when is apples next earnings', 'prose', [earnings('AAPL')], { kind: 'date', says: NO_REFUSAL }),
  d('tool', 'msft earnings date', 'prose', [earnings('MSFT')], { kind: 'date', says: NO_REFUSAL }),
  d('tool', 'does coca cola pay dividends', 'prose', [dividends('KO')], { kind: 'yes-no', says: NO_REFUSAL }),
  d('tool', 'what is verizons dividend yield', 'prose', [dividends('VZ')], { kind: 'percent', says: NO_REFUSAL }),
  d('tool', 'jnj div yield', 'prose', [dividends('JNJ')], { kind: 'percent', says: NO_REFUSAL }),
  d('tool', 'when is tesla reporting', 'prose', [earnings('TSLA')], { kind: 'date', says: NO_REFUSAL }),
  d('tool', 'walmart ex dividend date', 'prose', [dividends('WMT')], { kind: 'date', says: NO_REFUSAL }),
  d('tool', 'which is cheaper by p/e ko or pep', 'table', [compare(['KO', 'PEP'])], { says: CHEAPER }),
  d('tool', 'is the stock market open on saturday', 'prose', [hours('2025-01-18')], { kind: 'yes-no' }),
  d('tool', 'when do i get my next apple dividend', 'prose', [dividends('AAPL')], { kind: 'date', says: NO_REFUSAL }),

  // Explicit periods and drill-downs.
  d('date-range', 'how did msft do from feb to may 2024', 'prose', [
    historyBetween('MSFT', '2024-02-01', '2024-05-31'),
  ]),
  d('date-range', 'aapl performance in q3 2024', 'prose', [historyBetween('AAPL', '2024-07-01', '2024-09-30')]),
  d('date-range', 'tsla since december', 'prose', [historyBetween('TSLA', '2024-12-01', '2025-01-15')]),
  d('date-range', 'how has nvda done since the start of 2024', 'prose', [
    historyBetween('NVDA', '2024-01-01', '2025-01-15'),
  ]),
  d('date-range', 'compare amzn and googl last quarter', 'table', [
    compareBetween(['AMZN', 'GOOGL'], '2024-10-01', '2024-12-31'),
  ]),
  d('date-range', 'how did spy do in the first half of 2024', 'prose', [
    historyBetween('SPY', '2024-01-01', '2024-06-30'),
  ]),
  d('date-range', 'meta over the past 4 months', 'prose', [historyBetween('META', '2024-09-15', '2025-01-15')]),
  d('date-range', 'how did netflix do in december', 'prose', [historyBetween('NFLX', '2024-12-01', '2024-12-31')]),
  d('date-range', 'amd performance between 2022 and 2023', 'prose', [
    historyBetween('AMD', '2022-01-01', '2023-12-31'),
  ]),
  d('date-range', 'nvda 3 year performance', 'prose', [historyBetween('NVDA', '2022-01-15', '2025-01-15')]),
  d('date-range', 'how did ko do last year', 'prose', [historyBetween('KO', '2024-01-01', '2024-12-31')]),

  // Amounts.
  d('amount', 'what would $2,500 in costco 2 years ago be worth', 'prose', [growth('COST', 2500, '2023-01-15')], {
    kind: 'dollar',
  }),
  d('amount', 'if i invested 5000 dollars in msft 10 years ago', 'prose', [growth('MSFT', 5000, '2015-01-15')], {
    kind: 'dollar',
  }),
  d('amount', 'what would 3 grand in nvidia 2 yrs ago be now', 'prose', [growth('NVDA', 3000, '2023-01-15')], {
    kind: 'dollar',
  }),
  d('amount', '$750 in ko 5 years ago', 'prose', [growth('KO', 750, '2020-01-15')], { kind: 'dollar' }),
  d('amount', 'worth of 25k invested in apple 3 yrs ago', 'prose', [growth('AAPL', 25000, '2022-01-15')], {
    kind: 'dollar',
  }),
  d('amount', '1,000 usd in tesla a year ago how much now', 'prose', [growth('TSLA', 1000, '2024-01-15')], {
    kind: 'dollar',
  }),
  d('amount', 'if i had put 10k in nvda 5 yrs ago', 'prose', [growth('NVDA', 10000, '2020-01-15')], {
    kind: 'dollar',
  }),
  d(
    'amount',
    'how much would 1k in amazon from 2 years ago be worth today',
    'prose',
    [growth('AMZN', 1000, '2023-01-15')],
    { kind: 'dollar' },
  ),

  // Other languages.
  d(
    'language',
    { question: '¿cuál es la rentabilidad por dividendo de coca cola?', language: 'es' },
    'prose',
    [dividends('KO')],
    { kind: 'percent', says: NO_REFUSAL },
  ),
  d('language', { question: 'cuando presenta resultados apple', language: 'es' }, 'prose', [earnings('AAPL')], {
    kind: 'date',
    says: NO_REFUSAL,
  }),
  d('language', { question: '¿está abierta la bolsa hoy?', language: 'es' }, 'prose', [hours()], { kind: 'yes-no' }),
  d('language', { question: 'Wie hat sich Tesla seit Januar entwickelt?', language: 'de' }, 'prose', [
    historyBetween('TSLA', '2025-01-01', '2025-01-15'),
  ]),
  d('language', { question: 'Was ist ein ETF?', language: 'de' }, 'prose', [term('etf')], { kind: 'definition' }),
  d('language', { question: 'Ist die Börse morgen geöffnet?', language: 'de' }, 'prose', [hours('2025-01-16')], {
    kind: 'yes-no',
  }),
  d(
    'language',
    { question: 'Quand Microsoft publie-t-il ses résultats ?', language: 'fr' },
    'prose',
    [earnings('MSFT')],
    { kind: 'date', says: NO_REFUSAL },
  ),
  d(
    'language',
    { question: 'Combien vaudraient 10 000 € investis dans Apple il y a 5 ans ?', language: 'fr' },
    'prose',
    [growth('AAPL', 10000, '2020-01-15')],
    { kind: 'dollar', says: /€|euro/i },
  ),
  d('language', 'qual é o preço da apple hoje', 'prose', [quote('AAPL')]),
  d('language', 'a bolsa está aberta hoje?', 'prose', [hours()], { kind: 'yes-no' }),
  d(
    'language',
    'quanto valeriam 10 mil dólares investidos na nvidia há 5 anos',
    'prose',
    [growth('NVDA', 10000, '2020-01-15')],
    { kind: 'dollar' },
  ),
  d('language', 'o que é um etf', 'prose', [term('etf')], { kind: 'definition' }),
  d('language', { question: "Com'è andata Apple nell'ultimo anno?", language: 'it' }, 'prose', [history('AAPL', '1Y')]),
  d('language', { question: 'wat is de koers van microsoft', language: 'nl' }, 'prose', [quote('MSFT')]),

  // Definitions and misspellings, typed loosely.
  d('definition', 'whats beta', 'prose', [term('beta')], { kind: 'definition' }),
  d('definition', { question: 'what does volatility mean', viewing: 'TSLA' }, 'prose', [term('volatility')], {
    kind: 'definition',
  }),
  d('definition', 'drawdown meaning?', 'prose', [term('drawdown')], { kind: 'definition' }),
  d('definition', 'explain expense ratio to me like im 5', 'prose', [term('expense ratio')], { kind: 'definition' }),
  d('misspelling', 'amazn price', 'prose', [quote('AMZN')]),
  d('misspelling', 'how is netflx doing', 'list', overviewOf('NFLX')),
  d('misspelling', 'starbuks dividend yield', 'prose', [dividends('SBUX')], { kind: 'percent', says: NO_REFUSAL }),
  d('misspelling', 'what does nvidai do', 'prose', [profile('NVDA')]),
  // Second batch, written after the first was fixed.
  d(
    'follow-up',
    { question: 'what about the first ones dividend', history: ['compare aapl and msft'], viewing: 'NVDA' },
    'prose',
    [dividends('AAPL')],
    { says: NO_REFUSAL },
  ),
  d('follow-up', { question: 'and its earnings?', history: ['how is google doing'] }, 'prose', [earnings('GOOGL')], {
    kind: 'date',
    says: NO_REFUSAL,
  }),
  d('follow-up', { question: 'and bac', history: ['what is the p/e of jpm'] }, 'prose', [analysis('BAC')]),
  d('follow-up', { question: 'and over 5 years', history: ['compare nvda and amd over 6 months'] }, 'table', [
    compare(['NVDA', 'AMD'], '5Y'),
  ]),
  d('follow-up', { question: 'what about 1 year', history: ['tsla forecast 6 months'] }, 'prose', [
    forecast('TSLA', '1Y'),
  ]),
  d('follow-up', { question: 'and tomorrow?', history: ['is the market open today'] }, 'prose', [hours('2025-01-16')], {
    kind: 'yes-no',
  }),
  d('follow-up', { question: 'and in 2022?', history: ['how did apple do in 2023'] }, 'prose', [
    historyBetween('AAPL', '2022-01-01', '2022-12-31'),
  ]),
  d(
    'follow-up',
    { question: 'compare the two', history: ['price of msft', 'price of googl'], viewing: 'AAPL' },
    'table',
    [compare(['MSFT', 'GOOGL'])],
  ),
  d(
    'follow-up',
    { question: 'how did they do this year', history: ['tell me about amazon'], viewing: 'NVDA' },
    'prose',
    [history('AMZN', 'YTD')],
  ),
  d(
    'follow-up',
    { question: 'and in apple?', history: ['what would 5k in msft 3 years ago be worth'] },
    'prose',
    [growth('AAPL', 5000, '2022-01-15')],
    { kind: 'dollar' },
  ),
  d(
    'follow-up',
    { question: 'when does it report', history: ['is netflix a buy'], viewing: 'AAPL' },
    'prose',
    [earnings('NFLX')],
    { kind: 'date', says: NO_REFUSAL },
  ),
  d('follow-up', { question: 'what does the second one do', history: ['compare crm and orcl'] }, 'prose', [
    profile('ORCL'),
  ]),

  unclear({ question: 'compare them', viewing: 'AAPL' }),
  unclear({ question: 'and the other one', viewing: 'MSFT' }),
  unclear('how did the second one do'),
  unclear('is it worth it'),
  unclear('what about next week'),
  unclear('asdf'),
  unclear('worth buying?'),
  unclear('earnings?'),
  unclear('how much is it'),
  unclear('price'),
  unclear('forecast for next year'),
  unclear('and what about the dividend'),

  d('tool', 'is wall street open on presidents day', 'prose', [hours('2025-02-17')], {
    kind: 'yes-no',
    says: /Presidents/i,
  }),
  d('tool', 'nyse hours tomorrow', 'prose', [hours('2025-01-16')]),
  d('tool', 'when does amazon report', 'prose', [earnings('AMZN')], { kind: 'date', says: NO_REFUSAL }),
  d('tool', 'last earnings date for nvidia', 'prose', [earnings('NVDA')], { kind: 'date', says: NO_REFUSAL }),
  d('tool', 'is meta a dividend stock', 'prose', [dividends('META')], { kind: 'yes-no', says: NO_REFUSAL }),
  d('tool', 'which pays more dividend ko or pep', 'list', [dividends('KO'), dividends('PEP')], { says: NO_REFUSAL }),
  d('tool', 'is the market open on sunday', 'prose', [hours('2025-01-19')], { kind: 'yes-no' }),
  d('tool', 'whats the yield on verizon', 'prose', [dividends('VZ')], { kind: 'percent', says: NO_REFUSAL }),

  d('amount', 'what would 15000 in googl 4 years ago be worth', 'prose', [growth('GOOGL', 15000, '2021-01-15')], {
    kind: 'dollar',
  }),
  d('amount', 'invested 2k in spy 10 years ago how much now', 'prose', [growth('SPY', 2000, '2015-01-15')], {
    kind: 'dollar',
  }),
  d('amount', '500 bucks in amd a year ago', 'prose', [growth('AMD', 500, '2024-01-15')], { kind: 'dollar' }),
  d(
    'amount',
    'how much would i have if i put 8k into costco 5 years back',
    'prose',
    [growth('COST', 8000, '2020-01-15')],
    { kind: 'dollar' },
  ),
  d('amount', 'what is $1k in tsla from 2 years ago worth', 'prose', [growth('TSLA', 1000, '2023-01-15')], {
    kind: 'dollar',
  }),
  d('amount', 'if i bought 10 grand of nvidia 3 years ago', 'prose', [growth('NVDA', 10000, '2022-01-15')], {
    kind: 'dollar',
  }),

  d('language', 'quando a apple divulga resultados', 'prose', [earnings('AAPL')], { kind: 'date', says: NO_REFUSAL }),
  d('language', 'qual o dividend yield da coca cola', 'prose', [dividends('KO')], {
    kind: 'percent',
    says: NO_REFUSAL,
  }),
  d('language', 'como foi a microsoft no último ano', 'prose', [history('MSFT', '1Y')]),
  d('language', 'compare apple e microsoft', 'table', [compare(['AAPL', 'MSFT'])]),
  d(
    'language',
    { question: 'cuánto valdrían 5000 dólares en tesla hace 3 años', language: 'es' },
    'prose',
    [growth('TSLA', 5000, '2022-01-15')],
    { kind: 'dollar' },
  ),
  d('language', { question: 'compara nvidia y amd en los últimos 6 meses', language: 'es' }, 'table', [
    compare(['NVDA', 'AMD'], '6M'),
  ]),
  d(
    'language',
    { question: 'Wann zahlt Coca-Cola die nächste Dividende?', language: 'de' },
    'prose',
    [dividends('KO')],
    { kind: 'date', says: NO_REFUSAL },
  ),
  d(
    'language',
    { question: 'Was wären 10.000 Dollar in Apple vor 5 Jahren heute wert?', language: 'de' },
    'prose',
    [growth('AAPL', 10000, '2020-01-15')],
    { kind: 'dollar' },
  ),
  d('language', { question: "Le marché est-il ouvert aujourd'hui ?", language: 'fr' }, 'prose', [hours()], {
    kind: 'yes-no',
  }),
  d('language', { question: 'Qual è il prezzo di Tesla?', language: 'it' }, 'prose', [quote('TSLA')]),
  d('language', { question: 'Confronta Apple e Microsoft negli ultimi 5 anni', language: 'it' }, 'table', [
    compare(['AAPL', 'MSFT'], '5Y'),
  ]),

  d('date-range', 'how did aapl do between oct 1 and dec 31 2024', 'prose', [
    historyBetween('AAPL', '2024-10-01', '2024-12-31'),
  ]),
  d('date-range', 'nvda in 2022', 'prose', [historyBetween('NVDA', '2022-01-01', '2022-12-31')]),
  d('date-range', 'compare spy and qqq since 2020', 'table', [
    compareBetween(['SPY', 'QQQ'], '2020-01-01', '2025-01-15'),
  ]),
  d('date-range', 'how did tsla do in november 2024', 'prose', [historyBetween('TSLA', '2024-11-01', '2024-11-30')]),
  d('date-range', 'googl past 2 months', 'prose', [historyBetween('GOOGL', '2024-11-15', '2025-01-15')]),
  // Third batch, written after the second was fixed.
  d(
    'follow-up',
    { question: 'what are their dividend yields', history: ['compare aapl and msft over 1 year'], viewing: 'TSLA' },
    'list',
    [dividends('AAPL'), dividends('MSFT')],
    { says: NO_REFUSAL },
  ),
  d('follow-up', { question: 'which one is riskier', history: ['compare aapl and msft'], viewing: 'TSLA' }, 'table', [
    compare(['AAPL', 'MSFT']),
  ]),
  d('follow-up', { question: 'and google?', history: ['how did apple do over the last 3 months'] }, 'prose', [
    historyBetween('GOOGL', '2024-10-15', '2025-01-15'),
  ]),
  d('follow-up', { question: 'add gm', history: ['compare tsla and f since january'] }, 'table', [
    compareBetween(['TSLA', 'F', 'GM'], '2025-01-01', '2025-01-15'),
  ]),
  d(
    'follow-up',
    { question: 'which is cheaper', history: ['tell me about visa', 'and mastercard'], viewing: 'AAPL' },
    'table',
    [compare(['V', 'MA'])],
    { says: CHEAPER },
  ),
  d(
    'follow-up',
    { question: 'compare their performance this year', history: ['tell me about visa', 'and mastercard'] },
    'table',
    [compare(['V', 'MA'], 'YTD')],
  ),
  d(
    'follow-up',
    { question: 'does it pay a dividend', history: ['how much is jnj'], viewing: 'PFE' },
    'prose',
    [dividends('JNJ')],
    { kind: 'yes-no', says: NO_REFUSAL },
  ),
  d(
    'follow-up',
    { question: 'and this one?', history: ['what is the dividend yield of ko'], viewing: 'PEP' },
    'prose',
    [dividends('PEP')],
    { kind: 'percent', says: NO_REFUSAL },
  ),
  d('follow-up', { question: 'and qqq over the same period', history: ['how did spy do this year'] }, 'prose', [
    history('QQQ', 'YTD'),
  ]),
  d('follow-up', { question: 'how about intel', history: ['is amd a buy'] }, 'list', [analysis('INTC')]),
  d(
    'follow-up',
    { question: 'and if i had put it in nvidia instead', history: ['what would 10k in msft 5 years ago be worth'] },
    'prose',
    [growth('NVDA', 10000, '2020-01-15')],
    { kind: 'dollar' },
  ),
  d('follow-up', { question: 'how did the second do last year', history: ['compare KO and PEP'] }, 'prose', [
    historyBetween('PEP', '2024-01-01', '2024-12-31'),
  ]),
  d('follow-up', { question: 'compare all three', history: ['price of nvda', 'and amd', 'and intel'] }, 'table', [
    compare(['NVDA', 'AMD', 'INTC']),
  ]),

  unclear({ question: 'compare the two', viewing: 'NVDA' }),
  unclear({ question: 'which is better', viewing: 'AAPL' }),
  unclear('hows it looking'),
  unclear('is it a good time to buy'),
  unclear('thoughts on the other one'),
  unclear('how does it compare'),
  unclear('and now?'),
  unclear('blah'),
  unclear('rate it'),

  d('tool', 'when is nvda earnings call', 'prose', [earnings('NVDA')], { kind: 'date', says: NO_REFUSAL }),
  d('tool', "what's the ex-dividend date for jnj", 'prose', [dividends('JNJ')], { kind: 'date', says: NO_REFUSAL }),
  d('tool', 'when does the market open tomorrow', 'prose', [hours('2025-01-16')], { kind: 'date' }),
  d('tool', 'is the market open on jan 20', 'prose', [hours('2025-01-20')], {
    kind: 'yes-no',
    says: /Martin Luther King/i,
  }),
  d('tool', 'what are the market hours', 'prose', [hours()]),
  d('tool', 'is the market open on good friday 2026', 'prose', [hours('2026-04-03')], {
    kind: 'yes-no',
    says: /Good Friday/i,
  }),

  d('amount', '$5,000 in aapl since 2020', 'prose', [growth('AAPL', 5000, '2020-01-01')], { kind: 'dollar' }),
  d('amount', 'what if i invested 1000 in tesla at the start of 2023', 'prose', [growth('TSLA', 1000, '2023-01-01')], {
    kind: 'dollar',
  }),
  d('amount', 'put 2,500 in meta 2 years ago how much now', 'prose', [growth('META', 2500, '2023-01-15')], {
    kind: 'dollar',
  }),
  d(
    'amount',
    'How much is €3.000 invested in Microsoft 4 years ago worth now?',
    'prose',
    [growth('MSFT', 3000, '2021-01-15')],
    { kind: 'dollar', says: /€|euro/i },
  ),
  d('amount', '$10k 5y ago in spy', 'prose', [growth('SPY', 10000, '2020-01-15')], { kind: 'dollar' }),

  d('language', { question: '¿cómo le fue a amazon el año pasado?', language: 'es' }, 'prose', [
    historyBetween('AMZN', '2024-01-01', '2024-12-31'),
  ]),
  d('language', { question: 'precio de tesla', language: 'es' }, 'prose', [quote('TSLA')]),
  d(
    'language',
    { question: 'Wie hoch ist die Dividendenrendite von Apple?', language: 'de' },
    'prose',
    [dividends('AAPL')],
    { kind: 'percent', says: NO_REFUSAL },
  ),
  d('language', { question: 'Wie hat sich Nvidia in den letzten 6 Monaten entwickelt?', language: 'de' }, 'prose', [
    history('NVDA', '6M'),
  ]),
  d('language', { question: 'Quel est le cours de Nvidia ?', language: 'fr' }, 'prose', [quote('NVDA')]),
  d('language', { question: 'Comparer Apple et Microsoft sur 5 ans', language: 'fr' }, 'table', [
    compare(['AAPL', 'MSFT'], '5Y'),
  ]),
  d('language', { question: 'Quando Apple pubblica i risultati?', language: 'it' }, 'prose', [earnings('AAPL')], {
    kind: 'date',
    says: NO_REFUSAL,
  }),
  d('language', 'devo comprar mais nvidia?', 'list', [analysis('NVDA'), portfolio()], { says: CONCENTRATION }),
  d('language', 'como está a tesla?', 'list', overviewOf('TSLA')),
  d('language', { question: 'Hoe deed Apple het dit jaar?', language: 'nl' }, 'prose', [history('AAPL', 'YTD')]),

  d('date-range', 'how did aapl do from january to march 2024', 'prose', [
    historyBetween('AAPL', '2024-01-01', '2024-03-31'),
  ]),
  d('date-range', 'msft h1 2024', 'prose', [historyBetween('MSFT', '2024-01-01', '2024-06-30')]),
  d('date-range', 'tsla performance q4', 'prose', [historyBetween('TSLA', '2024-10-01', '2024-12-31')]),
  d('date-range', 'nvda since last march', 'prose', [historyBetween('NVDA', '2024-03-01', '2025-01-15')]),
  d('date-range', 'how has spy done since 2023', 'prose', [historyBetween('SPY', '2023-01-01', '2025-01-15')]),
  // Fourth batch: misspellings with another chart in view, definitions and portfolio questions typed loosely.
  d('misspelling', { question: 'how is nvidai doing', viewing: 'AAPL' }, 'list', overviewOf('NVDA')),
  d('misspelling', { question: 'whats the price of amazn', viewing: 'TSLA' }, 'prose', [quote('AMZN')]),
  d('misspelling', { question: 'tell me about micrsoft', viewing: 'GOOGL' }, 'list', [
    profile('MSFT'),
    analysis('MSFT'),
  ]),
  d('misspelling', 'jp morgan price', 'prose', [quote('JPM')]),
  d('misspelling', 'exon mobil dividend yield', 'prose', [dividends('XOM')], { kind: 'percent', says: NO_REFUSAL }),
  d('misspelling', 'mcdonalds p/e', 'prose', [analysis('MCD')]),
  d('misspelling', 'wallmart earnings date', 'prose', [earnings('WMT')], { kind: 'date', says: NO_REFUSAL }),
  d('misspelling', 'cocacola dividend', 'prose', [dividends('KO')], { says: NO_REFUSAL }),
  d('misspelling', 'home depo price', 'prose', [quote('HD')]),
  d('misspelling', { question: 'how did jonson and jonson do this year', viewing: 'PFE' }, 'prose', [
    history('JNJ', 'YTD'),
  ]),
  unclear({ question: 'what about the other stock', viewing: 'AAPL' }),
  unclear({ question: 'and the first one?', viewing: 'MSFT' }),
  unclear({ question: 'how is zorblaxx doing', viewing: 'AAPL' }),

  d('definition', 'whats the diff between an etf and an index fund', 'prose', [term('etf'), term('index fund')], {
    kind: 'definition',
  }),
  d('definition', 'rsi meaning', 'prose', [term('rsi')], { kind: 'definition' }),
  d('definition', 'eps?', 'prose', [term('earnings per share')], { kind: 'definition' }),
  d(
    'definition',
    { question: 'what does market cap mean', viewing: 'NVDA' },
    'prose',
    [term('market capitalization')],
    { kind: 'definition' },
  ),
  d('definition', 'what is a stock split and why do companies do it', 'prose', [term('stock split')], {
    kind: 'definition',
  }),
  d('definition', 'define volatility', 'prose', [term('volatility')], { kind: 'definition' }),
  d('definition', { question: 'whats a dividend yield', viewing: 'KO' }, 'prose', [term('dividend yield')], {
    kind: 'definition',
  }),

  d('portfolio', 'how did my portfolio do this year', 'prose', [performance('YTD')], { kind: 'percent' }),
  d('portfolio', 'did i beat the nasdaq', 'prose', [performance('1Y', 'QQQ')], { kind: 'yes-no' }),
  d('portfolio', "what's my twr", 'prose', [performance('1Y')], { kind: 'percent' }),
  d('portfolio', 'how much dividend income did i get in the last 6 months', 'prose', [performance('6M')], {
    kind: 'dollar',
  }),
  d(
    'portfolio',
    { question: 'how is my portfolio doing vs spy since inception', viewing: 'AAPL' },
    'prose',
    [performance('ALL')],
    { kind: 'percent' },
  ),
  // Fifth batch: amounts written every way, follow-ups that change one thing, tool questions run on.
  d(
    'amount',
    'how much would $1000 invested in apple on jan 2 2020 be worth',
    'prose',
    [growth('AAPL', 1000, '2020-01-02')],
    { kind: 'dollar' },
  ),
  d('amount', "what's 10k in bitcoin from 2 years ago", 'prose', [growth('BTC-USD', 10000, '2023-01-15')], {
    kind: 'dollar',
  }),
  d('amount', 'if i put five thousand dollars in nvidia a year ago', 'prose', [growth('NVDA', 5000, '2024-01-15')], {
    kind: 'dollar',
  }),
  d('amount', 'value today of $2.5k put in microsoft 3 years ago', 'prose', [growth('MSFT', 2500, '2022-01-15')], {
    kind: 'dollar',
  }),
  d('amount', '20 000 dollars in amazon 5 years ago worth now?', 'prose', [growth('AMZN', 20000, '2020-01-15')], {
    kind: 'dollar',
  }),
  d(
    'follow-up',
    { question: 'what about 20k', history: ['what would 10k in tesla 3 years ago be worth'] },
    'prose',
    [growth('TSLA', 20000, '2022-01-15')],
    { kind: 'dollar' },
  ),
  d(
    'follow-up',
    { question: 'and 2 years ago', history: ['if i invested $5,000 in meta 5 years ago'] },
    'prose',
    [growth('META', 5000, '2023-01-15')],
    { kind: 'dollar' },
  ),
  d('follow-up', { question: 'same but for the last 3 months', history: ['how did costco do this year'] }, 'prose', [
    historyBetween('COST', '2024-10-15', '2025-01-15'),
  ]),
  d(
    'follow-up',
    { question: 'and the week after?', history: ['is the market open on monday'] },
    'prose',
    [hours('2025-01-27')],
    { kind: 'yes-no' },
  ),
  d(
    'follow-up',
    { question: 'is it cheaper than amd', history: ['what is the p/e of nvidia'], viewing: 'TSLA' },
    'table',
    [compare(['NVDA', 'AMD'])],
    { says: CHEAPER },
  ),
  d(
    'follow-up',
    { question: 'what about their earnings dates', history: ['compare msft and googl'] },
    'list',
    [earnings('MSFT'), earnings('GOOGL')],
    { says: NO_REFUSAL },
  ),
  d('tool', 'is the stock market open today or is it a holiday', 'prose', [hours()], { kind: 'yes-no' }),
  d('tool', 'when is the next earnings report for meta platforms', 'prose', [earnings('META')], {
    kind: 'date',
    says: NO_REFUSAL,
  }),
  d('tool', 'how much does coca cola pay in dividends per year', 'prose', [dividends('KO')], { says: NO_REFUSAL }),
  d('tool', 'does nvidia even pay a dividend lol', 'prose', [dividends('NVDA')], { kind: 'yes-no', says: NO_REFUSAL }),
  d('date-range', 'how did apple do last month', 'prose', [historyBetween('AAPL', '2024-12-01', '2024-12-31')]),
  d('date-range', 'msft between 2020 and now', 'prose', [historyBetween('MSFT', '2020-01-01', '2025-01-15')]),
  d('date-range', 'compare aapl and msft from march to june 2024', 'table', [
    compareBetween(['AAPL', 'MSFT'], '2024-03-01', '2024-06-30'),
  ]),
  unclear('what should i buy'),
  unclear('hows the other one doing'),
  unclear('same for the second'),
];
