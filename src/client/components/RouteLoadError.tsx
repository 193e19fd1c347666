import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { useCallback, useEffect } from 'react';

/**
 * What a page shows instead of the router's bare "Something went wrong!" when it failed to render, most often
 * because its code could not be fetched (offline, server down). Retry loads it again without a reload, which
 * offline would only show the browser's own error page; coming back online retries by itself.
 */
export function RouteLoadError({ reset }: ErrorComponentProps) {
  const router = useRouter();
  const offline = !navigator.onLine;
  const retry = useCallback(async () => {
    // Still no server: stay, rather than render the same failure again.
    if (
      !(await fetch('/healthz', { cache: 'no-store' }).then(
        (answer) => answer.ok,
        () => false,
      ))
    )
      return;
    // The router keeps a page's failed code and would only show the failure again: ask each shown page's code
    // anew (a page's split component has preload(), which starts a fresh load), then render again.
    const routes = router.state.matches.map(
      (match) =>
        (router.routesById as unknown as Record<string, { options: { component?: unknown } } | undefined>)[
          match.routeId
        ],
    );
    await Promise.all(
      routes.flatMap((route) => {
        const preload = (route?.options.component as { preload?: () => Promise<void> } | undefined)?.preload;
        return preload ? [preload()] : [];
      }),
    );
    reset();
    void router.invalidate();
  }, [reset, router]);
  useEffect(() => {
    const onOnline = () => void retry();
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [retry]);
  return (
    <Container size="sm" py="xl">
      <Stack gap="sm" align="flex-start" role="alert" data-testid="route-load-error">
        <Title order={1} size="h3">
          {offline ? 'You are offline' : 'This page could not load'}
        </Title>
        <Text c="dimmed">Check your connection and try again. Nothing you saved is lost.</Text>
        <Button onClick={() => void retry()}>Retry</Button>
      </Stack>
    </Container>
  );
}
