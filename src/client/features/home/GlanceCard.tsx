import { Group, Paper, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import type { ComponentType, ReactNode } from 'react';
import { AnchorLink } from '../../components/RouterLinks';

interface Props {
  icon: ComponentType<{ size?: number }>;
  color: string;
  title: string;
  /** Null while the figure loads: a placeholder, never a made-up number. */
  children: ReactNode | null;
  /** Where the figure leads: the screen behind it. */
  link?: { to: '/portfolio' | '/social' | '/calendar'; label: string };
  testId: string;
}

/** One card of the dashboard's "at a glance" row: an icon, a title, the figure (or a placeholder) and a link. */
export function GlanceCard({ icon: Icon, color, title, children, link, testId }: Props) {
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-label={title} data-testid={testId}>
      <Stack gap="sm" h="100%">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon size={36} radius="md" variant="light" color={color}>
            <Icon size={20} />
          </ThemeIcon>
          <Text component="h2" fw={700} size="md" m={0}>
            {title}
          </Text>
        </Group>
        <div style={{ flex: 1 }} aria-busy={children === null || undefined}>
          {children ?? (
            <Stack gap={6}>
              <Skeleton h={28} w="60%" />
              <Skeleton h={14} w="40%" />
            </Stack>
          )}
        </div>
        {link && (
          <AnchorLink to={link.to} size="sm" fw={600}>
            {link.label}
          </AnchorLink>
        )}
      </Stack>
    </Paper>
  );
}
