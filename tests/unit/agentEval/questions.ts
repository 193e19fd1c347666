/**
 * The Financial Agent's evaluation set: questions people ask, each with the tool calls a correct answer needs
 * (names and arguments: symbol, range, horizon) and the form of the answer. Expectations are about what is looked up
 * and how it is laid out, never about price values (the simulated market changes).
 *
 * Forms: 'table' (a Markdown table), 'list' (bullet or numbered items), 'prose' (paragraphs), 'not-understood' (the
 * agent could not tell what was asked, or the symbol does not exist: a clarifying answer, not charged).
 */

import type { AnswerKind, QuestionLanguage } from './answerKind';

export type AnswerForm = 'table' | 'list' | 'prose' | 'not-understood';

export interface ExpectedCall {
  name: string;
  args: Record<string, unknown>;
}

export interface EvalQuestion {
  question: string;
  /** Earlier user questions of the conversation, oldest first (each followed by a short assistant reply). */
  history?: string[];
  /** The chart in view. */
  viewing?: string;
  /** The question's language when not English: a yes or no may be given in it. */
  language?: QuestionLanguage;
  expect: {
    tools: ExpectedCall[];
    form: AnswerForm;
    /** What the first sentence must be (answerKind.ts); questions without one are scored as before. */
    kind?: AnswerKind;
    /** Words the answer must contain (honesty notes, language notes), never figures. */
    says?: RegExp;
  };
}

export const call = (name: string, args: Record<string, unknown> = {}): ExpectedCall => ({ name, args });
export const quote = (...symbols: string[]) => call('get_quote', { symbols });
export const analysis = (symbol: string) => call('get_analysis', { symbol });
export const history = (symbol: string, range: string) => call('get_history_summary', { symbol, range });
export const compare = (symbols: string[], range = '1Y') => call('compare', { symbols, range });
export const forecast = (symbol: string, horizon: string) => call('forecast', { symbol, horizon });
const term = (name: string) => call('explain_term', { term: name });
const search = (query: string) => call('search_symbols', { query });
export const profile = (symbol: string) => call('get_company_profile', { symbol });
const movers = (direction: 'gainers' | 'losers' | 'both') => call('market_movers', { direction });
export const portfolio = () => call('get_portfolio');

type Q = Omit<EvalQuestion, 'expect'>;
const ask = (q: string | Q, form: AnswerForm, tools: ExpectedCall[], says?: RegExp): EvalQuestion => ({
  ...(typeof q === 'string' ? { question: q } : q),
  expect: { tools, form, ...(says ? { says } : {}) },
});

/** 'How is X doing?': today's move and rating (the analysis) and the year behind it. */
export const overviewOf = (s: string) => [analysis(s), history(s, '1Y')];
/** 'Tell me about X': what the company does, then how the stock stands. */
const aboutOf = (s: string) => [profile(s), analysis(s)];
/** 'Why did X drop?': no news feed; what the data shows is today's move, the rating's readings and the week. */
const whyOf = (s: string, range = '5D') => [analysis(s), history(s, range)];
const NO_NEWS = /no news feed/;

export const QUESTIONS: EvalQuestion[] = [
  // Price and today's move
  ask('What is AAPL trading at?', 'prose', [quote('AAPL')]),
  ask('How much is Microsoft stock?', 'prose', [quote('MSFT')]),
  ask('Is Tesla up or down today?', 'prose', [quote('TSLA')]),
  ask('how did nvda move today', 'prose', [quote('NVDA')]),
  ask({ question: "What's the price of this stock?", viewing: 'AMZN' }, 'prose', [quote('AMZN')]),
  ask('What is $PLTR at right now?', 'prose', [quote('PLTR')]),
  ask('price of coca cola', 'prose', [quote('KO')]),
  ask('Where is the S&P 500 today?', 'prose', [quote('^GSPC')]),
  ask('Bitcoin price?', 'prose', [quote('BTC-USD')]),
  ask("What's Netflix's current share price?", 'prose', [quote('NFLX')]),
  ask('Quote for SPY and QQQ please', 'list', [quote('SPY', 'QQQ')]),
  ask('How much does one share of Costco cost?', 'prose', [quote('COST')]),

  // How is X doing: more than today's move
  ask('How is NVDA doing?', 'list', overviewOf('NVDA')),
  ask('How is Apple doing?', 'list', overviewOf('AAPL')),
  ask("How's Tesla doing lately?", 'list', overviewOf('TSLA')),
  ask({ question: 'How is this stock doing?', viewing: 'DIS' }, 'list', overviewOf('DIS')),
  ask('AMD', 'list', overviewOf('AMD')),
  ask('What about Uber?', 'list', overviewOf('UBER')),

  // Company overviews
  ask('Tell me about Palantir', 'list', aboutOf('PLTR')),
  ask('Tell me about Microsoft', 'list', aboutOf('MSFT')),
  ask('Give me an overview of Nvidia', 'list', aboutOf('NVDA')),
  ask('What does Snowflake do?', 'prose', [profile('SNOW')]),
  ask('What does ASML do?', 'prose', [profile('ASML')]),
  ask('What sector is Eli Lilly in?', 'prose', [profile('LLY')]),
  ask('Who is Shopify?', 'prose', [profile('SHOP')]),
  ask('What kind of company is Caterpillar?', 'prose', [profile('CAT')]),
  ask({ question: 'What does this company do?', viewing: 'COIN' }, 'prose', [profile('COIN')]),
  ask('Describe the business of Visa', 'prose', [profile('V')]),

  // Outlook and rating
  ask("What's the outlook for META?", 'list', [analysis('META')]),
  ask('Should I buy Apple?', 'list', [analysis('AAPL')]),
  ask('Why is GOOGL rated the way it is?', 'list', [analysis('GOOGL')]),
  ask({ question: 'Is this stock a good investment?', viewing: 'COST' }, 'list', [analysis('COST')]),
  ask('Is Nike a buy or a sell?', 'list', [analysis('NKE')]),
  ask('What rating does JPM have?', 'list', [analysis('JPM')]),

  // Performance over a range
  ask('How has AMZN performed over the last 6 months?', 'prose', [history('AMZN', '6M')]),
  ask('How did SPY do year to date?', 'prose', [history('SPY', 'YTD')]),
  ask("What's the 5-year return of MSFT?", 'prose', [history('MSFT', '5Y')]),
  ask("What's the 52-week high for META?", 'prose', [history('META', '1Y')]),
  ask('How did Apple do this week?', 'prose', [history('AAPL', '5D')]),
  ask('Performance of NVDA over the past month', 'prose', [history('NVDA', '1M')]),
  ask('How much has Tesla gained this year?', 'prose', [history('TSLA', 'YTD')]),
  ask('How did Palantir do over the last year?', 'prose', [history('PLTR', '1Y')]),
  ask('Show me the 5 day performance of QQQ', 'prose', [history('QQQ', '5D')]),
  ask('How did the Dow do over the past six months?', 'prose', [history('^DJI', '6M')]),
  ask('What was the lowest price of Intel in the last 12 months?', 'prose', [history('INTC', '1Y')]),
  ask('How did Disney perform over the long term?', 'prose', [history('DIS', '5Y')]),
  ask('Return of Walmart over the last 30 days', 'prose', [history('WMT', '1M')]),
  ask('How has gold-standard Berkshire done this month?', 'prose', [history('BRK.B', '1M')]),

  // Comparisons: a table, over the range asked, nothing unasked
  ask('Compare AAPL and MSFT', 'table', [compare(['AAPL', 'MSFT'])]),
  ask('Compare AAPL and MSFT over 6 months', 'table', [compare(['AAPL', 'MSFT'], '6M')]),
  ask('AAPL vs MSFT vs GOOGL: which performed better this year?', 'table', [compare(['AAPL', 'MSFT', 'GOOGL'], 'YTD')]),
  ask('Which is more volatile, TSLA or SPY?', 'table', [compare(['TSLA', 'SPY'])]),
  ask('Is Nvidia or AMD the better pick?', 'table', [compare(['NVDA', 'AMD'])]),
  ask('Compare Coca-Cola and Pepsi over the past month', 'table', [compare(['KO', 'PEP'], '1M')]),
  ask('Visa vs Mastercard over 5 years', 'table', [compare(['V', 'MA'], '5Y')]),
  ask('How did Amazon compare to Walmart this week?', 'table', [compare(['AMZN', 'WMT'], '5D')]),
  ask('Compare the S&P 500 and the Nasdaq year to date', 'table', [compare(['^GSPC', '^IXIC'], 'YTD')]),
  ask('JPM versus BAC versus GS', 'table', [compare(['JPM', 'BAC', 'GS'])]),
  ask('Which has the higher P/E, ORCL or ADBE?', 'table', [compare(['ORCL', 'ADBE'])]),
  ask('Compare Exxon and Chevron over the last year', 'table', [compare(['XOM', 'CVX'], '1Y')]),
  ask('Netflix or Spotify over the last 6 months, which did better?', 'table', [compare(['NFLX', 'SPOT'], '6M')]),
  ask('Compare UNH, JNJ and PFE', 'table', [compare(['UNH', 'JNJ', 'PFE'])]),

  // Follow-ups that lean on the conversation
  ask({ question: 'compare it with AAPL', history: ['How is NVDA doing?'] }, 'table', [compare(['NVDA', 'AAPL'])]),
  ask({ question: 'Compare it to Microsoft over 6 months', history: ['What is Google trading at?'] }, 'table', [
    compare(['GOOGL', 'MSFT'], '6M'),
  ]),
  ask({ question: 'And MSFT?', history: ['What is AAPL trading at?'] }, 'prose', [quote('MSFT')]),
  ask({ question: "What's its RSI?", history: ['How is NVDA doing?'] }, 'prose', [analysis('NVDA')]),
  ask({ question: 'How did it do over the past year?', history: ['What is TSLA trading at?'] }, 'prose', [
    history('TSLA', '1Y'),
  ]),
  ask({ question: 'And over 5 years?', history: ['How did AMZN do this year?'] }, 'prose', [history('AMZN', '5Y')]),
  ask({ question: 'What about this week?', history: ['How did META do over the past month?'] }, 'prose', [
    history('META', '5D'),
  ]),
  ask({ question: 'Which of them is more volatile?', history: ['Compare KO and PEP'] }, 'table', [
    compare(['KO', 'PEP']),
  ]),
  ask({ question: 'Show them over 6 months', history: ['Compare AAPL and MSFT'] }, 'table', [
    compare(['AAPL', 'MSFT'], '6M'),
  ]),
  ask({ question: 'Forecast it for the next 3 months', history: ['Tell me about Palantir'] }, 'prose', [
    forecast('PLTR', '3M'),
  ]),
  ask({ question: 'Is it a buy?', history: ['What is Costco trading at?'] }, 'list', [analysis('COST')]),
  ask({ question: 'What does the company do?', history: ['What is Arm Holdings trading at?'] }, 'prose', [
    profile('ARM'),
  ]),
  ask({ question: 'And Intel?', history: ['Compare AMD and NVDA'] }, 'table', [compare(['AMD', 'NVDA', 'INTC'])]),
  ask({ question: 'How risky is it?', history: ['Tell me about Coinbase'] }, 'list', [history('COIN', '1Y')]),
  ask({ question: 'Put that in a table', history: ['Compare AAPL and MSFT'] }, 'table', [compare(['AAPL', 'MSFT'])]),

  // Lists and tables on request
  ask('Show AAPL, MSFT and NVDA prices in a table', 'table', [quote('AAPL', 'MSFT', 'NVDA')]),
  ask('Give me a table of TSLA, Ford and RIVN today', 'table', [quote('TSLA', 'F', 'RIVN')]),
  ask('List the prices of KO, PEP and MCD', 'list', [quote('KO', 'PEP', 'MCD')]),
  ask('Table: SPY, QQQ, DIA, IWM', 'table', [quote('SPY', 'QQQ', 'DIA', 'IWM')]),
  ask('Show me the quotes for JPM and GS as a table', 'table', [quote('JPM', 'GS')]),
  ask('Compare AAPL and MSFT in a table', 'table', [compare(['AAPL', 'MSFT'])]),
  ask('Tabulate the 6 month performance of AAPL, AMZN and META', 'table', [compare(['AAPL', 'AMZN', 'META'], '6M')]),
  ask('List the quotes of AAPL and TSLA', 'list', [quote('AAPL', 'TSLA')]),

  // Movers of the day over the symbol universe
  ask('top gainers today', 'table', [movers('gainers')]),
  ask('What are the biggest losers today?', 'table', [movers('losers')]),
  ask("What's moving the market today?", 'table', [movers('both')]),
  ask('Which stocks are up the most today?', 'table', [movers('gainers')]),
  ask('Which stocks fell the most today?', 'table', [movers('losers')]),
  ask('Top movers', 'table', [movers('both')]),
  ask('Best performing stocks today', 'table', [movers('gainers')]),
  ask('worst performers today', 'table', [movers('losers')]),
  ask("Show me today's biggest gainers and losers", 'table', [movers('both')]),

  // 'Why did X drop?': honest about having no news, then what the data shows
  ask('Why did TSLA drop today?', 'list', whyOf('TSLA'), NO_NEWS),
  ask('Why is Nvidia down?', 'list', whyOf('NVDA'), NO_NEWS),
  ask('Why did Apple go up?', 'list', whyOf('AAPL'), NO_NEWS),
  ask('Why is PLTR falling?', 'list', whyOf('PLTR'), NO_NEWS),
  ask({ question: 'Why did it crash?', viewing: 'COIN' }, 'list', whyOf('COIN'), NO_NEWS),
  ask('Why did Intel drop this month?', 'list', whyOf('INTC', '1M'), NO_NEWS),
  ask("What's the latest news on Apple?", 'list', whyOf('AAPL'), NO_NEWS),
  ask('Why is the S&P 500 rising?', 'list', whyOf('^GSPC'), NO_NEWS),

  // Trend, signals, risk
  ask('Is NVDA in an uptrend?', 'prose', [analysis('NVDA')]),
  ask('Where is AAPL relative to its 50-day moving average?', 'prose', [analysis('AAPL')]),
  ask("What's the RSI of AMD?", 'prose', [analysis('AMD')]),
  ask('Any buy or sell signals on TSLA?', 'prose', [analysis('TSLA')]),
  ask('Has there been a golden cross on MSFT recently?', 'prose', [analysis('MSFT')]),
  ask('How volatile is Bitcoin?', 'list', [history('BTC-USD', '1Y')]),
  ask('How risky is TSLA?', 'list', [history('TSLA', '1Y')]),
  ask("What's the max drawdown of QQQ over the past year?", 'list', [history('QQQ', '1Y')]),
  ask('Is META overbought?', 'prose', [analysis('META')]),

  // Forecasts: plain words first, the method folded away
  ask('Forecast AAPL for the next 3 months', 'prose', [forecast('AAPL', '3M')]),
  ask('Where could NVDA be in a year?', 'prose', [forecast('NVDA', '1Y')]),
  ask({ question: 'Show me a projection for this stock', viewing: 'KO' }, 'prose', [forecast('KO', '1M')]),
  ask('Predict Tesla next week', 'prose', [forecast('TSLA', '1W')]),
  ask('What will MSFT be worth in 6 months?', 'prose', [forecast('MSFT', '6M')]),

  // Fundamentals
  ask("What's the P/E of AAPL?", 'prose', [analysis('AAPL')]),
  ask('What is the market cap of NVDA?', 'prose', [analysis('NVDA')]),
  ask('Is Oracle expensive?', 'prose', [analysis('ORCL')]),

  // Glossary
  ask('What does P/E mean?', 'prose', [term('P/E ratio')]),
  ask('Explain RSI', 'prose', [term('RSI (Relative Strength Index)')]),
  ask('What is a moving average?', 'prose', [term('Moving average')]),
  ask("What's market cap?", 'prose', [term('Market capitalization')]),
  ask('What is a golden cross?', 'prose', [term('Golden cross and death cross')]),
  ask('Define volatility', 'prose', [term('Volatility')]),
  ask('What is an ETF?', 'prose', [term('ETF (exchange-traded fund)')]),
  ask('What does drawdown mean?', 'prose', [term('Drawdown')]),
  ask('What is short selling?', 'prose', [term('Short selling')]),
  ask('What is beta?', 'prose', [term('Beta')]),
  ask('What is a bear market?', 'prose', [term('Bull and bear market')]),
  ask('Explain diversification', 'prose', [term('Diversification')]),

  // Ticker look-ups
  ask("What's the ticker for Palantir?", 'prose', [search('Palantir')]),
  ask('Find the symbol for Coca-Cola', 'prose', [search('Coca-Cola')]),
  ask('ticker symbol of Rivian', 'prose', [search('Rivian')]),

  // The user's portfolio
  ask('How is my portfolio doing?', 'list', [portfolio()]),
  ask('Review my portfolio', 'list', [portfolio()]),
  ask('Is my portfolio too concentrated?', 'list', [portfolio()]),
  ask("What's my biggest position?", 'list', [portfolio()]),
  ask('How risky are my holdings?', 'list', [portfolio()]),
  ask('Do I own MSFT?', 'prose', [quote('MSFT'), portfolio()]),
  ask('What stocks do I own?', 'list', [portfolio()]),
  ask('What should I do with my portfolio?', 'list', [portfolio()]),
  ask('How could I improve my portfolio?', 'list', [portfolio()]),

  // Nonsense and unknown symbols: a clarifying answer, not charged
  ask('asdfghjkl', 'not-understood', []),
  ask('purple monkey dishwasher', 'not-understood', []),
  ask('???', 'not-understood', []),
  ask('blorp the zibble', 'not-understood', []),
  ask('What is the price of ZZZZZ?', 'not-understood', [quote('ZZZZZ')]),
  ask('How is QWXYZ doing?', 'not-understood', [analysis('QWXYZ'), history('QWXYZ', '1Y')]),
  ask("What's the outlook?", 'not-understood', []),
  ask("What's the weather tomorrow?", 'prose', [], /only answer questions about stocks/),
  ask('Tell me a joke', 'prose', [], /only answer questions about stocks/),
  ask('Hi', 'prose', []),

  // Other languages: answered (in English, saying so), never another question
  ask('Wie hat sich Apple diese Woche entwickelt?', 'prose', [history('AAPL', '5D')], /in English/),
  ask('Was kostet die Tesla-Aktie?', 'prose', [quote('TSLA')], /in English/),
  ask('Vergleiche Apple und Microsoft über 6 Monate', 'table', [compare(['AAPL', 'MSFT'], '6M')], /in English/),
  ask('Wie ist der Kurs von Nvidia heute?', 'prose', [quote('NVDA')], /in English/),
  ask('Was sind die größten Gewinner heute?', 'table', [movers('gainers')], /in English/),
  ask('Wie hat sich Microsoft dieses Jahr entwickelt?', 'prose', [history('MSFT', 'YTD')], /in English/),
  ask('¿Cuál es el precio de Tesla?', 'prose', [quote('TSLA')], /in English/),
  ask('Compara Apple y Microsoft', 'table', [compare(['AAPL', 'MSFT'])], /in English/),
  ask('¿Cómo le fue a Amazon este año?', 'prose', [history('AMZN', 'YTD')], /in English/),
  ask('Quel est le prix de Nvidia ?', 'prose', [quote('NVDA')], /in English/),
  ask('Comparer Apple et Microsoft sur 6 mois', 'table', [compare(['AAPL', 'MSFT'], '6M')], /in English/),
  ask('Comment se porte Tesla cette semaine ?', 'prose', [history('TSLA', '5D')], /in English/),
  ask('Qual è il prezzo di Apple?', 'prose', [quote('AAPL')], /in English/),
  ask('Hoe doet Apple het dit jaar?', 'prose', [history('AAPL', 'YTD')], /in English/),

  // Held out: written after the engine changes and scored once before any fix (see the report of issue 18).
  ask('how is microsoft doing today', 'prose', [quote('MSFT')]),
  ask('Compare Tesla with Rivian over the past year', 'table', [compare(['TSLA', 'RIVN'], '1Y')]),
  ask('AMD vs Intel this month', 'table', [compare(['AMD', 'INTC'], '1M')]),
  ask('Which did better year to date, QQQ or SPY?', 'table', [compare(['QQQ', 'SPY'], 'YTD')]),
  ask({ question: 'compare that with Pepsi', history: ['What is Coca-Cola trading at?'] }, 'table', [
    compare(['KO', 'PEP']),
  ]),
  ask({ question: 'What about over the last 5 days?', history: ['How did Netflix do this year?'] }, 'prose', [
    history('NFLX', '5D'),
  ]),
  ask('Biggest decliners today', 'table', [movers('losers')]),
  ask('Who are the top gainers in the market right now?', 'table', [movers('gainers')]),
  ask('Tell me about Costco', 'list', aboutOf('COST')),
  ask('What does Airbnb do?', 'prose', [profile('ABNB')]),
  ask('Why did Boeing fall this week?', 'list', whyOf('BA'), NO_NEWS),
  ask('Why is Bitcoin up today?', 'list', whyOf('BTC-USD'), NO_NEWS),
  ask('How is Disney doing?', 'list', overviewOf('DIS')),
  ask('Show Visa, Mastercard and AmEx prices in a table', 'table', [quote('V', 'MA', 'AXP')]),
  ask('What is the 1 year performance of Nike?', 'prose', [history('NKE', '1Y')]),
  ask('Explain what a limit order is', 'prose', [term('Limit order')]),
  ask('Forecast Palantir for the next month', 'prose', [forecast('PLTR', '1M')]),
  ask('qwertyuiop zxcvbnm', 'not-understood', []),
  ask('Wie viel kostet Microsoft heute?', 'prose', [quote('MSFT')], /in English/),
  ask('Compara Tesla y Ford este año', 'table', [compare(['TSLA', 'F'], 'YTD')], /in English/),
  ask("Quel est le cours de Apple aujourd'hui ?", 'prose', [quote('AAPL')], /in English/),
  ask('Is Walmart overbought?', 'prose', [analysis('WMT')]),
  ask('How volatile is Coinbase?', 'list', [history('COIN', '1Y')]),
  ask('What sector is Exxon in?', 'prose', [profile('XOM')]),
];
