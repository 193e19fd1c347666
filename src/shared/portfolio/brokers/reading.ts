/**
 * What reading a broker's file tells the preview (issue 27 §2): which layout was recognised, how its columns and
 * its wordings were read, how its dates and numbers are written, and every row left out with the reason. Shared by
 * the server (which previews and imports) and the dialogs (which show it); a leaf, so the answer types can use it.
 */

export type ImportKind = 'activities' | 'positions';

/** A layout the reader recognises: a broker's export, or a plain file read by its column names. */
export interface ImportLayout {
  id: string;
  /** As the preview names it: "Charles Schwab — transactions". */
  name: string;
  kind: ImportKind;
}

/** Day first (31/12/2024) or month first (12/31/2024). */
export const DATE_ORDERS = ['dmy', 'mdy'] as const;
export type DateOrder = (typeof DATE_ORDERS)[number];

export interface DateReading {
  /** The order slashed or dashed dates were read in; null when no date needed one (ISO dates) or none was chosen. */
  order: DateOrder | null;
  /**
   * Why: 'column' (a day above 12 settles it), 'layout' (the broker always writes them one way), 'choice' (the
   * user said), or null when every date was unambiguous or the question is still open.
   */
  decidedBy: 'column' | 'layout' | 'choice' | null;
  /** Asked when every date reads both ways and nothing else settles it; rows with such dates wait for the answer. */
  question: { samples: string[]; suggested: DateOrder; reason: string } | null;
}

/** A row of the file that is not imported and is not an error: a kind the ledger does not record, a total, a note. */
export interface SkippedRow {
  line: number;
  /** The row's kind as the broker wrote it ("Credit Interest"), or a short description of the line. */
  wording: string;
  reason: string;
}

/** How one of the broker's wordings was read, with how many rows used it. */
export interface WordingRead {
  wording: string;
  /** 'buy', 'dividend + buy', 'deposit or withdrawal (by sign)', 'skipped', ... */
  becomes: string;
  rows: number;
}

/** Everything about the file as a whole that the preview shows above its rows. */
export interface FileReading {
  layout: ImportLayout;
  /** Field → the file's own header (or how it is computed: "Gross Amount ÷ Shares"). */
  columns: Record<string, string>;
  wordings: WordingRead[];
  dates: DateReading;
  /** The decimal separator the file's numbers were read with. */
  decimal: ',' | '.';
  skipped: SkippedRow[];
}
