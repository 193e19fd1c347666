import { lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { usedCaptchaTokens } from '../../db/schema';
import { checkToken, isRightAnswer } from './captcha';

export type CaptchaVerdict = 'solved' | 'malformed' | 'tampered' | 'expired' | 'used' | 'wrong';

export interface CaptchaSubmission {
  token: string;
  answer: number;
}

/**
 * Verifies a solved challenge and spends its token, right answer or wrong: a token that survived a wrong
 * answer could be tried with every small number in turn. The primary key on the nonce makes "works once"
 * hold even when two requests carry the same token at the same moment.
 */
export function verifyCaptcha(db: Db, secret: string, now: number, submission: CaptchaSubmission): CaptchaVerdict {
  const check = checkToken(secret, submission.token, now);
  if (!check.ok) return check.reason;
  // Spent tokens only matter until they expire; drop the old ones so the table stays small.
  db.delete(usedCaptchaTokens).where(lt(usedCaptchaTokens.expiresAt, now)).run();
  const spent = db
    .insert(usedCaptchaTokens)
    .values({ nonce: check.nonce, expiresAt: check.expiresAt })
    .onConflictDoNothing()
    .run();
  if (spent.changes !== 1) return 'used';
  return isRightAnswer(secret, submission.token, submission.answer) ? 'solved' : 'wrong';
}
