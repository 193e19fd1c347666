import { createFileRoute } from '@tanstack/react-router';
import { UsageLimitsPage } from '../features/usage/UsageLimitsPage';

export const Route = createFileRoute('/upgrade')({
  component: UsageLimitsPage,
});
