import { useState } from "react";
import { Download, Plus } from "lucide-react";
import { addDaysIso, todayIso } from "@flockkeeper/shared/domain/dates";
import { CATEGORY_LABELS, formatMoney } from "@flockkeeper/shared/domain/money";
import type { MoneySummary } from "@flockkeeper/shared/schemas/money";
import { Alert } from "@/components/ui/alert";
import { Button, buttonClass } from "@/components/ui/button";
import { Card, CardTitle } from "@/components/ui/card";
import { Input, Label, Select } from "@/components/ui/input";
import { SeriesChart } from "@/components/series-chart";
import { formatDay } from "@/lib/dates";
import { errorMessage } from "@/lib/api-client";
import { useAuth } from "@/lib/auth";
import { farmPermissions, useCurrentFarm } from "@/lib/farms";
import { useFlocks } from "@/lib/flocks";
import { moneyCsvUrl, useMoneySummary, useTransactions, type MoneyScope } from "../api/money";
import { TransactionForm } from "./transaction-form";
import { TransactionsList } from "./transactions-list";

const keeperToday = (now = new Date()) => todayIso(now, now.getTimezoneOffset());

const PERIODS = {
  "12m": "Last 12 months",
  month: "This month",
  lastMonth: "Last month",
  year: "This year",
  lastYear: "Last year",
  custom: "Choose dates",
} as const;
type Period = keyof typeof PERIODS;

/** The dates of a named period ending today (the keeper's date). */
export function periodDates(period: Exclude<Period, "custom">, today: string) {
  const y = Number(today.slice(0, 4));
  const m = today.slice(0, 7);
  switch (period) {
    case "12m":
      return { from: addDaysIso(today, -364), to: today };
    case "month":
      return { from: `${m}-01`, to: today };
    case "lastMonth": {
      const end = addDaysIso(`${m}-01`, -1);
      return { from: `${end.slice(0, 7)}-01`, to: end };
    }
    case "year":
      return { from: `${y}-01-01`, to: today };
    case "lastYear":
      return { from: `${y - 1}-01-01`, to: `${y - 1}-12-31` };
  }
}

const monthLabel = (month: string) =>
  new Intl.DateTimeFormat(undefined, { month: "short", year: "2-digit", timeZone: "UTC" }).format(
    new Date(`${month}-01T00:00:00Z`),
  );

function Tile({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <div
      role="group"
      aria-label={label}
      className="min-w-0 rounded-xl border border-stone-200 bg-white p-3 shadow-sm"
    >
      <p className="text-sm font-semibold text-stone-700">{label}</p>
      <p className="text-xl font-extrabold break-words text-stone-900 tabular-nums">{value}</p>
      {note && <p className="text-xs text-stone-700">{note}</p>}
    </div>
  );
}

function Totals({ s }: { s: MoneySummary }) {
  const money = (n: number) => formatMoney(n, s.currency);
  const dozens = Math.round((s.eggsSaleable / 12) * 10) / 10;
  return (
    <div className="grid grid-cols-1 gap-3 min-[360px]:grid-cols-2 lg:grid-cols-4">
      <Tile label="Income" value={money(s.income)} />
      <Tile label="Expenses" value={money(s.expenses)} />
      <Tile label="Net" value={money(s.net)} note={s.net < 0 ? "A loss" : undefined} />
      <Tile
        label="Cost per dozen"
        value={s.costPerDozen === null ? "No eggs recorded" : money(s.costPerDozen)}
        note={`${money(s.layingExpenses)} of laying costs / ${dozens} saleable dozen`}
      />
    </div>
  );
}

function Eggs({ s }: { s: MoneySummary }) {
  return (
    <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
      <div>
        <dt className="text-stone-700">Eggs laid</dt>
        <dd className="font-bold text-stone-900 tabular-nums">{s.eggsLaid}</dd>
      </div>
      <div>
        <dt className="text-stone-700">Withheld (withdrawal)</dt>
        <dd className="font-bold text-stone-900 tabular-nums">{s.eggsWithheld}</dd>
      </div>
      <div>
        <dt className="text-stone-700">Saleable</dt>
        <dd className="font-bold text-stone-900 tabular-nums">{s.eggsSaleable}</dd>
      </div>
      <div>
        <dt className="text-stone-700">Sold</dt>
        <dd className="font-bold text-stone-900 tabular-nums">{s.eggsSold}</dd>
      </div>
    </dl>
  );
}

function ByCategory({ s }: { s: MoneySummary }) {
  const rows = [
    ...s.expensesByCategory.map((c) => ({ ...c, type: "expense" as const })),
    ...s.incomeByCategory.map((c) => ({ ...c, type: "income" as const })),
  ];
  if (rows.length === 0) return <p className="text-sm text-stone-700">Nothing recorded yet.</p>;
  const max = Math.max(...rows.map((r) => r.amount));
  return (
    <ul className="space-y-2">
      {rows.map((r) => (
        <li key={`${r.type}-${r.category}`}>
          <div className="flex justify-between gap-2 text-sm">
            <span className="text-stone-900">
              {CATEGORY_LABELS[r.category]}{" "}
              <span className="text-stone-700">({r.type === "income" ? "income" : "expense"})</span>
            </span>
            <span className="font-semibold text-stone-900 tabular-nums">
              {formatMoney(r.amount, s.currency)}
            </span>
          </div>
          <div className="h-2 rounded bg-stone-100" aria-hidden>
            <div
              className={
                r.type === "income" ? "h-2 rounded bg-green-700" : "h-2 rounded bg-amber-700"
              }
              style={{ width: `${max > 0 ? (r.amount / max) * 100 : 0}%` }}
            />
          </div>
        </li>
      ))}
    </ul>
  );
}

/**
 * The money view (issue 20 item 7): a period and the farm or one flock; income, expenses, net and
 * cost per dozen; expenses by category; a monthly chart; eggs laid, withheld and sold; feed stock;
 * the transactions with add, edit and delete; the CSV. Owners and keepers only (helpers are told so,
 * and the server refuses them too).
 */
export function MoneyView() {
  const auth = useAuth();
  const farm = useCurrentFarm();
  // Until the role is known nothing is asked: a helper would only be refused.
  const roleLoading = auth.isLoading || farm.isLoading;
  const seeMoney = !roleLoading && farmPermissions(farm.role, farm.userId).seeMoney;
  const today = keeperToday();
  const [period, setPeriod] = useState<Period>("12m");
  const [custom, setCustom] = useState(() => periodDates("12m", today));
  const [flockId, setFlockId] = useState("");
  const [adding, setAdding] = useState(false);
  const dates = period === "custom" ? custom : periodDates(period, today);
  const badRange = dates.to < dates.from;
  const scope: MoneyScope = { ...dates, flockId };
  const flocks = useFlocks(seeMoney);
  const summary = useMoneySummary(scope, seeMoney && !badRange);
  const list = useTransactions(scope, seeMoney && !badRange);

  if (roleLoading) return <p className="text-stone-700">Loading…</p>;
  if (!seeMoney) {
    return (
      <Alert>
        Money (costs, sales and profit) is for the farm&apos;s owners and keepers. Ask an owner if
        you need it.
      </Alert>
    );
  }
  const s = summary.data;
  const currency = s?.currency ?? list.data?.currency ?? "USD";
  const flockList = flocks.data ?? [];

  return (
    <div className="space-y-4">
      <Card className="space-y-3">
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <div>
            <Label htmlFor="money-period">Period</Label>
            <Select
              id="money-period"
              value={period}
              onChange={(e) => {
                const next = e.target.value as Period;
                if (next === "custom") setCustom(dates);
                setPeriod(next);
              }}
            >
              {Object.entries(PERIODS).map(([k, label]) => (
                <option key={k} value={k}>
                  {label}
                </option>
              ))}
            </Select>
          </div>
          <div>
            <Label htmlFor="money-flock">Farm or flock</Label>
            <Select id="money-flock" value={flockId} onChange={(e) => setFlockId(e.target.value)}>
              <option value="">The whole farm</option>
              {flockList.map((f) => (
                <option key={f.id} value={f.id}>
                  {f.name}
                </option>
              ))}
            </Select>
          </div>
          {period === "custom" ? (
            <>
              <div>
                <Label htmlFor="money-from">From</Label>
                <Input
                  id="money-from"
                  type="date"
                  value={custom.from}
                  max={today}
                  onChange={(e) => e.target.value && setCustom({ ...custom, from: e.target.value })}
                />
              </div>
              <div>
                <Label htmlFor="money-to">To</Label>
                <Input
                  id="money-to"
                  type="date"
                  value={custom.to}
                  onChange={(e) => e.target.value && setCustom({ ...custom, to: e.target.value })}
                />
              </div>
            </>
          ) : (
            <p className="self-end text-sm text-stone-700 lg:col-span-2">
              {formatDay(dates.from)} to {formatDay(dates.to)}
            </p>
          )}
        </div>
        {badRange && (
          <p role="alert" className="text-sm font-semibold text-red-800">
            The end date cannot be before the start date.
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => setAdding(true)} disabled={adding}>
            <Plus size={16} aria-hidden /> Add transaction
          </Button>
          {!badRange && (
            <a
              href={moneyCsvUrl(scope)}
              download
              className={buttonClass("secondary")}
              data-track="Money CSV"
            >
              <Download size={16} aria-hidden /> Download CSV
            </a>
          )}
        </div>
        {adding && (
          <TransactionForm
            flocks={flockList}
            currency={currency}
            today={today}
            onDone={() => setAdding(false)}
          />
        )}
      </Card>

      {summary.isError && <Alert tone="danger">{errorMessage(summary.error)}</Alert>}
      {summary.isLoading && <p className="text-stone-700">Loading…</p>}
      {s && (
        <section aria-label="Money summary" className="space-y-4">
          <Totals s={s} />
          {s.otherCurrencies.length > 0 && (
            <Alert>
              Not counted above:{" "}
              {s.otherCurrencies.map((o) => `${o.count} in ${o.currency}`).join(", ")} (your
              currency is {s.currency}).
            </Alert>
          )}
          <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
            <Card className="space-y-3">
              <CardTitle>By category</CardTitle>
              <ByCategory s={s} />
            </Card>
            <SeriesChart
              title={`Net by month (${s.currency})`}
              data={s.months.map((m) => ({ date: monthLabel(m.month), net: m.net }))}
              dataKey="net"
              unit={s.currency}
              per="months"
            />
          </div>
          <Card className="space-y-3">
            <CardTitle>Eggs</CardTitle>
            <Eggs s={s} />
            <p className="text-sm text-stone-700">
              Cost per dozen = expenses of laying flocks (and of the farm with no flock) / saleable
              dozens. Feed record costs count as feed; flock sales and purchases on flock events
              count as birds.
            </p>
          </Card>
          {s.feedStock && (
            <Card className="space-y-1">
              <CardTitle>Feed stock</CardTitle>
              <p className="text-stone-900">
                About <strong>{s.feedStock.daysLeft} days</strong> of feed left (
                {s.feedStock.stockLbs} lbs at {s.feedStock.dailyUseLbs} lbs a day).
              </p>
              <p className="text-sm text-stone-700">
                {s.feedStock.boughtLbs} lbs bought minus {s.feedStock.usedLbs} lbs fed since the
                first purchase.
              </p>
            </Card>
          )}
        </section>
      )}

      <Card className="space-y-3">
        <CardTitle>Transactions</CardTitle>
        {list.isError && <Alert tone="danger">{errorMessage(list.error)}</Alert>}
        {list.data?.truncated && (
          <Alert tone="info">
            Showing the newest {list.data.items.length.toLocaleString("en")} of{" "}
            {list.data.total.toLocaleString("en")} transactions in this period. Choose a shorter
            period to see the others; the totals above and the CSV count them all.
          </Alert>
        )}
        {list.data && (
          <TransactionsList
            items={list.data.items}
            flocks={flockList}
            currency={currency}
            today={today}
          />
        )}
      </Card>
    </div>
  );
}
