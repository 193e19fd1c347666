import { dictionary } from '@zxcvbn-ts/language-common';

/**
 * The 10,000 most common passwords (zxcvbn's ranked list, most common first, all lower case). Server only: the
 * list would add ~100 KB to the browser bundle and says nothing a form needs before submitting.
 */
const TOP_COMMON = 10_000;

let common: ReadonlySet<string> | null = null;

/** Case does not make a common password less common: "Password1" is "password1". */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary['passwords-common'].slice(0, TOP_COMMON));
  return common.has(password.toLowerCase());
}
