import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { formatQuantityText } from '../../../../shared/portfolio/format';
import type { ValuedHolding } from '../../../../shared/portfolio/types';
import { errorBodyOf } from '../../../lib/errors';
import { toast } from '../../../lib/toast';
import { useTRPC } from '../../../lib/trpc';
import { useKeptWhileClosing } from '../../../lib/useKeptWhileClosing';
import { useRefreshPortfolio } from '../usePortfolioData';

interface Props {
  portfolioId: string;
  /** The holding about to be removed; null keeps the dialog closed. */
  holding: ValuedHolding | null;
  onClose: () => void;
}

/**
 * A holding's delete asks first: one stray tap on the trash icon must not lose a position's cost basis, and the
 * server removes the symbol's whole history from the ledger.
 */
export function RemoveHoldingDialog({ portfolioId, holding, onClose }: Props) {
  const trpc = useTRPC();
  const refresh = useRefreshPortfolio();
  const shown = useKeptWhileClosing(holding);
  const remove = useMutation(
    trpc.portfolios.removeHolding.mutationOptions({
      onSuccess: async () => {
        void toast({ title: 'Stock removed successfully!' });
        onClose();
        await refresh(portfolioId);
      },
      onError: (error) =>
        toast({
          title: 'Failed to remove stock',
          description: errorBodyOf(error).message,
          variant: 'destructive',
        }),
    }),
  );
  return (
    <Modal opened={holding !== null} onClose={onClose} title={`Remove ${shown?.symbol ?? 'holding'}?`} centered>
      <Stack gap="md">
        <Text size="sm">
          {holding
            ? `${formatQuantityText(holding.quantity)} ${holding.symbol} will be removed from this portfolio, with every ${holding.symbol} activity (buys, sells, dividends, splits) on the Activity tab.`
            : ''}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            color="red"
            loading={remove.isPending}
            onClick={() => holding && remove.mutate({ id: portfolioId, holdingId: holding.id })}
          >
            Remove
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
