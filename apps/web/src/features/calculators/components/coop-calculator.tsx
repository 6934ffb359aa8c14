import { useId, useState } from "react";
import {
  COOP_SPECIES,
  COOP_TABLE,
  DEFAULT_COOP_SPECIES,
  DEFAULT_COOP_TYPE,
  HOUSING_TYPES,
  coopSpace,
  formatQuantity,
  type CoopType,
} from "@flockkeeper/shared/domain/calculators";
import { Card, CardTitle } from "@/components/ui/card";
import { Input, Label, Select } from "@/components/ui/input";
import { ResultTile } from "./result-tile";

const HOUSING_HINTS: Record<CoopType, string> = {
  compact: "x0.75",
  basic: "x1",
  premium: "x1.5",
};

/** Coop space from the per-species table, scaled by housing style. */
export function CoopCalculator() {
  const id = useId();
  const [birds, setBirds] = useState("");
  const [coopType, setCoopType] = useState<string>(DEFAULT_COOP_TYPE);
  const [species, setSpecies] = useState<string>(DEFAULT_COOP_SPECIES);
  const r = coopSpace({ birds, coopType, species });
  const row = COOP_TABLE[r.species];

  return (
    <div className="grid gap-4 md:grid-cols-2">
      <Card>
        <CardTitle>Coop size calculator</CardTitle>
        <div className="mt-3 space-y-3">
          <div>
            <Label htmlFor={`${id}-species`}>Species</Label>
            <Select
              id={`${id}-species`}
              value={species}
              onChange={(e) => setSpecies(e.target.value)}
            >
              {COOP_SPECIES.map((s) => (
                <option key={s} value={s}>
                  {COOP_TABLE[s].label}
                </option>
              ))}
            </Select>
          </div>
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
            <Label htmlFor={`${id}-type`}>Housing style</Label>
            <Select
              id={`${id}-type`}
              value={coopType}
              onChange={(e) => setCoopType(e.target.value)}
            >
              {(Object.keys(HOUSING_TYPES) as CoopType[]).map((t) => (
                <option key={t} value={t}>
                  {HOUSING_TYPES[t].label} ({HOUSING_HINTS[t]})
                </option>
              ))}
            </Select>
          </div>
          <p className="text-sm text-stone-700">
            Per bird: {row.coopSqFt} sq ft of coop, {row.runSqFt} sq ft of run, one nest box for
            every {row.birdsPerNestBox} {row.birdsPerNestBox === 1 ? "bird" : "birds"}.
          </p>
        </div>
      </Card>
      <Card aria-live="polite">
        <CardTitle>Space needed</CardTitle>
        <dl className="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-2">
          <ResultTile
            label="Coop floor space"
            value={`${formatQuantity(r.coopSqFt, 0)} sq ft`}
            testId="coop-space"
            tone="blue"
          />
          <ResultTile
            label="Run space"
            value={`${formatQuantity(r.runSqFt, 0)} sq ft`}
            testId="coop-run"
            tone="green"
          />
          <ResultTile
            label="Nest boxes"
            value={formatQuantity(r.nestBoxes, 0)}
            testId="coop-nest-boxes"
          />
          <ResultTile
            label="Roosting bar"
            value={
              r.roostingFeet === null ? r.roostingText : `${formatQuantity(r.roostingFeet, 0)} ft`
            }
            testId="coop-roost"
          />
        </dl>
      </Card>
    </div>
  );
}
