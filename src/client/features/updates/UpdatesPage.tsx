import { Paper, Stack, Tabs, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { AppLayout } from '../../components/AppLayout';
import { PageHeader } from '../../components/PageHeader';
import { UpdateEntryCard } from './UpdateEntryCard';
import { BUILT_IN_UPDATES, newestFirst, type UpdateCategory, type UpdateEntry } from './updatesData';
import { WhatsNewBanner } from './WhatsNewBanner';
import { usePageTitle } from '../../lib/usePageTitle';

type Filter = 'all' | UpdateCategory;

const TABS: { value: Filter; label: string }[] = [
  { value: 'all', label: 'All Updates' },
  { value: 'feature', label: 'Features' },
  { value: 'improvement', label: 'Improvements' },
  { value: 'fix', label: 'Fixes' },
  { value: 'security', label: 'Security' },
];

/** /updates (product.md §2): the built-in changelog, newest first, with a category filter. */
export function UpdatesPage({ entries = BUILT_IN_UPDATES }: { entries?: readonly UpdateEntry[] }) {
  usePageTitle('Platform Updates');
  const [filter, setFilter] = useState<Filter>('all');
  const sorted = useMemo(() => newestFirst(entries), [entries]);
  const shown = filter === 'all' ? sorted : sorted.filter((e) => e.category === filter);

  return (
    <AppLayout size="md">
      <Stack gap="lg">
        <PageHeader
          back={{ to: '/', label: 'Back' }}
          title="Platform Updates"
          subtitle="Latest features and improvements"
        />
        <WhatsNewBanner />
        <Tabs value={filter} onChange={(v) => setFilter((v as Filter | null) ?? 'all')}>
          <Tabs.List>
            {TABS.map((tab) => (
              <Tabs.Tab key={tab.value} value={tab.value}>
                {tab.label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </Tabs>
        <Stack gap="sm">
          {shown.length === 0 ? (
            <Paper withBorder radius="lg" p="xl" ta="center">
              <Text c="dimmed">No updates found in this category</Text>
            </Paper>
          ) : (
            shown.map((entry) => <UpdateEntryCard key={entry.id} entry={entry} />)
          )}
        </Stack>
      </Stack>
    </AppLayout>
  );
}
