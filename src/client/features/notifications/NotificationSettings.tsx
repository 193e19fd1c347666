import { Badge, Button, Group, Paper, Skeleton, Stack, Switch, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { LoadFailed } from '../../components/LoadFailed';
import { errorBodyOf } from '../../lib/errors';
import { toast } from '../../lib/toast';
import { useTRPC, useTRPCClient } from '../../lib/trpc';
import { createPushApi } from './pushApi';
import { pushState, subscribeDevice, unsubscribeDevice, type PushState } from './pushDevice';

const DEVICE_STATES: Record<PushState | 'checking', string> = {
  checking: 'Checking this browser…',
  unsupported: 'This browser cannot receive push notifications.',
  denied: 'Notifications are blocked for this site in the browser’s settings.',
  subscribed: 'This device receives push notifications.',
  unsubscribed: 'Push is not enabled on this device.',
};

/**
 * Settings › Notifications (issue 30 §3): the channels every notification takes (in-app always, push, e-mail), push
 * on this device, and a test notification to see them arrive.
 */
export function NotificationSettings() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const preferences = useQuery(trpc.notifications.preferences.queryOptions());
  const save = useMutation(
    trpc.notifications.setPreferences.mutationOptions({
      onSuccess: (answer) => queryClient.setQueryData(trpc.notifications.preferences.queryKey(), answer),
      onError: (error) =>
        toast({ title: 'Could not save', description: errorBodyOf(error).message, variant: 'destructive' }),
    }),
  );
  const test = useMutation(
    trpc.notifications.sendTest.mutationOptions({
      onError: (error) =>
        toast({ title: 'Test not sent', description: errorBodyOf(error).message, variant: 'destructive' }),
    }),
  );

  if (preferences.isPending)
    return <Skeleton height={260} radius="md" role="status" aria-label="Loading notification settings" />;
  if (preferences.isLoadingError) {
    return <LoadFailed what="your notification settings" onRetry={() => void preferences.refetch()} />;
  }
  const p = preferences.data;
  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="channels-heading">
        <Stack gap="md">
          <div>
            <Title order={2} size="h4" id="channels-heading">
              Channels
            </Title>
            <Text size="sm" c="dimmed">
              Where your notifications reach you. Every one is also kept under the bell.
            </Text>
          </div>
          <Switch label="In the app" description="Always on: the bell and a toast on any page." checked disabled />
          <Switch
            label="Push notifications"
            description={`To every device where push is enabled (${p.pushDevices} now), even with Tickwise closed.`}
            checked={p.push}
            onChange={(e) => save.mutate({ push: e.currentTarget.checked })}
          />
          <Switch
            label="E-mail"
            description={p.emailAvailable ? 'To your account’s address.' : 'This Tickwise has no mail server.'}
            checked={p.email}
            disabled={!p.emailAvailable}
            onChange={(e) => save.mutate({ email: e.currentTarget.checked })}
          />
        </Stack>
      </Paper>
      <DevicePush onChange={() => void preferences.refetch()} />
      <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="test-heading">
        <Group justify="space-between" gap="sm">
          <div>
            <Title order={2} size="h4" id="test-heading">
              Test
            </Title>
            <Text size="sm" c="dimmed">
              Sends you a notification on the channels above.
            </Text>
          </div>
          <Button variant="default" loading={test.isPending} onClick={() => test.mutate()}>
            Send a test notification
          </Button>
        </Group>
      </Paper>
    </Stack>
  );
}

/** "Enable push on this device": the browser's permission and subscription, told to the server (pushDevice.ts). */
function DevicePush({ onChange }: { onChange: () => void }) {
  const client = useTRPCClient();
  const [state, setState] = useState<PushState | 'checking'>('checking');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    let live = true;
    void pushState().then(
      (s) => live && setState(s),
      () => live && setState('unsupported'),
    );
    return () => {
      live = false;
    };
  }, []);

  const run = async (action: 'enable' | 'disable') => {
    setBusy(true);
    try {
      const api = createPushApi(client);
      if (action === 'enable') await subscribeDevice(api);
      else await unsubscribeDevice(api);
      void toast({ title: action === 'enable' ? 'Push enabled on this device' : 'Push turned off on this device' });
    } catch (error) {
      void toast({ title: 'Push not changed', description: errorBodyOf(error).message, variant: 'destructive' });
    } finally {
      setState(await pushState().catch(() => 'unsupported' as const));
      setBusy(false);
      onChange();
    }
  };

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="device-heading">
      <Stack gap="sm">
        <Group justify="space-between" gap="sm">
          <Title order={2} size="h4" id="device-heading">
            This device
          </Title>
          <Badge
            variant="light"
            color={state === 'subscribed' ? 'teal' : state === 'denied' ? 'red' : 'gray'}
            data-testid="push-state"
          >
            {state === 'subscribed'
              ? 'Subscribed'
              : state === 'denied'
                ? 'Blocked'
                : state === 'unsupported'
                  ? 'Unsupported'
                  : state === 'checking'
                    ? 'Checking'
                    : 'Off'}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {DEVICE_STATES[state]}
        </Text>
        {state === 'unsubscribed' && (
          <Button w="fit-content" loading={busy} onClick={() => void run('enable')}>
            Enable push on this device
          </Button>
        )}
        {state === 'subscribed' && (
          <Button w="fit-content" variant="default" loading={busy} onClick={() => void run('disable')}>
            Turn off push on this device
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
