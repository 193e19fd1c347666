import { Alert, Badge, Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import type { DateOrder } from '../../../shared/portfolio/brokers/reading';
import { formatMoneyText } from '../../../shared/portfolio/format';
import type { ImportPreview, ImportRow } from '../../../shared/portfolio/types';
import { errorBodyOf } from '../../lib/errors';
import { toast } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import { ImportColumns } from './holdings/ImportColumns';
import { DateOrderQuestion } from './import/DateOrderQuestion';
import { FileReadingSummary } from './import/FileReadingSummary';
import { SkippedRows } from './import/SkippedRows';
import { useRefreshPortfolio } from './usePortfolioData';
import { CsvSourceFields, useCsvDraft } from './CsvSourceFields';

interface Props {
  portfolioId: string;
  opened: boolean;
  onClose: () => void;
}

/**
 * CSV import of positions: choose a file (or paste), see the layout recognised (a broker's positions export or a
 * plain file) and every row checked by the server (format, bounds, known symbol, merge, limit, purchase date) with a
 * clear error per row, cash lines as cash and the lines skipped with their reason, then import the valid rows.
 */
export function ImportCsvDialog({ portfolioId, opened, onClose }: Props) {
  const trpc = useTRPC();
  const refresh = useRefreshPortfolio();
  const draft = useCsvDraft<ImportPreview>();
  const { csv, preview, setPreview, dateOrder } = draft;

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

  const previewWith = (text: string, order: DateOrder | null) =>
    check.mutate({ id: portfolioId, csv: text, dateOrder: order });

  function close() {
    draft.reset();
    onClose();
  }

  const question = preview?.reading?.dates.question ?? null;

  return (
    <Modal opened={opened} onClose={close} title="Import holdings from CSV" size="xl" centered>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          A broker&apos;s positions export works as it is (Fidelity, Charles Schwab, Interactive Brokers), and so does a
          plain file with <code>Symbol</code>, <code>Quantity</code> and <code>Average Cost</code> (or a total{' '}
          <code>Cost Basis</code>) columns; a <code>Purchase Date</code> column records each buy on its day. A{' '}
          <code>Price</code> column is the price now and is not read. Money-market and sweep lines (SPAXX, &quot;Cash
          &amp; Cash Investments&quot;) are imported as cash. Symbols already held are merged.
        </Text>
        <CsvSourceFields draft={draft} onFileText={(text) => previewWith(text, null)} />
        {preview?.fileError && (
          <Alert color="red" variant="light" role="alert">
            {preview.fileError}
          </Alert>
        )}
        {preview?.reading && !preview.fileError && <FileReadingSummary reading={preview.reading} />}
        {question && (
          <DateOrderQuestion
            question={question}
            pending={check.isPending}
            onAnswer={(order) => {
              draft.setDateOrder(order);
              previewWith(csv, order);
            }}
          />
        )}
        {preview?.columns && !preview.fileError && <ImportColumns columns={preview.columns} />}
        {preview && !preview.fileError && <PreviewTable preview={preview} />}
        {preview?.reading && !preview.fileError && <SkippedRows skipped={preview.reading.skipped} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button
            variant="light"
            disabled={!csv.trim()}
            loading={check.isPending}
            onClick={() => previewWith(csv, dateOrder)}
          >
            Preview
          </Button>
          <Button
            disabled={!preview || preview.valid === 0 || question !== null}
            loading={run.isPending}
            onClick={() => run.mutate({ id: portfolioId, csv, dateOrder })}
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

function RowResult({ row }: { row: ImportRow }) {
  if (row.error)
    return (
      <Text size="sm" c="red">
        {row.error}
      </Text>
    );
  if (row.kind === 'cash')
    return (
      <Badge variant="light" color="gray">
        Cash
      </Badge>
    );
  return (
    <Badge variant="light" color={row.merges ? 'blue' : 'teal'}>
      {row.merges ? 'Merges' : 'New'}
    </Badge>
  );
}

function PreviewTable({ preview }: { preview: ImportPreview }) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600} role="status">
        {preview.valid} valid, {preview.invalid} with errors
      </Text>
      <Table.ScrollContainer minWidth={640} mah={280}>
        <Table verticalSpacing={4} fz="sm" data-testid="import-preview">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Line</Table.Th>
              <Table.Th>Symbol</Table.Th>
              <Table.Th ta="right">Quantity</Table.Th>
              <Table.Th ta="right">Avg price / amount</Table.Th>
              <Table.Th>Bought</Table.Th>
              <Table.Th>Currency</Table.Th>
              <Table.Th>Result</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {preview.rows.map((row, i) => (
              <Table.Tr key={`${row.line}-${i}`} data-valid={row.error ? 'false' : 'true'} data-kind={row.kind}>
                <Table.Td>{row.line}</Table.Td>
                <Table.Td fw={600}>{row.symbol || '—'}</Table.Td>
                <Table.Td ta="right">{row.kind === 'cash' ? '—' : row.quantity || '—'}</Table.Td>
                <Table.Td ta="right">
                  {row.kind === 'cash' ? (row.amount ? formatMoneyText(row.amount) : '—') : row.averagePrice || '—'}
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {row.kind === 'cash' ? '—' : (row.date ?? 'today')}
                </Table.Td>
                <Table.Td>
                  {row.currency ?? '—'}
                  {row.fxRate && row.fxRate !== '1' ? ` @ ${row.fxRate}` : ''}
                </Table.Td>
                <Table.Td>
                  <RowResult row={row} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
