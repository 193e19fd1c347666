import { createFileRoute } from '@tanstack/react-router';
import { RetiredPaymentPage } from '../features/billing/RetiredPaymentPage';

export const Route = createFileRoute('/checkout')({
  component: () => <RetiredPaymentPage kind="checkout" />,
});
