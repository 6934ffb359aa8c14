import { useEffect } from "react";
import { CURRENCIES, DEFAULT_CURRENCY } from "@flockkeeper/shared/domain/money";
import type {
  AccountSettings,
  UpdateAccountSettingsBody,
} from "@flockkeeper/shared/schemas/account";
import { Button } from "@/components/ui/button";
import { Card, CardTitle } from "@/components/ui/card";
import { Field, Form, lazySchema, useZodForm } from "@/components/ui/form";
import { Input, Select } from "@/components/ui/input";
import { errorMessage } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { useAccountSettings } from "../api/get-account-settings";
import { useUpdateAccountSettings } from "../api/update-account-settings";

type Values = { temperatureUnit: string; weightUnit: string; eggPrice: string; currency: string };

/** The form's text for saved settings (or the defaults before they load). */
function toValues(saved: AccountSettings | null): Values {
  return {
    temperatureUnit: saved?.temperatureUnit ?? "F",
    weightUnit: saved?.weightUnit ?? "lbs",
    eggPrice: saved === null || saved.eggPrice === null ? "" : String(saved.eggPrice),
    currency: saved?.currency ?? DEFAULT_CURRENCY,
  };
}

/** Units used across the app, the egg price for profitability, and the saved weather place. */
export function SettingsCard() {
  const settings = useAccountSettings();
  const update = useUpdateAccountSettings();
  const form = useZodForm<Values, UpdateAccountSettingsBody>({
    // Fetched on the first submit, with zod: the Account page's first paint stays without it.
    schema: lazySchema(() =>
      import("@flockkeeper/shared/schemas/account").then((m) => m.updateAccountSettingsBody),
    ),
    defaultValues: toValues(null),
    // An empty price is "not set" (null); anything else goes to the schema as a number, so
    // "abc", -1 and 5000 get the server's own messages before anything is sent.
    toBody: (v) => ({
      temperatureUnit: v.temperatureUnit,
      weightUnit: v.weightUnit,
      eggPrice: v.eggPrice.trim() === "" ? null : Number(v.eggPrice.trim()),
      currency: v.currency,
    }),
  });
  const { reset } = form;

  // The saved settings fill the form when they arrive (and again after a save).
  useEffect(() => {
    if (settings.data) reset(toValues(settings.data));
  }, [settings.data, reset]);

  const onSubmit = async (body: UpdateAccountSettingsBody) => {
    try {
      await update.mutateAsync(body);
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
      <Form form={form} className="mt-3 grid gap-4 sm:grid-cols-3" onSubmit={onSubmit}>
        <Field name="temperatureUnit" id="temperature-unit" label="Temperature">
          {(props) => (
            <Select {...props}>
              <option value="F">Fahrenheit (°F)</option>
              <option value="C">Celsius (°C)</option>
            </Select>
          )}
        </Field>
        <Field name="weightUnit" id="weight-unit" label="Weight">
          {(props) => (
            <Select {...props}>
              <option value="lbs">Pounds (lbs)</option>
              <option value="kg">Kilograms (kg)</option>
            </Select>
          )}
        </Field>
        <Field
          name="eggPrice"
          id="egg-price"
          label="Egg price (per egg)"
          describedBy="egg-price-hint"
          after={
            <p id="egg-price-hint" className="mt-1 text-xs text-stone-600">
              Used for profitability. Leave empty to use 0.30.
            </p>
          }
        >
          {(props) => <Input {...props} inputMode="decimal" placeholder="0.30" />}
        </Field>
        <Field
          name="currency"
          id="currency"
          label="Currency"
          describedBy="currency-hint"
          after={
            <p id="currency-hint" className="mt-1 text-xs text-stone-600">
              Sales and costs are recorded in it (Money).
            </p>
          }
        >
          {(props) => (
            <Select {...props}>
              {CURRENCIES.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <div className="sm:col-span-3">
          <Button type="submit" disabled={update.isPending} data-track="Save Account Settings">
            Save settings
          </Button>
        </div>
      </Form>
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
