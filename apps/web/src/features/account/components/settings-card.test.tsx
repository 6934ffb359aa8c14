import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { AccountSettings } from "@flockkeeper/shared/schemas/account";
import { fakeApi, renderWithClient } from "@/test/fake-api";
import { SettingsCard } from "./settings-card";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const saved: AccountSettings = {
  temperatureUnit: "C",
  weightUnit: "kg",
  eggPrice: 0.45,
  currency: "EUR",
  weatherPlace: null,
};

function renderCard() {
  const api = fakeApi(({ method, url, body }) => {
    if (url !== "/api/account/settings") return undefined;
    if (method === "GET") return [200, saved];
    if (method === "PATCH") return [200, { ...saved, ...(body as object) }];
    return undefined;
  });
  renderWithClient(<SettingsCard />);
  return api;
}

const price = () => screen.getByLabelText("Egg price (per egg)");
const save = () => fireEvent.click(screen.getByRole("button", { name: "Save settings" }));

describe("SettingsCard (form kit)", { timeout: 20_000 }, () => {
  it("shows the saved settings, and the schema's egg price messages without sending", async () => {
    const api = renderCard();
    await waitFor(() => expect(price()).toHaveValue("0.45"));
    expect(screen.getByLabelText("Temperature")).toHaveValue("C");
    expect(screen.getByLabelText("Weight")).toHaveValue("kg");
    expect(screen.getByLabelText("Currency")).toHaveValue("EUR");

    for (const [typed, message] of [
      ["abc", "Egg price must be a number"],
      ["-1", "Egg price cannot be negative"],
      ["5000", "Egg price must be at most 1000"],
    ] as const) {
      fireEvent.change(price(), { target: { value: typed } });
      save();
      // The alert of the previous value is still there until the form re-validates: wait for
      // this value's message rather than taking the first alert found.
      await waitFor(() => expect(screen.getByRole("alert")).toHaveTextContent(message));
      expect(price()).toHaveAttribute("aria-invalid", "true");
      // The hint stays linked beside the message.
      expect(price().getAttribute("aria-describedby")).toBe("egg-price-hint egg-price-error");
    }
    expect(api.sent("PATCH", "/api/account/settings")).toHaveLength(0);
  });

  it("sends the units, the price as a number (empty = not set) and the currency", async () => {
    const api = renderCard();
    await waitFor(() => expect(price()).toHaveValue("0.45"));
    fireEvent.change(screen.getByLabelText("Temperature"), { target: { value: "F" } });
    fireEvent.change(price(), { target: { value: " 0.5 " } });
    save();
    await waitFor(() =>
      expect(api.sent("PATCH", "/api/account/settings")).toEqual([
        { temperatureUnit: "F", weightUnit: "kg", eggPrice: 0.5, currency: "EUR" },
      ]),
    );
    // The saved answer refills the form; then the price is emptied.
    await waitFor(() => expect(price()).toHaveValue("0.5"));
    fireEvent.change(price(), { target: { value: "" } });
    save();
    await waitFor(() => expect(api.sent("PATCH", "/api/account/settings")).toHaveLength(2));
    expect(api.sent("PATCH", "/api/account/settings")[1]).toMatchObject({ eggPrice: null });
    expect(screen.queryByRole("alert")).toBeNull();
  });
});
