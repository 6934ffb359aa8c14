/** Splits a pasted plant list on newlines or commas, trimmed, blanks dropped (spec section 5). */
export function parsePlantList(text: string): string[] {
  return text
    .split(/[\n,]/)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

/** Adds a term to the front of a recent-search list, without repeats (any case), keeping `limit`. */
export function pushRecent(list: readonly string[], term: string, limit = 4): string[] {
  const key = term.trim().toLowerCase();
  return [term.trim(), ...list.filter((t) => t.toLowerCase() !== key)].slice(0, limit);
}
