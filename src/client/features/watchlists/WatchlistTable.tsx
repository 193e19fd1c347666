import { ActionIcon, Table, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort, IconGripVertical, IconX } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useState, type DragEvent, type KeyboardEvent } from 'react';
import type { WatchlistRow } from '../../../shared/watchlists/types';
import { FIGURE_COLUMNS, moveSymbol, nextSort, sortRows, type SortKey, type SortState } from './columns';
import classes from './Watchlists.module.css';
import { AlertBell } from '../alerts';

export interface WatchlistTableProps {
  listName: string;
  rows: readonly WatchlistRow[];
  sort: SortState | null;
  onSort: (sort: SortState | null) => void;
  /** The full new order (drag or keyboard); only offered while the table is not sorted. */
  onReorder: (symbols: string[]) => void;
  onRemove: (symbol: string) => void;
}

/**
 * A list's rows with every figure, live. A header sorts by its column (a view: the stored order stays); unsorted,
 * rows reorder by dragging the handle, or with the arrow keys on it, and the new order is saved.
 */
export function WatchlistTable({ listName, rows, sort, onSort, onReorder, onRemove }: WatchlistTableProps) {
  const shown = sortRows(rows, sort);
  const symbols = rows.map((r) => r.symbol);
  const [dragged, setDragged] = useState<string | null>(null);
  const [announce, setAnnounce] = useState('');

  const move = (symbol: string, to: number) => {
    const next = moveSymbol(symbols, symbol, to);
    if (next.join() === symbols.join()) return;
    onReorder(next);
    setAnnounce(`${symbol} moved to position ${next.indexOf(symbol) + 1} of ${next.length}`);
  };
  const onHandleKey = (event: KeyboardEvent, symbol: string) => {
    const at = symbols.indexOf(symbol);
    const to = { ArrowUp: at - 1, ArrowDown: at + 1, Home: 0, End: symbols.length - 1 }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    move(symbol, to);
  };
  const dropOn = (event: DragEvent, symbol: string) => {
    event.preventDefault();
    if (dragged && dragged !== symbol) move(dragged, symbols.indexOf(symbol));
    setDragged(null);
  };

  const header = (key: SortKey, label: string, title: string, numeric: boolean) => {
    const active = sort?.key === key ? sort.direction : null;
    return (
      <Table.Th
        key={key}
        aria-sort={active === 'asc' ? 'ascending' : active === 'desc' ? 'descending' : 'none'}
        className={numeric ? classes.numeric : undefined}
      >
        <UnstyledButton className={classes.sortButton} onClick={() => onSort(nextSort(sort, key))} title={title}>
          {label}
          {active === 'asc' ? (
            <IconArrowUp size={12} aria-hidden />
          ) : active === 'desc' ? (
            <IconArrowDown size={12} aria-hidden />
          ) : (
            <IconArrowsSort size={12} aria-hidden className={classes.sortIdle} />
          )}
          <VisuallyHidden>{title !== label ? `(${title})` : ''}, sort</VisuallyHidden>
        </UnstyledButton>
      </Table.Th>
    );
  };

  return (
    <>
      {/* Positioned, so the visually hidden texts inside (placed absolutely) scroll with the table, not widen the page. */}
      <Table.ScrollContainer minWidth={980} type="native" style={{ position: 'relative' }}>
        <Table highlightOnHover verticalSpacing={6} className={classes.table} data-testid="watchlist-table">
          <caption className={classes.caption}>
            {listName}
            {sort ? '' : '. Reorder a row by dragging its handle, or with the arrow keys on it.'}
          </caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>
                <VisuallyHidden>Order</VisuallyHidden>
              </Table.Th>
              {header('symbol', 'Symbol', 'Symbol', false)}
              {FIGURE_COLUMNS.map((c) => header(c.key, c.label, c.title, true))}
              <Table.Th>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((row) => (
              <Table.Tr
                key={row.symbol}
                data-symbol={row.symbol}
                data-dragging={dragged === row.symbol || undefined}
                onDragOver={sort ? undefined : (e) => e.preventDefault()}
                onDrop={sort ? undefined : (e) => dropOn(e, row.symbol)}
              >
                <Table.Td className={classes.handleCell}>
                  {!sort && (
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      size="sm"
                      draggable
                      aria-label={`Move ${row.symbol} (arrow keys)`}
                      data-testid="watchlist-drag-handle"
                      onDragStart={(e) => {
                        e.dataTransfer.effectAllowed = 'move';
                        e.dataTransfer.setData('text/plain', row.symbol);
                        setDragged(row.symbol);
                      }}
                      onDragEnd={() => setDragged(null)}
                      onKeyDown={(e) => onHandleKey(e, row.symbol)}
                      className={classes.handle}
                    >
                      <IconGripVertical size={14} aria-hidden />
                    </ActionIcon>
                  )}
                </Table.Td>
                <Table.Td>
                  <Link to="/trading" search={{ symbol: row.symbol }} className={classes.symbolLink}>
                    <Text size="sm" fw={700} span>
                      {row.symbol}
                    </Text>
                  </Link>
                  <Text size="xs" c="dimmed" truncate="end" maw={180}>
                    {row.name}
                  </Text>
                </Table.Td>
                {FIGURE_COLUMNS.map((c) => {
                  const value = row[c.key];
                  const tone =
                    c.signed && typeof value === 'number'
                      ? value > 0
                        ? 'gain'
                        : value < 0
                          ? 'loss'
                          : undefined
                      : undefined;
                  const waiting = !row.complete && value === null && c.key !== 'price';
                  return (
                    <Table.Td
                      key={c.key}
                      className={`${classes.numeric} ${tone ? classes[tone] : ''}`}
                      data-column={c.key}
                    >
                      {waiting ? <span aria-label="still computing">…</span> : c.format(row)}
                    </Table.Td>
                  );
                })}
                <Table.Td className={classes.actions}>
                  <AlertBell symbol={row.symbol} level={row.price ?? undefined} size="sm" />
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    size="sm"
                    aria-label={`Remove ${row.symbol} from ${listName}`}
                    onClick={() => onRemove(row.symbol)}
                  >
                    <IconX size={14} aria-hidden />
                  </ActionIcon>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <VisuallyHidden aria-live="polite">{announce}</VisuallyHidden>
    </>
  );
}
