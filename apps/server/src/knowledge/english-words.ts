import { readFileSync } from "node:fs";
import wordListPath from "word-list";

/**
 * English words (the `word-list` package, about 274,000 lower-case words), used by the food search
 * to tell a typo from a real word: "bananna" is a misspelling of banana, but "mullet" is a fish
 * and "glass" is glass, however close they are to "millet" and "grass". Read once per process.
 */
let words: Set<string> | undefined;

/** True when `word` (lower case, no accents) is an English word. */
export function isEnglishWord(word: string): boolean {
  words ??= new Set(readFileSync(wordListPath, "utf8").split("\n"));
  return words.has(word);
}
