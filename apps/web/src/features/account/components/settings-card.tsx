import { useEffect, useState, type FormEvent } from "react";
import type { TemperatureUnit, WeightUnit } from "@flockkeeper/shared/domain/units";
import { CURRENCIES, DEFAULT_CURRENCY } from "@flockkeeper/shared/domain/money";
import { Button } from "@/components/ui/button";
import { Card, CardTitle } from "@/components/ui/card";
import { FieldError, Input, Label, Select } from "@/components/ui/input";
import { errorMessage } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { useAccountSettings } from "../api/get-account-settings";
import { useUpdateAccountSettings } from "../api/update-account-settings";

/** Units used across the app, the egg price for profitability, and the saved weather place. */
export function SettingsCard() {
  const settings = useAccountSettings();
  const update = useUpdateAccountSettings();
  const [temperatureUnit, setTemperatureUnit] = useState<TemperatureUnit>("F");
  const [weightUnit, setWeightUnit] = useState<WeightUnit>("lbs");
  const [eggPrice, setEggPrice] = useState("");
  const [currency, setCurrency] = useState(DEFAULT_CURRENCY);
  const [priceError, setPriceError] = useState<string>();

  useEffect(() => {
    if (!settings.data) return;
    setTemperatureUnit(settings.data.temperatureUnit);
    setWeightUnit(settings.data.weightUnit);
    setEggPrice(settings.data.eggPrice === null ? "" : String(settings.data.eggPrice));
    setCurrency(settings.data.currency);
  }, [settings.data]);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const trimmed = eggPrice.trim();
    const price = trimmed === "" ? null : Number(trimmed);
    if (price !== null && (!Number.isFinite(price) || price < 0)) {
      setPriceError("Egg price must be a number of 0 or more");
      return;
    }
    setPriceError(undefined);
    try {
      await update.mutateAsync({ temperatureUnit, weightUnit, eggPrice: price, currency });
      toast({ title: "Settings saved" });
    } catch (err) {
      toast({ title: "Could not save", description: errorMessage(err), variant: "destructive" });
    }
  };

  const forgetPlace = async () => {
    try {
      await update.mutateAsync({ weatherPlace: null });
      toast({ title: "Saved place removed" });
    } catch (err) {
      toast({ title: "Could not save", description: errorMessage(err), variant: "destructive" });
    }
  };

  if (settings.isLoading) return <Card aria-busy="true">Loading settings…</Card>;
  if (settings.isError) {
    return (
      <Card role="alert">Your settings could not be loaded: {errorMessage(settings.error)}</Card>
    );
  }
  const place = settings.data?.weatherPlace ?? null;
  return (
    <Card>
      <CardTitle>Settings</CardTitle>
      <form className="mt-3 grid gap-4 sm:grid-cols-3" onSubmit={onSubmit} noValidate>
        <div>
          <Label htmlFor="temperature-unit">Temperature</Label>
          <Select
            id="temperature-unit"
            value={temperatureUnit}
            onChange={(e) => setTemperatureUnit(e.target.value as TemperatureUnit)}
          >
            <option value="F">Fahrenheit (°F)</option>
            <option value="C">Celsius (°C)</option>
          </Select>
        </div>
        <div>
          <Label htmlFor="weight-unit">Weight</Label>
          <Select
            id="weight-unit"
            value={weightUnit}
            onChange={(e) => setWeightUnit(e.target.value as WeightUnit)}
          >
            <option value="lbs">Pounds (lbs)</option>
            <option value="kg">Kilograms (kg)</option>
          </Select>
        </div>
        <div>
          <Label htmlFor="egg-price">Egg price (per egg)</Label>
          <Input
            id="egg-price"
            inputMode="decimal"
            placeholder="0.30"
            value={eggPrice}
            onChange={(e) => setEggPrice(e.target.value)}
            aria-invalid={priceError ? true : undefined}
            aria-describedby={priceError ? "egg-price-error" : "egg-price-hint"}
          />
          <p id="egg-price-hint" className="mt-1 text-xs text-stone-600">
            Used for profitability. Leave empty to use 0.30.
          </p>
          <FieldError id="egg-price-error" message={priceError} />
        </div>
        <div>
          <Label htmlFor="currency">Currency</Label>
          <Select
            id="currency"
            value={currency}
            onChange={(e) => setCurrency(e.target.value)}
            aria-describedby="currency-hint"
          >
            {CURRENCIES.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </Select>
          <p id="currency-hint" className="mt-1 text-xs text-stone-600">
            Sales and costs are recorded in it (Money).
          </p>
        </div>
        <div className="sm:col-span-3">
          <Button type="submit" disabled={update.isPending} data-track="Save Account Settings">
            Save settings
          </Button>
        </div>
      </form>
      <div className="mt-5 border-t border-stone-200 pt-4">
        <h3 className="font-semibold text-stone-900">Saved weather place</h3>
        {place ? (
          <div className="mt-1 flex flex-wrap items-center gap-3">
            <p className="text-stone-800">
              {place.name}{" "}
              <span className="text-sm text-stone-600">
                ({place.latitude.toFixed(2)}, {place.longitude.toFixed(2)})
              </span>
            </p>
            <Button variant="secondary" size="sm" onClick={forgetPlace} disabled={update.isPending}>
              Remove saved place
            </Button>
          </div>
        ) : (
          <p className="mt-1 text-sm text-stone-700">
            None yet. Save a place on the weather page and it opens there next time.
          </p>
        )}
      </div>
    </Card>
  );
}
