import { Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { AppLayout } from '../../components/AppLayout';
import { toast } from '../../lib/toast';
import { usePageTitle } from '../../lib/usePageTitle';
import { DailyLimitsList } from './DailyLimitsList';

/** product.md §9: retired pages redirect after 2 s. */
export const RETIRED_REDIRECT_MS = 2000;

const COPY = {
  checkout: {
    page: 'Checkout',
    title: 'No paid plans',
    text: 'Tickwise no longer sells plans, so there is nothing to check out.',
  },
  success: {
    page: 'Payment',
    title: 'No payments',
    text: 'Tickwise no longer takes payments, so there is no payment to confirm.',
  },
  invoices: {
    page: 'Invoices',
    title: 'No invoices',
    text: 'Tickwise no longer bills anyone, so there are no invoices to show.',
  },
} as const;

/** /checkout, /payment/success and /invoices: retired; they explain why, list the limits and go home. */
export function RetiredPaymentPage({ kind }: { kind: keyof typeof COPY }) {
  const navigate = useNavigate();
  const copy = COPY[kind];
  usePageTitle(copy.page);

  useEffect(() => {
    void toast({ title: 'Redirecting', description: 'Everyone now uses the same free daily limits.' });
    const timer = window.setTimeout(() => void navigate({ to: '/', replace: true }), RETIRED_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [navigate]);

  return (
    <AppLayout size="sm">
      <Paper withBorder radius="lg" p="xl">
        <Stack gap="md">
          <Title order={1} fz={26}>
            {copy.title}
          </Title>
          <Text c="dimmed">{copy.text} Every account has the same daily limits, free of charge:</Text>
          <DailyLimitsList />
          <Text size="sm" c="dimmed">
            <Loader size={12} mr={8} />
            Taking you back to the app…
          </Text>
        </Stack>
      </Paper>
    </AppLayout>
  );
}
