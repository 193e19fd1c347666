import { Alert, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconPlugConnectedX } from '@tabler/icons-react';
import { UPTIME_RULE } from '../../../shared/status/rules';
import { AppLayout } from '../../components/AppLayout';
import { PageHeader } from '../../components/PageHeader';
import { usePageTitle } from '../../lib/usePageTitle';
import { OverallStatusCard } from './OverallStatusCard';
import { groupByCategory } from './groupByCategory';
import { ServiceCategoryCard } from './ServiceCategoryCard';
import { StatusDefinitions } from './StatusDefinitions';
import { StorageCard } from './StorageCard';
import classes from './status.module.css';
import { useSystemStatus } from './useSystemStatus';

/** /status: overall badge, status definitions, storage, and services by category with 90 days of bars. */
export function StatusPage() {
  usePageTitle('System Status');
  const { status, storage, isPending, failed } = useSystemStatus();

  return (
    <AppLayout size="md">
      <Stack gap="lg" className={classes.colors}>
        <div>
          <PageHeader title="System Status" />
          <Text className={classes.muted}>How every Tickwise service is doing, checked every minute.</Text>
        </div>
        {isPending ? (
          <Group justify="center" py="xl">
            <Loader role="status" aria-label="Loading system status" />
          </Group>
        ) : (
          <>
            <OverallStatusCard status={status} failed={failed} />
            <StatusDefinitions />
            <StorageCard storage={storage} />
            {failed && (
              <Alert
                color="red"
                variant="outline"
                icon={<IconPlugConnectedX size={18} />}
                title="Service details unavailable"
              >
                The services and their history will show again as soon as the status service answers.
              </Alert>
            )}
            {groupByCategory(status.services).map(([category, services]) => (
              <ServiceCategoryCard key={category} category={category} services={services} />
            ))}
            {status.services.length > 0 && (
              <Paper
                radius="lg"
                p={{ base: 'md', sm: 'lg' }}
                withBorder
                component="section"
                aria-label="How uptime is counted"
              >
                <Text size="sm" className={classes.muted} data-testid="uptime-rule">
                  {UPTIME_RULE}
                </Text>
              </Paper>
            )}
          </>
        )}
      </Stack>
    </AppLayout>
  );
}
