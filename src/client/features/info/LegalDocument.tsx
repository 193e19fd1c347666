import { Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { AppLayout } from '../../components/AppLayout';

export interface LegalSection {
  heading: string;
  body: ReactNode;
}

/** Shared frame of the terms and privacy pages: title, date line and numbered sections. */
export function LegalDocument({
  title,
  updated,
  sections,
}: {
  title: string;
  updated: string;
  sections: LegalSection[];
}) {
  return (
    <AppLayout size="md">
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 40 }}>
        <Stack gap="lg">
          <div>
            <Title order={1} fz={30}>
              {title}
            </Title>
            <Text size="sm" c="dimmed">
              Last updated: {updated}
            </Text>
          </div>
          {sections.map((section, i) => (
            <div key={section.heading}>
              <Title order={2} fz="lg" mb={6}>
                {i + 1}. {section.heading}
              </Title>
              <Text size="sm" c="dimmed" lh={1.7}>
                {section.body}
              </Text>
            </div>
          ))}
        </Stack>
      </Paper>
    </AppLayout>
  );
}
