import { Anchor, Button, Code, List, Loader, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { forgotPasswordSchema, RESET_LINK_MINUTES } from '../../../shared/schemas/account';
import { errorBodyOf } from '../../lib/errors';
import { toast } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';

/**
 * "Forgot password?". With a mail server (SMTP_URL) it asks for the email and the server mails a one-time link,
 * answering alike whatever the address; without one, it explains the operator's command, as before issue 30.
 * The reset page offers it too (`label`), for a link that was used or has expired.
 */
export function ForgotPasswordLink({ label = 'Forgot password?' }: { label?: string }) {
  const [opened, setOpened] = useState(false);
  const close = () => setOpened(false);
  return (
    <>
      <Anchor component="button" type="button" size="sm" onClick={() => setOpened(true)}>
        {label}
      </Anchor>
      <Modal opened={opened} onClose={close} title="Reset your password" centered>
        {opened && <ForgotPasswordBody onDone={close} />}
      </Modal>
    </>
  );
}

function ForgotPasswordBody({ onDone }: { onDone: () => void }) {
  const trpc = useTRPC();
  const options = useQuery(trpc.auth.resetOptions.queryOptions());
  if (options.isPending) return <Loader size="sm" role="status" aria-label="Loading" />;
  // Unknown (the check failed) reads as no mail server: the operator's way always works.
  return options.data?.byMail ? <ResetByMailForm onDone={onDone} /> : <OperatorReset />;
}

function ResetByMailForm({ onDone }: { onDone: () => void }) {
  const trpc = useTRPC();
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  // A refusal (too many requests, no mail server after all, the network) is a red toast with the server's words, as
  // on the sign-in form; the field keeps what was typed, to try again.
  const ask = useMutation(
    trpc.auth.forgotPassword.mutationOptions({
      onError: (error) =>
        void toast({
          title: 'Could not send the reset link',
          description: errorBodyOf(error).message,
          variant: 'destructive',
        }),
    }),
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = forgotPasswordSchema.safeParse({ email });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? 'Please enter a valid email address');
      return;
    }
    setProblem(null);
    ask.mutate(parsed.data);
  }

  if (ask.isSuccess) {
    return (
      <Stack gap="sm">
        <Text size="sm" role="status" data-testid="forgot-password-sent">
          {ask.data.message}
        </Text>
        <Button variant="default" onClick={onDone} data-autofocus>
          Back to sign in
        </Button>
      </Stack>
    );
  }
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text size="sm">
          Enter the email you signed up with. We will send a link to choose a new password; it works once, for{' '}
          {RESET_LINK_MINUTES} minutes.
        </Text>
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
          error={problem}
          data-autofocus
        />
        <Button type="submit" loading={ask.isPending}>
          Send reset link
        </Button>
      </Stack>
    </form>
  );
}

/** Without a mail server the person who runs this Tickwise makes the link and hands it over. */
function OperatorReset() {
  return (
    <Stack gap="sm">
      <Text size="sm">
        This Tickwise has no mail server, so we cannot email you a reset link. Instead, the person who runs it makes one
        for you:
      </Text>
      <List type="ordered" size="sm" spacing={6}>
        <List.Item>Ask them to reset the password of the email you signed up with.</List.Item>
        <List.Item>
          They run <Code>npm run user -- reset-password you@example.com</Code>, which prints a one-time link.
        </List.Item>
        <List.Item>
          Open the link within {RESET_LINK_MINUTES} minutes and choose a new password. The link works once, and every
          device signed in to your account is signed out.
        </List.Item>
      </List>
    </Stack>
  );
}
