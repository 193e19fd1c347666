import { describe, expect, it } from 'vitest';
import { methodFold } from '../../src/shared/chat/methodFold';
import { firstSentence, hasKind } from './agentEval/answerKind';

/**
 * The answer-kind check of the evaluation (issue 28's contract) on answers written by hand, as any engine might
 * write them: what counts as a dollar answer, a yes or no, a definition, a date, a question back.
 */

describe('firstSentence', () => {
  it('is the first sentence of what a reader sees first', () => {
    expect(firstSentence('Apple Inc. (AAPL) pays $0.25 a share. The next one is in May.')).toBe(
      'Apple Inc. (AAPL) pays $0.25 a share.',
    );
    expect(firstSentence('J.P. Morgan reports on Jan. 15. Then Wells Fargo.')).toBe('J.P. Morgan reports on Jan. 15.');
    expect(firstSentence('**Yes.** The NYSE trades today.')).toBe('Yes.');
    expect(firstSentence('- $12,345.67 today\n- $10,000 then')).toBe('$12,345.67 today');
    expect(firstSentence('_You asked in German; I answer in English._\n\nNo, it is closed.')).toBe('No, it is closed.');
  });
});

describe('hasKind', () => {
  it('dollar: a dollar amount in the first sentence, not later', () => {
    expect(hasKind('dollar', 'It would be worth **$31,245.10** now, a gain of $21,245.10.')).toBe(true);
    expect(hasKind('dollar', 'Your dividends this year came to 24.25. That is $24.25.')).toBe(false);
    expect(hasKind('dollar', `You gained 41.7%.${methodFold('$9,504.58 over $22,816.98')}`)).toBe(false);
  });

  it('percent: a percentage in the first sentence', () => {
    expect(hasKind('percent', 'Coca-Cola (KO) yields 2.6% a year at today’s price.')).toBe(true);
    expect(hasKind('percent', 'Your portfolio returned 14 percent, time-weighted.')).toBe(true);
    expect(hasKind('percent', 'Coca-Cola pays $1.94 a year. That is 2.6%.')).toBe(false);
  });

  it('yes-no: starts with yes or no, in English or in the language asked in', () => {
    expect(hasKind('yes-no', 'Yes — the NYSE trades today from 9:30 to 16:00 New York time.')).toBe(true);
    expect(hasKind('yes-no', 'No: July 4 is Independence Day, an exchange holiday.')).toBe(true);
    expect(hasKind('yes-no', 'The NYSE is open today.')).toBe(false);
    expect(hasKind('yes-no', 'Nothing is scheduled this week.')).toBe(false);
    expect(hasKind('yes-no', 'Ja, die Börse ist heute geöffnet.', 'de')).toBe(true);
    expect(hasKind('yes-no', 'Ja, die Börse ist heute geöffnet.')).toBe(false);
    expect(hasKind('yes-no', 'Sì, la borsa è aperta.', 'it')).toBe(true);
    expect(hasKind('yes-no', '_You asked in Dutch; I answer in English._\n\nYes, it opens at 9:30.', 'nl')).toBe(true);
  });

  it('definition: the first sentence defines, and no stock price is shown', () => {
    expect(hasKind('definition', 'Dollar-cost averaging means investing a fixed amount at regular intervals.')).toBe(
      true,
    );
    expect(hasKind('definition', 'P/E ratio: The price-to-earnings ratio is the price over yearly earnings.')).toBe(
      true,
    );
    expect(hasKind('definition', 'A P/E of 20 means investors pay $20 for each $1 of yearly profit.')).toBe(true);
    expect(hasKind('definition', 'SPY and VOO are ETFs that track the S&P 500.')).toBe(true);
    expect(hasKind('definition', 'Apple Inc. (AAPL) is at $265.42, down $13.46 (4.83%) today.')).toBe(false);
    expect(
      hasKind('definition', 'Beta measures how a stock moves with the market.\n\nNVDA trades at $113.89 today.'),
    ).toBe(false);
    expect(
      hasKind('definition', 'Beta measures how a stock moves with the market. NVIDIA (NVDA) is up 4.2% today.'),
    ).toBe(false);
    expect(hasKind('definition', 'There is no glossary entry for that term.')).toBe(false);
    expect(hasKind('definition', 'ETF: An exchange-traded fund holds a basket of assets.')).toBe(false);
  });

  it('date: a calendar date in the first sentence', () => {
    expect(hasKind('date', 'NVIDIA reports next on **February 26, 2025** (estimated).')).toBe(true);
    expect(hasKind('date', 'The next ex-dividend date is 2025-03-14.')).toBe(true);
    expect(hasKind('date', 'JPMorgan reports on Jan. 15, before the open.')).toBe(true);
    expect(hasKind('date', 'Le prochain détachement est le 14 mars 2025.')).toBe(true);
    expect(hasKind('date', 'NVIDIA reports in about six weeks.')).toBe(false);
  });

  it('question-back: a short question, nothing more', () => {
    expect(hasKind('question-back', 'Did you mean Nvidia (NVDA)?')).toBe(true);
    expect(
      hasKind('question-back', 'Which one: General Motors (GM), General Mills (GIS) or General Dynamics (GD)?'),
    ).toBe(true);
    expect(hasKind('question-back', 'Which stock or fund do you mean? Give me its ticker and ask again.')).toBe(false);
    expect(hasKind('question-back', `${'Which of these do you mean: '.repeat(12)}?`)).toBe(false);
  });
});
