import { Alert, Button, Group, Loader, Modal, Paper, Progress, Stack, Text, TextInput } from '@mantine/core';
import { IconCircleCheck, IconRefresh, IconShieldLock } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useState } from 'react';
import { errorBodyOf } from '../../lib/errors';
import { useTRPC } from '../../lib/trpc';
import { type CaptchaFields, parseCaptchaAnswer } from './captcha';
import { type ProofOfWorkState, useProofOfWork } from './useProofOfWork';

interface Props {
  opened: boolean;
  /** The email being signed in, if typed: an email under attack is given a longer proof of work at once. */
  email?: string;
  /** What the server said besides asking for the check, e.g. that the last answer was wrong. */
  hint?: string;
  onCancel: () => void;
  onSolved: (fields: CaptchaFields) => void;
}

/**
 * 'Security Verification' (product.md §4): a math question the user answers, plus a proof of work the browser
 * solves in a Web Worker meanwhile. Verify sends both; pressed before the browser is done, it sends as soon as it is.
 */
export function CaptchaPanel({ opened, email, hint, onCancel, onSolved }: Props) {
  return (
    <Modal opened={opened} onClose={onCancel} title="Security Verification" centered radius="lg">
      {/* Mounted only while open, so every opening asks the server for a fresh single-use challenge. */}
      {opened && <CaptchaChallenge email={email} hint={hint} onCancel={onCancel} onSolved={onSolved} />}
    </Modal>
  );
}

function CaptchaChallenge({ email, hint, onCancel, onSolved }: Omit<Props, 'opened'>) {
  const trpc = useTRPC();
  // The email is read once per opening: typing elsewhere must not fetch (and spend) new challenges.
  const [challengeInput] = useState(() => (email?.trim() ? { email: email.trim() } : undefined));
  const challenge = useQuery(trpc.auth.captchaChallenge.queryOptions(challengeInput, { staleTime: 0, gcTime: 0 }));
  const [answer, setAnswer] = useState('');
  const [waitingForProof, setWaitingForProof] = useState(false);
  const parsed = parseCaptchaAnswer(answer);
  const token = challenge.isFetching ? undefined : challenge.data?.mathChallenge.token;
  const work = useProofOfWork(challenge.isFetching ? undefined : challenge.data?.mathChallenge.work);

  function refresh() {
    setAnswer('');
    setWaitingForProof(false);
    void challenge.refetch();
  }

  function submit() {
    if (parsed === null || !token || work.status !== 'done') return;
    onSolved({ captchaType: 'math', captchaToken: token, captchaAnswer: parsed, captchaProof: work.proof });
  }

  // Verify pressed while the browser was still working: send as soon as the proof is found. An effect event, so it
  // sees the current answer and token without re-running (and sending again) whenever they change.
  const submitWhenProven = useEffectEvent(() => submit());
  useEffect(() => {
    if (waitingForProof && work.status === 'done') submitWhenProven();
  }, [waitingForProof, work.status]);

  function verify() {
    if (parsed === null || !token) return;
    if (work.status === 'done') submit();
    else setWaitingForProof(true);
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
        <BrowserCheck state={work} />
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
            <Button
              type="submit"
              loading={waitingForProof}
              disabled={parsed === null || !token || work.status === 'failed'}
            >
              Verify
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}

/** The proof of work's progress, so the wait is visible and explained. */
function BrowserCheck({ state }: { state: ProofOfWorkState }) {
  if (state.status === 'failed') {
    return (
      <Alert color="red" variant="light" p="xs" data-testid="captcha-work" data-state="failed">
        <Text size="sm">Your browser could not finish the security check. Press Refresh to try a new one.</Text>
      </Alert>
    );
  }
  if (state.status === 'done') {
    return (
      <Group gap={6} data-testid="captcha-work" data-state="done">
        <IconCircleCheck size={18} color="var(--mantine-color-teal-5)" />
        <Text size="sm" c="dimmed">
          Browser verified
        </Text>
      </Group>
    );
  }
  const percent = state.status === 'working' ? Math.round(state.searched * 100) : 0;
  return (
    <Stack gap={4} data-testid="captcha-work" data-state="working">
      <Text size="sm" c="dimmed">
        Verifying your browser…
      </Text>
      <Progress value={percent} size="sm" aria-label="Browser verification progress" animated />
    </Stack>
  );
}
