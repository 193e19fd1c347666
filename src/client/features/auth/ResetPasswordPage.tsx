import { Alert, Anchor, Button, PasswordInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { resetPasswordFormSchema, type ResetPasswordFormInput } from '../../../shared/schemas/account';
import { errorBodyOf } from '../../lib/errors';
import { toast } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import { useForgetSignedInUser } from '../../lib/useLogout';
import { usePageTitle } from '../../lib/usePageTitle';
import { zodResolver } from '../../lib/zodResolver';
import { AuthShell } from './AuthShell';
import { ForgotPasswordLink } from './ForgotPassword';

/**
 * /auth/reset?token=…: a new password through the one-time link, mailed ("Forgot password?") or printed by the
 * operator. The same password rule as sign-up; afterwards every session of the account has ended, so the person signs
 * in with the new password. A used or expired link offers to ask for a new one.
 */
export function ResetPasswordPage({ token }: { token: string }) {
  usePageTitle('Reset Password');
  const trpc = useTRPC();
  const forgetSignedInUser = useForgetSignedInUser();
  const navigate = useNavigate();
  const form = useForm<ResetPasswordFormInput>({
    initialValues: { newPassword: '', confirmPassword: '' },
    validate: zodResolver(resetPasswordFormSchema),
  });
  const reset = useMutation(
    trpc.auth.resetPassword.mutationOptions({
      onSuccess: ({ message }) => {
        // This browser's session, if it had one, has ended with all the others.
        forgetSignedInUser();
        void toast({ title: 'Password reset', description: message });
        void navigate({ to: '/auth' });
      },
    }),
  );
  const failure = reset.error ? errorBodyOf(reset.error).message.replace(/^\w+: /, '') : null;

  return (
    <AuthShell heading="Choose a new password" subtitle="Your reset link works once" cardTitle="Reset Password">
      {token ? (
        <form onSubmit={form.onSubmit(({ newPassword }) => reset.mutate({ token, newPassword }))} noValidate>
          <Stack gap="md">
            {failure && (
              <Alert color="red" variant="light" role="alert">
                <Stack gap={4} align="flex-start">
                  <Text size="sm">{failure}</Text>
                  <ForgotPasswordLink label="Ask for a new link" />
                </Stack>
              </Alert>
            )}
            <PasswordInput
              label="New Password"
              autoComplete="new-password"
              required
              data-autofocus
              {...form.getInputProps('newPassword')}
            />
            <PasswordInput
              label="Confirm New Password"
              autoComplete="new-password"
              required
              {...form.getInputProps('confirmPassword')}
            />
            <Button type="submit" fullWidth size="md" loading={reset.isPending}>
              Set new password
            </Button>
          </Stack>
        </form>
      ) : (
        <Stack gap={4} align="flex-start">
          <Text size="sm">
            This page needs the reset link you were given, from your email or from whoever runs Tickwise.
          </Text>
          <ForgotPasswordLink label="Ask for a new link" />
        </Stack>
      )}
      <Text size="sm" ta="center" mt="md">
        <Anchor component={Link} to="/auth">
          Back to sign in
        </Anchor>
      </Text>
    </AuthShell>
  );
}
