import { Button, Group, Paper, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { IconCopy, IconLock, IconWorld } from '@tabler/icons-react';
import type { PortfolioSummary } from '../../../shared/portfolio/types';
import { errorBodyOf } from '../../lib/errors';
import { toast } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import { copyText } from './copyText';
import classes from './Portfolio.module.css';
import { useRefreshPortfolio } from './usePortfolioData';

export function sharedPortfolioUrl(link: string): string {
  return `${window.location.origin}/portfolio/shared/${link}`;
}

/**
 * Portfolio Visibility (product.md §§2 and 4): the public/private switch and, while public, the shareable link
 * with a copy button. Going private deletes the link; going public again makes a new one.
 */
export function VisibilityCard({ portfolio }: { portfolio: PortfolioSummary }) {
  const trpc = useTRPC();
  const refresh = useRefreshPortfolio();
  const visibility = useMutation(
    trpc.portfolios.setVisibility.mutationOptions({
      onSuccess: async (updated) => {
        void toast({ title: updated.isPublic ? 'Portfolio is now public' : 'Portfolio is now private' });
        await refresh(portfolio.id);
      },
      onError: (error) =>
        toast({
          title: 'Failed to update portfolio visibility',
          description: errorBodyOf(error).message,
          variant: 'destructive',
        }),
    }),
  );
  // Between the click and the refetch, show the state asked for.
  const isPublic = visibility.isPending ? Boolean(visibility.variables?.isPublic) : portfolio.isPublic;
  const url = portfolio.shareableLink ? sharedPortfolioUrl(portfolio.shareableLink) : null;

  async function copy() {
    if (!url) return;
    try {
      await copyText(url);
      void toast({ title: 'Link copied to clipboard!' });
    } catch {
      void toast({
        title: 'Could not copy the link',
        description: 'Select the link and copy it by hand.',
        variant: 'destructive',
      });
    }
  }

  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <div>
            <Title order={3} size="h4">
              Portfolio Visibility
            </Title>
            <Group gap={6} mt={4} wrap="nowrap" align="flex-start">
              {isPublic ? (
                <IconWorld size={16} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
              ) : (
                <IconLock size={16} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
              )}
              <Text size="sm" c="dimmed">
                {isPublic
                  ? 'Public: anyone with the link can view it, read-only.'
                  : 'Private: only you can see this portfolio.'}
              </Text>
            </Group>
          </div>
          <Switch
            size="md"
            label="Public"
            labelPosition="left"
            checked={isPublic}
            disabled={visibility.isPending}
            onChange={(e) => visibility.mutate({ id: portfolio.id, isPublic: e.currentTarget.checked })}
          />
        </Group>
        {isPublic && url && (
          <Group gap="xs" wrap="nowrap" align="flex-end">
            <TextInput
              label="Shareable link"
              readOnly
              value={url}
              className={classes.linkInput}
              style={{ flex: 1 }}
              onFocus={(e) => e.currentTarget.select()}
              data-testid="shareable-link"
            />
            <Button variant="light" leftSection={<IconCopy size={16} aria-hidden />} onClick={() => void copy()}>
              Copy link
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
