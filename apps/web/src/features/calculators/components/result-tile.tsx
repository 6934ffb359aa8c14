/** One labelled result figure; `testId` lets tests read the exact value. */
export function ResultTile({
  label,
  value,
  testId,
  tone = "amber",
}: {
  label: string;
  value: string;
  testId?: string;
  tone?: "amber" | "green" | "blue";
}) {
  const tones = {
    amber: "bg-amber-50 border-amber-200",
    green: "bg-green-50 border-green-200",
    blue: "bg-sky-50 border-sky-200",
  } as const;
  return (
    <div className={`rounded-lg border p-3 ${tones[tone]}`}>
      <dt className="text-sm font-medium text-stone-700">{label}</dt>
      <dd className="mt-1 text-xl font-bold break-words text-stone-900" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}
