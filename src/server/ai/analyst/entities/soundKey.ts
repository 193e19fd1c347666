/**
 * How a word sounds, roughly, in English spelling: the letters that are written differently for one sound made
 * alike ('netflicks' and 'netflix' are both 'netfliks', 'fizer' and 'pfizer' both 'fiser'), doubled letters made
 * single. Names typed by ear are too far from the name for a typo's distance, but sound the same.
 */
export function soundKey(word: string): string {
  return word
    .toLowerCase()
    .replace(/^pf/, 'f')
    .replace(/ph/g, 'f')
    .replace(/ck/g, 'k')
    .replace(/x/g, 'ks')
    .replace(/qu?/g, 'k')
    .replace(/c(?=[eiy])/g, 's')
    .replace(/c/g, 'k')
    .replace(/z/g, 's')
    .replace(/y/g, 'i')
    .replace(/([^aeiou])h/g, '$1')
    .replace(/(.)\1+/g, '$1')
    .replace(/(?<=.{3})e$/, '');
}
