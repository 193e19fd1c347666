import type { Db } from '../../db/client';
import { tablesOf } from '../../db/schema';
import { checkToken, isRightAnswer, isRightProof } from './captcha';

export type CaptchaVerdict =
  | 'solved'
  | 'malformed'
  | 'tampered'
  | 'expired'
  | 'used'
  | 'wrong'
  /** The proof of work is missing or is not this token's. */
  | 'unproven'
  /** The token's work is smaller than this attempt needs (an email under attack asks for more). */
  | 'too-easy';

export interface CaptchaSubmission {
  token: string;
  answer: number;
  proof: number | undefined;
}

/**
 * Verifies a solved challenge and spends its token, right answer or wrong: a token that survived a wrong
 * answer could be tried with every small number in turn. The proof of work is checked first and a token
 * without one is not spent, so the answer is only ever looked at after the work was paid for. The primary key
 * on the nonce makes "works once" hold even when two requests carry the same token at the same moment.
 * Spent tokens are deleted once expired by the maintenance timer (maintenance.ts).
 */
export async function verifyCaptcha(
  db: Db,
  secret: string,
  now: number,
  submission: CaptchaSubmission,
  minimumWork: number,
): Promise<CaptchaVerdict> {
  const { usedCaptchaTokens } = tablesOf(db);
  const check = checkToken(secret, submission.token, now);
  if (!check.ok) return check.reason;
  if (check.workMax < minimumWork) return 'too-easy';
  if (submission.proof === undefined || !isRightProof(secret, check, submission.proof)) return 'unproven';
  // An insert that conflicts returns no row: the token was spent already (by this request's twin, perhaps).
  const spent = await db
    .insert(usedCaptchaTokens)
    .values({ nonce: check.nonce, expiresAt: check.expiresAt })
    .onConflictDoNothing()
    .returning({ nonce: usedCaptchaTokens.nonce });
  if (spent.length !== 1) return 'used';
  return isRightAnswer(secret, submission.token, submission.answer) ? 'solved' : 'wrong';
}
