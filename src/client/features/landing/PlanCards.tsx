import { Badge, Card, Container, Group, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { ResponsiveGrid } from '../../components/ResponsiveGrid';
import { ButtonLink } from '../../components/RouterLinks';
import { useMarketInfo } from '../../lib/useMarketInfo';
import classes from './PlanCards.module.css';

/** Replaced by what the market data really is (see marketFeature). */
const MARKET_DATA_FEATURE = 'Market data';

/** 'Real-time market data' only when a real exchange's provider answers. */
function marketFeature(realTime: boolean): string {
  return realTime ? 'Real-time market data' : 'Simulated market data (practice prices)';
}

const PLANS = [
  {
    name: '1.0-mini',
    tier: 'Free',
    features: ['Basic stock analysis', MARKET_DATA_FEATURE, 'Chat interface', 'Conversation history'],
    highlighted: false,
  },
  {
    name: '1.0-large',
    tier: 'Pro',
    features: ['Advanced AI analysis', 'Predictive insights', 'Custom graph generation', 'Priority support'],
    highlighted: true,
  },
];

/** The two model tiers advertised on the landing page (product.md §1). */
export function PlanCards({ signedIn }: { signedIn: boolean }) {
  const market = marketFeature(useMarketInfo().realTime);
  return (
    <Container size="md" py={56}>
      <Title order={2} ta="center" mb={8}>
        Choose your model
      </Title>
      <Text c="dimmed" ta="center" mb={40}>
        Everyone currently gets the same fixed daily limits while Tickwise is in beta.
      </Text>
      <ResponsiveGrid cols={2} from="sm">
        {PLANS.map((plan) => (
          <Card
            key={plan.name}
            withBorder
            radius="lg"
            padding="xl"
            style={plan.highlighted ? { borderColor: 'var(--mantine-color-teal-6)' } : undefined}
          >
            <Group justify="space-between" mb="md">
              <Text fw={800} fz="xl">
                {plan.name}
              </Text>
              <Badge color={plan.highlighted ? 'teal' : 'gray'} variant={plan.highlighted ? 'filled' : 'light'}>
                {plan.tier}
              </Badge>
            </Group>
            <ul className={classes.features}>
              {plan.features
                .map((listed) => (listed === MARKET_DATA_FEATURE ? market : listed))
                .map((feature) => (
                  <li key={feature}>
                    <ThemeIcon size={20} radius="xl" color="teal" variant="light">
                      <IconCheck size={13} aria-hidden />
                    </ThemeIcon>
                    {feature}
                  </li>
                ))}
            </ul>
            {!signedIn && (
              <ButtonLink
                to="/auth"
                search={{ mode: 'signup' }}
                fullWidth
                variant={plan.highlighted ? 'filled' : 'default'}
              >
                {plan.highlighted ? 'Create Account' : 'Get Started Free'}
              </ButtonLink>
            )}
          </Card>
        ))}
      </ResponsiveGrid>
    </Container>
  );
}
