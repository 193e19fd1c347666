import type { DrawnLine } from './chartTypes';

/** What the chart's line tools show: how many lines, which one is selected, whether there is something to undo. */
export interface LinesState {
  count: number;
  /** Index of the selected line, or -1. */
  selected: number;
  canUndo: boolean;
}

/** Undo goes back this many steps; older ones are forgotten. */
const UNDO_LIMIT = 50;

/**
 * The drawn lines of one chart with their editing history: add, select, delete the selected one, clear all, and undo
 * any of those (a cleared chart comes back with one undo). Kept in memory only (product.md §3). No DOM: the drawing
 * plugin paints what `lines` holds.
 */
export class DrawnLines {
  private list: DrawnLine[] = [];
  private selectedIndex = -1;
  private history: DrawnLine[][] = [];

  get lines(): readonly DrawnLine[] {
    return this.list;
  }

  get selected(): number {
    return this.selectedIndex;
  }

  state(): LinesState {
    return { count: this.list.length, selected: this.selectedIndex, canUndo: this.history.length > 0 };
  }

  add(line: DrawnLine): void {
    this.remember();
    this.list = [...this.list, line];
    this.selectedIndex = -1;
  }

  select(index: number): void {
    this.selectedIndex = index >= 0 && index < this.list.length ? index : -1;
  }

  /** Removes the selected line; false when none is selected. */
  deleteSelected(): boolean {
    if (this.selectedIndex < 0) return false;
    this.remember();
    this.list = this.list.filter((_, i) => i !== this.selectedIndex);
    this.selectedIndex = -1;
    return true;
  }

  /** Removes every line (undoable); false when there was none. */
  clear(): boolean {
    if (this.list.length === 0) return false;
    this.remember();
    this.list = [];
    this.selectedIndex = -1;
    return true;
  }

  /** Takes back the last add, delete or clear; false when there is nothing to undo. */
  undo(): boolean {
    const previous = this.history.pop();
    if (!previous) return false;
    this.list = previous;
    this.selectedIndex = -1;
    return true;
  }

  /** A new symbol or timeframe starts over: no lines and no history (product.md §4). */
  reset(): void {
    this.list = [];
    this.selectedIndex = -1;
    this.history = [];
  }

  private remember(): void {
    this.history.push(this.list);
    if (this.history.length > UNDO_LIMIT) this.history.shift();
  }
}

/** Distance in pixels from point (px, py) to the segment (x1, y1)-(x2, y2). */
export function distanceToSegment(px: number, py: number, x1: number, y1: number, x2: number, y2: number): number {
  const dx = x2 - x1;
  const dy = y2 - y1;
  const lengthSquared = dx * dx + dy * dy;
  const t = lengthSquared === 0 ? 0 : Math.max(0, Math.min(1, ((px - x1) * dx + (py - y1) * dy) / lengthSquared));
  return Math.hypot(px - (x1 + t * dx), py - (y1 + t * dy));
}
