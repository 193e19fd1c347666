import { Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleX } from '@tabler/icons-react';
import { useEffect } from 'react';
import { AppLayout } from '../../components/AppLayout';
import { ButtonLink } from '../../components/RouterLinks';
import { toast } from '../../lib/toast';
import { usePageTitle } from '../../lib/usePageTitle';

/** /payment/cancel (product.md §2). */
export function PaymentCancelPage() {
  usePageTitle('Payment Cancelled');
  useEffect(() => {
    void toast({ title: 'Payment Cancelled', description: 'No charges were made' });
  }, []);

  return (
    <AppLayout size="sm">
      <Paper withBorder radius="lg" p="xl">
        <Stack gap="md" align="center" ta="center">
          <ThemeIcon size={56} radius="xl" variant="light" color="orange">
            <IconCircleX size={30} />
          </ThemeIcon>
          <Title order={1} fz={26}>
            Payment Cancelled
          </Title>
          <Text c="dimmed">
            You cancelled the payment, so no charges were made and nothing about your account has changed.
          </Text>
          <Group>
            <ButtonLink to="/checkout" variant="default">
              Try Again
            </ButtonLink>
            <ButtonLink to="/chat">Back to Chat</ButtonLink>
          </Group>
        </Stack>
      </Paper>
    </AppLayout>
  );
}
