import { Badge, Group, Text, UnstyledButton } from '@mantine/core';
import { IconChartCandle } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';

interface Props {
  withBeta?: boolean;
  /** Hide the badge on phones, where a header needs the room for its buttons. */
  compactOnPhones?: boolean;
}

/** 'Tickwise' with the BETA badge; links home. */
export function BrandMark({ withBeta = true, compactOnPhones = false }: Props) {
  return (
    <UnstyledButton component={Link} to="/" aria-label="Tickwise home">
      <Group gap={8} wrap="nowrap">
        <IconChartCandle size={26} stroke={1.8} color="var(--mantine-color-teal-5)" />
        <Text fw={800} fz="lg" variant="gradient" gradient={{ from: 'teal.4', to: 'cyan.5', deg: 90 }}>
          Tickwise
        </Text>
        {withBeta && (
          <Badge size="xs" variant="light" color="yellow" visibleFrom={compactOnPhones ? 'xs' : undefined}>
            BETA
          </Badge>
        )}
      </Group>
    </UnstyledButton>
  );
}
