import { FileInput, Textarea } from '@mantine/core';
import { IconFileTypeCsv } from '@tabler/icons-react';
import { useState } from 'react';
import type { DateOrder } from '../../../shared/portfolio/brokers/reading';
import { MAX_IMPORT_CSV_LENGTH } from '../../../shared/portfolio/limits';
import { toast } from '../../lib/toast';

/**
 * Where an import's CSV comes from, for both import dialogs (holdings and activities): a chosen file or pasted text,
 * the answer to the preview's date question (day or month first), and the server's preview of it. A new file or any
 * edit drops the preview and the answer, so what is imported is always what was previewed.
 */
export function useCsvDraft<Preview>() {
  const [csv, setCsv] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [dateOrder, setDateOrder] = useState<DateOrder | null>(null);
  return {
    csv,
    file,
    preview,
    setPreview,
    dateOrder,
    setDateOrder,
    edit(text: string) {
      setCsv(text);
      setPreview(null);
      setDateOrder(null);
    },
    /** Takes a chosen file and answers its text, or null when there is none or it is too large (said in a toast). */
    async choose(next: File | null): Promise<string | null> {
      setFile(next);
      setPreview(null);
      setDateOrder(null);
      if (!next) return null;
      const text = await next.text();
      setCsv(text);
      if (text.length <= MAX_IMPORT_CSV_LENGTH) return text;
      void toast({
        title: 'Could not read the CSV file',
        description: 'The file is too large (at most 100,000 characters)',
        variant: 'destructive',
      });
      return null;
    },
    reset() {
      setCsv('');
      setFile(null);
      setPreview(null);
      setDateOrder(null);
    },
  };
}

export type CsvDraft<Preview> = ReturnType<typeof useCsvDraft<Preview>>;

/** The file picker and the paste box; a chosen file is previewed at once (`onFileText`). */
export function CsvSourceFields<Preview>({
  draft,
  onFileText,
}: {
  draft: CsvDraft<Preview>;
  onFileText: (text: string) => void;
}) {
  return (
    <>
      <FileInput
        label="CSV file"
        placeholder="Choose a .csv file"
        accept=".csv,.tsv,.txt,text/csv,text/tab-separated-values"
        leftSection={<IconFileTypeCsv size={16} aria-hidden />}
        value={draft.file}
        onChange={(next) =>
          void draft.choose(next).then((text) => {
            if (text !== null) onFileText(text);
          })
        }
        clearable
      />
      <Textarea
        label="Or paste CSV"
        autosize
        minRows={3}
        maxRows={8}
        value={draft.csv}
        onChange={(e) => draft.edit(e.currentTarget.value)}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 12 } }}
      />
    </>
  );
}
