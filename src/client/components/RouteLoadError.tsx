import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { useEffect } from 'react';

/**
 * What a page shows instead of the router's bare "Something went wrong!" when it failed to render, most often
 * because its code could not be fetched (offline, server down). Retry loads it again without a reload, which
 * offline would only show the browser's own error page; coming back online retries by itself.
 */
export function RouteLoadError({ reset }: ErrorComponentProps) {
  const router = useRouter();
  const offline = !navigator.onLine;
  useEffect(() => {
    const retry = () => {
      reset();
      void router.invalidate();
    };
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, [reset, router]);
  return (
    <Container size="sm" py="xl">
      <Stack gap="sm" align="flex-start" role="alert" data-testid="route-load-error">
        <Title order={1} size="h3">
          {offline ? 'You are offline' : 'This page could not load'}
        </Title>
        <Text c="dimmed">Check your connection and try again. Nothing you saved is lost.</Text>
        <Button
          onClick={() => {
            reset();
            void router.invalidate();
          }}
        >
          Retry
        </Button>
      </Stack>
    </Container>
  );
}
