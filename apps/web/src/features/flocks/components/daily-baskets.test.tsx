import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, expect, it, vi } from "vitest";
import {
  eggCollection,
  flock,
  type EggCollection,
  type Flock,
} from "@flockkeeper/shared/schemas/flock";
import { toast } from "@/lib/toast";
import { fakeApi, renderWithClient } from "@/test/fake-api";
import { fixtureId, FIXTURE_FARM_ID } from "@/test/fixtures";
import { keeperToday } from "../api/flocks";
import { DailyBaskets } from "./daily-baskets";

vi.mock("@/lib/toast", () => ({ toast: vi.fn() }));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.mocked(toast).mockClear();
});

const today = keeperToday();
const stamp = "2026-01-01T00:00:00.000Z";

const flockOf = (name: string, headcount: number): Flock =>
  flock.parse({
    id: fixtureId(),
    farmId: FIXTURE_FARM_ID,
    createdBy: null,
    updatedBy: null,
    name,
    species: "chicken",
    purpose: "layers",
    location: null,
    startDate: "2026-01-01",
    notes: null,
    archived: false,
    headcount,
    females: headcount,
    males: 0,
    profiles: 0,
    asOf: today,
    eggsWithheldUntil: null,
    meatWithheldUntil: null,
    createdAt: stamp,
    updatedAt: stamp,
  });

const basketOf = (f: Flock, eggs: number): EggCollection =>
  eggCollection.parse({
    id: fixtureId(),
    farmId: FIXTURE_FARM_ID,
    createdBy: null,
    updatedBy: null,
    flockId: f.id,
    date: today,
    eggs,
    cracked: null,
    dirty: null,
    notes: null,
    withheld: false,
    createdAt: stamp,
    updatedAt: stamp,
  });

it("shows today's saved baskets, corrects them with PATCH and sends new ones with POST", async () => {
  const big = flockOf("Big coop", 24);
  const ducks = flockOf("Pond ducks with a very long name that will not fit", 6);
  const saved = basketOf(big, 19);
  const api = fakeApi(({ method, url, body }) => {
    if (method === "GET" && url.startsWith("/api/flocks?")) return [200, [big, ducks]];
    if (method === "GET" && url.startsWith("/api/egg-collections?")) return [200, [saved]];
    if (method === "PATCH" && url === `/api/egg-collections/${saved.id}`)
      return [200, { ...saved, ...(body as object) }];
    if (method === "POST" && url === "/api/egg-collections")
      return [201, basketOf(ducks, (body as { eggs: number }).eggs)];
    return undefined;
  });
  renderWithClient(<DailyBaskets />);

  const bigEggs = await screen.findByLabelText("Eggs from Big coop");
  await waitFor(() => expect(bigEggs).toHaveValue("19"));
  expect(screen.getByText("Saved: 19")).toBeInTheDocument();

  await userEvent.click(screen.getByRole("button", { name: "One egg more for Big coop" }));
  expect(bigEggs).toHaveValue("20");
  await userEvent.type(screen.getByLabelText(`Eggs from ${ducks.name}`), "4");
  await userEvent.click(screen.getByRole("button", { name: "Save baskets" }));

  await waitFor(() =>
    expect(api.sent("PATCH", `/api/egg-collections/${saved.id}`)).toEqual([
      { eggs: 20, cracked: null, dirty: null },
    ]),
  );
  expect(api.sent("POST", "/api/egg-collections")).toEqual([
    { flockId: ducks.id, date: today, eggs: 4 },
  ]);
  await waitFor(() =>
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: "Baskets saved" })),
  );
});

it("shows the server's refusal on the flock's row", async () => {
  const big = flockOf("Big coop", 24);
  fakeApi(({ method, url }) => {
    if (method === "GET" && url.startsWith("/api/flocks?")) return [200, [big]];
    if (method === "GET" && url.startsWith("/api/egg-collections?")) return [200, []];
    if (method === "POST" && url === "/api/egg-collections")
      return [400, { field: "date", message: "The flock started on 2026-01-01" }];
    return undefined;
  });
  renderWithClient(<DailyBaskets />);
  await userEvent.type(await screen.findByLabelText("Eggs from Big coop"), "3");
  await userEvent.click(screen.getByRole("button", { name: "Save baskets" }));
  expect(await screen.findByRole("alert")).toHaveTextContent("The flock started on 2026-01-01");
  expect(screen.getByLabelText("Eggs from Big coop")).toHaveValue("3");
});

it("shows the eggs guard on a flock within an egg withdrawal, and a withheld basket", async () => {
  const coop = { ...flockOf("Coop A", 12), eggsWithheldUntil: "2099-12-03" };
  const saved = { ...basketOf(coop, 9), withheld: true };
  fakeApi(({ method, url }) => {
    if (method === "GET" && url.startsWith("/api/flocks?")) return [200, [coop]];
    if (method === "GET" && url.startsWith("/api/egg-collections?")) return [200, [saved]];
    return undefined;
  });
  renderWithClient(<DailyBaskets />);
  expect(
    await screen.findByText("Eggs from Coop A not for eating until 3 Dec 2099"),
  ).toBeInTheDocument();
  expect(await screen.findByText("Saved: 9 · withheld")).toBeInTheDocument();
});

it(
  "names a basket the schema refuses on its row, a future day at the date, and sends nothing",
  {
    timeout: 30_000,
  },
  async () => {
    const big = flockOf("Big coop", 24);
    const ducks = flockOf("Pond ducks", 6);
    const api = fakeApi(({ method, url }) => {
      if (method === "GET" && url.startsWith("/api/flocks?")) return [200, [big, ducks]];
      if (method === "GET" && url.startsWith("/api/egg-collections?")) return [200, []];
      return undefined;
    });
    renderWithClient(<DailyBaskets />);
    const save = () => userEvent.click(screen.getByRole("button", { name: "Save baskets" }));

    // Nothing typed: nothing to send.
    await screen.findByLabelText("Eggs from Big coop");
    await save();
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith(
        expect.objectContaining({ title: "Enter at least one basket" }),
      ),
    );

    await userEvent.click(screen.getByLabelText("Count cracked and dirty eggs"));
    await userEvent.type(screen.getByLabelText("Eggs from Big coop"), "2");
    await userEvent.type(screen.getByLabelText("Cracked eggs from Big coop"), "5");
    await userEvent.type(screen.getByLabelText("Eggs from Pond ducks"), "3");
    await save();
    expect(await screen.findByRole("alert")).toHaveTextContent("Cracked cannot be more than eggs");
    const bigEggs = screen.getByLabelText("Eggs from Big coop");
    expect(bigEggs).toHaveAttribute("aria-invalid", "true");
    expect(bigEggs).toHaveAttribute("aria-describedby", `basket-${big.id}-error`);
    expect(screen.getByLabelText("Eggs from Pond ducks")).not.toHaveAttribute("aria-invalid");

    const date = screen.getByLabelText("Collection date");
    fireEvent.change(date, { target: { value: "2999-01-01" } });
    await userEvent.type(screen.getByLabelText("Eggs from Pond ducks"), "3");
    await save();
    expect(await screen.findByRole("alert")).toHaveTextContent("Date cannot be in the future");
    expect(date).toHaveAttribute("aria-invalid", "true");
    expect(api.calls.filter((c) => c.method !== "GET")).toHaveLength(0);
  },
);
