import { Anchor, Badge, Group, Stack, Text, Title } from '@mantine/core';
import { IconCrown } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { greetingFor } from '../../../shared/greeting';
import { AppLayout } from '../../components/AppLayout';
import { AtAGlance } from './AtAGlance';
import type { PublicUser } from '../../../shared/user';
import { DashboardFeatureCards } from './DashboardFeatureCards';
import { InfoCards } from './InfoCards';
import { QuickActions } from './QuickActions';
import { usePageTitle } from '../../lib/usePageTitle';

/**
 * The signed-in home (product.md §2): greeting by time of day; the popular movers, the portfolios' value and today's
 * change, unread messages; info cards, features and quick actions.
 */
export function HomeDashboard({ user }: { user: PublicUser }) {
  usePageTitle('Home');
  const greeting = greetingFor(new Date().getHours());
  const name = user.firstName || user.email;

  return (
    <AppLayout size="xl">
      <Stack gap="xl">
        <Group justify="space-between" align="flex-end">
          <div>
            <Title order={1} fz={{ base: 28, sm: 34 }}>
              {greeting}, {name}
            </Title>
            <Text c="dimmed" mt={4}>
              Here is your Tickwise workspace.
            </Text>
          </div>
          {user.plan === 'pro' ? (
            <Badge size="lg" color="yellow" leftSection={<IconCrown size={14} />}>
              PRO
            </Badge>
          ) : (
            <Anchor component={Link} to="/upgrade" fw={600}>
              Go Pro
            </Anchor>
          )}
        </Group>
        <AtAGlance />
        <InfoCards />
        <QuickActions />
        <DashboardFeatureCards />
      </Stack>
    </AppLayout>
  );
}
