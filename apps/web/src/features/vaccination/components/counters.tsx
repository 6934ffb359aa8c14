import type { TrackerRecord } from "../hooks/use-vaccination-records";

/** Total, completed, due and overdue counts. */
export function Counters({ records }: { records: TrackerRecord[] }) {
  const count = (s: TrackerRecord["status"]) => records.filter((r) => r.status === s).length;
  const items = [
    { key: "total", label: "Total records", value: records.length, cls: "bg-stone-50" },
    { key: "completed", label: "Completed", value: count("completed"), cls: "bg-green-50" },
    { key: "due", label: "Due", value: count("due"), cls: "bg-yellow-50" },
    { key: "overdue", label: "Overdue", value: count("overdue"), cls: "bg-red-50" },
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      {items.map((i) => (
        <div key={i.key} className={`rounded-xl border border-stone-200 p-3 ${i.cls}`}>
          <dt className="text-sm text-stone-700">{i.label}</dt>
          <dd className="text-2xl font-bold text-stone-900" data-testid={`count-${i.key}`}>
            {i.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
