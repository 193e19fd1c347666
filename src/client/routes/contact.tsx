import { createFileRoute } from '@tanstack/react-router';
import { ContactPage } from '../features/info/ContactPage';

export const Route = createFileRoute('/contact')({
  component: ContactPage,
});
