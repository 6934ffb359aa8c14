import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, expect, it, vi } from "vitest";
import {
  flock,
  flockEvent,
  flockProduction,
  type Flock,
  type FlockEvent,
} from "@flockkeeper/shared/schemas/flock";
import { fakeApi, renderWithClient } from "@/test/fake-api";
import { fixtureId, FIXTURE_FARM_ID } from "@/test/fixtures";
import { keeperToday } from "../api/flocks";
import { FlockDetail } from "./flock-detail";

vi.mock("@/lib/toast", () => ({ toast: vi.fn() }));
// recharts needs a real layout engine; the figures are what matter here.
vi.mock("@/components/series-chart", () => ({
  SeriesChart: ({ title }: { title: string }) => <figure aria-label={title} />,
}));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const today = keeperToday();
const stamp = "2026-01-01T00:00:00.000Z";
const meta = { farmId: FIXTURE_FARM_ID, createdBy: null, updatedBy: null };

const flockOf = (name: string, species: Flock["species"], headcount: number): Flock =>
  flock.parse({
    ...meta,
    id: fixtureId(),
    name,
    species,
    purpose: "layers",
    location: null,
    startDate: today,
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

const eventOf = (f: Flock, type: FlockEvent["type"], count: number): FlockEvent =>
  flockEvent.parse({
    ...meta,
    id: fixtureId(),
    flockId: f.id,
    type,
    date: today,
    count,
    females: count,
    males: null,
    chickenId: null,
    pairedFlockId: null,
    price: null,
    buyer: null,
    cause: type === "predator" ? "fox" : null,
    lossCause: null,
    conditionId: null,
    notes: null,
    ageWeeks: null,
    createdAt: stamp,
    updatedAt: stamp,
  });

function setUp() {
  const hens = flockOf("Hens", "chicken", 24);
  const pullets = flockOf("Pullets", "chicken", 10);
  const ducks = flockOf("Ducks", "duck", 5);
  const bought = eventOf(hens, "acquired", 25);
  const fox = eventOf(hens, "predator", 1);
  const production = flockProduction.parse({
    flockId: hens.id,
    from: today,
    to: today,
    daysWithRecords: 1,
    eggs: 19,
    henDays: 24,
    withheldEggs: 0,
    layRate: 79.2,
    days: [{ date: today, eggs: 19, headcount: 24, layingHens: 24, layRate: 79.2 }],
  });
  const api = fakeApi(({ method, url }) => {
    if (method === "GET" && url.startsWith(`/api/flocks/${hens.id}?`)) return [200, hens];
    if (method === "GET" && url.startsWith(`/api/flocks/${hens.id}/production?`))
      return [200, production];
    if (method === "GET" && url === `/api/flocks/${hens.id}/events`) return [200, [bought, fox]];
    if (method === "GET" && url.startsWith("/api/flocks?")) return [200, [hens, pullets, ducks]];
    if (method === "PATCH" && url === `/api/flocks/${hens.id}/events/${fox.id}`)
      return [
        409,
        {
          code: "CONFLICT",
          field: "count",
          available: 25,
          message: "Only 25 birds are in the flock on that day",
          issues: [{ path: "count", message: "Only 25 birds are in the flock on that day" }],
        },
      ];
    if (method === "PATCH" && url === `/api/flocks/${hens.id}`)
      return [
        400,
        {
          code: "INVALID_FIELD",
          field: "startDate",
          message: `The flock has events from ${today}; the start date cannot be after that`,
          issues: [{ path: "body.startDate", message: "The flock has events from that day on" }],
        },
      ];
    if (method === "DELETE" && url === `/api/flocks/${hens.id}`) return [204, null];
    return undefined;
  });
  const onClose = vi.fn();
  renderWithClient(<FlockDetail flock={hens} onClose={onClose} />);
  return { api, hens, pullets, ducks, fox, onClose };
}

it("edits the flock (a refused start date shows at its field) and deletes it after saying what goes", async () => {
  const { api, hens, onClose } = setUp();
  await userEvent.click(await screen.findByRole("button", { name: "Edit flock" }));
  const form = screen.getByRole("form", { name: "Edit flock" });
  const name = within(form).getByLabelText("Name");
  await userEvent.clear(name);
  await userEvent.type(name, "Old girls");
  await userEvent.click(within(form).getByRole("button", { name: "Save flock" }));
  const start = within(form).getByLabelText("Start date");
  await waitFor(() => expect(start).toHaveAttribute("aria-invalid", "true"));
  const patch = api.calls.find((c) => c.method === "PATCH" && c.url === `/api/flocks/${hens.id}`);
  expect(patch?.body).toMatchObject({ name: "Old girls" });

  await userEvent.click(screen.getByRole("button", { name: "Delete flock" }));
  const confirm = screen.getByRole("alertdialog", { name: "Delete flock" });
  await waitFor(() => expect(confirm).toHaveTextContent("also deletes its 2 events"));
  await userEvent.click(within(confirm).getByRole("button", { name: "Delete flock" }));
  await waitFor(() => expect(onClose).toHaveBeenCalled());
  expect(api.calls.some((c) => c.method === "DELETE" && c.url === `/api/flocks/${hens.id}`)).toBe(
    true,
  );
});

it("shows the headcount, the lay rate with its days, and the events", async () => {
  setUp();
  expect(screen.getByTestId("detail-headcount")).toHaveTextContent("24 birds");
  const rate = screen.getByTestId("detail-lay-rate");
  await waitFor(() => expect(rate).toHaveTextContent("79.2%"));
  expect(rate).toHaveTextContent("over 1 day with records (19 eggs / 24 hen-days)");
  const events = await screen.findAllByTestId("flock-event");
  expect(events).toHaveLength(2);
  expect(screen.getByRole("figure", { name: "Lay rate" })).toBeInTheDocument();
});

it("shows the server's 'Only N birds' refusal at the count of the edited event", async () => {
  setUp();
  const row = (await screen.findAllByTestId("flock-event")).find((li) =>
    li.textContent?.includes("Lost to a predator"),
  )!;
  await userEvent.click(within(row).getByRole("button", { name: /^Edit / }));
  const count = within(row).getByLabelText("Count");
  await userEvent.clear(count);
  await userEvent.type(count, "30");
  await userEvent.click(within(row).getByRole("button", { name: "Save" }));
  const message = await within(row).findByText("Only 25 birds are in the flock on that day");
  expect(count).toHaveAttribute("aria-invalid", "true");
  expect(count.getAttribute("aria-describedby")).toContain(message.id);
});

it("a move offers only the other flocks of the same species", async () => {
  setUp();
  await userEvent.click(await screen.findByRole("button", { name: "Record event" }));
  await userEvent.selectOptions(screen.getByLabelText("What happened"), "moved_out");
  const target = await screen.findByLabelText("Move to flock");
  await waitFor(() =>
    expect(
      within(target)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["Choose a flock", "Pullets"]),
  );
});
