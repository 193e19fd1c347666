import { Accordion, Anchor, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconClock, IconMail, IconWorld } from '@tabler/icons-react';
import { DAILY_LIMITS } from '../../../shared/limits';
import { AppLayout } from '../../components/AppLayout';
import { PageHeader } from '../../components/PageHeader';
import { usePageTitle } from '../../lib/usePageTitle';

const SUPPORT_EMAIL = 'support@tickwise.app';
const WEBSITE = 'https://tickwise.app';

const FAQ = [
  {
    q: 'Is Tickwise financial advice?',
    a: 'No. Everything in Tickwise is educational. Do your own research before making investment decisions.',
  },
  {
    q: 'What are the daily limits?',
    a: `Every user gets ${DAILY_LIMITS.chatMessages} AI chat messages, ${DAILY_LIMITS.graphGenerations} graph generations and ${DAILY_LIMITS.portfolioAnalyses} portfolio analyses per day. They reset at midnight UTC.`,
  },
  {
    q: 'How often does market data update?',
    a: 'Charts update live every minute and the popular watchlist refreshes every 30 seconds.',
  },
  {
    q: 'Can I change my email address?',
    a: 'Not yet: the email is your sign-in identity. You can change your name, picture and password in Settings.',
  },
];

/** /contact (product.md §2): support email, main website and FAQ. */
export function ContactPage() {
  usePageTitle('Contact Us');
  return (
    <AppLayout size="md">
      <Stack gap="xl">
        <PageHeader title="Contact Us" subtitle="We usually reply within 24 hours." />
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <Card withBorder radius="lg" padding="lg">
            <ThemeIcon variant="light" color="teal" size={38} radius="md" mb="sm">
              <IconMail size={20} />
            </ThemeIcon>
            <Text fw={700}>Email support</Text>
            <Anchor href={`mailto:${SUPPORT_EMAIL}`} size="sm">
              {SUPPORT_EMAIL}
            </Anchor>
          </Card>
          <Card withBorder radius="lg" padding="lg">
            <ThemeIcon variant="light" color="blue" size={38} radius="md" mb="sm">
              <IconWorld size={20} />
            </ThemeIcon>
            <Text fw={700}>Main website</Text>
            <Anchor href={WEBSITE} target="_blank" rel="noreferrer" size="sm">
              tickwise.app
            </Anchor>
          </Card>
          <Card withBorder radius="lg" padding="lg">
            <ThemeIcon variant="light" color="orange" size={38} radius="md" mb="sm">
              <IconClock size={20} />
            </ThemeIcon>
            <Text fw={700}>Response time</Text>
            <Text size="sm" c="dimmed">
              Within 24 hours
            </Text>
          </Card>
        </SimpleGrid>
        <div>
          <Group mb="sm">
            <Title order={2} fz="xl">
              Frequently asked questions
            </Title>
          </Group>
          <Accordion variant="separated" radius="md">
            {FAQ.map(({ q, a }) => (
              <Accordion.Item key={q} value={q}>
                <Accordion.Control>{q}</Accordion.Control>
                <Accordion.Panel>
                  <Text size="sm" c="dimmed">
                    {a}
                  </Text>
                </Accordion.Panel>
              </Accordion.Item>
            ))}
          </Accordion>
        </div>
      </Stack>
    </AppLayout>
  );
}
