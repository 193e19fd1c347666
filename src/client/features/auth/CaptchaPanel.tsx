import { Alert, Button, Group, Loader, Modal, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconRefresh, IconShieldLock } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { errorBodyOf } from '../../lib/errors';
import { useTRPC } from '../../lib/trpc';
import { type CaptchaFields, parseCaptchaAnswer } from './captcha';

interface Props {
  opened: boolean;
  /** What the server said besides asking for the check, e.g. that the last answer was wrong. */
  hint?: string;
  onCancel: () => void;
  onSolved: (fields: CaptchaFields) => void;
}

/** 'Security Verification' (SPEC section 4): a math challenge the user answers before the form is sent again. */
export function CaptchaPanel({ opened, hint, onCancel, onSolved }: Props) {
  return (
    <Modal opened={opened} onClose={onCancel} title="Security Verification" centered radius="lg">
      {/* Mounted only while open, so every opening asks the server for a fresh single-use challenge. */}
      {opened && <CaptchaChallenge hint={hint} onCancel={onCancel} onSolved={onSolved} />}
    </Modal>
  );
}

function CaptchaChallenge({ hint, onCancel, onSolved }: Omit<Props, 'opened'>) {
  const trpc = useTRPC();
  const challenge = useQuery(trpc.auth.captchaChallenge.queryOptions(undefined, { staleTime: 0, gcTime: 0 }));
  const [answer, setAnswer] = useState('');
  const parsed = parseCaptchaAnswer(answer);
  const token = challenge.data?.mathChallenge.token;

  function refresh() {
    setAnswer('');
    void challenge.refetch();
  }

  function verify() {
    if (parsed === null || !token) return;
    onSolved({ captchaType: 'math', captchaToken: token, captchaAnswer: parsed });
  }

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        verify();
      }}
    >
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <IconShieldLock size={28} color="var(--mantine-color-teal-5)" style={{ flexShrink: 0 }} />
          <Text size="sm">We've detected unusual activity. Please complete this security check to continue.</Text>
        </Group>
        {hint && (
          <Alert color="yellow" variant="light" p="xs" data-testid="captcha-hint">
            <Text size="sm">{hint}</Text>
          </Alert>
        )}
        <Paper withBorder p="md" radius="md" ta="center">
          {challenge.isFetching ? (
            <Loader size="sm" />
          ) : challenge.isError ? (
            <Alert color="red" variant="light">
              {errorBodyOf(challenge.error).message}
            </Alert>
          ) : (
            <Text fw={700} fz="xl" data-testid="captcha-question">
              {challenge.data?.mathChallenge.question}
            </Text>
          )}
        </Paper>
        <TextInput
          label="Your answer"
          placeholder="Enter the answer"
          inputMode="numeric"
          autoComplete="off"
          value={answer}
          onChange={(e) => setAnswer(e.currentTarget.value.replace(/[^\d-]/g, ''))}
          data-autofocus
        />
        <Group justify="space-between">
          <Button variant="subtle" leftSection={<IconRefresh size={16} />} onClick={refresh}>
            Refresh
          </Button>
          <Group gap="xs">
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
            <Button type="submit" disabled={parsed === null || !token || challenge.isFetching}>
              Verify
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
