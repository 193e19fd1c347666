import { Badge, Card, Group, Paper, SimpleGrid, Skeleton, Stack, Table, Text, ThemeIcon, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconEyeOff, IconWorld } from '@tabler/icons-react';
import {
  formatMoneyText,
  formatQuantityText,
  formatSignedMoneyText,
  formatSignedPercentText,
  toneOf,
} from '../../../../shared/portfolio/format';
import { PRICE_REFRESH_MS } from '../../../../shared/portfolio/limits';
import type { SharedPortfolio } from '../../../../shared/portfolio/types';
import { ButtonLink } from '../../../components/RouterLinks';
import { formatShortDate } from '../../../lib/dates';
import { errorBodyOf } from '../../../lib/errors';
import { useAuth } from '../../../lib/useAuth';
import { usePageTitle } from '../../../lib/usePageTitle';
import { useTRPC } from '../../../lib/trpc';
import { LoadFailed } from '../../../components/LoadFailed';
import classes from '../Portfolio.module.css';

/**
 * /portfolio/shared/{link} (product.md §2): a public portfolio, read-only, for anyone with the link. Private,
 * unknown and malformed links all read 'Portfolio Not Found'.
 */
export function SharedPortfolioPage({ link }: { link: string }) {
  const trpc = useTRPC();
  const shared = useQuery(
    trpc.portfolios.shared.queryOptions(
      { link },
      {
        refetchInterval: (query) =>
          query.state.data && query.state.data.holdings.length > 0 ? PRICE_REFRESH_MS : false,
      },
    ),
  );
  const notFound = shared.isError && errorBodyOf(shared.error).status === 404;
  usePageTitle(shared.data?.portfolio.name ?? (notFound ? 'Portfolio Not Found' : 'Shared portfolio'));

  return (
    <Stack gap="lg">
      {shared.isPending && <Skeleton h={260} radius="md" role="status" aria-label="Loading portfolio" />}
      {notFound && <NotFound />}
      {shared.isError && !notFound && <LoadFailed what="this portfolio" onRetry={() => void shared.refetch()} />}
      {shared.data && <PublicPortfolio data={shared.data} />}
    </Stack>
  );
}

/** 'Create Your Own' goes to /portfolio when signed in, else to /auth (product.md §2). */
function CreateYourOwn() {
  const { isAuthenticated } = useAuth();
  return (
    <ButtonLink to={isAuthenticated ? '/portfolio' : '/auth'} variant="light">
      Create Your Own
    </ButtonLink>
  );
}

function NotFound() {
  return (
    <Card withBorder radius="md" p="xl">
      <Stack align="center" gap="sm" ta="center">
        <ThemeIcon size={48} radius="xl" variant="light" color="gray" aria-hidden>
          <IconEyeOff size={26} />
        </ThemeIcon>
        <Title order={1} size="h2">
          Portfolio Not Found
        </Title>
        <Text c="dimmed" maw={440}>
          This portfolio is private or the link is wrong. Its owner may have stopped sharing it.
        </Text>
        <CreateYourOwn />
      </Stack>
    </Card>
  );
}

function PublicPortfolio({ data }: { data: SharedPortfolio }) {
  const { portfolio, holdings } = data;
  const tone = toneOf(portfolio.totalGainLoss);
  return (
    <Stack gap="lg" data-testid="shared-portfolio">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        {/* The title takes the row on a phone; the button wraps below it. */}
        <div style={{ minWidth: 0, flex: '1 1 280px' }}>
          <Group gap="xs">
            <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
              {portfolio.name}
            </Title>
            <Badge variant="light" leftSection={<IconWorld size={12} aria-hidden />}>
              Public Portfolio
            </Badge>
          </Group>
          <Text size="sm" c="dimmed">
            Updated {formatShortDate(portfolio.lastUpdated)} · read-only
          </Text>
          {portfolio.description && (
            <Text mt="xs" style={{ overflowWrap: 'anywhere' }}>
              {portfolio.description}
            </Text>
          )}
        </div>
        <CreateYourOwn />
      </Group>

      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
        {/* Issue 27 §4: the shared allow-list never shows cash (docs/architecture.md, Privacy), so this is the
            holdings' value, named as such, and their gain over cost is an unrealised gain, not a return. */}
        <Stat
          label="Holdings value"
          value={formatMoneyText(portfolio.totalValue, portfolio.currency)}
          testId="shared-total-value"
        />
        <Stat
          label="Unrealised gain"
          value={formatSignedMoneyText(portfolio.totalGainLoss, portfolio.currency)}
          tone={tone}
        />
        <Stat label="Unrealised gain %" value={formatSignedPercentText(portfolio.totalGainLossPercent)} tone={tone} />
        <Stat label="Holdings" value={String(portfolio.holdingsCount)} testId="shared-holdings-count" />
      </SimpleGrid>

      <Paper withBorder radius="md" p="md">
        <Title order={2} size="h4" mb="sm">
          Holdings
        </Title>
        {holdings.length === 0 ? (
          <Text c="dimmed">No holdings yet</Text>
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table verticalSpacing="xs" data-testid="shared-holdings">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Symbol</Table.Th>
                  <Table.Th ta="right">Quantity</Table.Th>
                  <Table.Th ta="right">Price</Table.Th>
                  <Table.Th ta="right">Value</Table.Th>
                  <Table.Th ta="right">Gain/Loss</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {holdings.map((h) => (
                  <Table.Tr key={h.symbol} data-symbol={h.symbol}>
                    <Table.Td fw={700}>{h.symbol}</Table.Td>
                    <Table.Td ta="right" className={classes.number}>
                      {formatQuantityText(h.quantity)}
                    </Table.Td>
                    <Table.Td ta="right" className={classes.number}>
                      {formatMoneyText(h.currentPrice, portfolio.currency)}
                      {/* Issue 27 §3: a listing in another currency also shows its own price. */}
                      {h.currency !== portfolio.currency && h.listingPrice && (
                        <Text size="xs" c="dimmed">
                          {formatMoneyText(h.listingPrice, h.currency)}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td ta="right" fw={600} className={classes.number}>
                      {formatMoneyText(h.totalValue, portfolio.currency)}
                    </Table.Td>
                    <Table.Td ta="right" className={classes.number}>
                      <Text size="sm" c={toneOf(h.gainLoss)}>
                        {formatSignedMoneyText(h.gainLoss, portfolio.currency)} (
                        {formatSignedPercentText(h.gainLossPercent)})
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>
    </Stack>
  );
}

function Stat({
  label,
  value,
  tone,
  testId,
}: {
  label: string;
  value: string;
  tone?: 'green' | 'red' | 'dimmed';
  testId?: string;
}) {
  return (
    <Paper withBorder radius="md" p="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={22} fw={700} c={tone === 'dimmed' ? undefined : tone} className={classes.number} data-testid={testId}>
        {value}
      </Text>
    </Paper>
  );
}
