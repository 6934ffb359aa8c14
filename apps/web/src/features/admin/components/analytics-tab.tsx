import { lazy, Suspense, useState } from "react";
import { Card, CardTitle } from "@/components/ui/card";
import { Input, Label } from "@/components/ui/input";
import { Alert } from "@/components/ui/alert";
import { errorMessage } from "@/lib/api-client";
import { useAnalytics } from "../api/get-analytics";
import { NewsletterCard } from "./newsletter-card";
import { formatMoment } from "@/lib/dates";

// recharts is large: the chart loads after the first paint, in a box of its final size.
const ClicksChart = lazy(() => import("./clicks-chart"));

/** Click analytics: totals, top pages and elements, recent clicks and a clicks-per-day chart, polled every 60 s. */
export function AnalyticsTab() {
  const [from, setFrom] = useState("");
  const [to, setTo] = useState("");
  const reversed = Boolean(from && to && from > to);
  const { data, error, isLoading } = useAnalytics(
    reversed ? {} : { from: from || undefined, to: to || undefined },
  );

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end gap-3">
        <div>
          <Label htmlFor="analytics-from">From</Label>
          <Input
            id="analytics-from"
            type="date"
            value={from}
            onChange={(e) => setFrom(e.target.value)}
          />
        </div>
        <div>
          <Label htmlFor="analytics-to">To</Label>
          <Input id="analytics-to" type="date" value={to} onChange={(e) => setTo(e.target.value)} />
        </div>
        {(from || to) && (
          <button
            type="button"
            className="h-11 px-2 text-sm font-semibold text-amber-800 underline"
            onClick={() => {
              setFrom("");
              setTo("");
            }}
          >
            All time
          </button>
        )}
      </div>
      {reversed && <Alert tone="warning">The start date must not be after the end date.</Alert>}
      {error && <Alert tone="danger">{errorMessage(error)}</Alert>}
      {isLoading && <p className="text-stone-700">Loading analytics...</p>}
      {data && (
        <>
          <Card>
            <p className="text-sm font-semibold text-stone-700">Total Clicks</p>
            <p className="text-3xl font-extrabold text-stone-900" data-testid="total-clicks">
              {data.totalClicks.toLocaleString()}
            </p>
          </Card>
          <Card>
            <CardTitle>Clicks per day</CardTitle>
            <div className="mt-2 h-56" role="img" aria-label="Bar chart of clicks per day">
              <Suspense
                fallback={
                  <div className="flex h-full items-center justify-center text-sm text-stone-600">
                    Loading chart…
                  </div>
                }
              >
                <ClicksChart data={data.clicksPerDay} />
              </Suspense>
            </div>
          </Card>
          <div className="grid gap-4 md:grid-cols-2">
            <Card>
              <CardTitle>Top pages</CardTitle>
              <CountTable
                rows={data.pageAnalytics.map((p) => ({
                  key: p.page,
                  label: p.page,
                  clicks: p.clicks,
                }))}
                empty="No clicks recorded yet."
              />
            </Card>
            <Card>
              <CardTitle>Popular elements</CardTitle>
              <CountTable
                rows={data.popularElements.map((e) => ({
                  key: `${e.elementName}|${e.elementType}`,
                  label: `${e.elementName} (${e.elementType})`,
                  clicks: e.clicks,
                }))}
                empty="No clicks recorded yet."
              />
            </Card>
          </div>
          <Card>
            <CardTitle>Recent clicks</CardTitle>
            {data.recentClicks.length === 0 ? (
              <p className="mt-2 text-sm text-stone-700">No clicks recorded yet.</p>
            ) : (
              <ul className="mt-2 divide-y divide-stone-200">
                {data.recentClicks.map((c, i) => (
                  <li
                    key={`${c.timestamp}-${i}`}
                    className="flex flex-wrap justify-between gap-2 py-2 text-sm"
                  >
                    <span className="font-semibold text-stone-900">
                      {c.elementName}{" "}
                      <span className="font-normal text-stone-600">({c.elementType})</span>
                    </span>
                    <span className="text-stone-700">{c.page}</span>
                    <time dateTime={c.timestamp} className="text-stone-600">
                      {formatMoment(c.timestamp, "dateTime")}
                    </time>
                  </li>
                ))}
              </ul>
            )}
          </Card>
        </>
      )}
      <NewsletterCard />
    </div>
  );
}

function CountTable({
  rows,
  empty,
}: {
  rows: { key: string; label: string; clicks: number }[];
  empty: string;
}) {
  if (rows.length === 0) return <p className="mt-2 text-sm text-stone-700">{empty}</p>;
  return (
    <table className="mt-2 w-full text-sm">
      <thead>
        <tr className="text-left text-stone-600">
          <th className="py-1 font-semibold">Name</th>
          <th className="py-1 text-right font-semibold">Clicks</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.key} className="border-t border-stone-200">
            <td className="py-1.5 break-all text-stone-900">{r.label}</td>
            <td className="py-1.5 text-right font-semibold text-stone-900">{r.clicks}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
