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
import type { DateOrder } from '../../../../shared/portfolio/brokers/reading';
import { DateOrderQuestion } from '../import/DateOrderQuestion';
import { FileReadingSummary } from '../import/FileReadingSummary';
import { SkippedRows } from '../import/SkippedRows';

interface Props {
  portfolioId: string;
  opened: boolean;
  onClose: () => void;
}

/** A row's money in the row's own currency (a file's EUR price is not "$"); a code the file got wrong shows in USD. */
const rowMoney = (value: string, currency: string | null | undefined) =>
  formatMoneyText(value, currency && /^[A-Z]{3}$/i.test(currency) ? currency : undefined);
/**
 * Activities from a broker's export or a plain CSV: choose a file or paste, see the layout recognised and how its
 * columns and wordings were read, every row as read (with its currency), every row that cannot be read with the
 * reason, the rows skipped on purpose, and the date question when the dates read both ways; then confirm. Nothing
 * is written before the confirmation, and the import writes all rows or none.
 */
export function ImportActivitiesDialog({ portfolioId, opened, onClose }: Props) {
  const trpc = useTRPC();
  const refresh = useRefreshLedger();
  const draft = useCsvDraft<ActivityPreview>();
  const { csv, preview, setPreview, dateOrder } = draft;

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

  const previewWith = (text: string, order: DateOrder | null) =>
    check.mutate({ id: portfolioId, csv: text, dateOrder: order });

  function close() {
    draft.reset();
    onClose();
  }

  const readable = preview ? preview.rows.filter((r) => !r.error).length : 0;
  const unreadable = preview ? preview.rows.length - readable : 0;
  const canImport = Boolean(preview && !preview.fileError && readable > 0 && unreadable === 0);
  const question = preview?.reading?.dates.question ?? null;

  return (
    <Modal opened={opened} onClose={close} title="Import activities from CSV" size="xl" centered>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          A broker&apos;s transaction history works as it is downloaded: Fidelity, Charles Schwab, Vanguard, Interactive
          Brokers, Robinhood, Trading 212, DEGIRO and Portfolio Performance. Any other file needs a header naming the
          columns: <code>Date</code>, <code>Type</code> (buy, sell, dividend, fee, split, deposit, withdrawal),{' '}
          <code>Symbol</code>, <code>Quantity</code>, <code>Price</code>, <code>Fee</code>, <code>Amount</code>,{' '}
          <code>Ratio</code>, <code>Note</code>. Rows of other kinds (interest, transfers of shares) are skipped and
          listed. Export writes this same format.
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
                    .map((r, i) => (
                      <Text size="sm" key={`${r.line}-${i}`}>
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
            {preview.reading && <SkippedRows skipped={preview.reading.skipped} />}
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
            onClick={() => previewWith(csv, dateOrder)}
          >
            Preview
          </Button>
          <Button
            disabled={!canImport}
            loading={run.isPending}
            onClick={() => run.mutate({ id: portfolioId, csv, dateOrder })}
          >
            {canImport ? `Import ${readable} ${readable === 1 ? 'activity' : 'activities'}` : 'Import'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function PreviewTable({ preview }: { preview: ActivityPreview }) {
  return (
    <ScrollRegion label="Rows read from the file" minWidth={720} maxHeight={300}>
      <Table verticalSpacing={4} fz="sm" data-testid="import-preview">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Line</Table.Th>
            <Table.Th>Date</Table.Th>
            <Table.Th>Type</Table.Th>
            <Table.Th>Symbol</Table.Th>
            <Table.Th ta="right">Quantity</Table.Th>
            <Table.Th ta="right">Price</Table.Th>
            <Table.Th ta="right">Fee</Table.Th>
            <Table.Th ta="right">Amount</Table.Th>
            <Table.Th>Currency</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {preview.rows.map((row, i) => (
            <Table.Tr
              key={`${row.line}-${i}`}
              data-valid={row.error ? 'false' : 'true'}
              data-type={row.activity?.type}
              title={row.wording ?? undefined}
            >
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
                  <Table.Td ta="right">
                    {row.activity.price ? rowMoney(row.activity.price, row.currency) : '—'}
                  </Table.Td>
                  <Table.Td ta="right">{row.activity.fee ? rowMoney(row.activity.fee, row.currency) : '—'}</Table.Td>
                  <Table.Td ta="right">
                    {row.activity.amount ? rowMoney(row.activity.amount, row.currency) : '—'}
                  </Table.Td>
                  <Table.Td>
                    {row.currency ?? '—'}
                    {row.fxRate && row.fxRate !== '1' ? ` @ ${row.fxRate}` : ''}
                    {row.error && (
                      <Text size="xs" c="red">
                        {row.error}
                      </Text>
                    )}
                  </Table.Td>
                </>
              ) : (
                <Table.Td colSpan={8}>
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
