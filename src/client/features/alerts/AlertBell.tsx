import { ActionIcon, type ActionIconProps } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useNavigate } from '@tanstack/react-router';
import { IconBellPlus } from '@tabler/icons-react';
import { Hint } from '../../components/Hint';
import { useAuth } from '../../lib/useAuth';
import { LazyAlertDialog } from './LazyAlertDialog';

export interface AlertBellProps {
  symbol: string;
  /** A starting level for the new alert (the last price, say). */
  level?: number;
  size?: ActionIconProps['size'];
}

/**
 * A bell that sets a price alert on `symbol` (issue 30 §2): on the chart header, the stock page and watchlist rows.
 * Signed out, it leads to sign-in: alerts belong to an account.
 */
export function AlertBell({ symbol, level, size = 'lg' }: AlertBellProps) {
  const { isAuthenticated } = useAuth();
  const navigate = useNavigate();
  const [opened, dialog] = useDisclosure(false);
  const label = isAuthenticated ? `Set an alert on ${symbol}` : 'Sign in to set price alerts';
  return (
    <>
      <Hint label={label} position="bottom">
        <ActionIcon
          variant="default"
          size={size}
          aria-label={label}
          data-testid="alert-bell"
          onClick={() => (isAuthenticated ? dialog.open() : void navigate({ to: '/auth' }))}
        >
          <IconBellPlus size={18} aria-hidden />
        </ActionIcon>
      </Hint>
      {isAuthenticated && <LazyAlertDialog opened={opened} onClose={dialog.close} symbol={symbol} level={level} />}
    </>
  );
}
