import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { Watchlist } from '../../../shared/watchlists/types';

/** Deleting a list asks first: its symbols and their order go with it. */
export function DeleteWatchlistDialog({
  list,
  pending,
  onClose,
  onConfirm,
}: {
  list: Watchlist | null;
  pending: boolean;
  onClose: () => void;
  onConfirm: () => void;
}) {
  const count = list?.symbols.length ?? 0;
  return (
    <Modal opened={list !== null} onClose={onClose} title="Delete watchlist?" centered>
      <Stack gap="md">
        <Text size="sm">
          “{list?.name}” and its {count} {count === 1 ? 'symbol' : 'symbols'} will be deleted. This cannot be undone.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color="red" loading={pending} onClick={onConfirm}>
            Delete list
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
