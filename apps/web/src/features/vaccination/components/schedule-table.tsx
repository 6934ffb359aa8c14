import { VACCINATION_SCHEDULE } from "@flockkeeper/shared/domain/vaccination";
import { Card, CardTitle } from "@/components/ui/card";

/** The recommended schedule: vaccine, timing, frequency, description. */
export function ScheduleTable() {
  return (
    <Card>
      <CardTitle>Recommended vaccination schedule</CardTitle>
      {/* On a phone each vaccine is a block of its own (a four-column table cannot fit 360 px);
          from 640 px up, the table. Only one of the two is shown, so it is read once. */}
      <ul className="mt-3 divide-y divide-stone-200 sm:hidden" aria-label="Recommended schedule">
        {VACCINATION_SCHEDULE.map((s) => (
          <li key={s.vaccine} className="py-3 text-sm">
            <p className="font-semibold text-stone-900">{s.vaccine}</p>
            <p className="text-stone-800">
              {s.timing} · {s.frequency}
            </p>
            <p className="mt-1 text-stone-700">{s.description}</p>
          </li>
        ))}
      </ul>
      <div
        className="mt-3 hidden overflow-x-auto sm:block"
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
