import { createFileRoute } from '@tanstack/react-router';
import { TermsPage } from '../features/info/TermsPage';

export const Route = createFileRoute('/terms-of-service')({
  component: TermsPage,
});
