import type { AnswerMeta, UsageAfter } from '../chat/types';

/**
 * The AI Review of one portfolio (issue 10): the Financial Agent's answer about it, grounded like every agent
 * answer (figures annotated with their source, sources, verification), paid with one 'Portfolio Analysis'.
 */
export interface PortfolioReview extends AnswerMeta {
  portfolioId: string;
  /** Markdown; `figures` holds offsets into it. */
  content: string;
  /** The content with the plain-text sources footer: what a REST client prints. */
  response: string;
  /** ISO 8601. */
  generatedAt: string;
  /** Portfolio analyses after this one. */
  usage: UsageAfter;
}

/** The toast title when a review fails (product.md §8 style: 'Failed to ...'). */
export const REVIEW_FAILED = 'Failed to generate review';
