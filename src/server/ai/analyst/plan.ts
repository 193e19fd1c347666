import type { ForecastHorizon } from '../../../shared/chat/schemas';
import type { GlossaryEntry } from '../tools/glossary';
import type { HistoryRange } from '../tools/getHistorySummary';
import type { Period } from './entities/dates';
import type { SymbolReading } from './entities/symbols';
import type { Intent } from './intents/labels';

/** What the analyst will answer: the question's intent with every entity it needs, the conversation's included. */
export interface Plan {
  /** 'unclear': a short question back (nothing recognisable, no symbol, or several likely ones). */
  intent: Intent | 'unclear';
  /** Why it is unclear, for the question back. */
  unclear: 'nothing' | 'no-symbol' | 'which-symbol' | null;
  symbols: string[];
  /** Every symbol the conversation has named so far, oldest first (a symbol named again moves to the end). */
  mentioned: string[];
  /** The last list of two or more symbols asked about together: what 'the second one' counts in. */
  group: string[];
  /** Where the symbols came from: the question itself, the chart in view, or the conversation. */
  symbolsFrom: 'question' | 'viewing' | 'history' | null;
  guesses: SymbolReading['guesses'];
  unsure: SymbolReading['unsure'];
  range: HistoryRange | null;
  period: Period | null;
  day: string | null;
  /** The day's next occurrence when its year was not said: what a calendar question means. */
  dayAhead: string | null;
  horizon: ForecastHorizon | null;
  allTime: boolean;
  amount: number | null;
  /** The amount as written, when in another currency than the dollar ('€5,000'): the answer says how it was read. */
  amountWritten: string | null;
  terms: GlossaryEntry[];
  /** Which figure a valuation question is about. */
  focus: 'pe' | 'cap' | null;
  table: boolean;
  yesNo: boolean;
  language: string | null;
  searchQuery: string | null;
  /** The words that say what is asked: the message, after the earlier one's when it asks the same of another stock. */
  question: string;
}
