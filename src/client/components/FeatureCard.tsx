import { Card, Text, ThemeIcon } from '@mantine/core';
import type { ComponentType } from 'react';

interface Props {
  icon: ComponentType<{ size?: number }>;
  title: string;
  text: string;
  color?: string;
  /** "lg" for the landing page's roomier cards. */
  size?: 'md' | 'lg';
}

/** An icon, a title and a line of text in a card: the landing page's and the dashboard's feature cards. */
export function FeatureCard({ icon: Icon, title, text, color = 'teal', size = 'md' }: Props) {
  const large = size === 'lg';
  return (
    <Card withBorder radius="lg" padding={large ? 'xl' : 'lg'}>
      <ThemeIcon size={large ? 44 : 38} radius="md" variant="light" color={color} mb={large ? 'md' : 'sm'}>
        <Icon size={large ? 24 : 20} />
      </ThemeIcon>
      <Text fw={700} mb={large ? 6 : 4}>
        {title}
      </Text>
      <Text size="sm" c="dimmed">
        {text}
      </Text>
    </Card>
  );
}
