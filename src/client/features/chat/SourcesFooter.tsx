import { Alert, Group, Text } from '@mantine/core';
import { IconAlertTriangle, IconShieldCheck } from '@tabler/icons-react';
import { groupSources } from '../../../shared/chat/sources';
import type { SourceRef, Verification } from '../../../shared/chat/types';
import text from '../../styles/mutedText.module.css';
import { SourceGroupLine } from './SourceGroupLine';

/** The answer's footer: the sources it used with their as-of times, and how many of its figures were verified. */
export function SourcesFooter({
  sources,
  verification,
}: {
  sources: readonly SourceRef[];
  verification: Verification;
}) {
  const unverified = verification.total - verification.verified;
  return (
    <>
      {unverified > 0 && (
        <Alert
          color="orange"
          variant="light"
          icon={<IconAlertTriangle size={16} />}
          p="xs"
          data-testid="unverified-warning"
        >
          {unverified === 1 ? '1 figure' : `${unverified} figures`} in this answer could not be verified against the
          data the agent looked up. Treat {unverified === 1 ? 'it' : 'them'} with care.
        </Alert>
      )}
      {sources.length > 0 && (
        <div data-testid="answer-sources">
          {groupSources(sources).map((group) => (
            <SourceGroupLine key={group.label} group={group} />
          ))}
          {verification.total > 0 && (
            <Group gap={6} wrap="nowrap">
              <IconShieldCheck size={14} style={{ flex: 'none' }} />
              <Text size="xs" className={text.muted} data-testid="verification">
                {verification.verified} of {verification.total} figures verified against the data
              </Text>
            </Group>
          )}
        </div>
      )}
    </>
  );
}
