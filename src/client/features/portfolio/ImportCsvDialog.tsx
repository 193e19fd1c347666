import { Alert, Badge, Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import type { ImportPreview } from '../../../shared/portfolio/types';
import { errorBodyOf } from '../../lib/errors';
import { toast } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import { ImportColumns } from './holdings/ImportColumns';
import { useRefreshPortfolio } from './usePortfolioData';
import { CsvSourceFields, useCsvDraft } from './CsvSourceFields';

interface Props {
  portfolioId: string;
  opened: boolean;
  onClose: () => void;
}

/**
 * CSV import: choose a file (or paste), see every row checked by the server (format, bounds, known symbol,
 * merge, limit) with a clear error per row, then import the valid rows.
 */
export function ImportCsvDialog({ portfolioId, opened, onClose }: Props) {
  const trpc = useTRPC();
  const refresh = useRefreshPortfolio();
  const draft = useCsvDraft<ImportPreview>();
  const { csv, preview, setPreview } = draft;

  const check = useMutation(
    trpc.portfolios.previewImport.mutationOptions({
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
    trpc.portfolios.importHoldings.mutationOptions({
      onSuccess: async (result) => {
        void toast({
          title: 'Holdings imported',
          description: `${result.imported} ${result.imported === 1 ? 'row' : 'rows'} imported${result.skipped ? `, ${result.skipped} skipped` : ''}.`,
        });
        await refresh(portfolioId);
        close();
      },
      onError: (error) =>
        toast({ title: 'Import failed', description: errorBodyOf(error).message, variant: 'destructive' }),
    }),
  );

  function close() {
    draft.reset();
    onClose();
  }

  return (
    <Modal opened={opened} onClose={close} title="Import holdings from CSV" size="lg" centered>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          A broker&apos;s positions export works as it is: title lines above the header are skipped, and the columns are
          found by name (<code>Symbol</code>, <code>Quantity</code>, <code>Average Cost Basis</code>, or a total{' '}
          <code>Cost Basis</code> divided by the quantity; a <code>Price</code> column is the price now and is not
          read). Commas, semicolons or tabs; <code>$1,234.50</code> amounts. Symbols already held are merged.
        </Text>
        <CsvSourceFields draft={draft} onFileText={(text) => check.mutate({ id: portfolioId, csv: text })} />
        {preview?.fileError && (
          <Alert color="red" variant="light" role="alert">
            {preview.fileError}
          </Alert>
        )}
        {preview?.columns && !preview.fileError && <ImportColumns columns={preview.columns} />}
        {preview && !preview.fileError && <PreviewTable preview={preview} />}
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
          <Button
            disabled={!preview || preview.valid === 0}
            loading={run.isPending}
            onClick={() => run.mutate({ id: portfolioId, csv })}
          >
            {preview && preview.valid > 0
              ? `Import ${preview.valid} ${preview.valid === 1 ? 'row' : 'rows'}`
              : 'Import'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function PreviewTable({ preview }: { preview: ImportPreview }) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600} role="status">
        {preview.valid} valid, {preview.invalid} with errors
      </Text>
      <Table.ScrollContainer minWidth={480} mah={280}>
        <Table verticalSpacing={4} fz="sm" data-testid="import-preview">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Line</Table.Th>
              <Table.Th>Symbol</Table.Th>
              <Table.Th ta="right">Quantity</Table.Th>
              <Table.Th ta="right">Avg price</Table.Th>
              <Table.Th>Result</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {preview.rows.map((row) => (
              <Table.Tr key={row.line} data-valid={row.error ? 'false' : 'true'}>
                <Table.Td>{row.line}</Table.Td>
                <Table.Td fw={600}>{row.symbol || '—'}</Table.Td>
                <Table.Td ta="right">{row.quantity || '—'}</Table.Td>
                <Table.Td ta="right">{row.averagePrice || '—'}</Table.Td>
                <Table.Td>
                  {row.error ? (
                    <Text size="sm" c="red">
                      {row.error}
                    </Text>
                  ) : (
                    <Badge variant="light" color={row.merges ? 'blue' : 'teal'}>
                      {row.merges ? 'Merges' : 'New'}
                    </Badge>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
