import { Box, Card, Center, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { BrandMark } from '../../components/BrandMark';
import { ThemeToggle } from '../../components/ThemeToggle';
import { AuthForm, type AuthMode } from './AuthForm';
import { usePageTitle } from '../../lib/usePageTitle';

const COPY: Record<AuthMode, { heading: string; subtitle: string; card: string }> = {
  signin: { heading: 'Welcome back', subtitle: 'Sign in to continue to Tickwise', card: 'Sign In' },
  signup: {
    heading: 'Create your account',
    subtitle: 'Start analyzing stocks with AI in minutes',
    card: 'Get Started',
  },
};

/** /auth: Sign In or Create Account (SPEC section 2). Signed-in visitors never get here (AccessGate). */
export function AuthPage({ initialMode = 'signin' }: { initialMode?: AuthMode }) {
  const [mode, setMode] = useState<AuthMode>(initialMode);
  const copy = COPY[mode];
  usePageTitle(mode === 'signin' ? 'Sign In' : 'Create Account');

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
              {copy.heading}
            </Title>
            <Text c="dimmed">{copy.subtitle}</Text>
          </Stack>
          <Card withBorder radius="lg" padding="xl" shadow="md">
            <Title order={2} fz="xl" mb="md">
              {copy.card}
            </Title>
            <AuthForm mode={mode} onModeChange={setMode} />
          </Card>
        </Stack>
      </Center>
    </Box>
  );
}
