import { Button, List, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { IconTrash } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { DialogActions } from '../../components/DialogActions';
import { errorBodyOf } from '../../lib/errors';
import { toast } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import { useForgetSignedInUser } from '../../lib/useLogout';

/** Deletes the account for good after the password is typed again; every device is signed out. */
export function DeleteAccountButton() {
  const trpc = useTRPC();
  const forgetSignedInUser = useForgetSignedInUser();
  const navigate = useNavigate();
  const [opened, setOpened] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);

  const remove = useMutation(
    trpc.account.delete.mutationOptions({
      onSuccess: ({ message }) => {
        forgetSignedInUser();
        void toast({ title: 'Account deleted', description: message });
        void navigate({ to: '/' });
      },
      onError: (failure) => setError(errorBodyOf(failure).message.replace(/^password: /, '')),
    }),
  );

  function close() {
    setOpened(false);
    setPassword('');
    setError(null);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!password || remove.isPending) return;
    remove.mutate({ password });
  }

  return (
    <>
      <Button color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={() => setOpened(true)}>
        Delete account
      </Button>
      <Modal opened={opened} onClose={close} title="Delete your account?" centered>
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <Text size="sm">This cannot be undone. Deleting your account removes:</Text>
            <List size="sm" spacing={2}>
              <List.Item>your profile, portfolios and holdings, and their shared links</List.Item>
              <List.Item>your AI conversations</List.Item>
              <List.Item>your direct messages (sent and received) and friendships</List.Item>
            </List>
            <Text size="sm">Every device signed in to this account is signed out.</Text>
            <PasswordInput
              label="Password"
              description="Type your password to confirm"
              autoComplete="current-password"
              required
              data-autofocus
              value={password}
              onChange={(e) => {
                setPassword(e.currentTarget.value);
                setError(null);
              }}
              error={error}
              visibilityToggleButtonProps={{ 'aria-label': 'Show or hide password' }}
            />
            <DialogActions onCancel={close} color="red" disabled={!password} loading={remove.isPending}>
              Delete my account
            </DialogActions>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
