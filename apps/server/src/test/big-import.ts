import { randomUUID } from "node:crypto";

/**
 * A large account-import file made from a real export: the export's one weight record repeated
 * with new ids and a long note until the JSON is about `targetBytes` long (the import limit is
 * 50 MB). Used by the import tests and `bench/import.bench.ts`.
 */
export function bigImportFile(
  exportDoc: { tables: Record<string, Record<string, unknown>[]>; counts: Record<string, number> },
  targetBytes: number,
): string {
  const template = exportDoc.tables.weightRecords?.[0];
  if (!template) throw new Error("the export needs one weight record to repeat");
  const note = "Weighed after the morning feed; comb red, eyes bright, moulting done. ".repeat(8);
  const perRow = JSON.stringify({ ...template, id: randomUUID(), notes: note }).length + 1;
  const count = Math.max(1, Math.floor(targetBytes / perRow));
  const rows: Record<string, unknown>[] = [];
  for (let i = 0; i < count; i++) rows.push({ ...template, id: randomUUID(), notes: note });
  return JSON.stringify({
    ...exportDoc,
    tables: { ...exportDoc.tables, weightRecords: rows },
    counts: { ...exportDoc.counts, weightRecords: count },
  });
}
