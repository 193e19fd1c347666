import {
  Badge,
  Button,
  Card,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconBriefcase, IconPlus, IconWorld } from '@tabler/icons-react';
import { formatMoneyText, formatSignedPercentText, toneOf } from '../../../shared/portfolio/format';
import type { PortfolioSummary } from '../../../shared/portfolio/types';
import { formatShortDate } from '../../lib/dates';
import classes from './Portfolio.module.css';

interface Props {
  portfolios: PortfolioSummary[];
  onSelect: (id: string) => void;
  onCreate: () => void;
}

/** The portfolio cards (product.md §2): name, description, total value, last updated; or 'No portfolios yet'. */
export function PortfolioCards({ portfolios, onSelect, onCreate }: Props) {
  if (portfolios.length === 0) {
    return (
      <Card withBorder radius="md" p="xl">
        <Stack align="center" gap="sm" ta="center">
          <ThemeIcon size={48} radius="xl" variant="light" aria-hidden>
            <IconBriefcase size={26} />
          </ThemeIcon>
          <Title order={2} size="h3">
            No portfolios yet
          </Title>
          <Text c="dimmed" maw={420}>
            Create a portfolio to track your holdings with live prices, see how they are doing and share them.
          </Text>
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={onCreate}>
            Create your first portfolio
          </Button>
        </Stack>
      </Card>
    );
  }
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" data-testid="portfolio-cards">
      {portfolios.map((p) => (
        <UnstyledButton
          key={p.id}
          onClick={() => onSelect(p.id)}
          className={classes.cardButton}
          aria-label={`Open portfolio ${p.name}`}
        >
          <Card withBorder radius="md" p="md" h="100%" className={classes.card}>
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Text fw={700} truncate="end">
                {p.name}
              </Text>
              {p.isPublic && (
                <Badge variant="light" leftSection={<IconWorld size={12} aria-hidden />}>
                  Public
                </Badge>
              )}
            </Group>
            <Text size="sm" c="dimmed" lineClamp={2} mih={40}>
              {p.description || 'No description'}
            </Text>
            <Group justify="space-between" align="flex-end" mt="sm">
              <div>
                <Text size="xs" c="dimmed">
                  Total value (holdings and cash)
                </Text>
                <Text fw={700} fz="lg" className={classes.number}>
                  {formatMoneyText(p.totalValue, p.baseCurrency)}
                </Text>
              </div>
              {p.totalGainLossPercent !== null && (
                <div>
                  <Text size="xs" c="dimmed" ta="right">
                    Unrealised gain
                  </Text>
                  <Text size="sm" fw={600} ta="right" c={toneOf(p.totalGainLoss)} className={classes.number}>
                    {formatSignedPercentText(p.totalGainLossPercent)}
                  </Text>
                </div>
              )}
            </Group>
            <Text size="xs" c="dimmed" mt="xs">
              {p.holdingsCount} {p.holdingsCount === 1 ? 'holding' : 'holdings'} · Last updated{' '}
              {formatShortDate(p.lastUpdated)}
            </Text>
          </Card>
        </UnstyledButton>
      ))}
    </SimpleGrid>
  );
}

PortfolioCards.Skeleton = function PortfolioCardsSkeleton() {
  return (
    <SimpleGrid
      cols={{ base: 1, sm: 2, lg: 3 }}
      spacing="md"
      aria-busy="true"
      role="status"
      aria-label="Loading portfolios"
    >
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} h={150} radius="md" />
      ))}
    </SimpleGrid>
  );
};
