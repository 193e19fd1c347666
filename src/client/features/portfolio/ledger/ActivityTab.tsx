import { Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { IconDownload, IconPlus, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import type { Activity } from '../../../../shared/portfolio/ledger/types';
import { LoadFailed } from '../../../components/LoadFailed';
import { errorBodyOf } from '../../../lib/errors';
import { saveFile } from '../../../lib/saveFile';
import { toast } from '../../../lib/toast';
import { useTRPC } from '../../../lib/trpc';
import { fileStem } from '../csvDownload';
import { ActivityFormDialog } from './ActivityFormDialog';
import { ActivityList } from './ActivityList';
import { DeleteActivityDialog } from './DeleteActivityDialog';
import { ImportActivitiesDialog } from './ImportActivitiesDialog';
import { useActivities } from './useLedgerData';

interface Props {
  portfolioId: string;
  portfolioName: string;
  /** The portfolio's base currency, the add form's default for cash. */
  baseCurrency: string;
}

/** The Activity tab: the ledger with add, edit, delete (asked first), CSV import with a preview, and CSV export. */
export default function ActivityTab({ portfolioId, portfolioName, baseCurrency }: Props) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const activities = useActivities(portfolioId);
  const [editing, setEditing] = useState<Activity | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Activity | null>(null);
  const [importing, setImporting] = useState(false);
  const [exporting, setExporting] = useState(false);

  async function exportCsv() {
    setExporting(true);
    try {
      const file = await queryClient.fetchQuery({
        ...trpc.portfolios.exportActivities.queryOptions({ id: portfolioId }),
        staleTime: 0,
      });
      saveFile(
        file.filename || `${fileStem(portfolioName)}-activities.csv`,
        new Blob([file.csv], { type: 'text/csv;charset=utf-8' }),
      );
    } catch (error) {
      void toast({ title: 'Export failed', description: errorBodyOf(error).message, variant: 'destructive' });
    } finally {
      setExporting(false);
    }
  }

  const list = activities.data;
  return (
    <Paper withBorder radius="md" p="md" data-testid="activity-tab">
      <Group justify="space-between" mb="sm" wrap="wrap" gap="xs">
        <div>
          <Title order={3} size="h4">
            Activity
          </Title>
          <Text size="xs" c="dimmed">
            Every buy, sell, dividend, fee, split, deposit and withdrawal: holdings, cash and returns follow from them.
          </Text>
        </div>
        <Group gap="xs">
          <Button
            variant="default"
            size="xs"
            leftSection={<IconDownload size={14} aria-hidden />}
            disabled={!list || list.length === 0}
            loading={exporting}
            onClick={() => void exportCsv()}
          >
            Export CSV
          </Button>
          <Button
            variant="default"
            size="xs"
            leftSection={<IconUpload size={14} aria-hidden />}
            onClick={() => setImporting(true)}
          >
            Import CSV
          </Button>
          <Button size="xs" leftSection={<IconPlus size={14} aria-hidden />} onClick={() => setEditing('new')}>
            Add activity
          </Button>
        </Group>
      </Group>
      {activities.isPending && (
        <Stack gap="xs" aria-busy="true" role="status" aria-label="Loading activities">
          <Skeleton h={32} />
          <Skeleton h={32} />
          <Skeleton h={32} />
        </Stack>
      )}
      {activities.isError && !list && <LoadFailed what="the activities" onRetry={() => void activities.refetch()} />}
      {list && list.length === 0 && (
        <Stack align="center" gap={4} py="lg" ta="center" data-testid="activity-empty">
          <Text fw={600}>No activities yet: add a buy, a deposit or import a CSV</Text>
          <Text size="sm" c="dimmed">
            Holdings, cash, realised gains and returns are all worked out from the activities you record.
          </Text>
        </Stack>
      )}
      {list && list.length > 0 && <ActivityList activities={list} onEdit={setEditing} onDelete={setDeleting} />}
      <ActivityFormDialog
        portfolioId={portfolioId}
        baseCurrency={baseCurrency}
        editing={editing}
        onClose={() => setEditing(null)}
      />
      <DeleteActivityDialog portfolioId={portfolioId} activity={deleting} onClose={() => setDeleting(null)} />
      <ImportActivitiesDialog portfolioId={portfolioId} opened={importing} onClose={() => setImporting(false)} />
    </Paper>
  );
}
