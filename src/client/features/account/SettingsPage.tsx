import { Stack, Tabs } from '@mantine/core';
import { IconBell, IconLock, IconUser, IconUserCircle } from '@tabler/icons-react';
import { AppLayout } from '../../components/AppLayout';
import { FullPageLoader } from '../../components/FullPageLoader';
import { PageHeader } from '../../components/PageHeader';
import { useAuth } from '../../lib/useAuth';
import { AccountTab } from './AccountTab';
import { ProfileTab } from './ProfileTab';
import { SecurityTab } from './SecurityTab';
import { usePageTitle } from '../../lib/usePageTitle';
import { NotificationSettings } from '../notifications/NotificationSettings';

/** /settings and /account (product.md §2). AccessGate keeps signed-out visitors away. */
export function SettingsPage() {
  usePageTitle('Settings');
  const { user } = useAuth();
  if (!user) return <FullPageLoader label="Loading settings..." />;

  return (
    <AppLayout size="md">
      <Stack gap="lg">
        <PageHeader
          back={{ to: '/chat', label: 'Back to Chat' }}
          title="Account Settings"
          subtitle="Manage your profile, password and account."
        />
        <Tabs defaultValue="profile" keepMounted={false}>
          <Tabs.List mb="lg">
            <Tabs.Tab value="profile" leftSection={<IconUser size={16} />}>
              Profile
            </Tabs.Tab>
            <Tabs.Tab value="security" leftSection={<IconLock size={16} />}>
              Security
            </Tabs.Tab>
            <Tabs.Tab value="notifications" leftSection={<IconBell size={16} />}>
              Notifications
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
          <Tabs.Panel value="notifications">
            <NotificationSettings />
          </Tabs.Panel>
          <Tabs.Panel value="account">
            <AccountTab user={user} />
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </AppLayout>
  );
}
