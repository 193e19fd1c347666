import { MantineProvider } from '@mantine/core';
import { createRootRoute, Outlet } from '@tanstack/react-router';
import { AccessGate } from '../components/AccessGate';
import { LazyNotFoundPage } from '../components/LazyFallbackPages';
import { RouteChangeOverlay } from '../components/RouteChangeOverlay';
import { SkipLink } from '../components/SkipLink';
import { LazyToasts } from '../components/LazyToasts';
import { SignedInRealtime } from '../components/SignedInRealtime';
import { colorSchemeManager, cssVariablesResolver, theme } from '../theme';

export const Route = createRootRoute({
  component: RootLayout,
  // AccessGate already turns unknown paths into home (signed out) or 404 (signed in); this is the fallback.
  notFoundComponent: LazyNotFoundPage,
});

function RootLayout() {
  return (
    <MantineProvider
      theme={theme}
      defaultColorScheme="dark"
      colorSchemeManager={colorSchemeManager}
      cssVariablesResolver={cssVariablesResolver}
    >
      <SkipLink />
      <LazyToasts />
      <SignedInRealtime />
      <RouteChangeOverlay />
      <AccessGate>
        <Outlet />
      </AccessGate>
    </MantineProvider>
  );
}
