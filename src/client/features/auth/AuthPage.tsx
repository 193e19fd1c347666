import { useState } from 'react';
import { AuthForm, type AuthMode } from './AuthForm';
import { AuthShell } from './AuthShell';
import { usePageTitle } from '../../lib/usePageTitle';

const COPY: Record<AuthMode, { heading: string; subtitle: string; card: string }> = {
  signin: { heading: 'Welcome back', subtitle: 'Sign in to continue to Tickwise', card: 'Sign In' },
  signup: {
    heading: 'Create your account',
    subtitle: 'Start analyzing stocks with AI in minutes',
    card: 'Get Started',
  },
};

/** /auth: Sign In or Create Account (product.md §2). Signed-in visitors never get here (AccessGate). */
export function AuthPage({ initialMode = 'signin' }: { initialMode?: AuthMode }) {
  const [mode, setMode] = useState<AuthMode>(initialMode);
  const copy = COPY[mode];
  usePageTitle(mode === 'signin' ? 'Sign In' : 'Create Account');

  return (
    <AuthShell heading={copy.heading} subtitle={copy.subtitle} cardTitle={copy.card}>
      <AuthForm mode={mode} onModeChange={setMode} />
    </AuthShell>
  );
}
