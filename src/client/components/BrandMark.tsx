import { Badge, Group, Text, UnstyledButton } from '@mantine/core';
import { IconChartCandle } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';

interface Props {
  withBeta?: boolean;
  /** Hide the badge on phones, where a header needs the room for its buttons. */
  compactOnPhones?: boolean;
}

/**
 * 'Tickwise' with the BETA badge; links home. Its accessible name starts with the words it shows ("Tickwise BETA"),
 * so a voice user who says what they see reaches it (WCAG 2.5.3, label in name); "home" tells a screen reader where
 * it goes.
 */
export function BrandMark({ withBeta = true, compactOnPhones = false }: Props) {
  return (
    <UnstyledButton component={Link} to="/" aria-label={withBeta ? 'Tickwise BETA home' : 'Tickwise home'}>
      <Group gap={8} wrap="nowrap">
        <IconChartCandle size={26} stroke={1.8} color="var(--mantine-color-teal-5)" />
        <Text fw={800} fz="lg" variant="gradient" gradient={{ from: 'teal.4', to: 'cyan.5', deg: 90 }}>
          Tickwise
        </Text>
        {/* A space between the words, as a reader hears them: axe joins the visible text of flex items without one
            ("TickwiseBETA"), and a flex container does not lay out a whitespace-only text node. */}
        {withBeta && ' '}
        {withBeta && (
          <Badge size="xs" variant="light" color="yellow" visibleFrom={compactOnPhones ? 'xs' : undefined}>
            BETA
          </Badge>
        )}
      </Group>
    </UnstyledButton>
  );
}
