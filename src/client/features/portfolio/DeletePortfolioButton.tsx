import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import type { PortfolioSummary } from '../../../shared/portfolio/types';
import { errorBodyOf } from '../../lib/errors';
import { toast } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import { useRefreshPortfolio } from './usePortfolioData';

/** Deleting a portfolio (and its holdings and link) after a confirmation: the only way back under the limit of 50. */
export function DeletePortfolioButton({
  portfolio,
  onDeleted,
}: {
  portfolio: PortfolioSummary;
  onDeleted: () => void;
}) {
  const trpc = useTRPC();
  const refresh = useRefreshPortfolio();
  const [confirming, setConfirming] = useState(false);
  const remove = useMutation(
    trpc.portfolios.delete.mutationOptions({
      onSuccess: async () => {
        void toast({ title: 'Portfolio deleted' });
        setConfirming(false);
        onDeleted();
        await refresh();
      },
      onError: (error) =>
        toast({ title: 'Failed to delete portfolio', description: errorBodyOf(error).message, variant: 'destructive' }),
    }),
  );
  return (
    <>
      <Button
        variant="subtle"
        color="red"
        leftSection={<IconTrash size={16} aria-hidden />}
        onClick={() => setConfirming(true)}
      >
        Delete
      </Button>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title="Delete portfolio?" centered>
        <Stack gap="md">
          <Text size="sm">
            “{portfolio.name}” and its {portfolio.holdingsCount}{' '}
            {portfolio.holdingsCount === 1 ? 'holding' : 'holdings'} will be deleted
            {portfolio.isPublic ? ', and its shared link will stop working' : ''}. This cannot be undone.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button color="red" loading={remove.isPending} onClick={() => remove.mutate({ id: portfolio.id })}>
              Delete portfolio
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
