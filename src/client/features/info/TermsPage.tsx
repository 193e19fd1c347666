import { LegalDocument, type LegalSection } from './LegalDocument';
import { usePageTitle } from '../../lib/usePageTitle';

const SECTIONS: LegalSection[] = [
  {
    heading: 'Acceptance of terms',
    body: 'By creating an account or using Tickwise you agree to these Terms of Service. If you do not agree, do not use the service.',
  },
  {
    heading: 'Not financial advice',
    body: 'Tickwise provides educational and informational content only. Charts, signals, ratings and AI answers are not investment, tax or legal advice, and may be delayed, incomplete or wrong. You are solely responsible for your investment decisions.',
  },
  {
    heading: 'Your account',
    body: 'You must be at least 18 years old. Keep your password secret and tell us about any unauthorized use. We may suspend accounts that abuse the service, attempt to break its security or break the law.',
  },
  {
    heading: 'Fair use and daily limits',
    body: 'AI chat, graph generation and portfolio analysis have fixed daily limits for every user, reset at midnight UTC. Automated scraping or attempts to get around the limits are not allowed.',
  },
  {
    heading: 'Beta service',
    body: 'Tickwise is in beta. Features may change or be removed, and the mobile layout is experimental. The service is provided "as is" without warranties of any kind.',
  },
  {
    heading: 'Limitation of liability',
    body: 'To the extent the law allows, Tickwise is not liable for trading losses or for indirect or consequential damages arising from use of the service.',
  },
  {
    heading: 'Contact',
    body: 'Questions about these terms: support@tickwise.app.',
  },
];

export function TermsPage() {
  usePageTitle('Terms of Service');
  return <LegalDocument title="Terms of Service" updated="January 1, 2025" sections={SECTIONS} />;
}
