import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeApi, renderWithClient } from "@/test/fake-api";
import { chickenFixture, fixtureId } from "@/test/fixtures";
import { BirdLossDialog } from "./bird-loss-dialog";

vi.mock("@/lib/toast", () => ({ toast: vi.fn() }));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("BirdLossDialog", () => {
  it("records a loss of a bird in a flock as a flock event naming it", async () => {
    const flockId = fixtureId();
    const bird = chickenFixture({ name: "Maud", flockId });
    const api = fakeApi(({ method, url }) =>
      method === "POST" && url === `/api/flocks/${flockId}/events` ? [201, {}] : undefined,
    );
    const onClose = vi.fn();
    renderWithClient(<BirdLossDialog bird={bird} onClose={onClose} />);
    const dialog = screen.getByRole("dialog", { name: "Record loss / sale of Maud" });
    await userEvent.selectOptions(within(dialog).getByLabelText("What happened"), "predator");
    await userEvent.type(within(dialog).getByLabelText("Cause (optional)"), "fox");
    await userEvent.click(within(dialog).getByRole("button", { name: "Record" }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.sent("POST", `/api/flocks/${flockId}/events`)).toEqual([
      { type: "predator", date: expect.any(String), count: 1, chickenId: bird.id, cause: "fox" },
    ]);
  });

  it("records a sale of a bird in no flock as its outcome, and shows a refusal", async () => {
    const bird = chickenFixture({ name: "Hazel" });
    let refuse = true;
    const api = fakeApi(({ method, url }) => {
      if (method !== "POST" || url !== `/api/chickens/${bird.id}/outcome`) return undefined;
      return refuse
        ? [400, { message: "Date cannot be in the future", field: "date" }]
        : [200, { ...bird, outcome: "sold" }];
    });
    const onClose = vi.fn();
    renderWithClient(<BirdLossDialog bird={bird} onClose={onClose} />);
    const dialog = screen.getByRole("dialog", { name: "Record loss / sale of Hazel" });
    await userEvent.selectOptions(within(dialog).getByLabelText("What happened"), "sold");
    expect(within(dialog).queryByLabelText("Price (optional)")).toBeNull();
    await userEvent.type(within(dialog).getByLabelText("Buyer (optional)"), "Mrs Jones");
    await userEvent.click(within(dialog).getByRole("button", { name: "Record" }));
    expect(await within(dialog).findByText("Date cannot be in the future")).toBeInTheDocument();
    expect(within(dialog).getByLabelText("Date")).toHaveAttribute("aria-invalid", "true");
    refuse = false;
    await userEvent.click(within(dialog).getByRole("button", { name: "Record" }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.sent("POST", `/api/chickens/${bird.id}/outcome`)[1]).toEqual({
      outcome: "sold",
      date: expect.any(String),
      notes: "Mrs Jones",
    });
  });

  it("takes a cause and condition for a death, with necropsy or reporting advice as it fits", async () => {
    const bird = chickenFixture({ name: "Ida" });
    const conditions = [
      { id: "coccidiosis", name: "Coccidiosis", species: ["chicken"], reportable: false },
      {
        id: "newcastle-disease",
        name: "Newcastle disease (virulent)",
        species: ["chicken"],
        reportable: true,
      },
      {
        id: "duck-viral-enteritis",
        name: "Duck viral enteritis",
        species: ["duck"],
        reportable: true,
      },
    ];
    const api = fakeApi(({ method, url }) => {
      if (method === "GET" && url === "/api/health-conditions") return [200, conditions];
      if (method === "POST" && url === `/api/chickens/${bird.id}/outcome`)
        return [200, { ...bird, outcome: "died" }];
      return undefined;
    });
    const onClose = vi.fn();
    renderWithClient(<BirdLossDialog bird={bird} onClose={onClose} />);
    const dialog = screen.getByRole("dialog", { name: "Record loss / sale of Ida" });
    await userEvent.selectOptions(within(dialog).getByLabelText("Loss cause"), "unknown");
    expect(within(dialog).getByText(/have the body examined/)).toBeInTheDocument();
    expect(within(dialog).getByText(/Do not freeze it/)).toBeInTheDocument();
    // Only the bird's species' conditions are offered; a notifiable one brings the report advice.
    const picker = within(dialog).getByLabelText("Condition (optional)");
    await waitFor(() => expect(within(picker).getAllByRole("option")).toHaveLength(3));
    await userEvent.selectOptions(within(dialog).getByLabelText("Loss cause"), "disease");
    await userEvent.selectOptions(picker, "newcastle-disease");
    expect(within(dialog).getByRole("alert")).toHaveTextContent(/notifiable disease/);
    expect(within(dialog).queryByText(/have the body examined/)).toBeNull();
    await userEvent.click(within(dialog).getByRole("button", { name: "Record" }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.sent("POST", `/api/chickens/${bird.id}/outcome`)).toEqual([
      {
        outcome: "died",
        date: expect.any(String),
        notes: null,
        lossCause: "disease",
        conditionId: "newcastle-disease",
      },
    ]);
  });
});
