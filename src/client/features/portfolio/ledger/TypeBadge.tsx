import { Badge } from '@mantine/core';
import type { ActivityType } from '../../../../shared/portfolio/ledger/types';
import { ACTIVITY_COLORS, ACTIVITY_LABELS } from './ledgerText';

/** An activity's type as a coloured badge; never cut short, even when a narrow table squeezes its column. */
export function TypeBadge({ type }: { type: ActivityType }) {
  return (
    <Badge variant="light" radius="sm" color={ACTIVITY_COLORS[type]} style={{ minWidth: 'max-content' }}>
      {ACTIVITY_LABELS[type]}
    </Badge>
  );
}
