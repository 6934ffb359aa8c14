import { useId, useState } from "react";
import {
  CONSUMPTION_OPTIONS,
  DEFAULT_CONSUMPTION,
  feedCost,
  formatMoney,
  formatQuantity,
} from "@flockkeeper/shared/domain/calculators";
import { Card, CardTitle } from "@/components/ui/card";
import { Input, Label, Select } from "@/components/ui/input";
import { lbsToKg } from "@flockkeeper/shared/domain/units";
import { formatWeight, useUnits } from "@/lib/units";
import { ResultTile } from "./result-tile";

/** Feed cost: birds x lbs per bird per day x (price of a 50 lb bag / 50), per day, month and year. */
export function FeedCalculator() {
  const id = useId();
  const [birds, setBirds] = useState("");
  const [feedPrice, setFeedPrice] = useState("");
  const [consumption, setConsumption] = useState(String(DEFAULT_CONSUMPTION));
  const result = feedCost({ birds, feedPrice, consumption });
  // The spec's formula works in lbs (a 50 lb bag); quantities are shown in the keeper's unit.
  const { weightUnit } = useUnits();

  return (
    <div className="grid gap-4 md:grid-cols-2">
      <Card>
        <CardTitle>Feed cost calculator</CardTitle>
        <div className="mt-3 space-y-3">
          <div>
            <Label htmlFor={`${id}-birds`}>Number of birds</Label>
            <Input
              id={`${id}-birds`}
              inputMode="numeric"
              placeholder="e.g. 6"
              value={birds}
              onChange={(e) => setBirds(e.target.value)}
            />
          </div>
          <div>
            <Label htmlFor={`${id}-price`}>Price of a 50 lb bag of feed ($)</Label>
            <Input
              id={`${id}-price`}
              inputMode="decimal"
              placeholder="e.g. 25.00"
              value={feedPrice}
              onChange={(e) => setFeedPrice(e.target.value)}
            />
          </div>
          <div>
            <Label htmlFor={`${id}-consumption`}>Daily consumption per bird</Label>
            <Select
              id={`${id}-consumption`}
              value={consumption}
              onChange={(e) => setConsumption(e.target.value)}
            >
              {CONSUMPTION_OPTIONS.map((o) => (
                <option key={o.value} value={String(o.value)}>
                  {o.label} ({formatWeight(o.value, weightUnit, 2)}/day)
                </option>
              ))}
            </Select>
          </div>
        </div>
      </Card>
      <Card aria-live="polite">
        <CardTitle>Feed costs</CardTitle>
        <dl className="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-3">
          <ResultTile label="Daily" value={formatMoney(result.dailyCost)} testId="feed-daily" />
          <ResultTile
            label="Monthly"
            value={formatMoney(result.monthlyCost)}
            testId="feed-monthly"
          />
          <ResultTile label="Yearly" value={formatMoney(result.yearlyCost)} testId="feed-yearly" />
        </dl>
        <p className="mt-3 text-sm text-stone-700">
          Your flock eats about {weightText(result.dailyFeedLbs, weightUnit, 2)} a day, or{" "}
          {weightText(result.monthlyFeedLbs, weightUnit)} a month (
          {formatQuantity(result.monthlyFeedLbs / 50)} bags).
        </p>
      </Card>
    </div>
  );
}

/** A lbs quantity in the keeper's unit with the calculators' number format, e.g. "1,234.5 kg". */
function weightText(lbs: number, unit: "lbs" | "kg", digits?: number) {
  return `${formatQuantity(unit === "kg" ? lbsToKg(lbs) : lbs, digits)} ${unit}`;
}
