/**
 * Plain-language definitions of the terms retail investors ask about. Served by the explain_term tool, so the
 * numbers in a definition (RSI 70, the 20-day average) come from a tool like every other figure in an answer.
 */
export interface GlossaryEntry {
  term: string;
  /** Lower-case ways people write it. */
  aliases: string[];
  definition: string;
  /** How Tickwise uses it, when it does. */
  inTickwise?: string;
}

export const GLOSSARY: readonly GlossaryEntry[] = [
  {
    term: 'P/E ratio',
    aliases: [
      'p/e',
      'pe',
      'pe ratio',
      'p/e ratio',
      'price to earnings',
      'price-to-earnings',
      'price earnings',
      'earnings multiple',
      'kgv',
      'kurs-gewinn-verhältnis',
      'ratio p/e',
      'relación precio-beneficio',
      'per',
      'rapporto p/e',
      'koers-winstverhouding',
    ],
    definition:
      'The P/E ratio (price-to-earnings ratio) is the share price divided by the earnings per share of the last 12 months. A P/E of 20 means investors pay 20 times the company’s yearly profit per share. High values mean high expectations (or temporarily low profits); it is not meaningful when a company loses money.',
    inTickwise:
      'The rating treats a P/E under 15 as inexpensive, 15 to 25 as reasonable, 25 to 40 as a growth premium, and 40 or more as expensive.',
  },
  {
    term: 'RSI (Relative Strength Index)',
    aliases: ['rsi', 'relative strength index', 'relative strength'],
    definition:
      'The RSI (Relative Strength Index) measures the speed of recent price moves on a scale from 0 to 100, usually over 14 days. Readings of 70 or more are called overbought (gains may be stretched), 30 or less oversold (selling may be exhausted).',
    inTickwise: 'Tickwise uses the 14-day RSI with Wilder smoothing as one factor of the rating.',
  },
  {
    term: 'Moving average',
    aliases: [
      'moving average',
      'moving averages',
      'sma',
      'ma',
      'ma20',
      'ma50',
      'ma200',
      '50-day moving average',
      '200-day moving average',
      '20-day moving average',
      'simple moving average',
    ],
    definition:
      'A moving average is the average closing price over the last N days, recomputed every day, which smooths out daily noise. A price above its average suggests an uptrend, below it a downtrend.',
    inTickwise:
      'The charts draw the 20-day (MA20) and 50-day (MA50) averages; the rating also reads the 200-day average.',
  },
  {
    term: 'Golden cross and death cross',
    aliases: [
      'golden cross',
      'death cross',
      'crossover',
      'moving average crossover',
      'buy signal',
      'sell signal',
      'signals',
      'signal',
    ],
    definition:
      'A golden cross is a faster moving average (usually the 50-day) crossing above a slower one (the 200-day), read as a bullish signal; a death cross is the opposite crossing, read as bearish. Any such crossing of two averages is called a crossover.',
    inTickwise: 'Tickwise marks a BUY when MA20 crosses above MA50 and a SELL when it crosses below.',
  },
  {
    term: 'Market capitalization',
    aliases: [
      'market cap',
      'market capitalization',
      'market capitalisation',
      'market value',
      'cap',
      'marktkapitalisierung',
      'börsenwert',
      'capitalización de mercado',
      'capitalización bursátil',
      'capitalisation boursière',
      'capitalizzazione di mercato',
      'marktkapitalisatie',
    ],
    definition:
      'Market capitalization is the total value of a company’s shares: the share price times the number of shares outstanding. Large caps are usually worth more than 10 billion dollars, small caps less than 2 billion.',
  },
  {
    term: 'Volatility',
    aliases: [
      'volatility',
      'volatile',
      'standard deviation',
      'volatilität',
      'volatilidad',
      'volatilité',
      'volatilità',
      'volatiliteit',
    ],
    definition:
      'Volatility measures how much a price swings. Annualized volatility is the standard deviation of daily returns scaled to a year: at 20% a year, a typical one-year move is within about 20% either way two times out of three.',
    inTickwise: 'The rating counts volatility under 20% a year as low, and 60% or more as very high.',
  },
  {
    term: 'Drawdown',
    aliases: ['drawdown', 'max drawdown', 'maximum drawdown', 'draw down'],
    definition:
      'A drawdown is the fall from a previous peak to a later low, in percent. The maximum drawdown over a period is the worst such fall; it shows how much an investor who bought at the top could have been down.',
  },
  {
    term: 'ETF (exchange-traded fund)',
    aliases: ['etf', 'etfs', 'exchange traded fund', 'exchange-traded fund', 'fund'],
    definition:
      'An ETF (exchange-traded fund) is a fund that holds a basket of assets, often all the stocks of an index, and trades on an exchange like a single stock. SPY and VOO, for example, track the S&P 500.',
  },
  {
    term: 'Bull and bear market',
    aliases: ['bull market', 'bear market', 'bullish', 'bearish', 'bull', 'bear'],
    definition:
      'A bull market is a sustained rise in prices, a bear market a sustained fall, commonly defined as a decline of 20% or more from a recent high. Bullish and bearish describe expecting rises or falls.',
  },
  {
    term: 'Dividend',
    aliases: ['dividend', 'dividends', 'dividend payment', 'payout'],
    definition:
      'A dividend is a share of profit a company pays to its shareholders, usually every quarter, as cash per share.',
    inTickwise: 'Ask for a stock’s dividends to see its yield, its recent payments and the next dates.',
  },
  {
    term: 'Earnings per share (EPS)',
    aliases: ['eps', 'earnings per share'],
    definition:
      'Earnings per share (EPS) is a company’s profit over a period divided by its number of shares. It is the E in the P/E ratio.',
  },
  {
    term: 'Index',
    aliases: ['index', 'stock index', 's&p 500 index', 'benchmark'],
    definition:
      'A stock index is a number that tracks the value of a group of stocks, such as the S&P 500 (500 large US companies) or the Nasdaq Composite. You cannot buy an index directly, but funds such as SPY or QQQ follow them.',
  },
  {
    term: 'Diversification',
    aliases: ['diversification', 'diversify', 'diversified'],
    definition:
      'Diversification means spreading money over many investments so that one bad outcome does not sink the whole portfolio. A broad index fund is diversified across hundreds of companies.',
  },
  {
    term: 'Forecast bands',
    aliases: [
      'forecast',
      'confidence band',
      'prediction interval',
      'forecast band',
      'band',
      'bands',
      'log-normal',
      'lognormal',
    ],
    definition:
      'A forecast band is the range a simple statistical model expects the price to stay within with a given probability. An 80% band should contain the outcome about 80% of the time if the model is well calibrated; real markets often move outside.',
    inTickwise:
      'Tickwise forecasts use a log-normal model on daily log returns with drift 0 by default and report how often the 80% band held in back-tests on the symbol’s own history.',
  },
  {
    term: 'Stop-loss order',
    aliases: ['stop loss', 'stop-loss', 'stop order'],
    definition:
      'A stop-loss order is an order to sell automatically once the price falls to a level you choose, to limit a loss. In fast markets it may fill below that level.',
  },
  {
    term: 'Limit order',
    aliases: ['limit order', 'market order'],
    definition:
      'A limit order is an order to buy or sell only at your price or better, so it may never fill. A market order fills right away at the best available price, whatever it is.',
  },
  {
    term: 'Short selling',
    aliases: ['short selling', 'short', 'shorting', 'short sell'],
    definition:
      'Short selling means borrowing shares, selling them, and buying them back later, hoping the price has fallen. Losses are unlimited in principle because a price can rise without bound.',
  },
  {
    term: 'Beta',
    aliases: ['beta'],
    definition:
      'Beta measures how much a stock tends to move with the market: a beta of 1 moves in line, above 1 swings more, below 1 swings less.',
    inTickwise: 'Tickwise does not compute beta; volatility and drawdown are its risk measures.',
  },
  {
    term: 'time-weighted return',
    aliases: [
      'time-weighted return',
      'time weighted return',
      'twr',
      'time-weighted',
      'time weighted',
      'time-weighted rate of return',
      'zeitgewichtete rendite',
      'rentabilidad ponderada por el tiempo',
      'rendement pondéré dans le temps',
      'rendement pondéré par le temps',
      'rendimento ponderato per il tempo',
      'tijdgewogen rendement',
    ],
    definition:
      'The time-weighted return (TWR) measures how the investments themselves performed, leaving out when and how much money you added or took out: the period is cut at every deposit and withdrawal and the returns of the pieces are chained together. It is the figure to compare with an index or a fund.',
    inTickwise: 'The portfolio’s Performance card and the agent show the TWR as the headline return.',
  },
  {
    term: 'money-weighted return',
    aliases: [
      'money-weighted return',
      'money weighted return',
      'mwr',
      'money-weighted',
      'money weighted',
      'dollar-weighted return',
      'internal rate of return',
      'irr',
      'geldgewichtete rendite',
      'rentabilidad ponderada por el dinero',
      'rendement pondéré par les capitaux',
      'rendimento ponderato per il capitale',
      'geldgewogen rendement',
    ],
    definition:
      'The money-weighted return measures what your own money earned, counting when you added or withdrew it: it is the yearly rate that turns all your deposits into today’s value (the internal rate of return). Good timing raises it above the time-weighted return, bad timing lowers it.',
    inTickwise: 'Tickwise computes it as XIRR from the portfolio ledger’s deposits, withdrawals and value.',
  },
  {
    term: 'xirr',
    aliases: ['xirr', 'extended internal rate of return'],
    definition:
      'XIRR (extended internal rate of return) is the money-weighted return computed from cash flows on their actual dates: the one yearly rate at which every deposit and withdrawal, grown to today, adds up to the portfolio’s value now.',
    inTickwise: 'The portfolio’s money-weighted return is an XIRR over its ledger.',
  },
  {
    term: 'dollar-cost averaging',
    aliases: [
      'dollar-cost averaging',
      'dollar cost averaging',
      'dca',
      'cost averaging',
      'dollar-cost average',
      'cost-average-effekt',
      'durchschnittskosteneffekt',
      'sparplan',
      'promedio del costo en dólares',
      'investissement programmé',
      'piano di accumulo',
    ],
    definition:
      'Dollar-cost averaging means investing the same amount at regular intervals (every month, say) whatever the price, so you buy more shares when prices are low and fewer when they are high. It spreads out the risk of investing everything at a bad moment, though a lump sum invested at once has historically come out ahead more often in rising markets.',
  },
  {
    term: 'dividend yield',
    aliases: [
      'dividend yield',
      'yield',
      'dividend rate',
      'trailing yield',
      'dividendenrendite',
      'rendimiento por dividendo',
      'rentabilidad por dividendo',
      'rendement du dividende',
      'rendimento da dividendo',
      'rendimento del dividendo',
      'dividendrendement',
    ],
    definition:
      'The dividend yield is a stock’s yearly dividends per share divided by its share price, in percent: a yield of 2% pays 2 for every 100 invested each year. A rising yield can mean a growing dividend or a falling price.',
    inTickwise: 'Ask for a stock’s dividends to see its trailing yield.',
  },
  {
    term: 'ex-dividend date',
    aliases: [
      'ex-dividend date',
      'ex dividend date',
      'ex-dividend',
      'ex dividend',
      'ex-date',
      'ex date',
      'ex div',
      'ex-div',
      'ex div date',
      'ex-div date',
      'record date',
    ],
    definition:
      'The ex-dividend date is the first trading day on which a share is sold without its next dividend: you must own the stock before that day to be paid. The pay date, when the cash arrives, usually follows a few weeks later.',
  },
  {
    term: 'expense ratio',
    aliases: [
      'expense ratio',
      'expense ratios',
      'ter',
      'total expense ratio',
      'management fee',
      'fund fee',
      'fund fees',
    ],
    definition:
      'The expense ratio is the yearly fee a fund charges as a share of the money invested in it: at 0.10%, a fund costs 10 for every 10,000 invested per year, taken from the fund’s value rather than billed. Broad index funds tend to charge least.',
  },
  {
    term: 'index fund',
    aliases: [
      'index fund',
      'index funds',
      'tracker fund',
      'passive fund',
      'indexfonds',
      'fondo indexado',
      'fonds indiciel',
      'fondo indicizzato',
    ],
    definition:
      'An index fund is a fund that holds the stocks of an index (such as the S&P 500) in the index’s proportions instead of picking them, so it earns about the index’s return minus a small fee. It can be a mutual fund or an ETF.',
  },
  {
    term: 'stock split',
    aliases: ['stock split', 'split', 'splits', 'share split', 'reverse split', 'reverse stock split'],
    definition:
      'A stock split is the division of each share into several (a 4-for-1 split turns 1 share into 4), which cuts the price per share by the same factor: the value of a holding does not change. A reverse split merges shares and raises the price per share.',
  },
];

export function findGlossaryEntry(query: string): GlossaryEntry | null {
  const q = query
    .trim()
    .toLowerCase()
    .replace(/[?.!]+$/, '');
  if (!q) return null;
  let best: { entry: GlossaryEntry; length: number } | null = null;
  for (const entry of GLOSSARY) {
    for (const alias of [entry.term.toLowerCase(), ...entry.aliases]) {
      const hit =
        q === alias || new RegExp(`(^|[^a-z0-9])${alias.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}([^a-z0-9]|$)`).test(q);
      if (hit && (!best || alias.length > best.length)) best = { entry, length: alias.length };
    }
  }
  return best?.entry ?? null;
}
