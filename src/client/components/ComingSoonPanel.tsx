import { Badge, List, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconHourglass } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { ButtonLink } from './RouterLinks';

interface Props {
  title: string;
  /** One sentence on what the screen is for. */
  summary: string;
  /** What the screen will offer once built. */
  coming: ReactNode[];
}

/** An honest placeholder for a screen whose feature is not built yet: says what is coming, shows no fake data. */
export function ComingSoonPanel({ title, summary, coming }: Props) {
  return (
    <Paper withBorder radius="lg" p="xl" maw={680} mx="auto" mt="xl">
      <Stack gap="md">
        <ThemeIcon size={48} radius="xl" variant="light" color="teal">
          <IconHourglass size={26} />
        </ThemeIcon>
        <Badge variant="light" color="yellow" w="fit-content">
          Coming soon
        </Badge>
        <Title order={1} fz={28}>
          {title}
        </Title>
        <Text c="dimmed">{summary}</Text>
        <Text fw={600}>What is coming:</Text>
        <List spacing="xs" size="sm">
          {coming.map((item, i) => (
            <List.Item key={i}>{item}</List.Item>
          ))}
        </List>
        <ButtonLink to="/" variant="light" w="fit-content">
          Back to home
        </ButtonLink>
      </Stack>
    </Paper>
  );
}
