import { createFileRoute } from '@tanstack/react-router';
import { PaymentCancelPage } from '../../features/billing/PaymentCancelPage';

export const Route = createFileRoute('/payment/cancel')({
  component: PaymentCancelPage,
});
