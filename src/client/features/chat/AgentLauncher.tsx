import { Center, Loader } from '@mantine/core';
import { useRouterState } from '@tanstack/react-router';
import { Suspense, useState } from 'react';
import { useAuth } from '../../lib/useAuth';
import { retryableLazy } from '../../components/retryableLazy';

// The agent (chat, markdown, forecast charts) and the signed-out prompt are chunks of their own, fetched the first
// time they open: the trading page's JavaScript budget carries neither.
const AgentModal = retryableLazy(() => import('./AgentModal'));
const AgentSignInPrompt = retryableLazy(() => import('./AgentSignInPrompt'));

export interface AgentLauncherProps {
  opened: boolean;
  onClose: () => void;
  /** The chart in view: 'this stock' in questions, and the '[Currently viewing {symbol} chart]' prefix. */
  symbol?: string | null;
}

/**
 * The trading page's AI agent: the Financial Agent for signed-in users (open on arrival at /chat), a prompt to sign
 * in for everyone else. Once opened, the agent stays mounted so a closed and reopened modal keeps its conversation.
 */
export function AgentLauncher({ opened, onClose, symbol = null }: AgentLauncherProps) {
  const { isAuthenticated, isLoading } = useAuth();
  const onChatRoute = useRouterState({ select: (s) => s.location.pathname === '/chat' });
  const [routeOpen, setRouteOpen] = useState(onChatRoute);
  const [everOpened, setEverOpened] = useState(false);

  // State adjusted while rendering (React's pattern for following a prop), not in an effect a render later.
  const [seenOnChatRoute, setSeenOnChatRoute] = useState(onChatRoute);
  if (onChatRoute !== seenOnChatRoute) {
    setSeenOnChatRoute(onChatRoute);
    if (onChatRoute) setRouteOpen(true);
  }

  const show = opened || routeOpen;
  if (show && isAuthenticated && !everOpened) setEverOpened(true);

  const close = () => {
    setRouteOpen(false);
    onClose();
  };

  if (isLoading) return null;
  if (!isAuthenticated) {
    return opened ? (
      <Suspense fallback={null}>
        <AgentSignInPrompt opened onClose={close} />
      </Suspense>
    ) : null;
  }
  if (!everOpened && !show) return null;
  return (
    <Suspense
      fallback={
        // Not a Modal: Mantine's modal machinery (and the positioning library it shares a chunk with) would then
        // load with every trading page; it comes with the agent's own chunk instead.
        show ? (
          <Center pos="fixed" inset={0} style={{ zIndex: 200 }} bg="rgba(0, 0, 0, 0.45)">
            <Loader role="status" aria-label="Loading the Financial Agent" />
          </Center>
        ) : null
      }
    >
      <AgentModal opened={show} onClose={close} symbol={symbol} />
    </Suspense>
  );
}
