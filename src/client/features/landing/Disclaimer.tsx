import { Container, Text } from '@mantine/core';

/** product.md §1: the content is educational and is not financial advice. */
export function Disclaimer() {
  return (
    <Container size="md" py="xl">
      <Text size="xs" c="dimmed" ta="center">
        Disclaimer: Tickwise is for educational and informational purposes only and is not financial advice. Market data
        and AI analysis may be delayed or inaccurate. Always do your own research and consider speaking with a licensed
        financial advisor before making investment decisions.
      </Text>
    </Container>
  );
}
