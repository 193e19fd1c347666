/**
 * A second thing a search result can do besides opening the stock (the header's "add to watchlist", issue 30 §1).
 * The listbox's options may hold nothing interactive (axe: nested-interactive; a screen reader reads an option as one
 * item), so the action is reached two ways that keep the option whole: Shift+Enter on the highlighted option, and a
 * mark at the option's end that a pointer can click but the accessibility tree does not see. The combobox describes
 * the shortcut (`hint`), and each option's name says whether the symbol is already there (`state`).
 */
export interface SearchOptionAction {
  /** Whether the symbol is already where the action puts it: the mark shows a tick and the action takes it out. */
  has: (symbol: string) => boolean;
  toggle: (symbol: string) => void;
  /** The mark's tooltip: what a click does ("Add AAPL to “Tech”"). */
  label: (symbol: string, has: boolean) => string;
  /** Said after the option's name when `has` ("in “Tech”"). */
  state: string;
  /** Shown under the list and read as the combobox's description: what Shift+Enter does. */
  hint: string;
}

/** The option's own keys: Enter opens the stock, this one runs the action. */
export const isActionKey = (event: {
  key: string;
  shiftKey: boolean;
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
}) => event.key === 'Enter' && event.shiftKey && !event.altKey && !event.ctrlKey && !event.metaKey;
