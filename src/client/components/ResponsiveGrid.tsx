import type { CSSProperties, ReactNode } from 'react';
import classes from './ResponsiveGrid.module.css';

interface Props {
  /** Columns from the `from` breakpoint up; one column below it. */
  cols: number;
  from: 'sm' | 'md';
  /** Gap in pixels (default: Mantine's lg spacing). */
  gap?: number;
  align?: CSSProperties['alignItems'];
  children: ReactNode;
}

/**
 * One column on phones, `cols` from a breakpoint up: the landing page's grids in plain CSS. Mantine's SimpleGrid does the
 * same with a style engine the landing page would otherwise be the only first-paint user of.
 */
export function ResponsiveGrid({ cols, from, gap, align, children }: Props) {
  const style = {
    '--grid-cols': cols,
    ...(gap !== undefined ? { '--grid-gap': `${gap}px` } : {}),
    ...(align ? { '--grid-align': align } : {}),
  } as CSSProperties;
  return (
    <div className={classes.grid} data-from={from} style={style}>
      {children}
    </div>
  );
}
