import { Center, Loader, Overlay } from '@mantine/core';
import { useRouterState } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';

/** product.md §9: how long the route-change overlay stays up. */
export const ROUTE_OVERLAY_MS = 150;

/** A brief full-screen dark spinner whenever the path changes (product.md §2). */
export function RouteChangeOverlay() {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const previous = useRef(pathname);
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    setVisible(true);
    const timer = window.setTimeout(() => setVisible(false), ROUTE_OVERLAY_MS);
    return () => window.clearTimeout(timer);
  }, [pathname]);

  if (!visible) return null;
  return (
    <Overlay fixed color="#0b0c0f" backgroundOpacity={0.92} zIndex={2000} data-testid="route-overlay">
      <Center h="100%">
        <Loader color="teal" />
      </Center>
    </Overlay>
  );
}
