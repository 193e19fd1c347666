import { randomInt } from 'node:crypto';

/**
 * A new account's username is random ("investor-4821k"), never taken from the email: usernames are shown in search
 * to anyone from two typed characters, so one made of the email's local part would turn search into a directory of
 * addresses. People may choose another one in Settings (shared/schemas/username.ts has the rules).
 *
 * The migration that brought these in gave existing accounts "investor-" + 4 hex digits + their row number, which always ends in a
 * digit; new names end in a letter, so the two kinds never collide.
 */
const WORDS = ['investor', 'trader', 'saver', 'analyst', 'holder', 'planner'] as const;
const LETTERS = 'abcdefghijkmnpqrstuvwxyz';

export function randomUsername(pick: (max: number) => number = randomInt): string {
  const digits = String(pick(10_000)).padStart(4, '0');
  return `${WORDS[pick(WORDS.length)]}-${digits}${LETTERS[pick(LETTERS.length)]}`;
}
