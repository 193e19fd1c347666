import { createFileRoute } from '@tanstack/react-router';
import { PrivacyPage } from '../features/info/PrivacyPage';

export const Route = createFileRoute('/privacy-policy')({
  component: PrivacyPage,
});
