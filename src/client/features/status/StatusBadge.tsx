import { Badge, type BadgeProps } from '@mantine/core';
import { STATUS_LABELS } from '../../../shared/status/rules';
import type { ServiceStatus } from '../../../shared/status/types';
import classes from './status.module.css';

interface Props extends Omit<BadgeProps, 'color' | 'variant'> {
  status: ServiceStatus;
  /** Text instead of the status word (a category's "Operational"). */
  label?: string;
}

/** A status word on its status colour, with AA contrast in both themes (see status.module.css). */
export function StatusBadge({ status, label, ...props }: Props) {
  return (
    <Badge {...props} className={classes.badge} data-status={status} variant="filled">
      {label ?? STATUS_LABELS[status]}
    </Badge>
  );
}
