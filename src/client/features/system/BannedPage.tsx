import { Button, Center, Code, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBan } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { BANNED_MESSAGE } from '../../../shared/errors';
import { useLogout } from '../../lib/useLogout';
import { usePageTitle } from '../../lib/usePageTitle';

/** /banned (product.md §2): the only screen a banned user sees; Sign Out is the only action. */
export function BannedPage() {
  usePageTitle('Account Banned');
  const navigate = useNavigate();
  const logout = useLogout({ onDone: () => void navigate({ to: '/auth' }) });

  return (
    <Center mih="100vh" p="md">
      <Paper withBorder radius="lg" p="xl" maw={480} w="100%" style={{ borderColor: 'var(--mantine-color-red-8)' }}>
        <Stack align="center" gap="md" ta="center">
          <ThemeIcon size={64} radius="xl" color="red" variant="light">
            <IconBan size={36} />
          </ThemeIcon>
          <Title order={1} fz={28}>
            Account Banned
          </Title>
          <Text c="dimmed">{BANNED_MESSAGE}</Text>
          <Code>Error Code: 403 - Account Access Denied</Code>
          <Button color="red" fullWidth onClick={() => logout.mutate()} disabled={logout.isPending}>
            {logout.isPending ? 'Signing out...' : 'Sign Out'}
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
}
