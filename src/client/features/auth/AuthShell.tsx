import { Box, Card, Center, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { BrandMark } from '../../components/BrandMark';
import { ThemeToggle } from '../../components/ThemeToggle';

interface Props {
  heading: string;
  subtitle: string;
  cardTitle: string;
  children: ReactNode;
}

/** The signed-out account pages' frame: brand and theme toggle on top, a heading and one centred card. */
export function AuthShell({ heading, subtitle, cardTitle, children }: Props) {
  return (
    <Box
      mih="100vh"
      style={{
        background:
          'radial-gradient(circle at 20% 10%, rgba(18, 184, 134, 0.14), transparent 45%), radial-gradient(circle at 80% 90%, rgba(21, 170, 191, 0.12), transparent 45%)',
      }}
    >
      <Group justify="space-between" p="md">
        <BrandMark />
        <ThemeToggle />
      </Group>
      <Center py={{ base: 'md', sm: 48 }} px="md">
        <Stack w="100%" maw={440} gap="lg">
          <Stack gap={4} ta="center">
            <Title order={1} fz={32}>
              {heading}
            </Title>
            <Text c="dimmed">{subtitle}</Text>
          </Stack>
          <Card withBorder radius="lg" padding="xl" shadow="md">
            <Title order={2} fz="xl" mb="md">
              {cardTitle}
            </Title>
            {children}
          </Card>
        </Stack>
      </Center>
    </Box>
  );
}
