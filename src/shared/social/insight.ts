import { sourcesFooter } from '../chat/sources';
import type { SourceRef, Verification } from '../chat/types';
import { MAX_INSIGHT_LENGTH, MAX_INSIGHT_SOURCES } from './limits';
import type { InsightMetadata } from './types';

/** A Financial Agent answer, as POST /api/chat answers it or as it is stored (the parts a shared insight uses). */
export interface InsightAnswer {
  content: string;
  sources: SourceRef[];
  verification: Verification;
}

/**
 * The message an insight is shared as: the answer without the plain-text sources footer (the card lists the sources
 * from the metadata), keeping a warning line when some figures could not be verified, within the insight bound.
 */
export function insightMessage(
  answer: InsightAnswer,
  question: string,
  generatedAt: Date,
): { content: string; metadata: InsightMetadata } {
  const footer = sourcesFooter(answer.sources, answer.verification);
  let content = footer && answer.content.endsWith(footer) ? answer.content.slice(0, -footer.length) : answer.content;
  const unverified = answer.verification.total - answer.verification.verified;
  if (unverified > 0 && !content.includes('could not be verified')) {
    content += `\n\n_Warning: ${unverified} of ${answer.verification.total} figures could not be verified against the data._`;
  }
  if (content.length > MAX_INSIGHT_LENGTH) content = `${content.slice(0, MAX_INSIGHT_LENGTH - 1)}…`;
  return {
    content: content.trim(),
    metadata: {
      question,
      generatedAt: generatedAt.toISOString(),
      sources: answer.sources.slice(0, MAX_INSIGHT_SOURCES),
    },
  };
}

/**
 * Whether `claimed` is this answer's text as a client may hold it: as POST /api/ai/insight gave it (sources footer
 * included), as stored, or as an insight message shows it. All three read the same once made into an insight message.
 */
export function isAnswerText(claimed: string, answer: InsightAnswer): boolean {
  const epoch = new Date(0);
  const asInsight = (content: string) =>
    insightMessage({ ...answer, content: content.normalize('NFC').trim() }, '', epoch).content;
  return asInsight(claimed) === asInsight(answer.content);
}
