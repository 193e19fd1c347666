import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { MAX_WATCHLIST_NAME_LENGTH } from '../../../shared/watchlists/limits';
import { watchlistNameSchema } from '../../../shared/watchlists/schemas';

export interface WatchlistNameDialogProps {
  opened: boolean;
  title: string;
  submitLabel: string;
  initialName?: string;
  pending: boolean;
  onClose: () => void;
  /** Called with the checked, trimmed name. */
  onSubmit: (name: string) => void;
}

/** The name of a new list, or a list's new name, checked with the server's own rule before it is sent. */
export function WatchlistNameDialog(props: WatchlistNameDialogProps) {
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={props.title} centered>
      {props.opened && <NameForm {...props} />}
    </Modal>
  );
}

function NameForm({ submitLabel, initialName = '', pending, onClose, onSubmit }: WatchlistNameDialogProps) {
  const [name, setName] = useState(initialName);
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = watchlistNameSchema.safeParse(name);
    if (!parsed.success) return setProblem(parsed.error.issues[0]?.message ?? 'Name is required');
    setProblem(null);
    onSubmit(parsed.data);
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label="Name"
          value={name}
          maxLength={MAX_WATCHLIST_NAME_LENGTH}
          onChange={(e) => setName(e.currentTarget.value)}
          error={problem}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={pending}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
