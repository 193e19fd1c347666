import { Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconLock, IconUser, IconUserCircle } from '@tabler/icons-react';
import { AppLayout } from '../../components/AppLayout';
import { FullPageLoader } from '../../components/FullPageLoader';
import { ButtonLink } from '../../components/RouterLinks';
import { useAuth } from '../../lib/useAuth';
import { AccountTab } from './AccountTab';
import { ProfileTab } from './ProfileTab';
import { SecurityTab } from './SecurityTab';

/** /settings and /account (SPEC section 2). AccessGate keeps signed-out visitors away. */
export function SettingsPage() {
  const { user } = useAuth();
  if (!user) return <FullPageLoader label="Loading settings..." />;

  return (
    <AppLayout size="md">
      <Stack gap="lg">
        <Group>
          <ButtonLink to="/chat" variant="subtle" leftSection={<IconArrowLeft size={16} />} px={0}>
            Back to Chat
          </ButtonLink>
        </Group>
        <div>
          <Title order={1} fz={30}>
            Account Settings
          </Title>
          <Text c="dimmed">Manage your profile, password and account.</Text>
        </div>
        <Tabs defaultValue="profile" keepMounted={false}>
          <Tabs.List mb="lg">
            <Tabs.Tab value="profile" leftSection={<IconUser size={16} />}>
              Profile
            </Tabs.Tab>
            <Tabs.Tab value="security" leftSection={<IconLock size={16} />}>
              Security
            </Tabs.Tab>
            <Tabs.Tab value="account" leftSection={<IconUserCircle size={16} />}>
              Account
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="profile">
            <ProfileTab user={user} />
          </Tabs.Panel>
          <Tabs.Panel value="security">
            <SecurityTab />
          </Tabs.Panel>
          <Tabs.Panel value="account">
            <AccountTab user={user} />
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </AppLayout>
  );
}
