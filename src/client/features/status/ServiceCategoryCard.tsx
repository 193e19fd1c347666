import { Divider, Group, Paper, Stack, Title } from '@mantine/core';
import { Fragment } from 'react';
import { categoryLabelOf } from '../../../shared/status/rules';
import type { ServiceReport } from '../../../shared/status/types';
import { ServiceRow } from './ServiceRow';
import { StatusBadge } from './StatusBadge';

interface Props {
  category: string;
  services: readonly ServiceReport[];
}

/** A category of services; its badge says Operational only when every one of them is online (product.md §4). */
export function ServiceCategoryCard({ category, services }: Props) {
  const label = categoryLabelOf(services.map((s) => s.status));
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-label={category}>
      <Stack gap="md">
        <Group justify="space-between" gap="sm">
          <Title order={2} fz="lg">
            {category}
          </Title>
          <StatusBadge status={label === 'Operational' ? 'online' : 'limited'} label={label} size="lg" />
        </Group>
        {services.map((service, index) => (
          <Fragment key={service.id}>
            {index > 0 && <Divider />}
            <ServiceRow service={service} />
          </Fragment>
        ))}
      </Stack>
    </Paper>
  );
}
