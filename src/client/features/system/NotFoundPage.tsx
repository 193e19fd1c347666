import { Button, Center, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconHome, IconLogout } from '@tabler/icons-react';
import { useRouter } from '@tanstack/react-router';
import { ButtonLink } from '../../components/RouterLinks';
import { useAuth } from '../../lib/useAuth';
import { usePageTitle } from '../../lib/usePageTitle';

/** 'Page Not Found' for signed-in users on an unknown path (product.md §2). */
export function NotFoundPage() {
  usePageTitle('Page Not Found');
  const router = useRouter();
  const { isAuthenticated } = useAuth();
  // Opened straight from a link or a new tab there is nothing to go back to: home is the nearest thing.
  const goBack = () => (router.history.canGoBack() ? router.history.back() : void router.navigate({ to: '/' }));

  return (
    <Center mih="100vh" p="md">
      <Stack align="center" gap="md" maw={480} ta="center">
        <Text fz={96} fw={900} lh={1} variant="gradient" gradient={{ from: 'teal.4', to: 'cyan.5', deg: 90 }}>
          404
        </Text>
        <Title order={1} fz={30}>
          Page Not Found
        </Title>
        <Text c="dimmed">The page you are looking for does not exist or has been moved.</Text>
        <Group justify="center" mt="sm">
          <Button variant="default" leftSection={<IconArrowLeft size={16} />} onClick={goBack}>
            Go Back
          </Button>
          <ButtonLink to="/" leftSection={<IconHome size={16} />}>
            Go Home
          </ButtonLink>
          {isAuthenticated && (
            // A full page load: the server ends the session and redirects to /.
            <Button component="a" href="/api/logout" variant="light" color="red" leftSection={<IconLogout size={16} />}>
              Sign Out
            </Button>
          )}
        </Group>
      </Stack>
    </Center>
  );
}
