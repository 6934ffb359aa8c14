import type {
  ConditionRecord,
  HealthCondition,
  SymptomRecord,
  SymptomWeight,
} from "../schemas/condition";
import type { PoultrySpecies } from "../schemas/species";
import type { AgeBand } from "./age-band";
import { matchSymptomText } from "./symptom-text";

/** Advice attached to every reportable (notifiable) condition in diagnose results. */
export const REPORTING_ADVICE =
  "This may be a notifiable disease. Contact your state veterinarian or national veterinary authority (US: USDA APHIS; UK: APHA) promptly, and do not move birds, eggs or equipment off your premises until you have advice.";

/** How much a matched symptom counts towards a condition, by its weight in that condition. */
export const SYMPTOM_WEIGHT_VALUE: Readonly<Record<SymptomWeight, number>> = {
  key: 1,
  common: 0.6,
  occasional: 0.3,
};

/** Default number of conditions returned by rankConditions. */
export const DEFAULT_RESULT_LIMIT = 5;

/** Default minimum score (0..1) a condition needs to be returned. */
export const DEFAULT_MIN_SCORE = 0.2;

const URGENCY_RANK: Readonly<Record<ConditionRecord["urgency"], number>> = {
  routine: 0,
  soon: 1,
  urgent: 2,
  emergency: 3,
};

/** Reduces an English word to a crude singular so "droppings" and "dropping" compare equal. */
function singularize(word: string): string {
  if (word.length <= 3) return word;
  if (word.endsWith("ies") && word.length > 4) return `${word.slice(0, -3)}y`;
  if (/(?:ss|us|ch|sh|x)es$/.test(word)) return word.slice(0, -2);
  if (/(?:ss|us|is)$/.test(word)) return word;
  if (word.endsWith("s")) return word.slice(0, -1);
  return word;
}

/** Splits text into lower-case, accent-free, punctuation-free, singularised words. */
export function symptomWords(text: string): string[] {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/['\u2019`]/g, "")
    .replace(/[^a-z0-9]+/g, " ")
    .trim()
    .split(" ")
    .filter((w) => w.length > 0)
    .map(singularize);
}

/** Canonical comparison form of a symptom phrase (words joined by single spaces). */
export function canonicalSymptomText(text: string): string {
  return symptomWords(text).join(" ");
}

interface VocabularyIndex {
  exact: Map<string, string>;
  phrases: { phrase: string; id: string }[];
}

const vocabularyIndexes = new WeakMap<readonly SymptomRecord[], VocabularyIndex>();

function indexVocabulary(vocabulary: readonly SymptomRecord[]): VocabularyIndex {
  const cached = vocabularyIndexes.get(vocabulary);
  if (cached) return cached;
  const exact = new Map<string, string>();
  for (const record of vocabulary) {
    for (const text of [record.id, record.label, ...record.synonyms]) {
      const phrase = canonicalSymptomText(text);
      // First writer wins so a label is never shadowed by another record's synonym.
      if (phrase && !exact.has(phrase)) exact.set(phrase, record.id);
    }
  }
  const phrases = [...exact].map(([phrase, id]) => ({ phrase, id }));
  const index = { exact, phrases };
  vocabularyIndexes.set(vocabulary, index);
  return index;
}

/** Levenshtein distance, giving up (returning max + 1) once it must exceed max. */
function boundedLevenshtein(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const value = Math.min(
        (previous[j] ?? 0) + 1,
        (current[j - 1] ?? 0) + 1,
        (previous[j - 1] ?? 0) + cost,
      );
      current.push(value);
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > max) return max + 1;
    previous = current;
  }
  return previous[b.length] ?? max + 1;
}

/** Maps one symptom text to a vocabulary id (case, punctuation, plural and small-typo tolerant), or null. */
export function normalizeSymptom(
  text: string,
  vocabulary: readonly SymptomRecord[],
): string | null {
  const canonical = canonicalSymptomText(text);
  if (!canonical) return null;
  const index = indexVocabulary(vocabulary);
  const exact = index.exact.get(canonical);
  if (exact) return exact;

  // Typos: one edit for short phrases, two for longer ones; never for very short words.
  if (canonical.length < 5) return null;
  const maxDistance = canonical.length >= 9 ? 2 : 1;
  let best = maxDistance + 1;
  let bestIds = new Set<string>();
  for (const { phrase, id } of index.phrases) {
    if (phrase.length < 5) continue;
    const distance = boundedLevenshtein(canonical, phrase, maxDistance);
    if (distance < best) {
      best = distance;
      bestIds = new Set([id]);
    } else if (distance === best) {
      bestIds.add(id);
    }
  }
  // An equally close match to two different symptoms is a guess, so refuse it.
  if (best > maxDistance || bestIds.size !== 1) return null;
  return [...bestIds][0] ?? null;
}

/** Finds every symptom inside free text ("my hen has runny poop"), in any word order, skipping negated ones. */
export function findSymptomsInText(text: string, vocabulary: readonly SymptomRecord[]): string[] {
  return matchSymptomText(text, vocabulary).ids;
}

/** Result of resolving keeper-entered symptom texts against the vocabulary. */
export interface ResolvedSymptoms {
  ids: string[];
  /** Entered texts in which no symptom was found at all. */
  unmatched: string[];
  /**
   * What the keeper should see as "not understood": each text with no symptom in it, and the
   * leftover words of texts that were only partly understood.
   */
  notUnderstood: string[];
}

/** Maps each entered text to symptom ids (whole-phrase match first, then the token matcher). */
export function resolveSymptoms(
  inputs: readonly string[],
  vocabulary: readonly SymptomRecord[],
): ResolvedSymptoms {
  const ids = new Set<string>();
  const unmatched: string[] = [];
  const notUnderstood: string[] = [];
  for (const input of inputs) {
    const id = normalizeSymptom(input, vocabulary);
    if (id) {
      ids.add(id);
      continue;
    }
    const found = matchSymptomText(input, vocabulary);
    if (found.ids.length === 0) {
      unmatched.push(input);
      notUnderstood.push(input.trim());
    } else if (found.notUnderstood.length > 0) {
      notUnderstood.push(found.notUnderstood.join(" "));
    }
    for (const f of found.ids) ids.add(f);
  }
  return { ids: [...ids], unmatched, notUnderstood };
}

/** Combines ticked common symptoms with comma-split free text: trimmed, blanks and repeats dropped. */
export function parseSymptomInput(selected: readonly string[], freeText: string): string[] {
  const seen = new Set<string>();
  const result: string[] = [];
  for (const raw of [...selected, ...freeText.split(/[,;\n]/)]) {
    const text = raw.trim().replace(/\s+/g, " ");
    if (!text) continue;
    const key = text.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    result.push(text);
  }
  return result;
}

/** Options for rankConditions. */
export interface RankOptions {
  /** Maximum number of conditions returned (default 5). */
  limit?: number;
  /** Minimum score 0..1 to be returned (default 0.2). */
  minScore?: number;
  /** Only conditions that affect this species. */
  species?: PoultrySpecies;
  /** The bird's age band: conditions recorded for other ages count for less (not nothing). */
  age?: AgeBand;
  /** Keep a notifiable disease that matched a key sign in the list even if crowded out (default true). */
  keepReportable?: boolean;
}

/** One ranked condition with its score and the keeper's symptoms it explains. */
export interface ConditionMatch {
  condition: ConditionRecord;
  score: number;
  matchedSymptomIds: string[];
}

const documentFrequencies = new WeakMap<readonly ConditionRecord[], Map<string, number>>();

function symptomFrequencies(conditions: readonly ConditionRecord[]): Map<string, number> {
  const cached = documentFrequencies.get(conditions);
  if (cached) return cached;
  const counts = new Map<string, number>();
  for (const condition of conditions) {
    for (const id of new Set(condition.symptoms.map((s) => s.id))) {
      counts.set(id, (counts.get(id) ?? 0) + 1);
    }
  }
  documentFrequencies.set(conditions, counts);
  return counts;
}

/**
 * Ranks conditions by how well they explain the keeper's symptoms; best first, score 0..1.
 *
 * score = coverage x (0.5 + 0.5 x profile), where coverage is the share of the keeper's
 * symptoms the condition explains (each weighted key 1 / common 0.6 / occasional 0.3 and by
 * how specific the symptom is across the dataset), and profile = 0.7 x share of the
 * condition's key signs present + 0.3 x weighted share of all its signs present.
 */
export function rankConditions(
  symptomIds: readonly string[],
  conditions: readonly ConditionRecord[],
  options: RankOptions = {},
): ConditionMatch[] {
  const limit = options.limit ?? DEFAULT_RESULT_LIMIT;
  const minScore = options.minScore ?? DEFAULT_MIN_SCORE;
  const keeperSymptoms = [...new Set(symptomIds)];
  if (keeperSymptoms.length === 0 || limit <= 0) return [];

  const frequencies = symptomFrequencies(conditions);
  const total = Math.max(conditions.length, 2);
  // A symptom seen in one condition is fully informative (1); one seen in all of them counts 0.4.
  const specificity = (id: string): number => {
    const df = frequencies.get(id) ?? 0;
    if (df <= 1) return 1;
    return 0.4 + 0.6 * Math.max(0, 1 - Math.log(df) / Math.log(total));
  };
  // Without a key sign, a condition needs a rare symptom (alone), a fairly specific one among
  // two, or three matches: otherwise "lethargy" alone would list half the dataset.
  const rareLimit = Math.max(3, Math.round(total * 0.08));
  const specificLimit = Math.max(rareLimit, Math.round(total * 0.25));
  const frequency = (id: string): number => frequencies.get(id) ?? 0;
  const specificityTotal = keeperSymptoms.reduce((sum, id) => sum + specificity(id), 0);

  const matches: (ConditionMatch & { keySignMatched: boolean })[] = [];
  for (const condition of conditions) {
    if (options.species && !condition.species.includes(options.species)) continue;
    const weights = new Map(condition.symptoms.map((s) => [s.id, s.weight]));
    const matched = keeperSymptoms.filter((id) => weights.has(id));
    if (matched.length === 0) continue;

    let explained = 0;
    let matchedWeight = 0;
    let matchedKeys = 0;
    for (const id of matched) {
      const weight = weights.get(id) ?? "occasional";
      explained += specificity(id) * SYMPTOM_WEIGHT_VALUE[weight];
      matchedWeight += SYMPTOM_WEIGHT_VALUE[weight];
      if (weight === "key") matchedKeys++;
    }
    const hasEvidence =
      matchedKeys >= 1 ||
      matched.length >= 3 ||
      (matched.length === 2 && matched.some((id) => frequency(id) <= specificLimit)) ||
      (matched.length === 1 && frequency(matched[0] ?? "") <= rareLimit);
    if (!hasEvidence) continue;

    const totalKeys = condition.symptoms.filter((s) => s.weight === "key").length;
    const profileWeight = condition.symptoms.reduce(
      (sum, s) => sum + SYMPTOM_WEIGHT_VALUE[s.weight],
      0,
    );
    const keyShare = totalKeys > 0 ? matchedKeys / totalKeys : 0;
    const recall = profileWeight > 0 ? matchedWeight / profileWeight : 0;
    const coverage = specificityTotal > 0 ? explained / specificityTotal : 0;
    const profile = (totalKeys > 0 ? 0.7 * keyShare : 0) + (totalKeys > 0 ? 0.3 : 1) * recall;
    // Ages are tendencies, not rules (an adult can still get coccidiosis), so a condition of
    // another age is pushed down rather than hidden.
    const ageFactor =
      options.age && condition.ages && !condition.ages.includes(options.age) ? 0.45 : 1;
    const score = Math.min(1, Math.max(0, coverage * (0.5 + 0.5 * profile) * ageFactor));
    if (score < minScore) continue;
    matches.push({
      condition,
      score: Math.round(score * 1000) / 1000,
      matchedSymptomIds: matched,
      keySignMatched: matchedKeys > 0,
    });
  }

  matches.sort(
    (a, b) =>
      b.score - a.score ||
      b.matchedSymptomIds.length - a.matchedSymptomIds.length ||
      URGENCY_RANK[b.condition.urgency] - URGENCY_RANK[a.condition.urgency] ||
      a.condition.name.localeCompare(b.condition.name),
  );
  const top = matches.slice(0, limit);
  // Missing a notifiable disease costs far more than one extra line, so when one matches on a
  // key sign but was crowded out, the best such one takes the last place.
  if ((options.keepReportable ?? true) && !top.some((m) => m.condition.reportable)) {
    const reportable = matches.find((m) => m.condition.reportable && m.keySignMatched);
    if (reportable && top.length === limit) top[limit - 1] = reportable;
  }
  return top.map(({ condition, score, matchedSymptomIds }) => ({
    condition,
    score,
    matchedSymptomIds,
  }));
}

/** Shapes a ranked match as the API's healthCondition (labels, 0/1 vetRequired, reporting advice). */
export function toHealthCondition(
  match: ConditionMatch,
  vocabulary: readonly SymptomRecord[],
): HealthCondition {
  const labels = new Map(vocabulary.map((s) => [s.id, s.label]));
  const { condition } = match;
  return {
    id: condition.id,
    name: condition.name,
    description: condition.description,
    severity: condition.severity,
    remedies: [...condition.remedies],
    vetRequired: condition.vetRequired ? 1 : 0,
    reportable: condition.reportable,
    urgency: condition.urgency,
    matchedSymptoms: match.matchedSymptomIds.map((id) => labels.get(id) ?? id),
    score: match.score,
    species: [...condition.species],
    sources: [...condition.sources],
    ...(condition.reportable ? { reportingAdvice: REPORTING_ADVICE } : {}),
  };
}

/** Resolves keeper-entered symptom texts and returns the best-explaining conditions in API shape. */
export function diagnose(
  inputs: readonly string[],
  vocabulary: readonly SymptomRecord[],
  conditions: readonly ConditionRecord[],
  options: RankOptions = {},
): HealthCondition[] {
  const { ids } = resolveSymptoms(inputs, vocabulary);
  return rankConditions(ids, conditions, options).map((m) => toHealthCondition(m, vocabulary));
}

/** A diagnosis with what the keeper wrote that was not understood. */
export interface DiagnosisResult {
  conditions: HealthCondition[];
  notUnderstood: string[];
}

/** Like `diagnose`, also answering which of the keeper's words were not understood. */
export function diagnoseDetailed(
  inputs: readonly string[],
  vocabulary: readonly SymptomRecord[],
  conditions: readonly ConditionRecord[],
  options: RankOptions = {},
): DiagnosisResult {
  const { ids, notUnderstood } = resolveSymptoms(inputs, vocabulary);
  return {
    conditions: rankConditions(ids, conditions, options).map((m) =>
      toHealthCondition(m, vocabulary),
    ),
    notUnderstood,
  };
}
