import { Stack, Text } from '@mantine/core';
import type { SkippedRow } from '../../../../shared/portfolio/brokers/reading';

/**
 * The rows left out on purpose, grouped by reason with their lines (issue 27): kinds the ledger does not record,
 * totals, notes below the table. They never stop the import; they are listed so nothing is dropped unseen.
 */
export function SkippedRows({ skipped }: { skipped: SkippedRow[] }) {
  if (skipped.length === 0) return null;
  const byReason = new Map<string, SkippedRow[]>();
  for (const row of skipped) byReason.set(row.reason, [...(byReason.get(row.reason) ?? []), row]);
  return (
    <details data-testid="import-skipped">
      <summary>
        <Text span size="sm" fw={600}>
          {skipped.length} {skipped.length === 1 ? 'row' : 'rows'} skipped
        </Text>
        <Text span size="xs" c="dimmed">
          {' '}
          (not imported, never an error)
        </Text>
      </summary>
      <Stack gap={4} mt={4}>
        {[...byReason].map(([reason, rows]) => (
          <Text size="xs" key={reason} data-reason={reason}>
            <Text span fw={600} size="xs">
              {reason}:
            </Text>{' '}
            {rows.map((r) => `line ${r.line} (${r.wording})`).join(', ')}
          </Text>
        ))}
      </Stack>
    </details>
  );
}
