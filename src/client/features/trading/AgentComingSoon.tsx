import { lazy, Suspense } from 'react';

// The dialog (and Mantine's modal machinery) loads when the AI agent button is first pressed.
const AgentComingSoonDialog = lazy(() =>
  import('./AgentComingSoonDialog').then((m) => ({ default: m.AgentComingSoonDialog })),
);

/** The toolbar's AI agent button, until the agent ships: an honest notice rather than a dead button. */
export function AgentComingSoon({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <AgentComingSoonDialog opened={opened} onClose={onClose} />
    </Suspense>
  );
}
