import { analysis, portfolio, compare, forecast, history, overviewOf, profile, quote } from '../questions';
import { devQuestions } from '../devSet';
import {
  CHEAPER,
  CONCENTRATION,
  NO_REFUSAL,
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
 * A third development set of the built-in analyst (issue 28): written on 2026-11-28 after the second one was fixed,
 * in the three kinds the blind set still scores lowest on (follow-ups, unclear questions, tool questions), plus
 * portfolio questions, in wordings none of the other sets use. Scored once before the engine was changed for it.
 * A dev set: its misses are printed and the engine may be tuned on them in general ways. Same contract and clock as
 * the held-out sets (NOW = 2025-01-15 14:05:30 UTC, the CORE_AND_A_BIG_BET portfolio).
 */

const { d, unclear } = devQuestions('t');
const DATE = { kind: 'date' as const, says: NO_REFUSAL };

export const DEV_THIRD: HeldOutQuestion[] = [
  // Follow-ups.
  d('follow-up', { question: 'how about its rsi', history: ['tell me about amd'], viewing: 'AAPL' }, 'prose', [
    analysis('AMD'),
  ]),
  d('follow-up', { question: 'and for qqq?', history: ['how did spy do over 5 years'] }, 'prose', [
    history('QQQ', '5Y'),
  ]),
  d(
    'follow-up',
    { question: 'put them side by side', history: ['how is visa doing', 'and mastercard'], viewing: 'TSLA' },
    'table',
    [compare(['V', 'MA'])],
  ),
  d(
    'follow-up',
    { question: 'same question for pepsi', history: ['does coca cola pay dividends'] },
    'prose',
    [dividends('PEP')],
    { kind: 'yes-no', says: NO_REFUSAL },
  ),
  d(
    'follow-up',
    { question: 'what is it trading at now', history: ['what does broadcom do'], viewing: 'MSFT' },
    'prose',
    [quote('AVGO')],
  ),
  d(
    'follow-up',
    { question: 'and what about amd', history: ['when does nvda report earnings'] },
    'prose',
    [earnings('AMD')],
    DATE,
  ),
  d('follow-up', { question: 'ok how about over 1 month', history: ['how did tsla do this year'] }, 'prose', [
    history('TSLA', '1M'),
  ]),
  d(
    'follow-up',
    { question: 'and the other one?', history: ['compare aapl and msft', 'when does aapl report'] },
    'prose',
    [earnings('MSFT')],
    DATE,
  ),
  d('follow-up', { question: 'give me its forecast for 6 months', history: ['price of adobe'] }, 'prose', [
    forecast('ADBE', '6M'),
  ]),
  d('follow-up', { question: 'and jnj', history: ['whats the dividend yield of pfe'] }, 'prose', [dividends('JNJ')], {
    kind: 'percent',
    says: NO_REFUSAL,
  }),
  d('follow-up', { question: 'how about since october', history: ['how did meta do this year'] }, 'prose', [
    historyBetween('META', '2024-10-01', '2025-01-15'),
  ]),
  d('follow-up', { question: 'compare it with amd', history: ['how is intel doing'], viewing: 'AAPL' }, 'table', [
    compare(['INTC', 'AMD']),
  ]),
  d(
    'follow-up',
    { question: 'does it pay a dividend', history: ['tell me about tesla'] },
    'prose',
    [dividends('TSLA')],
    { kind: 'yes-no', says: NO_REFUSAL },
  ),
  d('follow-up', { question: 'and nflx?', history: ['is googl a buy'] }, 'list', [analysis('NFLX')]),
  d(
    'follow-up',
    { question: 'what about 2 years ago', history: ['what would 1000 in tsla 5 years ago be worth now'] },
    'prose',
    [growth('TSLA', 1000, '2023-01-15')],
    { kind: 'dollar' },
  ),
  d('follow-up', { question: 'whats the price of the second one', history: ['compare jpm and gs'] }, 'prose', [
    quote('GS'),
  ]),

  // Unclear: nothing in the question or the conversation says what it is about.
  unclear('tell me more'),
  unclear('what about the price'),
  unclear('is this one good'),
  unclear('same for the other'),
  unclear('how about them'),
  unclear('which one'),
  unclear('that one?'),
  unclear('ok and now?'),
  unclear('what is its yield'),
  unclear('compare with the other one'),
  unclear('when does it report'),
  unclear('hold or sell?'),

  // Tool questions.
  d('tool', 'is nyse open today', 'prose', [hours()], { kind: 'yes-no' }),
  d('tool', 'will the market be open on new years day', 'prose', [hours('2026-01-01')], { kind: 'yes-no' }),
  d('tool', 'is the stock market open july 4th', 'prose', [hours('2025-07-04')], { kind: 'yes-no' }),
  d('tool', 'is the market open at the moment', 'prose', [hours()], { kind: 'yes-no' }),
  d('tool', 'when does jpm report q4', 'prose', [earnings('JPM')], DATE),
  d('tool', 'next earnings call for meta', 'prose', [earnings('META')], DATE),
  d('tool', 'earnings date for costco', 'prose', [earnings('COST')], DATE),
  d('tool', 'whats the dividend on pg', 'prose', [dividends('PG')], { says: NO_REFUSAL }),
  d('tool', 'when was the last dividend paid by ko', 'prose', [dividends('KO')], DATE),
  d('tool', 'cheaper stock by pe, msft or aapl', 'table', [compare(['MSFT', 'AAPL'])], { says: CHEAPER }),
  d('tool', 'does home depot pay a dividend', 'prose', [dividends('HD')], { kind: 'yes-no', says: NO_REFUSAL }),
  d('tool', 'upcoming earnings for oracle', 'prose', [earnings('ORCL')], DATE),

  // Portfolio questions.
  d('portfolio', 'how much have i made in dividends this year', 'prose', [performance('YTD')], { kind: 'dollar' }),
  d('portfolio', 'am i beating the s&p 500 over 6 months', 'prose', [performance('6M')], { kind: 'yes-no' }),
  d('portfolio', 'my twr for the last year', 'prose', [performance('1Y')], { kind: 'percent' }),
  d('portfolio', 'how did my portfolio do in the last month vs qqq', 'prose', [performance('1M', 'QQQ')], {
    kind: 'percent',
  }),
  // A second batch, harder: three turns, periods and amounts carried over, question shapes kept.
  d('follow-up', { question: 'and how does that compare to msft', history: ['how did aapl do this year'] }, 'table', [
    compare(['AAPL', 'MSFT'], 'YTD'),
  ]),
  d(
    'follow-up',
    { question: 'which of the two pays more', history: ['ko dividend yield', 'and pep'] },
    'list',
    [dividends('KO'), dividends('PEP')],
    { says: NO_REFUSAL },
  ),
  d(
    'follow-up',
    { question: 'how about the same period for msft', history: ['how did aapl do from march to june 2024'] },
    'prose',
    [historyBetween('MSFT', '2024-03-01', '2024-06-30')],
  ),
  d(
    'follow-up',
    { question: 'now do googl', history: ['what would 5000 in amzn 3 years ago be worth'] },
    'prose',
    [growth('GOOGL', 5000, '2022-01-15')],
    { kind: 'dollar' },
  ),
  d(
    'follow-up',
    { question: 'and its dividend history?', history: ['compare ko and pep', 'tell me more about the first one'] },
    // A history is a list of payments (first written as prose, a slip of the question's author).
    'list',
    [dividends('KO')],
    { says: NO_REFUSAL },
  ),
  d(
    'follow-up',
    { question: 'is it open tomorrow too', history: ['is the market open today'] },
    'prose',
    [hours('2025-01-16')],
    { kind: 'yes-no' },
  ),
  d(
    'follow-up',
    { question: 'what about on friday', history: ['is the stock market open today'] },
    'prose',
    [hours('2025-01-17')],
    { kind: 'yes-no' },
  ),
  d('follow-up', { question: 'and over the last 2 years?', history: ['how did msft do this year'] }, 'prose', [
    historyBetween('MSFT', '2023-01-15', '2025-01-15'),
  ]),
  d(
    'follow-up',
    { question: 'which is the better buy', history: ['tell me about visa', 'and mastercard'], viewing: 'KO' },
    'table',
    [compare(['V', 'MA'])],
  ),
  d(
    'follow-up',
    { question: 'same for lowes', history: ['when does home depot report earnings'] },
    'prose',
    [earnings('LOW')],
    DATE,
  ),

  unclear('and?'),
  unclear('how did that go'),
  unclear('is now a good time'),
  unclear('can you compare'),
  unclear('the same but for last year'),
  unclear('and the one before'),

  d('tool', 'what time does the market open tomorrow', 'prose', [hours('2025-01-16')]),
  d('tool', 'is wall st closed today', 'prose', [hours()], { kind: 'yes-no' }),
  d('tool', 'does the nyse close early on christmas eve', 'prose', [hours('2025-12-24')], { kind: 'yes-no' }),
  d('tool', 'when will nvidia announce earnings', 'prose', [earnings('NVDA')], DATE),
  d('tool', 'when do i need to own ko to get the dividend', 'prose', [dividends('KO')], DATE),
  d('tool', 'how much dividend does apple pay per share', 'prose', [dividends('AAPL')], { says: NO_REFUSAL }),
  d('tool', 'which has the lower pe, googl or meta', 'table', [compare(['GOOGL', 'META'])], { says: CHEAPER }),
  d('tool', 'whats the payout of verizon', 'prose', [dividends('VZ')], { says: NO_REFUSAL }),
  // A third batch: names mistyped as people type them, and portfolio questions.
  d('misspelling', 'microsfot stock price', 'prose', [quote('MSFT')]),
  d('misspelling', 'how is amazom doing', 'list', overviewOf('AMZN')),
  d('misspelling', 'berkshire hathway share price', 'prose', [quote('BRK.B')]),
  d('misspelling', 'is nvidai a buy', 'list', [analysis('NVDA')]),
  d('misspelling', 'jonson & jonson dividend yield', 'prose', [dividends('JNJ')], {
    kind: 'percent',
    says: NO_REFUSAL,
  }),
  d('misspelling', 'goolge stock price', 'prose', [quote('GOOGL')]),
  d('misspelling', 'netflicks price', 'prose', [quote('NFLX')]),
  d('misspelling', 'appel p/e', 'prose', [analysis('AAPL')]),
  d('misspelling', 'exon mobil stock price', 'prose', [quote('XOM')]),
  d('misspelling', 'how is starbucs doing', 'list', overviewOf('SBUX')),
  d('misspelling', 'walmar price', 'prose', [quote('WMT')]),
  d('misspelling', 'disny forecast next month', 'prose', [forecast('DIS', '1M')]),
  d('misspelling', 'tell me about adobee', 'list', [profile('ADBE'), analysis('ADBE')]),
  d('misspelling', 'chevorn dividend yield', 'prose', [dividends('CVX')], { kind: 'percent', says: NO_REFUSAL }),
  d('misspelling', 'mcdonalds stock price', 'prose', [quote('MCD')]),
  d('misspelling', 'is boeng up today', 'prose', [quote('BA')]),
  d('misspelling', 'pay pal stock price', 'prose', [quote('PYPL')]),
  d('misspelling', 'j.p. morgan share price', 'prose', [quote('JPM')]),
  d('misspelling', 'brodcom p/e', 'prose', [analysis('AVGO')]),
  d('misspelling', 'how is palantr doing', 'list', overviewOf('PLTR')),
  d('misspelling', 'amd vs nvidea this year', 'table', [compare(['AMD', 'NVDA'], 'YTD')]),
  d('misspelling', 'is teslas stock up today', 'prose', [quote('TSLA')]),
  d('misspelling', 'uber technologys price', 'prose', [quote('UBER')]),
  d('misspelling', 'what is the price of goldman sacks', 'prose', [quote('GS')]),
  // Written after the batch was scored: shapes found while fixing it (names split, spelled by ear).
  d('misspelling', 'face book share price', 'prose', [quote('META')]),
  d('misspelling', 'is eli lily a buy', 'list', [analysis('LLY')]),
  d('misspelling', 'general motor stock price', 'prose', [quote('GM')]),
  d('misspelling', 'how is fizer doing', 'list', overviewOf('PFE')),

  d('portfolio', 'whats my portfolio up this year', 'prose', [performance('YTD')], { kind: 'percent' }),
  d('portfolio', 'have i outperformed the market since i started', 'prose', [performance('ALL')], { kind: 'yes-no' }),
  d('portfolio', 'my returns vs the nasdaq 100 over 3 years', 'prose', [performance('3Y', 'QQQ')], { kind: 'percent' }),
  d('portfolio', 'how much dividend income did i get in the past 6 months', 'prose', [performance('6M')], {
    kind: 'dollar',
  }),
  d('portfolio', 'is my portfolio beating spy this year', 'prose', [performance('YTD')], { kind: 'yes-no' }),
  d('portfolio', 'show my portfolio performance over 5 years', 'prose', [performance('5Y')], { kind: 'percent' }),
  // A fourth batch: buying more of the big holding, benchmarks by name, other languages, definitions.
  d('portfolio', 'thinking of adding to my nvidia position, good idea?', 'list', [analysis('NVDA'), portfolio()], {
    says: CONCENTRATION,
  }),
  d('portfolio', 'should i load up on more nvda', 'list', [analysis('NVDA'), portfolio()], { says: CONCENTRATION }),
  d('portfolio', 'would buying more nvidia be wise', 'list', [analysis('NVDA'), portfolio()], { says: CONCENTRATION }),
  d('portfolio', { question: 'worth adding more?', viewing: 'NVDA' }, 'list', [analysis('NVDA'), portfolio()], {
    says: CONCENTRATION,
  }),
  d('portfolio', 'how did my portfolio do compared to the dow this year', 'prose', [performance('YTD', 'DIA')], {
    kind: 'percent',
  }),
  d('portfolio', 'my portfolio vs the russell 2000 over the past year', 'prose', [performance('1Y', 'IWM')], {
    kind: 'percent',
  }),
  d('portfolio', 'how much money have i made overall', 'prose', [performance('ALL')], { kind: 'dollar' }),
  d('portfolio', 'did i beat the nasdaq in the last 3 months', 'prose', [performance('3M', 'QQQ')], {
    kind: 'yes-no',
  }),
  d('portfolio', 'dividends received since i started', 'prose', [performance('ALL')], { kind: 'dollar' }),

  d(
    'language',
    { question: 'Wie hat sich mein Depot im letzten Jahr entwickelt?', language: 'de' },
    'prose',
    [performance('1Y')],
    { kind: 'percent' },
  ),
  d('language', { question: '¿Debería comprar más Nvidia?', language: 'es' }, 'list', [analysis('NVDA'), portfolio()], {
    says: CONCENTRATION,
  }),
  d('language', { question: 'Quel est le cours de Microsoft ?', language: 'fr' }, 'prose', [quote('MSFT')]),
  d('language', { question: 'Quando Apple pubblica gli utili?', language: 'it' }, 'prose', [earnings('AAPL')], DATE),
  d(
    'language',
    { question: 'Wat is het dividendrendement van Coca-Cola?', language: 'nl' },
    'prose',
    [dividends('KO')],
    { kind: 'percent', says: NO_REFUSAL },
  ),
  d('language', { question: 'Wat is een ETF?', language: 'nl' }, 'prose', [term('etf')], { kind: 'definition' }),
  d('language', { question: 'Was ist das KGV?', language: 'de' }, 'prose', [term('p/e ratio')], {
    kind: 'definition',
  }),
  d(
    'language',
    { question: '¿Qué es la capitalización de mercado?', language: 'es' },
    'prose',
    [term('market capitalization')],
    { kind: 'definition' },
  ),
  d(
    'language',
    { question: 'Combien de dividendes ai-je reçus cette année ?', language: 'fr' },
    'prose',
    [performance('YTD')],
    { kind: 'dollar' },
  ),

  d('definition', 'whats the diff between an etf and an index fund', 'prose', [term('etf'), term('index fund')], {
    kind: 'definition',
  }),
  d('definition', 'explain beta in simple terms', 'prose', [term('beta')], { kind: 'definition' }),
  d('definition', 'what does rsi stand for', 'prose', [term('rsi')], { kind: 'definition' }),
  d('definition', 'what do people mean by drawdown', 'prose', [term('drawdown')], { kind: 'definition' }),
  d('definition', 'eli5 market cap', 'prose', [term('market capitalization')], { kind: 'definition' }),
];
