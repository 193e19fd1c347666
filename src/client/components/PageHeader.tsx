import { Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { ButtonLink } from './RouterLinks';

interface Props {
  title: ReactNode;
  subtitle?: ReactNode;
  /** A back link above the title (Settings' "Back to Chat", Updates' "Back"). */
  back?: { to: '/' | '/chat'; label: string };
}

/** The heading block of a content page: optional back link, page title, dimmed subtitle. */
export function PageHeader({ title, subtitle, back }: Props) {
  return (
    <Stack gap="lg">
      {back && (
        <ButtonLink to={back.to} variant="subtle" leftSection={<IconArrowLeft size={16} />} px={0} w="fit-content">
          {back.label}
        </ButtonLink>
      )}
      <div>
        <Title order={1} fz={30}>
          {title}
        </Title>
        {subtitle && <Text c="dimmed">{subtitle}</Text>}
      </div>
    </Stack>
  );
}
