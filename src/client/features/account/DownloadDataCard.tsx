import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { saveFile } from '../../lib/saveFile';
import { toast } from '../../lib/toast';

const FALLBACK_NAME = 'tickwise-data.json';

/** The file name the server gave the download (Content-Disposition), so the saved file is exactly its answer. */
function fileNameOf(response: Response): string {
  return /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? FALLBACK_NAME;
}

/** "Download my data": one JSON file with the profile, portfolios, AI conversations and direct messages. */
export function DownloadDataCard() {
  const [pending, setPending] = useState(false);

  async function download() {
    setPending(true);
    try {
      const response = await fetch('/api/account/export', { credentials: 'same-origin' });
      if (!response.ok) {
        const body = (await response.json().catch(() => null)) as { message?: string } | null;
        throw new Error(body?.message ?? `The server answered ${response.status}`);
      }
      saveFile(fileNameOf(response), await response.blob());
    } catch (error) {
      void toast({
        title: 'Download failed',
        description: error instanceof Error ? error.message : String(error),
        variant: 'destructive',
      });
    } finally {
      setPending(false);
    }
  }

  return (
    <Paper withBorder radius="lg" p="xl">
      <Stack gap="xs">
        <Title order={3} fz="lg">
          Your data
        </Title>
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Text size="sm" c="dimmed" maw={480}>
            Download everything Tickwise keeps about you as one JSON file: your profile, portfolios and holdings, AI
            conversations, direct messages and friend requests.
          </Text>
          <Button
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden />}
            loading={pending}
            onClick={() => void download()}
          >
            Download my data
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
