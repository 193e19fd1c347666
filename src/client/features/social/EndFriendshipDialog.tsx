import { Button, Group, Modal, Stack, Text } from '@mantine/core';

export type EndFriendshipKind = 'unfriend' | 'block';

interface Props {
  /** Who and how, or null when closed. */
  target: { kind: EndFriendshipKind; name: string } | null;
  pending: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

const WORDS: Record<
  EndFriendshipKind,
  { title: (name: string) => string; body: (name: string) => string; confirm: string }
> = {
  unfriend: {
    title: (name) => `Unfriend ${name}?`,
    body: (name) =>
      `You and ${name} will no longer see your conversation or be able to message each other. Either of you can send a new friend request later.`,
    confirm: 'Unfriend',
  },
  block: {
    title: (name) => `Block ${name}?`,
    body: (name) =>
      `This ends your friendship. Neither of you will find the other in search, and messages and friend requests between you will not arrive. ${name} is not told.`,
    confirm: 'Block',
  },
};

/** Asks before a friendship ends: unfriending and blocking close the conversation for both people. */
export function EndFriendshipDialog({ target, pending, onCancel, onConfirm }: Props) {
  const words = target ? WORDS[target.kind] : null;
  return (
    <Modal opened={target !== null} onClose={onCancel} title={target && words?.title(target.name)} centered radius="lg">
      {target && words && (
        <Stack gap="md">
          <Text size="sm">{words.body(target.name)}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel} disabled={pending}>
              Cancel
            </Button>
            <Button
              color="red"
              onClick={onConfirm}
              loading={pending}
              data-autofocus
              data-testid="confirm-end-friendship"
            >
              {words.confirm}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
