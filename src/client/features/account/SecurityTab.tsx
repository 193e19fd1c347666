import { Button, Group, Paper, PasswordInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { type PasswordFormInput, passwordFormSchema } from '../../../shared/schemas/auth';
import { errorBodyOf } from '../../lib/errors';
import { toast } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import { zodResolver } from '../../lib/zodResolver';

const EMPTY: PasswordFormInput = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Security tab (product.md §2): change the password; the form clears after success (section 4). */
export function SecurityTab() {
  const trpc = useTRPC();
  const form = useForm<PasswordFormInput>({ initialValues: EMPTY, validate: zodResolver(passwordFormSchema) });

  const change = useMutation(
    trpc.auth.changePassword.mutationOptions({
      onSuccess: ({ message }) => {
        form.reset();
        void toast({
          title: 'Password Changed',
          description: message || 'Your password has been changed successfully.',
        });
      },
      onError: (error) =>
        toast({
          title: 'Password Change Failed',
          description: errorBodyOf(error).message || 'Failed to change password. Please try again.',
          variant: 'destructive',
        }),
    }),
  );

  return (
    <Paper withBorder radius="lg" p="xl">
      <form
        onSubmit={form.onSubmit(({ currentPassword, newPassword }) => change.mutate({ currentPassword, newPassword }))}
        noValidate
      >
        <Stack gap="md" maw={460}>
          <Text size="sm" c="dimmed">
            Use at least 6 characters. You stay signed in on this device after the change.
          </Text>
          <PasswordInput
            label="Current Password"
            autoComplete="current-password"
            required
            {...form.getInputProps('currentPassword')}
          />
          <PasswordInput
            label="New Password"
            autoComplete="new-password"
            required
            {...form.getInputProps('newPassword')}
          />
          <PasswordInput
            label="Confirm New Password"
            autoComplete="new-password"
            required
            {...form.getInputProps('confirmPassword')}
          />
          <Group>
            <Button type="submit" disabled={change.isPending}>
              {change.isPending ? 'Changing...' : 'Change Password'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
