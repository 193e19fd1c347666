import { Button } from '@mantine/core';
import { IconBellRinging } from '@tabler/icons-react';
import { useState } from 'react';
import type { AlertCondition } from '../../../shared/alerts/conditions';
import { useAuth } from '../../lib/useAuth';
import { LazyAlertDialog } from './LazyAlertDialog';

/**
 * An alert's level set by dragging a line on the chart (issue 30 §2): the "Alert line" button puts a horizontal line
 * at the last price; letting it go after a drag opens the alert dialog at that level, as a crossing up when above
 * the price and down when below. The line stays until the button is pressed again or the symbol changes.
 */
export function useAlertLine(symbol: string, price: number | undefined) {
  const { isAuthenticated } = useAuth();
  const [line, setLine] = useState<{ symbol: string; level: number } | null>(null);
  const [dialog, setDialog] = useState<{ level: number; condition: AlertCondition } | null>(null);
  const level = line && line.symbol === symbol ? line.level : null;

  const toggle = () => setLine(level !== null || price === undefined ? null : { symbol, level: price });
  const onDrop = (dropped: number) => {
    const rounded = Math.round(dropped * 100) / 100;
    setLine({ symbol, level: rounded });
    setDialog({ level: rounded, condition: price !== undefined && rounded < price ? 'crossesBelow' : 'crossesAbove' });
  };

  const button = isAuthenticated ? (
    <Button
      size="compact-xs"
      variant={level !== null ? 'light' : 'default'}
      leftSection={<IconBellRinging size={14} aria-hidden />}
      disabled={price === undefined}
      aria-pressed={level !== null}
      onClick={toggle}
      data-testid="alert-line-toggle"
    >
      Alert line
    </Button>
  ) : null;

  const dialogView = (
    <LazyAlertDialog
      opened={dialog !== null}
      onClose={() => setDialog(null)}
      symbol={symbol}
      level={dialog?.level}
      condition={dialog?.condition}
    />
  );

  return { level, onDrop, button, dialog: isAuthenticated ? dialogView : null };
}
