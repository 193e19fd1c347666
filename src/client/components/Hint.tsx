import type { ReactNode } from 'react';
import classes from './Hint.module.css';

interface Props {
  /** What the control does. Visual only: the control itself must carry its accessible name (aria-label). */
  label: string;
  position?: 'right' | 'bottom' | 'bottom-start';
  multiline?: boolean;
  children: ReactNode;
}

/**
 * A tooltip drawn by CSS on hover and focus. Mantine's Tooltip brings a positioning library (a tenth of the trading
 * page's JavaScript) for labels that always fit beside a toolbar button.
 */
export function Hint({ label, position = 'bottom', multiline = false, children }: Props) {
  return (
    <span className={classes.hint}>
      {children}
      <span className={classes.label} data-position={position} data-multiline={multiline || undefined} aria-hidden>
        {label}
      </span>
    </span>
  );
}
