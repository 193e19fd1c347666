import { Button, Code, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import type { PublicUser } from '../../../shared/user';
import { formatMemberSince } from '../../lib/dates';
import { useLogout } from '../../lib/useLogout';
import { DeleteAccountButton } from './DeleteAccountButton';
import { DownloadDataCard } from './DownloadDataCard';

/** Account tab: Member Since, User ID, the data download and the Danger Zone (sign out, delete the account). */
export function AccountTab({ user }: { user: PublicUser }) {
  const navigate = useNavigate();
  // Settings goes to / after logout, whether it worked or not (product.md §4).
  const logout = useLogout({ onDone: () => void navigate({ to: '/' }), alsoOnError: true });

  return (
    <Stack gap="lg">
      <Paper withBorder radius="lg" p="xl">
        <Stack gap="md">
          <div>
            <Text size="xs" tt="uppercase" fw={700} c="dimmed">
              Member Since
            </Text>
            <Text fw={600} data-testid="member-since">
              {formatMemberSince(user.createdAt)}
            </Text>
          </div>
          <div>
            <Text size="xs" tt="uppercase" fw={700} c="dimmed">
              User ID
            </Text>
            <Code>{user.id}</Code>
          </div>
        </Stack>
      </Paper>
      <DownloadDataCard />
      <Paper withBorder radius="lg" p="xl" style={{ borderColor: 'var(--mantine-color-red-7)' }}>
        <Title order={3} fz="lg" c="red" mb={4}>
          Danger Zone
        </Title>
        <Stack gap="md">
          <Group justify="space-between" wrap="wrap" gap="sm">
            <Text size="sm" c="dimmed">
              Sign out of Tickwise on this device.
            </Text>
            <Button
              color="red"
              variant="light"
              leftSection={<IconLogout size={16} />}
              onClick={() => logout.mutate()}
              loading={logout.isPending}
            >
              Sign Out
            </Button>
          </Group>
          <Group justify="space-between" wrap="wrap" gap="sm">
            <Text size="sm" c="dimmed" maw={480}>
              Delete your account and everything in it, on every device. This cannot be undone.
            </Text>
            <DeleteAccountButton />
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
