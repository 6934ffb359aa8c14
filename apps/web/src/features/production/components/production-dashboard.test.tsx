import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { DiseaseAlert } from "@flockkeeper/shared/schemas/production";
import { toast } from "@/lib/toast";
import { ProductionDashboard } from "./production-dashboard";

vi.mock("@/lib/toast", () => ({ toast: vi.fn() }));
// Charts draw with recharts, which needs a real layout engine; the figures are what matter here.
vi.mock("./charts", () => ({ SeriesChart: () => null }));

const HEN = "00000000-0000-4000-8000-000000000001";

const alert = (severity: DiseaseAlert["severity"], title: string): DiseaseAlert => ({
  id: `${severity}:${title}`,
  chickenId: null,
  chickenName: null,
  kind: "environment",
  severity,
  title,
  description: "Coop reading.",
  actionRequired: "Act.",
  createdAt: "2024-06-30T00:00:00.000Z",
});

const summary = {
  period: 7,
  startDate: "2024-06-24",
  endDate: "2024-06-30",
  totalEggs: 0,
  avgEggsPerBird: 0,
  feedEfficiency: 0,
  totalFeedCost: 0,
  profitability: 0,
  avgBirdWeight: null,
  totalFeedLbs: 0,
  eggPrice: 0.3,
  eggValue: 0,
  costPerDozen: null,
  layingBirds: 0,
};

type Handler = (method: string, url: string, body: unknown) => [number, unknown] | undefined;

let alerts: DiseaseAlert[] = [];
let failWrites = false;
let calls: { method: string; url: string; body: unknown }[] = [];

/** The API as the dashboard sees it; writes fail with a server message while `failWrites`. */
const api: Handler = (method, url) => {
  if (method === "POST" && failWrites) return [500, { message: "Database unavailable" }];
  if (url.startsWith("/api/disease-alerts/active")) return [200, alerts];
  if (url.startsWith("/api/production/summary")) return [200, summary];
  if (url.startsWith("/api/production/trends"))
    return [200, { startDate: "", endDate: "", daily: [], layers: [], birdsByHealth: [] }];
  if (url.startsWith("/api/health-predictions/recent")) return [200, []];
  if (url === "/api/chickens")
    return [200, [{ id: HEN, name: "Clover", breed: "Sussex", sex: "hen" }]];
  if (/\/api\/(feed|weight|environmental)-records\/recent/.test(url)) return [200, []];
  if (method === "POST") return [201, {}];
  return undefined;
};

beforeEach(() => {
  alerts = [];
  failWrites = false;
  calls = [];
  vi.mocked(toast).mockClear();
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit) => {
      const method = init.method ?? "GET";
      const body = init.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method, url, body });
      const [status, json] = api(method, url, body) ?? [404, { message: "Not found" }];
      return new Response(JSON.stringify(json), {
        status,
        headers: { "content-type": "application/json" },
      });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderDashboard() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <ProductionDashboard />
    </QueryClientProvider>,
  );
}

const toastTitles = () => vi.mocked(toast).mock.calls.map(([t]) => t.title);

describe("urgent alert banner", () => {
  it("shows when an alert is urgent or critical, listing them", async () => {
    alerts = [
      alert("critical", "Clover lost 30% of body weight"),
      alert("urgent", "Urgent droppings check result"),
      alert("high", "Daisy is marked sick"),
    ];
    renderDashboard();
    const banner = await screen.findByRole("alert");
    expect(banner).toHaveTextContent("2 urgent alerts need your attention");
    expect(within(banner).getByText("Clover lost 30% of body weight")).toBeInTheDocument();
    expect(within(banner).queryByText("Daisy is marked sick")).toBeNull();
  });

  it("stays hidden when no alert is urgent or critical", async () => {
    alerts = [alert("high", "Daisy is marked sick"), alert("medium", "High humidity")];
    renderDashboard();
    await waitFor(() =>
      expect(calls.some((c) => c.url.startsWith("/api/disease-alerts/active"))).toBe(true),
    );
    await screen.findByText("Total eggs");
    expect(screen.queryByRole("alert")).toBeNull();
  });
});

describe("AI Health Check", () => {
  it("posts no body and says 'Failed to generate health predictions' on failure", async () => {
    failWrites = true;
    renderDashboard();
    await userEvent.click(screen.getByRole("button", { name: "AI Health Check" }));
    await waitFor(() => expect(toastTitles()).toContain("Failed to generate health predictions"));
    const post = calls.find((c) => c.url === "/api/health-predictions/generate");
    expect(post).toMatchObject({ method: "POST", body: undefined });
  });
});

describe("Data Entry dialogs", () => {
  async function openEntry() {
    renderDashboard();
    await userEvent.click(screen.getByRole("tab", { name: "Data Entry" }));
    await screen.findByRole("button", { name: "Add feed record" });
  }

  it("feed: the spec's messages, the failure toast, then saving closes and resets", async () => {
    await openEntry();
    await userEvent.click(screen.getByRole("button", { name: "Add feed record" }));
    let dialog = await screen.findByRole("dialog", { name: "Add Feed Record" });
    await userEvent.clear(within(dialog).getByLabelText("Feed type"));
    await userEvent.clear(within(dialog).getByLabelText("Date"));
    await userEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    for (const message of [
      "Chicken is required",
      "Date is required",
      "Feed type is required",
      "Feed amount is required",
    ])
      expect(within(dialog).getByText(message)).toBeInTheDocument();
    expect(calls.some((c) => c.method === "POST")).toBe(false);

    await userEvent.selectOptions(within(dialog).getByLabelText("Chicken"), "Clover");
    await userEvent.type(within(dialog).getByLabelText("Date"), "2024-06-29");
    await userEvent.type(within(dialog).getByLabelText("Feed type"), "Layer feed");
    await userEvent.type(within(dialog).getByLabelText("Feed amount (lbs)"), "0.25");
    failWrites = true;
    await userEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(toastTitles()).toContain("Failed to add feed record"));
    expect(screen.getByRole("dialog", { name: "Add Feed Record" })).toBeInTheDocument();

    failWrites = false;
    await userEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(calls.filter((c) => c.url === "/api/feed-records").at(-1)?.body).toMatchObject({
      chickenId: HEN,
      date: "2024-06-29",
      feedType: "Layer feed",
      feedAmount: "0.25",
    });

    await userEvent.click(screen.getByRole("button", { name: "Add feed record" }));
    dialog = await screen.findByRole("dialog", { name: "Add Feed Record" });
    expect(within(dialog).getByLabelText("Feed amount (lbs)")).toHaveValue(null);
    expect(within(dialog).getByLabelText("Chicken")).toHaveValue("");
  });

  it("feed for the whole flock goes to the split endpoint without a chickenId", async () => {
    await openEntry();
    await userEvent.click(screen.getByRole("button", { name: "Add feed record" }));
    const dialog = await screen.findByRole("dialog", { name: "Add Feed Record" });
    await userEvent.selectOptions(
      within(dialog).getByLabelText("Chicken"),
      "Whole flock (1 bird, split evenly)",
    );
    await userEvent.type(within(dialog).getByLabelText("Feed amount (lbs)"), "3");
    await userEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    const post = calls.find((c) => c.url === "/api/feed-records/flock");
    expect(post?.body).not.toHaveProperty("chickenId");
  });

  it("weight: 'Weight is required', and 'Failed to add weight record' on failure", async () => {
    await openEntry();
    await userEvent.click(screen.getByRole("button", { name: "Add weight record" }));
    const dialog = await screen.findByRole("dialog", { name: "Add Weight Record" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(within(dialog).getByText("Chicken is required")).toBeInTheDocument();
    expect(within(dialog).getByText("Weight is required")).toBeInTheDocument();
    await userEvent.selectOptions(within(dialog).getByLabelText("Chicken"), "Clover");
    await userEvent.type(within(dialog).getByLabelText("Weight (lbs)"), "5.5");
    failWrites = true;
    await userEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(toastTitles()).toContain("Failed to add weight record"));
  });

  it("environment: only the date is required, and 'Failed to add environmental record' on failure", async () => {
    await openEntry();
    await userEvent.click(screen.getByRole("button", { name: "Add environmental record" }));
    const dialog = await screen.findByRole("dialog", { name: "Add Environmental Record" });
    await userEvent.clear(within(dialog).getByLabelText("Date"));
    await userEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(within(dialog).getByText("Date is required")).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText("Date"), "2024-06-29");
    failWrites = true;
    await userEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(toastTitles()).toContain("Failed to add environmental record"));
    failWrites = false;
    await userEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });
});
