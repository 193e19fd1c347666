import { LegalDocument, type LegalSection } from './LegalDocument';
import { usePageTitle } from '../../lib/usePageTitle';

const SECTIONS: LegalSection[] = [
  {
    heading: 'What we collect',
    body: 'Your name, email address, an optional profile image link, a hash of your password (never the password itself), your portfolios, messages you send to friends and the questions you ask the AI assistant.',
  },
  {
    heading: 'How we use it',
    body: 'To run your account, show your portfolios and conversations, count daily usage limits and keep the service secure (for example, spotting repeated failed sign-ins).',
  },
  {
    heading: 'Profile pictures and usernames',
    body: 'Your profile picture is a link to an image on a site you choose, and your friends’ browsers load it from that site. We ask them to send no referrer, so that site is not told which Tickwise page shows it; it still sees their IP address and when the image is loaded, so use a host you trust, or leave the picture empty. Your username is random until you choose one in Settings; people who search for you see it, never your email address.',
  },
  {
    heading: 'Cookies',
    body: 'We use one HttpOnly session cookie to keep you signed in. Your theme choice and recent searches are kept in your browser’s local storage and never leave your device.',
  },
  {
    heading: 'Sharing',
    body: 'We do not sell your data. A portfolio you make public can be read by anyone with its link; you can make it private again at any time.',
  },
  {
    heading: 'Retention',
    body: 'We keep your account data while your account is active plus 90 days, after which it is deleted.',
  },
  {
    heading: 'Children',
    body: 'Tickwise is not for anyone under 18, and we do not knowingly collect data from minors.',
  },
  {
    heading: 'Contact',
    body: 'Privacy questions or deletion requests: support@tickwise.app.',
  },
];

export function PrivacyPage() {
  usePageTitle('Privacy Policy');
  return <LegalDocument title="Privacy Policy" updated="January 1, 2025" sections={SECTIONS} />;
}
