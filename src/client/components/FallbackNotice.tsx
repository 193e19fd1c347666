import { Paper, Text, UnstyledButton } from '@mantine/core';
import { useEffect } from 'react';
import { showFallbackNotice, useFallbackNotice } from '../lib/fallbackNotice';
import { TOAST_DURATION_MS } from '../lib/toast';

/**
 * The toast's stand-in when the toast code could not be fetched (lib/toast.ts): same words, same place, same
 * 5 s, built from what the first page already loaded. Top right like the toasts, clear of the composers at the
 * bottom of the conversations.
 */
export function FallbackNotice() {
  const notice = useFallbackNotice();
  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => showFallbackNotice(null), TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [notice]);
  if (!notice) return null;
  const destructive = notice.variant === 'destructive';
  return (
    <Paper
      role={destructive ? 'alert' : 'status'}
      data-testid="fallback-notice"
      withBorder
      shadow="md"
      radius="md"
      p="sm"
      pr={40}
      style={{
        position: 'fixed',
        top: 16,
        right: 16,
        left: 'auto',
        zIndex: 1000,
        width: 'min(400px, calc(100vw - 32px))',
        borderLeft: `4px solid var(--mantine-color-${destructive ? 'red' : 'teal'}-6)`,
      }}
    >
      <Text fw={600} size="sm">
        {notice.title}
      </Text>
      {notice.description && (
        <Text size="sm" c="dimmed">
          {notice.description}
        </Text>
      )}
      <UnstyledButton
        aria-label="Dismiss notification"
        onClick={() => showFallbackNotice(null)}
        style={{ position: 'absolute', top: 8, right: 12, fontSize: 18, lineHeight: 1 }}
      >
        ×
      </UnstyledButton>
    </Paper>
  );
}
