import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { flock, type Flock } from "@flockkeeper/shared/schemas/flock";
import { toast } from "@/lib/toast";
import { fakeApi, renderWithClient, type ApiHandler } from "@/test/fake-api";
import { chickenFixture, FIXTURE_FARM_ID, fixtureId, hatchRecordFixture } from "@/test/fixtures";
import { AddChicks } from "./add-chicks";

vi.mock("@/lib/toast", () => ({ toast: vi.fn() }));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.mocked(toast).mockClear();
});

const stamp = "2024-06-01T00:00:00.000Z";
const hatch = hatchRecordFixture({
  breed: "Silkie",
  eggsSet: 6,
  hatched: 3,
  resultDate: "2024-06-22",
});
const coop: Flock = flock.parse({
  id: fixtureId(),
  farmId: FIXTURE_FARM_ID,
  createdBy: null,
  updatedBy: null,
  name: "Big coop",
  species: "chicken",
  purpose: "layers",
  location: null,
  startDate: "2024-01-01",
  notes: null,
  archived: false,
  headcount: 10,
  females: 10,
  males: 0,
  profiles: 0,
  asOf: "2024-06-22",
  eggsWithheldUntil: null,
  meatWithheldUntil: null,
  createdAt: stamp,
  updatedAt: stamp,
});

function renderChicks(extra: ApiHandler = () => undefined) {
  const onDone = vi.fn();
  const api = fakeApi((call) => {
    if (call.method === "GET" && call.url.startsWith("/api/flocks?")) return [200, [coop]];
    if (call.method === "GET" && call.url === "/api/chickens") return [200, []];
    return extra(call);
  });
  renderWithClient(<AddChicks hatch={hatch} onDone={onDone} />);
  return { api, onDone };
}

const add = () => userEvent.click(screen.getByRole("button", { name: "Add the chicks" }));
const posts = (api: ReturnType<typeof renderChicks>["api"]) =>
  api.calls.filter((c) => c.method !== "GET");

describe("AddChicks (form kit)", { timeout: 30_000 }, () => {
  it("names an empty flock name and an unchosen flock, and sends nothing", async () => {
    const { api } = renderChicks();
    const name = screen.getByLabelText("Flock name");
    expect((name as HTMLInputElement).value).toMatch(/^Hatch /);
    fireEvent.change(name, { target: { value: "   " } });
    await add();
    expect(await screen.findByRole("alert")).toHaveTextContent("Name is required");
    expect(name).toHaveAttribute("aria-invalid", "true");
    expect(name).toHaveAttribute("aria-describedby", "chicks-flock-name-error");

    await userEvent.click(await screen.findByLabelText("Into a flock I have"));
    await add();
    expect(await screen.findByText("Please choose a flock")).toBeInTheDocument();
    expect(screen.getByLabelText("Flock")).toHaveAttribute("aria-invalid", "true");
    expect(posts(api)).toHaveLength(0);
  });

  it("names a band id given twice, then adds each chick with its row's name and band", async () => {
    const { api, onDone } = renderChicks(({ method, url }) =>
      method === "POST" && url === "/api/chickens" ? [201, chickenFixture()] : undefined,
    );
    await userEvent.click(
      screen.getByLabelText("As birds of their own, with band ids and parents"),
    );
    expect(screen.getByLabelText("Name of chick 1")).toHaveValue("Silkie chick 1");
    fireEvent.change(screen.getByLabelText("Name of chick 2"), { target: { value: "" } });
    fireEvent.change(screen.getByLabelText("Band id of chick 1"), { target: { value: "A1" } });
    fireEvent.change(screen.getByLabelText("Band id of chick 3"), { target: { value: " A1 " } });
    await add();
    expect(await screen.findByText("Band A1 is given twice")).toBeInTheDocument();
    expect(screen.getByText("Name is required")).toBeInTheDocument();
    expect(screen.getByLabelText("Band id of chick 3")).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByLabelText("Name of chick 2")).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByLabelText("Band id of chick 1")).not.toHaveAttribute("aria-invalid");
    expect(posts(api)).toHaveLength(0);

    fireEvent.change(screen.getByLabelText("Name of chick 2"), { target: { value: "Pip" } });
    fireEvent.change(screen.getByLabelText("Band id of chick 3"), { target: { value: "A3" } });
    await add();
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(posts(api).map((c) => c.body)).toEqual([
      expect.objectContaining({ name: "Silkie chick 1", bandId: "A1", hatchDate: "2024-06-22" }),
      expect.objectContaining({ name: "Pip", bandId: "" }),
      expect.objectContaining({ name: "Silkie chick 3", bandId: "A3", breed: "Silkie" }),
    ]);
    expect(vi.mocked(toast).mock.calls[0]?.[0]).toMatchObject({
      title: "3 chicks added as birds",
    });
  });

  it("shows a refused band id at its row and does not send the added rows again", async () => {
    let n = 0;
    const { api } = renderChicks(({ method, url }) => {
      if (method !== "POST" || url !== "/api/chickens") return undefined;
      n += 1;
      if (n === 2)
        return [409, { code: "BAND_TAKEN", field: "bandId", message: "Band B2 is already used" }];
      return [201, chickenFixture()];
    });
    await userEvent.click(
      screen.getByLabelText("As birds of their own, with band ids and parents"),
    );
    fireEvent.change(screen.getByLabelText("Band id of chick 2"), { target: { value: "B2" } });
    await add();
    expect(await screen.findByText("Band B2 is already used")).toBeInTheDocument();
    expect(screen.getByLabelText("Band id of chick 2")).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByLabelText("Name of chick 1")).toBeDisabled();
    fireEvent.change(screen.getByLabelText("Band id of chick 2"), { target: { value: "B9" } });
    await add();
    await waitFor(() => expect(posts(api)).toHaveLength(4));
    expect(posts(api).map((c) => (c.body as { name: string }).name)).toEqual([
      "Silkie chick 1",
      "Silkie chick 2",
      "Silkie chick 2",
      "Silkie chick 3",
    ]);
  });
});
