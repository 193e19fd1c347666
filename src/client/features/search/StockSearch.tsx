import { Group, InputBase, Loader, Paper, Text, VisuallyHidden, type MantineSize } from '@mantine/core';
import { IconCheck, IconClock, IconPlus, IconSearch } from '@tabler/icons-react';
import { useEffect, useEffectEvent, useId, useRef, useState, type KeyboardEvent } from 'react';
import { formatPrice, formatSignedPercent } from '../../../shared/format';
import type { Quote } from '../../../shared/market/types';
import { isActionKey, type SearchOptionAction } from './optionAction';
import { loadRecentSearches, rememberSearch } from './recentSearches';
import classes from './StockSearch.module.css';
import { buildSuggestions, MAX_SUGGESTIONS, noResultMessages, type Suggestion } from './suggestions';
import { useStockSearch } from './useStockSearch';
import { useSuggestionQuotes } from './useSuggestionQuotes';

export interface StockSearchProps {
  /** Called with the upper-cased symbol the person picked. */
  onSelect: (symbol: string) => void;
  placeholder?: string;
  ariaLabel?: string;
  size?: MantineSize;
  /** Width of the input; the list is at least 340 px wide (never wider than the screen). */
  w?: number | string;
  /**
   * Shorter text is not searched (product.md §5: the Add Stock search starts above 2 characters): the list says
   * how many to type, and Enter takes the typed symbol as it is.
   */
  minQueryLength?: number;
  /**
   * Which edge of the input the list lines up with when it is wider than the input: 'end' grows it to the left, for
   * a box at the right of the page (the trading page), so it stays on screen and off the panel beside it.
   */
  dropdownAlign?: 'start' | 'end';
  /** A second action on each stock offered (the header's "add to watchlist"); none when absent. */
  optionAction?: SearchOptionAction;
}

/**
 * The one stock search dropdown (product.md §2), used by the header, the trading page and the portfolio.
 * An ARIA combobox: the input keeps focus, arrows move the highlight (aria-activedescendant), Enter picks the
 * highlighted suggestion or the first one, or the typed symbol when nothing matches. After a pick the list closes and
 * focus stays in the input.
 */
export function StockSearch({
  onSelect,
  placeholder = 'Search stocks…',
  ariaLabel = 'Search stocks',
  size = 'sm',
  w,
  minQueryLength = 1,
  dropdownAlign = 'start',
  optionAction,
}: StockSearchProps) {
  const listId = useId();
  const hintId = `${listId}-hint`;
  const inputRef = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [highlight, setHighlight] = useState(-1);
  const [recent, setRecent] = useState(loadRecentSearches);
  // Enter pressed before the answer for the latest text came in: pick once it does.
  const [pickWhenReady, setPickWhenReady] = useState(false);

  const typed = text.trim().length;
  const tooShort = typed > 0 && typed < minQueryLength;
  const outcome = useStockSearch(tooShort ? '' : text);
  const groups = tooShort ? [] : buildSuggestions(text, outcome, recent);
  const items = groups.flatMap((g) => g.items);
  const active = highlight >= 0 && highlight < items.length ? highlight : -1;
  const priced = [...new Set(items.filter((i) => i.kind !== 'fallback').map((i) => i.symbol))].slice(
    0,
    MAX_SUGGESTIONS,
  );
  const quotes = useSuggestionQuotes(priced, open);
  const pending = outcome.status === 'pending';
  const noResults = !tooShort && !pending && outcome.status !== 'blank' && items.length === 0;

  /**
   * Opens a symbol; `known` when the list offered it as a stock (search results, recents, popular, the local list),
   * not for the typed text itself ("Search for QQZZX").
   */
  function pick(raw: string, known: boolean) {
    const symbol = raw.trim().toUpperCase();
    if (!symbol) return;
    // Only a symbol the search knows becomes a recent search: a typed unknown ticker or junk never does.
    if (known) setRecent(rememberSearch(symbol));
    setText('');
    setOpen(false);
    setHighlight(-1);
    setPickWhenReady(false);
    // Focus stays in the box (closed, empty): the next search is one keystroke away, and keyboard users are not
    // dropped at the top of the page.
    onSelect(symbol);
  }

  function pickItem(item: { symbol: string; kind: string }) {
    pick(item.symbol, item.kind !== 'fallback');
  }

  function pickFirstOrTyped() {
    if (items.length > 0) pickItem(items[0]);
    else pick(text, false);
  }

  // Runs when the answer settles; as an effect event, pickFirstOrTyped reads that render's items.
  const pickWhenSettled = useEffectEvent(pickFirstOrTyped);
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- reacts to the suggestions' request settling (outside React), then picks
    if (pickWhenReady && !pending) pickWhenSettled();
  }, [pickWhenReady, pending]);

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        event.preventDefault();
        if (!open) {
          setOpen(true);
          setHighlight(items.length > 0 ? 0 : -1);
          return;
        }
        if (items.length === 0) return;
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setHighlight((active + step + items.length + (active < 0 && step < 0 ? 1 : 0)) % items.length);
        return;
      }
      case 'Enter':
        event.preventDefault();
        if (optionAction && isActionKey(event)) {
          // The highlighted stock only: the list stays open on it, so the next one is an arrow away.
          if (open && active >= 0 && items[active].kind !== 'fallback') optionAction.toggle(items[active].symbol);
          return;
        }
        if (!open) setOpen(true);
        else if (active >= 0) pickItem(items[active]);
        else if (pending) setPickWhenReady(true);
        else pickFirstOrTyped();
        return;
      case 'Escape':
        if (open) {
          event.preventDefault();
          event.stopPropagation();
          setOpen(false);
          setHighlight(-1);
        }
        return;
      case 'Tab':
        setOpen(false);
        return;
    }
  }

  const optionId = (index: number) => `${listId}-option-${index}`;
  // Each group's first option number: options are numbered across groups, in order.
  const firstIndex = groups.map((_, g) => groups.slice(0, g).reduce((n, earlier) => n + earlier.items.length, 0));

  return (
    <div className={classes.root} style={{ width: w }}>
      <InputBase
        ref={inputRef}
        size={size}
        value={text}
        placeholder={placeholder}
        leftSection={<IconSearch size={16} aria-hidden />}
        rightSection={pending && open ? <Loader size={14} aria-label="Searching" /> : null}
        role="combobox"
        aria-label={ariaLabel}
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        aria-activedescendant={open && active >= 0 ? optionId(active) : undefined}
        // InputBase rather than TextInput for this switch: Mantine would otherwise set aria-describedby from its own
        // description and error (neither is used here) over ours.
        withAria={false}
        aria-describedby={open && optionAction && items.length > 0 ? hintId : undefined}
        autoComplete="off"
        spellCheck={false}
        onChange={(event) => {
          setText(event.currentTarget.value);
          setOpen(true);
          setHighlight(-1);
          setPickWhenReady(false);
        }}
        onFocus={() => setOpen(true)}
        onClick={() => setOpen(true)}
        onBlur={() => {
          setOpen(false);
          setHighlight(-1);
        }}
        onKeyDown={onKeyDown}
      />
      {open && (
        <Paper
          className={classes.dropdown}
          data-align={dropdownAlign}
          withBorder
          shadow="md"
          data-status={outcome.status}
          // Keep focus in the input: clicks inside the list must not blur it (blur means "clicked outside").
          onMouseDown={(event) => event.preventDefault()}
        >
          <div role="listbox" id={listId} aria-label="Stock suggestions" className={classes.list}>
            {groups.map((group, g) => (
              <div role="group" aria-label={group.label} key={group.label}>
                <div className={classes.groupLabel} aria-hidden>
                  {group.label}
                </div>
                {group.items.map((item, j) => {
                  const i = firstIndex[g] + j;
                  return (
                    <SuggestionRow
                      key={`${item.kind}-${item.symbol}`}
                      id={optionId(i)}
                      item={item}
                      quote={quotes?.[item.symbol]}
                      active={i === active}
                      action={optionAction}
                      onHover={() => setHighlight(i)}
                      onPick={() => pickItem(item)}
                    />
                  );
                })}
              </div>
            ))}
          </div>
          {optionAction && items.length > 0 && (
            <Text id={hintId} size="xs" c="dimmed" className={classes.hint}>
              {optionAction.hint}
            </Text>
          )}
          {noResults && <NoResults query={text} />}
          {tooShort && (
            <div className={classes.empty} role="status">
              <Text size="xs" c="dimmed">
                Type at least {minQueryLength} characters to search, or press Enter to use "{text.trim().toUpperCase()}"
              </Text>
            </div>
          )}
        </Paper>
      )}
    </div>
  );
}

interface SuggestionRowProps {
  id: string;
  item: Suggestion;
  quote: Quote | undefined;
  active: boolean;
  action: SearchOptionAction | undefined;
  onHover: () => void;
  onPick: () => void;
}

function SuggestionRow({ id, item, quote, active, action, onHover, onPick }: SuggestionRowProps) {
  const fallback = item.kind === 'fallback';
  const has = !fallback && action ? action.has(item.symbol) : false;
  const name = item.name || quote?.shortName || quote?.longName || '';
  const change = quote?.regularMarketChangePercent ?? 0;
  return (
    <div
      role="option"
      id={id}
      aria-selected={active}
      data-symbol={item.symbol}
      data-kind={item.kind}
      className={classes.option}
      data-active={active || undefined}
      onMouseEnter={onHover}
      onClick={onPick}
    >
      <Group gap="xs" wrap="nowrap" className={classes.optionMain}>
        {item.kind === 'recent' && <IconClock size={14} className={classes.recentIcon} aria-hidden />}
        {fallback ? (
          <Text size="sm" fw={600}>
            {item.name}
          </Text>
        ) : (
          <div className={classes.optionText}>
            <Text size="sm" fw={700} className={classes.symbol}>
              {item.symbol}
            </Text>
            <Text size="xs" c="dimmed" truncate="end">
              {name}
              {item.exchange ? ` · ${item.exchange}` : ''}
            </Text>
          </div>
        )}
      </Group>
      {quote && !fallback && (
        <div className={classes.price}>
          <Text size="sm" fw={600}>
            {formatPrice(quote.regularMarketPrice)}
          </Text>
          <Text size="xs" c={change > 0 ? 'green' : change < 0 ? 'red' : 'dimmed'}>
            {formatSignedPercent(change)}
          </Text>
        </div>
      )}
      {/* Last in the option's name, after the price: where the stock already is. */}
      {has && <VisuallyHidden>({action?.state})</VisuallyHidden>}
      {action && !fallback && <ActionMark symbol={item.symbol} has={has} action={action} />}
    </div>
  );
}

/**
 * The action's mark for a pointer: hidden from the accessibility tree and never focused, so the option holds nothing
 * interactive (keyboard and screen reader users have Shift+Enter, which the combobox describes). A click runs the
 * action and not the option's pick.
 */
function ActionMark({ symbol, has, action }: { symbol: string; has: boolean; action: SearchOptionAction }) {
  const label = action.label(symbol, has);
  return (
    <span
      aria-hidden
      title={label}
      className={classes.action}
      data-has={has || undefined}
      data-testid="search-option-action"
      onClick={(event) => {
        event.stopPropagation();
        action.toggle(symbol);
      }}
    >
      {has ? <IconCheck size={16} /> : <IconPlus size={16} />}
    </span>
  );
}

function NoResults({ query }: { query: string }) {
  const [title, hint] = noResultMessages(query);
  return (
    <div className={classes.empty} role="status">
      <Text size="sm" fw={600}>
        {title}
      </Text>
      <Text size="xs" c="dimmed">
        {hint}
      </Text>
    </div>
  );
}
