import { createFileRoute } from '@tanstack/react-router';
import { BannedPage } from '../features/system/BannedPage';

export const Route = createFileRoute('/banned')({
  component: BannedPage,
});
