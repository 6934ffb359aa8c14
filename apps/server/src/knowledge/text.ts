/** Text helpers for matching keeper-typed names against the datasets: normalising, trigrams, edit distance. */

// Irregular plurals that the suffix rules below would get wrong.
const IRREGULAR: Readonly<Record<string, string>> = {
  leaves: "leaf",
  loaves: "loaf",
  halves: "half",
  geese: "goose",
  mice: "mouse",
  knives: "knife",
  potatoes: "potato",
  tomatoes: "tomato",
};

/** Reduces an English word to a crude singular, mapping singular and plural to the same key. */
export function stemWord(word: string): string {
  const irregular = IRREGULAR[word];
  if (irregular) return irregular;
  if (word.length <= 3) return word;
  if (word.endsWith("ies") && word.length > 4) return `${word.slice(0, -3)}y`;
  // "cookie" and "cookies" both become "cooky".
  if (word.endsWith("ie") && word.length > 4) return `${word.slice(0, -2)}y`;
  if (/(?:ch|sh|x|ss|zz)es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith("oes")) return word.slice(0, -2);
  if (word.endsWith("ss")) return word;
  if (word.endsWith("s")) return word.slice(0, -1);
  return word;
}

/** Lower case, accents and punctuation removed, single spaces ("Pak-Choi!" -> "pak choi"). */
export function normalizeText(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/['\u2019`]/g, "")
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}

/** The comparison key of a name: normalised, then every word singularised. */
export function matchKey(text: string): string {
  const normal = normalizeText(text);
  if (!normal) return "";
  return normal.split(" ").map(stemWord).join(" ");
}

/** pg_trgm-style trigrams: each word padded with two spaces in front and one behind. */
export function trigrams(key: string): Set<string> {
  const grams = new Set<string>();
  for (const word of key.split(" ")) {
    if (!word) continue;
    const padded = `  ${word} `;
    for (let i = 0; i + 3 <= padded.length; i++) grams.add(padded.slice(i, i + 3));
  }
  return grams;
}

/**
 * Optimal-string-alignment edit distance (a swap of two neighbours counts as one edit),
 * giving up with max + 1 as soon as the answer must exceed max.
 */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const n = b.length;
  let twoBack: number[] = [];
  let previous = Array.from({ length: n + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= n; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        value = Math.min(value, twoBack[j - 2]! + 1);
      }
      current.push(value);
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > max) return max + 1;
    twoBack = previous;
    previous = current;
  }
  return previous[n]!;
}
