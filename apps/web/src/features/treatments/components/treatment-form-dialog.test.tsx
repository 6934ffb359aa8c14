import { cleanup, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, expect, it, vi } from "vitest";
import { treatment, type Treatment } from "@flockkeeper/shared/schemas/treatment";
import { addDaysIso } from "@flockkeeper/shared/domain/dates";
import { toast } from "@/lib/toast";
import { fakeApi, renderWithClient } from "@/test/fake-api";
import { chickenFixture, fixtureId, FIXTURE_FARM_ID } from "@/test/fixtures";
import { NOT_DOSING_ADVICE, TreatmentFormDialog } from "./treatment-form-dialog";

vi.mock("@/lib/toast", () => ({ toast: vi.fn() }));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.mocked(toast).mockClear();
});

const today = "2026-11-26";

it("says it is not dosing advice, shows the schema's messages, and sends the typed treatment", async () => {
  const hen = chickenFixture({ name: "Dot" });
  const api = fakeApi(({ method, url, body }) => {
    if (method === "POST" && url === "/api/treatments") {
      const b = body as Record<string, unknown>;
      const saved: Treatment = treatment.parse({
        id: fixtureId(),
        farmId: FIXTURE_FARM_ID,
        createdBy: null,
        updatedBy: null,
        subjectName: "Dot",
        medicationId: null,
        activeIngredient: null,
        dose: null,
        doseUnit: null,
        conditionId: null,
        conditionName: null,
        notes: null,
        ...b,
        flockId: null,
        eggWithdrawalEnds: addDaysIso(String(b.endDate), Number(b.eggWithdrawalDays)),
        meatWithdrawalEnds: addDaysIso(String(b.endDate), Number(b.meatWithdrawalDays)),
        createdAt: "2026-11-26T00:00:00.000Z",
        updatedAt: "2026-11-26T00:00:00.000Z",
      });
      return [201, saved];
    }
    return undefined;
  });
  const onOpenChange = vi.fn();
  renderWithClient(
    <TreatmentFormDialog
      open
      onOpenChange={onOpenChange}
      birds={[hen]}
      flocks={[]}
      today={today}
    />,
  );
  expect(screen.getByText(NOT_DOSING_ADVICE)).toBeInTheDocument();
  await userEvent.click(screen.getByRole("button", { name: "Record treatment" }));
  expect(
    await screen.findByText("Choose a bird or a flock", { selector: "p" }),
  ).toBeInTheDocument();
  expect(screen.getByText("Product is required")).toBeInTheDocument();

  await userEvent.selectOptions(screen.getByLabelText("Bird or flock"), `bird:${hen.id}`);
  await userEvent.type(screen.getByLabelText("Product"), "Amprolium");
  await userEvent.selectOptions(screen.getByLabelText("Route"), "water");
  await userEvent.type(screen.getByLabelText("Reason"), "Coccidiosis");
  await userEvent.type(screen.getByLabelText("Egg withdrawal (days)"), "400");
  await userEvent.type(screen.getByLabelText("Meat withdrawal (days)"), "14");
  await userEvent.click(screen.getByRole("button", { name: "Record treatment" }));
  expect(
    await screen.findByText("Egg withdrawal must be a whole number of days from 0 to 365"),
  ).toBeInTheDocument();
  await userEvent.clear(screen.getByLabelText("Egg withdrawal (days)"));
  await userEvent.type(screen.getByLabelText("Egg withdrawal (days)"), "7");
  expect(screen.getByText("Eggs not for eating until 3 Dec")).toBeInTheDocument();
  await userEvent.click(screen.getByRole("button", { name: "Record treatment" }));
  await waitFor(() =>
    expect(api.sent("POST", "/api/treatments")).toEqual([
      expect.objectContaining({
        chickenId: hen.id,
        flockId: null,
        product: "Amprolium",
        route: "water",
        startDate: today,
        endDate: today,
        eggWithdrawalDays: 7,
        meatWithdrawalDays: 14,
        prescribedByVet: false,
      }),
    ]),
  );
  await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
  // Typing a whole form with userEvent is slow on a loaded machine.
}, 30_000);
