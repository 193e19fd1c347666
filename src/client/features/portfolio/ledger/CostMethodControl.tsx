import { Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { COST_METHODS, type CostMethod } from '../../../../shared/portfolio/ledger/types';
import { errorBodyOf } from '../../../lib/errors';
import { toast } from '../../../lib/toast';
import { useTRPC } from '../../../lib/trpc';
import { COST_METHOD_EXPLAINED, COST_METHOD_LABELS } from './ledgerText';
import { useRefreshLedger } from './useLedgerData';

/** FIFO or average cost for the portfolio's realised gains and cost basis; the choice re-reads every figure. */
export function CostMethodControl({ portfolioId, method }: { portfolioId: string; method: CostMethod }) {
  const trpc = useTRPC();
  const refresh = useRefreshLedger();
  const update = useMutation(
    trpc.portfolios.update.mutationOptions({
      onSuccess: async (_data, input) => {
        void toast({ title: `Cost method: ${COST_METHOD_LABELS[input.costMethod ?? 'fifo']}` });
        await refresh(portfolioId);
      },
      onError: (error) =>
        toast({
          title: 'Failed to change the cost method',
          description: errorBodyOf(error).message,
          variant: 'destructive',
        }),
    }),
  );
  // While the change is on its way, the control shows the method asked for.
  const shown = update.isPending && update.variables?.costMethod ? update.variables.costMethod : method;
  return (
    <Stack gap={4} data-testid="cost-method">
      <Group gap="xs" wrap="wrap">
        <Text size="sm" fw={600} id="cost-method-label">
          Cost method
        </Text>
        <SegmentedControl
          size="xs"
          value={shown}
          disabled={update.isPending}
          onChange={(v) => update.mutate({ id: portfolioId, costMethod: v })}
          data={COST_METHODS.map((m) => ({ value: m, label: COST_METHOD_LABELS[m] }))}
          aria-labelledby="cost-method-label"
        />
      </Group>
      <Text size="xs" c="dimmed">
        {COST_METHOD_EXPLAINED[shown]}
      </Text>
    </Stack>
  );
}
