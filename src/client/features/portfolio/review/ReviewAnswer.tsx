import { Stack, Text } from '@mantine/core';
import type { PortfolioReview } from '../../../../shared/portfolio/review';
import { AnswerMarkdown } from '../../chat/AnswerMarkdown';
import { SourcesFooter } from '../../chat/SourcesFooter';
import text from '../../../styles/mutedText.module.css';

const time = (iso: string) => new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });

/**
 * A review's answer, drawn by the chat's renderer: markdown with its verified figures marked (source on hover) and a
 * warning on any other, then the sources with their as-of times. Loaded on demand (react-markdown comes with
 * it), so the portfolio screen's own chunk stays light.
 */
export default function ReviewAnswer({ review }: { review: PortfolioReview }) {
  return (
    <Stack gap={6} data-testid="review-answer" style={{ overflowWrap: 'anywhere' }}>
      <AnswerMarkdown content={review.content} figures={review.figures} />
      <SourcesFooter sources={review.sources} verification={review.verification} />
      <Text size="xs" className={text.muted}>
        Reviewed at {time(review.generatedAt)} by the Financial Agent
      </Text>
    </Stack>
  );
}
