import { Group, Stack, Text } from '@mantine/core';
import type { ServiceReport } from '../../../shared/status/types';
import { StatusBadge } from './StatusBadge';
import { formatUptime } from './statusFormat';
import classes from './status.module.css';
import barClasses from './UptimeBars.module.css';
import { UptimeBars } from './UptimeBars';

/** One service: name, what it covers, its status now, its uptime over the window and the daily bars. */
export function ServiceRow({ service }: { service: ServiceReport }) {
  return (
    <Stack gap="xs" data-testid={`service-${service.id}`}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <div style={{ minWidth: 0 }}>
          <Text fw={600} component="h3" m={0} fz="md">
            {service.name}
          </Text>
          <Text size="sm" className={classes.muted}>
            {service.description}
          </Text>
        </div>
        <StatusBadge status={service.status} />
      </Group>
      <UptimeBars serviceName={service.name} days={service.days} />
      <div className={`${barClasses.axis} ${classes.muted}`}>
        <span>{service.days.length} days ago</span>
        <span data-testid="service-uptime">
          {service.uptime === null ? 'No data yet' : `${formatUptime(service.uptime)} uptime`}
        </span>
        <span>Today</span>
      </div>
    </Stack>
  );
}
