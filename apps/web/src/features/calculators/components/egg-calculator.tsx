import { useId, useState } from "react";
import {
  DEFAULT_EGG_PRICE,
  DEFAULT_LAYING_RATE,
  LAYING_RATES,
  eggProduction,
  formatEggs,
  formatMoney,
} from "@flockkeeper/shared/domain/calculators";
import { Card, CardTitle } from "@/components/ui/card";
import { Input, Label, Select } from "@/components/ui/input";

/** Egg production: hens x laying rate, per day, week, month and year, and what the eggs are worth. */
export function EggCalculator() {
  const id = useId();
  const [hens, setHens] = useState("");
  const [layingRate, setLayingRate] = useState(String(DEFAULT_LAYING_RATE));
  const [eggPrice, setEggPrice] = useState(DEFAULT_EGG_PRICE.toFixed(2));
  const r = eggProduction({ hens, layingRate, eggPrice });
  const rows = [
    { key: "daily", label: "Daily", eggs: r.daily, value: r.dailyValue },
    { key: "weekly", label: "Weekly", eggs: r.weekly, value: r.weeklyValue },
    { key: "monthly", label: "Monthly", eggs: r.monthly, value: r.monthlyValue },
    { key: "yearly", label: "Yearly", eggs: r.yearly, value: r.yearlyValue },
  ];

  return (
    <div className="grid gap-4 md:grid-cols-2">
      <Card>
        <CardTitle>Egg production calculator</CardTitle>
        <div className="mt-3 space-y-3">
          <div>
            <Label htmlFor={`${id}-hens`}>Number of laying hens</Label>
            <Input
              id={`${id}-hens`}
              inputMode="numeric"
              placeholder="e.g. 6"
              value={hens}
              onChange={(e) => setHens(e.target.value)}
            />
          </div>
          <div>
            <Label htmlFor={`${id}-rate`}>Laying rate</Label>
            <Select
              id={`${id}-rate`}
              value={layingRate}
              onChange={(e) => setLayingRate(e.target.value)}
            >
              {LAYING_RATES.map((o) => (
                <option key={o.value} value={String(o.value)}>
                  {o.label}
                </option>
              ))}
            </Select>
          </div>
          <div>
            <Label htmlFor={`${id}-price`}>Price per egg ($)</Label>
            <Input
              id={`${id}-price`}
              inputMode="decimal"
              value={eggPrice}
              onChange={(e) => setEggPrice(e.target.value)}
            />
          </div>
        </div>
      </Card>
      <Card aria-live="polite">
        <CardTitle>Expected eggs</CardTitle>
        <dl className="mt-3 grid grid-cols-2 gap-3">
          {rows.map((row) => (
            <div key={row.key} className="rounded-lg border border-amber-200 bg-amber-50 p-3">
              <dt className="text-sm font-medium text-stone-700">{row.label}</dt>
              <dd className="mt-1">
                <span
                  className="block text-xl font-bold text-stone-900"
                  data-testid={`eggs-${row.key}`}
                >
                  {formatEggs(row.eggs)} eggs
                </span>
                <span className="text-sm text-green-800" data-testid={`eggs-${row.key}-value`}>
                  {formatMoney(row.value)}
                </span>
              </dd>
            </div>
          ))}
        </dl>
      </Card>
    </div>
  );
}
