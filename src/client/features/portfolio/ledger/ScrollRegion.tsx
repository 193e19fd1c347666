import type { ReactNode } from 'react';
import classes from './Ledger.module.css';

/**
 * A table that may scroll sideways on a narrow screen. The scrolling box takes keyboard focus (and is a named
 * region), so it can be scrolled with the arrow keys as well as by touch.
 */
export function ScrollRegion({
  label,
  minWidth,
  maxHeight,
  children,
}: {
  label: string;
  minWidth: number;
  maxHeight?: number;
  children: ReactNode;
}) {
  return (
    <div className={classes.scrollRegion} tabIndex={0} role="region" aria-label={label} style={{ maxHeight }}>
      <div style={{ minWidth }}>{children}</div>
    </div>
  );
}
