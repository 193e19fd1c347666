import { Badge, Box, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight, IconChartLine } from '@tabler/icons-react';
import { ResponsiveGrid } from '../../components/ResponsiveGrid';
import { ButtonLink } from '../../components/RouterLinks';
import { ChartIllustration } from './ChartIllustration';
import classes from './LandingHero.module.css';

/** Headline and the two main calls to action, which differ by sign-in state (product.md §2). */
export function LandingHero({ signedIn }: { signedIn: boolean }) {
  return (
    <Box
      py={{ base: 48, md: 88 }}
      style={{
        background:
          'radial-gradient(circle at 15% 20%, rgba(18, 184, 134, 0.14), transparent 45%), radial-gradient(circle at 85% 10%, rgba(21, 170, 191, 0.12), transparent 40%)',
      }}
    >
      <Container size="lg">
        <ResponsiveGrid cols={2} from="md" gap={48} align="center">
          <Stack gap="lg">
            <Badge variant="light" color="teal" size="lg" w="fit-content">
              AI-assisted stock analysis
            </Badge>
            <Title order={1} fz={{ base: 36, md: 52 }} lh={1.1}>
              Trade smarter with{' '}
              <Text span inherit className={classes.gradientText} data-testid="hero-gradient">
                AI-powered insights
              </Text>
            </Title>
            <Text size="lg" c="dimmed" maw={520}>
              Chat with an AI financial assistant, read live charts with moving averages and buy/sell signals, and track
              your portfolios — all in one place.
            </Text>
            <Group gap="sm">
              {signedIn ? (
                <>
                  <ButtonLink to="/trading" size="md" rightSection={<IconArrowRight size={18} />}>
                    Open Trading Dashboard
                  </ButtonLink>
                  <ButtonLink to="/portfolio" size="md" variant="default">
                    View Portfolio
                  </ButtonLink>
                </>
              ) : (
                <>
                  <ButtonLink
                    to="/auth"
                    search={{ mode: 'signup' }}
                    size="md"
                    rightSection={<IconArrowRight size={18} />}
                  >
                    Start Trading Free
                  </ButtonLink>
                  <ButtonLink to="/trading" size="md" variant="default" leftSection={<IconChartLine size={18} />}>
                    View Live Charts
                  </ButtonLink>
                </>
              )}
            </Group>
          </Stack>
          <Paper withBorder radius="lg" p="md" shadow="md" visibleFrom="xs">
            {/* Artwork, not a quote: it must not be labelled as a live ticker. */}
            <Group justify="space-between" mb="xs">
              <Text fw={700}>Moving averages and signals</Text>
              <Badge variant="light" color="gray">
                Preview
              </Badge>
            </Group>
            <ChartIllustration variant="signals" height={220} />
          </Paper>
        </ResponsiveGrid>
      </Container>
    </Box>
  );
}
