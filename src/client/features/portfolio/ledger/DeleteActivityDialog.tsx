import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import type { Activity } from '../../../../shared/portfolio/ledger/types';
import { errorBodyOf } from '../../../lib/errors';
import { toast } from '../../../lib/toast';
import { useTRPC } from '../../../lib/trpc';
import { useKeptWhileClosing } from '../../../lib/useKeptWhileClosing';
import { describeActivity } from './describeActivity';
import { ACTIVITY_LABELS } from './ledgerText';
import { useRefreshLedger } from './useLedgerData';

interface Props {
  portfolioId: string;
  activity: Activity | null;
  onClose: () => void;
}

/** Deleting asks first: the holdings, cash and returns are all recomputed from what remains. */
export function DeleteActivityDialog({ portfolioId, activity, onClose }: Props) {
  const trpc = useTRPC();
  const refresh = useRefreshLedger();
  const shown = useKeptWhileClosing(activity);
  const remove = useMutation(
    trpc.portfolios.deleteActivity.mutationOptions({
      onSuccess: async () => {
        void toast({ title: 'Activity deleted' });
        onClose();
        await refresh(portfolioId);
      },
      onError: (error) =>
        toast({ title: 'Failed to delete activity', description: errorBodyOf(error).message, variant: 'destructive' }),
    }),
  );
  return (
    <Modal
      opened={activity !== null}
      onClose={onClose}
      title={`Delete this ${shown ? ACTIVITY_LABELS[shown.type].toLowerCase() : 'activity'}?`}
      centered
    >
      <Stack gap="md">
        <Text size="sm">
          {shown ? `${describeActivity(shown)}. ` : ''}Holdings, cash and returns are recomputed without it; a later
          sell that needs it stops the delete.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            color="red"
            loading={remove.isPending}
            onClick={() => activity && remove.mutate({ id: portfolioId, activityId: activity.id })}
          >
            Delete
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
