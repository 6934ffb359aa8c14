import { VACCINATION_SCHEDULE } from "@flockkeeper/shared/domain/vaccination";
import { Card, CardTitle } from "@/components/ui/card";

/** The recommended schedule: vaccine, timing, frequency, description. */
export function ScheduleTable() {
  return (
    <Card>
      <CardTitle>Recommended vaccination schedule</CardTitle>
      {/* Focusable so a keyboard user can scroll the table sideways on a narrow phone. */}
      <div
        className="mt-3 overflow-x-auto"
        tabIndex={0}
        role="region"
        aria-label="Recommended vaccination schedule table"
      >
        <table className="w-full min-w-[36rem] text-left text-sm">
          <thead>
            <tr className="border-b border-stone-300 text-stone-700">
              <th scope="col" className="py-2 pr-3">
                Vaccine
              </th>
              <th scope="col" className="py-2 pr-3">
                Timing
              </th>
              <th scope="col" className="py-2 pr-3">
                Frequency
              </th>
              <th scope="col" className="py-2">
                Description
              </th>
            </tr>
          </thead>
          <tbody>
            {VACCINATION_SCHEDULE.map((s) => (
              <tr key={s.vaccine} className="border-b border-stone-100 align-top">
                <th scope="row" className="py-2 pr-3 font-semibold text-stone-900">
                  {s.vaccine}
                </th>
                <td className="py-2 pr-3 whitespace-nowrap">{s.timing}</td>
                <td className="py-2 pr-3">{s.frequency}</td>
                <td className="py-2 text-stone-700">{s.description}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Card>
  );
}
