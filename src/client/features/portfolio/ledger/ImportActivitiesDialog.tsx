import { Alert, Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { formatMoneyText, formatQuantityText } from '../../../../shared/portfolio/format';
import { errorBodyOf } from '../../../lib/errors';
import { toast } from '../../../lib/toast';
import { useTRPC } from '../../../lib/trpc';
import { TypeBadge } from './TypeBadge';
import { formatDay } from './ledgerFormat';
import { useRefreshLedger } from './useLedgerData';
import { ScrollRegion } from './ScrollRegion';
import type { ActivityImportPreview as ActivityPreview } from '../../../../shared/portfolio/ledger/types';
import { CsvSourceFields, useCsvDraft } from '../CsvSourceFields';

interface Props {
  portfolioId: string;
  opened: boolean;
  onClose: () => void;
}

/**
 * Activities from a broker-style CSV: choose a file or paste, see every row as read and every row that cannot be
 * read with the reason, then confirm. Nothing is written before the confirmation, and the import writes all rows
 * or none.
 */
export function ImportActivitiesDialog({ portfolioId, opened, onClose }: Props) {
  const trpc = useTRPC();
  const refresh = useRefreshLedger();
  const draft = useCsvDraft<ActivityPreview>();
  const { csv, preview, setPreview } = draft;

  const check = useMutation(
    trpc.portfolios.previewActivityImport.mutationOptions({
      onSuccess: setPreview,
      onError: (error) =>
        toast({
          title: 'Could not read the CSV file',
          description: errorBodyOf(error).message,
          variant: 'destructive',
        }),
    }),
  );
  const run = useMutation(
    trpc.portfolios.importActivities.mutationOptions({
      onSuccess: async (result) => {
        void toast({
          title: 'Activities imported',
          description: `${result.imported} ${result.imported === 1 ? 'activity' : 'activities'} recorded.`,
        });
        close();
        await refresh(portfolioId);
      },
      onError: (error) =>
        toast({ title: 'Import failed', description: errorBodyOf(error).message, variant: 'destructive' }),
    }),
  );

  function close() {
    draft.reset();
    onClose();
  }

  const readable = preview ? preview.rows.filter((r) => !r.error).length : 0;
  const unreadable = preview ? preview.rows.length - readable : 0;
  const canImport = Boolean(preview && !preview.fileError && readable > 0 && unreadable === 0);

  return (
    <Modal opened={opened} onClose={close} title="Import activities from CSV" size="xl" centered>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          One activity per row with a header naming the columns: <code>Date</code>, <code>Type</code> (buy, sell,
          dividend, fee, split, deposit, withdrawal), <code>Symbol</code>, <code>Quantity</code>, <code>Price</code>,{' '}
          <code>Fee</code>, <code>Amount</code>, <code>Ratio</code>, <code>Note</code>. Commas, semicolons or tabs;
          dates such as 2024-03-01, 03/01/2024 (month first) or 1 Mar 2024. A broker&apos;s Action, Ticker, Shares and
          Commission columns work too. Export writes this same format.
        </Text>
        <CsvSourceFields draft={draft} onFileText={(text) => check.mutate({ id: portfolioId, csv: text })} />
        {preview?.fileError && (
          <Alert color="red" variant="light" role="alert">
            {preview.fileError}
          </Alert>
        )}
        {preview && !preview.fileError && (
          <Stack gap={4}>
            <Text size="sm" fw={600} role="status" data-testid="import-summary">
              {readable} {readable === 1 ? 'row' : 'rows'} read, {unreadable} {unreadable === 1 ? 'row' : 'rows'} cannot
              be read
            </Text>
            {preview.columns && (
              <Text size="xs" c="dimmed" data-testid="import-columns">
                Columns read:{' '}
                {Object.entries(preview.columns)
                  .map(([field, header]) => `${field} ← ${header}`)
                  .join(', ')}
              </Text>
            )}
            {unreadable > 0 && (
              <Alert color="red" variant="light" data-testid="import-errors" title="Fix these rows and preview again">
                <Stack gap={2}>
                  {preview.rows
                    .filter((r) => r.error)
                    .map((r) => (
                      <Text size="sm" key={r.line}>
                        Line {r.line}: {r.error}
                      </Text>
                    ))}
                  <Text size="xs">
                    The import records every row or none, so the file is not imported while a row is unreadable.
                  </Text>
                </Stack>
              </Alert>
            )}
            <PreviewTable preview={preview} />
          </Stack>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button
            variant="light"
            disabled={!csv.trim()}
            loading={check.isPending}
            onClick={() => check.mutate({ id: portfolioId, csv })}
          >
            Preview
          </Button>
          <Button disabled={!canImport} loading={run.isPending} onClick={() => run.mutate({ id: portfolioId, csv })}>
            {canImport ? `Import ${readable} ${readable === 1 ? 'activity' : 'activities'}` : 'Import'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function PreviewTable({ preview }: { preview: ActivityPreview }) {
  return (
    <ScrollRegion label="Rows read from the file" minWidth={560} maxHeight={300}>
      <Table verticalSpacing={4} fz="sm" data-testid="import-preview">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Line</Table.Th>
            <Table.Th>Date</Table.Th>
            <Table.Th>Type</Table.Th>
            <Table.Th>Symbol</Table.Th>
            <Table.Th ta="right">Quantity</Table.Th>
            <Table.Th ta="right">Price</Table.Th>
            <Table.Th ta="right">Amount</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {preview.rows.map((row) => (
            <Table.Tr key={row.line} data-valid={row.error ? 'false' : 'true'}>
              <Table.Td>{row.line}</Table.Td>
              {row.activity ? (
                <>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDay(row.activity.date)}</Table.Td>
                  <Table.Td>
                    <TypeBadge type={row.activity.type} />
                  </Table.Td>
                  <Table.Td fw={600}>{row.activity.symbol ?? '—'}</Table.Td>
                  <Table.Td ta="right">
                    {row.activity.type === 'split'
                      ? row.activity.ratio
                      : row.activity.quantity
                        ? formatQuantityText(row.activity.quantity)
                        : '—'}
                  </Table.Td>
                  <Table.Td ta="right">{row.activity.price ? formatMoneyText(row.activity.price) : '—'}</Table.Td>
                  <Table.Td ta="right">{row.activity.amount ? formatMoneyText(row.activity.amount) : '—'}</Table.Td>
                </>
              ) : (
                <Table.Td colSpan={6}>
                  <Text size="sm" c="red">
                    {row.error}
                  </Text>
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollRegion>
  );
}
