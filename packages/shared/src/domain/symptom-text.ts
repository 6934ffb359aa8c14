/**
 * Understanding a keeper's own words for symptoms: a token matcher, not a phrase list.
 *
 * Text and every vocabulary phrase go through the same pipeline: lower-case, accent- and
 * punctuation-free words, crude singular, "-ing" dropped, British spellings and lay words mapped
 * to one token ("poop", "poo", "stool" -> "dropping"; "bum", "butt" -> "vent"), filler words
 * removed. A phrase matches when all its tokens occur near each other in any order ("comb pale"
 * is "pale comb"), each input word tolerating a small typo. Whatever no phrase explains is handed
 * back as "not understood" rather than silently dropped.
 */
import type { SymptomRecord } from "../schemas/condition";

// Words that carry no symptom meaning on their own; dropped on both sides.
const FILLER = new Set(
  (
    "a an the my our her his its their this that these those is are was were be been being am has have had " +
    "having of on in at to and or with from for by as very really quite so too bit lot lots little some " +
    "all just also still keep keeps kept seem seems seemed look looks looking like she he it they them " +
    "i we you me us one two few several there here since yesterday today day days week weeks now " +
    "hen hens chicken chickens rooster roosters cockerel pullet pullets bird birds flock poultry fowl " +
    "duck ducks drake goose geese gander turkey turkeys guinea guineas quail quails got get gets getting " +
    "around about again always sometimes but hes shes theyre theres its coming gone went turned near " +
    "stuff thing things something others other many ate eaten old ago after before while when then"
  ).split(" "),
);

/**
 * Words understood as context, not symptoms: the bird's age or kind ("chick", "poults") and
 * where or when ("coop", "night"). They take part in matching but are never reported back as
 * "not understood".
 */
const CONTEXT = new Set(
  (
    "chick coop pen run barn shed house pond water night morning evening hour hours month months " +
    "age week weeks year years young adult"
  ).split(" "),
);

/** Body parts one keeper's sentence may name once for two signs ("comb swollen and purple"). */
const SHARED_PARTS = new Set(
  "comb wattle snood eye leg foot toe head face neck wing vent crop nose beak belly skin dropping".split(
    " ",
  ),
);

/** Words that, right before a symptom, mean the keeper ruled it out. */
const NEGATIONS = new Set([
  "no",
  "not",
  "without",
  "never",
  "isnt",
  "doesnt",
  "nor",
  "none",
  "arent",
]);

// Lay words, paraphrases and spellings that mean the same thing to the matcher.
const WORD_MAP: Readonly<Record<string, string>> = {
  poop: "dropping",
  poo: "dropping",
  poopy: "dropping",
  pooping: "dropping",
  pooped: "dropping",
  feces: "dropping",
  faeces: "dropping",
  fece: "dropping",
  faece: "dropping",
  stool: "dropping",
  scat: "dropping",
  dung: "dropping",
  mess: "dropping",
  bum: "vent",
  butt: "vent",
  backside: "vent",
  bottom: "vent",
  rear: "vent",
  cloaca: "vent",
  snotty: "snot",
  crusty: "crust",
  crusted: "crust",
  bluish: "blue",
  blueish: "blue",
  smelly: "smell",
  stinky: "smell",
  stink: "smell",
  stinking: "smell",
  stank: "smell",
  shank: "leg",
  shin: "leg",
  cannot: "cant",
  unable: "cant",
  blotch: "spot",
  blotche: "spot",
  speck: "spot",
  diarrhoea: "diarrhea",
  diarhea: "diarrhea",
  mould: "mold",
  mouldy: "moldy",
  colour: "color",
  grey: "gray",
  tumour: "tumor",
  sulphur: "sulfur",
  paralysed: "paralyzed",
  paralyse: "paralyzed",
  paralyze: "paralyzed",
  paralysis: "paralyzed",
  favour: "favor",
  haemorrhage: "hemorrhage",
  anaemia: "anemia",
  anaemic: "anemic",
  discolouration: "discoloration",
  behaviour: "behavior",
  dyspnoea: "dyspnea",
  tummy: "belly",
  abdomen: "belly",
  stomach: "belly",
  puffy: "swollen",
  swelling: "swollen",
  swell: "swollen",
  bloated: "swollen",
  runny: "watery",
  duckling: "chick",
  keet: "chick",
  poult: "chick",
  gosling: "chick",
  dead: "died",
  die: "died",
  dy: "died",
  dying: "died",
  feet: "foot",
  eyelid: "eye",
  nostril: "nose",
  nasal: "nose",
  breathe: "breathing",
  breath: "breath",
};

const TARGETS = new Set(Object.values(WORD_MAP));

// Irregular plurals the suffix rules below would get wrong.
const IRREGULAR: Readonly<Record<string, string>> = {
  leaves: "leaf",
  feet: "foot",
  teeth: "tooth",
  geese: "goose",
  mice: "mouse",
  lice: "louse",
};

/** Crude singular: "droppings" and "dropping" compare equal. */
function singular(word: string): string {
  const irregular = IRREGULAR[word];
  if (irregular) return irregular;
  if (word.length <= 3) return word;
  if (word.endsWith("ies") && word.length > 4) return `${word.slice(0, -3)}y`;
  if (/(?:ss|us|ch|sh|x)es$/.test(word)) return word.slice(0, -2);
  if (/(?:ss|us|is)$/.test(word)) return word;
  if (word.endsWith("s")) return word.slice(0, -1);
  return word;
}

/** Drops "-ing" so "sneezing", "sneezed" and "sneeze" meet ("wing" and "eating" stay). */
function stem(word: string): string {
  if (word.endsWith("ing") && word.length >= 7) {
    let base = word.slice(0, -3);
    if (/([bdgmnprt])\1$/.test(base)) base = base.slice(0, -1);
    return base;
  }
  if (word.endsWith("ed") && word.length >= 6 && !word.endsWith("eed")) {
    const base = word.slice(0, -2);
    if (/([bdgmnprt])\1$/.test(base)) return base.slice(0, -1);
    return base;
  }
  return word;
}

/** Lower-case, accent- and punctuation-free raw words ("can't" -> "cant"). */
export function rawWords(text: string): string[] {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/['\u2019`]/g, "")
    .replace(/[^a-z0-9]+/g, " ")
    .trim()
    .split(" ")
    .filter((w) => w.length > 0);
}

/** The matcher's token for one raw word, or "" for filler. */
export function tokenOf(raw: string): string {
  if (FILLER.has(raw)) return "";
  const direct = WORD_MAP[raw];
  if (direct) return direct;
  const s = singular(raw);
  const mapped = WORD_MAP[s];
  if (mapped) return mapped;
  if (FILLER.has(s)) return "";
  // A word that is already some mapping's target ("dropping", "breathing") is kept whole.
  if (TARGETS.has(s)) return s;
  const st = stem(s);
  return WORD_MAP[st] ?? st;
}

/** Edits tolerated in one word: none below 4 letters, 1 up to 7, then 2. */
function allowedEdits(length: number): number {
  if (length < 4) return 0;
  return length < 8 ? 1 : 2;
}

/** Optimal-string-alignment distance (a swap counts as one edit), giving up above max. */
export function wordDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    const row = new Array<number>(b.length + 1).fill(0);
    row[0] = i;
    rows.push(row);
  }
  const first = rows[0]!;
  for (let j = 0; j <= b.length; j++) first[j] = j;
  for (let i = 1; i <= a.length; i++) {
    const row = rows[i]!;
    const prev = rows[i - 1]!;
    let rowMin = Infinity;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        v = Math.min(v, rows[i - 2]![j - 2]! + 1);
      }
      row[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return max + 1;
  }
  return rows[a.length]![b.length]!;
}

interface Phrase {
  id: string;
  tokens: string[];
}

/** The vocabulary, tokenised once. */
interface SymptomIndex {
  phrases: Phrase[];
  byToken: Map<string, Phrase[]>;
  /** Every raw word the vocabulary (and the word map) knows, by first letter, for typo repair. */
  known: Map<string, { raw: string; token: string }[]>;
  tokens: Set<string>;
  corrections: Map<string, string>;
}

const indexes = new WeakMap<readonly SymptomRecord[], SymptomIndex>();

function buildIndex(vocabulary: readonly SymptomRecord[]): SymptomIndex {
  const cached = indexes.get(vocabulary);
  if (cached) return cached;
  const phrases: Phrase[] = [];
  const seen = new Set<string>();
  const byToken = new Map<string, Phrase[]>();
  const tokens = new Set<string>();
  const knownRaw = new Map<string, string>();
  for (const record of vocabulary) {
    for (const text of [record.label, ...record.synonyms, record.id.replace(/-/g, " ")]) {
      const words = rawWords(text);
      const toks: string[] = [];
      for (const w of words) {
        const t = tokenOf(w);
        if (!t) continue;
        toks.push(t);
        if (w.length >= 4 && !knownRaw.has(w)) knownRaw.set(w, t);
      }
      const unique = [...new Set(toks)];
      if (unique.length === 0) continue;
      const key = `${record.id}:${[...unique].sort().join(" ")}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const phrase = { id: record.id, tokens: unique };
      phrases.push(phrase);
      for (const t of unique) {
        tokens.add(t);
        const list = byToken.get(t);
        if (list) list.push(phrase);
        else byToken.set(t, [phrase]);
      }
    }
  }
  for (const [raw, token] of Object.entries(WORD_MAP)) {
    if (raw.length >= 4 && !knownRaw.has(raw)) knownRaw.set(raw, token);
  }
  const known = new Map<string, { raw: string; token: string }[]>();
  for (const [raw, token] of knownRaw) {
    const list = known.get(raw[0]!);
    if (list) list.push({ raw, token });
    else known.set(raw[0]!, [{ raw, token }]);
  }
  const index = { phrases, byToken, known, tokens, corrections: new Map<string, string>() };
  indexes.set(vocabulary, index);
  return index;
}

/** The token for a keeper's word, repairing a typo when exactly one known word is that close. */
function repair(raw: string, index: SymptomIndex): string {
  const token = tokenOf(raw);
  if (!token || index.tokens.has(token) || NEGATIONS.has(raw)) return token;
  const cached = index.corrections.get(raw);
  if (cached !== undefined) return cached;
  const max = allowedEdits(raw.length);
  let result = token;
  if (max > 0) {
    // Typos seldom touch the first letter; requiring it keeps the search small and sane.
    let best = max + 1;
    let bestTokens = new Set<string>();
    for (const k of index.known.get(raw[0]!) ?? []) {
      const d = wordDistance(raw, k.raw, max);
      if (d < best) {
        best = d;
        bestTokens = new Set([k.token]);
      } else if (d === best) bestTokens.add(k.token);
    }
    // Two different words equally close is a guess, so the word stays not understood.
    if (best <= max && bestTokens.size === 1) result = [...bestTokens][0]!;
  }
  if (index.corrections.size < 5_000) index.corrections.set(raw, result);
  return result;
}

/** What one piece of keeper text was understood as. */
export interface TextMatch {
  ids: string[];
  /** Words (in the keeper's spelling) that no symptom explains; empty when all was understood. */
  notUnderstood: string[];
}

/**
 * Finds every symptom in one piece of free text. Phrases with more words win over the shorter
 * ones inside them; a negated symptom ("no coughing") is understood and left out.
 */
export function matchSymptomText(text: string, vocabulary: readonly SymptomRecord[]): TextMatch {
  const index = buildIndex(vocabulary);
  const raws = rawWords(text).slice(0, 60);
  const items: { raw: string; token: string }[] = [];
  for (const raw of raws) {
    const token = NEGATIONS.has(raw) ? raw : repair(raw, index);
    if (token) items.push({ raw, token });
  }
  if (items.length === 0) return { ids: [], notUnderstood: [] };

  const present = new Map<string, number[]>();
  items.forEach((item, i) => {
    const list = present.get(item.token);
    if (list) list.push(i);
    else present.set(item.token, [i]);
  });
  const candidates = new Set<Phrase>();
  for (const token of present.keys())
    for (const p of index.byToken.get(token) ?? []) candidates.add(p);

  const found: { phrase: Phrase; positions: number[]; span: number }[] = [];
  for (const phrase of candidates) {
    if (!phrase.tokens.every((t) => present.has(t))) continue;
    // The tightest window holding every token of the phrase, in any order.
    const positions = phrase.tokens.map((t) => present.get(t)!);
    let best: number[] | null = null;
    let bestSpan = Infinity;
    const choose = (k: number, picked: number[]) => {
      if (k === positions.length) {
        const span = Math.max(...picked) - Math.min(...picked) + 1;
        if (span < bestSpan) {
          bestSpan = span;
          best = [...picked];
        }
        return;
      }
      for (const p of positions[k]!.slice(0, 4)) {
        if (picked.includes(p)) continue;
        picked.push(p);
        choose(k + 1, picked);
        picked.pop();
      }
    };
    choose(0, []);
    // One stray word inside a phrase is fine ("comb is very pale"); words far apart are not one sign.
    if (best && bestSpan <= phrase.tokens.length + 1) {
      found.push({ phrase, positions: best, span: bestSpan });
    }
  }
  found.sort(
    (a, b) =>
      b.phrase.tokens.length - a.phrase.tokens.length ||
      a.span - b.span ||
      Math.min(...a.positions) - Math.min(...b.positions),
  );
  const taken = new Array<boolean>(items.length).fill(false);
  const accepted: { id: string; start: number }[] = [];
  const used = new Set<(typeof found)[number]>();
  // Longer phrases first; at each length, first the signs on words of their own, then those
  // whose body part already served another sign ("runny eyes and bubbles", "head swollen and
  // blue"). Any other word belongs to one sign only.
  const lengths = [...new Set(found.map((f) => f.phrase.tokens.length))];
  for (const [length, sharing] of lengths.flatMap((n) => [
    [n, false] as const,
    [n, true] as const,
  ])) {
    for (const f of found) {
      if (used.has(f) || f.phrase.tokens.length !== length) continue;
      const shared = f.positions.filter((p) => taken[p]);
      if (
        shared.length > 0 &&
        (!sharing ||
          shared.length === f.positions.length ||
          !shared.every((p) => SHARED_PARTS.has(items[p]!.token)))
      ) {
        continue;
      }
      used.add(f);
      // A negation counts before the sign's own words, not before a body part it shares
      // ("not pooping, straining" still strains).
      const own = f.positions.filter((p) => !taken[p]);
      for (const p of f.positions) taken[p] = true;
      const start = Math.min(...own);
      const before = items[start - 1];
      const negatedPhrase = f.phrase.tokens.some((t) => NEGATIONS.has(t));
      if (!negatedPhrase && before && NEGATIONS.has(before.token)) {
        taken[start - 1] = true;
        continue;
      }
      accepted.push({ id: f.phrase.id, start });
    }
  }
  accepted.sort((a, b) => a.start - b.start);
  const notUnderstood = items
    .filter(
      (item, i) =>
        !taken[i] &&
        !NEGATIONS.has(item.token) &&
        !CONTEXT.has(item.token) &&
        !CONTEXT.has(item.raw) &&
        item.raw.length >= 3,
    )
    .map((item) => item.raw);
  return { ids: [...new Set(accepted.map((a) => a.id))], notUnderstood };
}
