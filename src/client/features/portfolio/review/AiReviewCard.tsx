import { Alert, Badge, Button, Group, Loader, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconRefresh, IconSparkles } from '@tabler/icons-react';
import { Suspense } from 'react';
import { formatResetsIn, USAGE_FEATURES } from '../../../../shared/limits';
import { REVIEW_FAILED } from '../../../../shared/portfolio/review';
import { UsageLimitPopup } from '../../../components/UsageLimitPopup';
import text from '../../../styles/mutedText.module.css';
import { useAiReview } from './useAiReview';
import { retryableLazy } from '../../../components/retryableLazy';
import { useNow } from '../../../lib/useNow';

// The chat's answer renderer (markdown, figure sources) is its own chunk, fetched with the first review.
const ReviewAnswer = retryableLazy(() => import('./ReviewAnswer'));

function AnswerPlaceholder() {
  return (
    <Stack gap={8} aria-hidden>
      <Skeleton h={14} w="70%" />
      <Skeleton h={14} w="92%" />
      <Skeleton h={14} w="85%" />
      <Skeleton h={14} w="60%" />
    </Stack>
  );
}

/**
 * 'AI Review' (issue 10): the Financial Agent reviews this portfolio's value, positions and checks. Two a day for
 * every account ('Portfolio Analysis'); the button says how many are left, and past the limit the Usage Limit
 * Reached popup explains when they come back.
 */
export function AiReviewCard({ portfolioId }: { portfolioId: string }) {
  const now = useNow();
  const review = useAiReview(portfolioId);
  const { remaining } = review;
  return (
    <Paper withBorder radius="md" p="md" data-testid="ai-review" aria-busy={review.pending}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="sm">
          <div style={{ flex: '1 1 260px', minWidth: 0 }}>
            <Title order={3} size="h4">
              AI Review
            </Title>
            <Text size="sm" className={text.muted}>
              The Financial Agent reviews this portfolio's value, positions and checks, every figure checked against the
              data.
            </Text>
          </div>
          <Group gap="xs" wrap="nowrap">
            {remaining !== null && (
              <Badge variant="light" color={remaining === 0 ? 'red' : 'gray'} data-testid="review-remaining">
                {remaining} left today
              </Badge>
            )}
            <Button
              leftSection={<IconSparkles size={16} aria-hidden />}
              loading={review.pending}
              onClick={review.run}
              color="violet"
            >
              AI Review
            </Button>
          </Group>
        </Group>

        {review.pending && (
          <Stack gap="xs" data-testid="review-loading">
            <Group gap={8}>
              <Loader size="xs" type="dots" color="violet" />
              <Text size="sm" className={text.muted}>
                Reviewing your portfolio…
              </Text>
            </Group>
            <AnswerPlaceholder />
          </Stack>
        )}

        {!review.pending && review.failure && (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertTriangle size={18} aria-hidden />}
            title={REVIEW_FAILED}
            data-testid="review-failed"
          >
            <Group justify="space-between" gap="sm">
              <Text size="sm">{review.failure.message || 'Please try again.'}</Text>
              <Button
                size="xs"
                variant="default"
                leftSection={<IconRefresh size={14} aria-hidden />}
                onClick={review.run}
              >
                Try again
              </Button>
            </Group>
          </Alert>
        )}

        {!review.pending && review.answer && (
          <Suspense fallback={<AnswerPlaceholder />}>
            <ReviewAnswer review={review.answer} />
          </Suspense>
        )}

        {!review.answer && !review.pending && !review.failure && (
          <Text size="sm" className={text.muted}>
            {review.dailyLimit} reviews a day for every account, reset at midnight UTC.
          </Text>
        )}
      </Stack>

      {review.limit && (
        <UsageLimitPopup
          opened
          onClose={review.clearLimit}
          used={review.limit.used}
          limit={review.limit.limit}
          unit={USAGE_FEATURES.portfolioAnalyses.unit}
          resetsIn={review.limit.resetsAt ? formatResetsIn(review.limit.resetsAt, now) : undefined}
        />
      )}
    </Paper>
  );
}
