import { Container, Group, Paper, Text, Title } from '@mantine/core';
import { ButtonLink } from '../../components/RouterLinks';

/** The closing call to action. */
export function FinalCta({ signedIn }: { signedIn: boolean }) {
  return (
    <Container size="md" py={40}>
      <Paper
        radius="lg"
        p={{ base: 'xl', md: 48 }}
        ta="center"
        style={{ background: 'linear-gradient(135deg, var(--mantine-color-teal-8), var(--mantine-color-cyan-8))' }}
      >
        <Title order={2} c="white" mb="sm">
          Ready to trade smarter?
        </Title>
        <Text c="white" opacity={0.85} mb="lg">
          Start with AI analysis, live charts and portfolio tracking today.
        </Text>
        <Group justify="center">
          {signedIn ? (
            <ButtonLink to="/chat" variant="white" color="dark" size="md">
              Go to Chat
            </ButtonLink>
          ) : (
            <>
              <ButtonLink to="/auth" search={{ mode: 'signup' }} variant="white" color="dark" size="md">
                Get Started Free
              </ButtonLink>
              <ButtonLink to="/auth" search={{ mode: 'signup' }} variant="outline" color="white" size="md">
                Create Account
              </ButtonLink>
            </>
          )}
        </Group>
      </Paper>
    </Container>
  );
}
