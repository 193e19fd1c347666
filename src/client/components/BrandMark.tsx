import { Badge, Group, Text, UnstyledButton } from '@mantine/core';
import { IconChartCandle } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';

/** 'Tickwise' with the BETA badge; links home. */
export function BrandMark({ withBeta = true }: { withBeta?: boolean }) {
  return (
    <UnstyledButton component={Link} to="/" aria-label="Tickwise home">
      <Group gap={8} wrap="nowrap">
        <IconChartCandle size={26} stroke={1.8} color="var(--mantine-color-teal-5)" />
        <Text fw={800} fz="lg" variant="gradient" gradient={{ from: 'teal.4', to: 'cyan.5', deg: 90 }}>
          Tickwise
        </Text>
        {withBeta && (
          <Badge size="xs" variant="light" color="yellow">
            BETA
          </Badge>
        )}
      </Group>
    </UnstyledButton>
  );
}
