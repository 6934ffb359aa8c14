import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { addDaysIso } from "@flockkeeper/shared/schemas/common";
import { fakeApi, renderWithClient } from "@/test/fake-api";
import { hatchRecordFixture } from "@/test/fixtures";
import { toast } from "@/lib/toast";
import { localToday } from "../api/hatch-records";
import { CandlingDialog } from "./candling-dialog";
import { HatchFormDialog } from "./hatch-form-dialog";
import { HatchResultDialog } from "./hatch-result-dialog";

vi.mock("@/lib/toast", () => ({ toast: vi.fn() }));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.mocked(toast).mockClear();
});

const click = (dialog: HTMLElement, name: string) =>
  userEvent.click(within(dialog).getByRole("button", { name }));
const set = (dialog: HTMLElement, label: string, value: string) =>
  fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });

describe("HatchFormDialog", () => {
  it(
    "shows the spec's messages, refuses a future start, then sends the typed record",
    { timeout: 30_000 },
    async () => {
      const api = fakeApi(({ method, url }) => {
        if (url === "/api/incubation-profiles") return [200, []];
        if (method === "POST" && url.startsWith("/api/hatch-records?"))
          return [201, hatchRecordFixture()];
        return undefined;
      });
      renderWithClient(<HatchFormDialog open onOpenChange={vi.fn()} />);
      const dialog = screen.getByRole("dialog", { name: "Start New Hatch" });
      set(dialog, "Incubation Start Date", "");
      await click(dialog, "Start Tracking");
      expect(await within(dialog).findByText("Egg source is required")).toBeInTheDocument();
      expect(within(dialog).getByText("Incubation start date is required")).toBeInTheDocument();
      expect(within(dialog).getByLabelText("Egg Source")).toHaveAttribute("aria-invalid", "true");

      await userEvent.type(within(dialog).getByLabelText("Egg Source"), "Own flock");
      set(dialog, "Incubation Start Date", addDaysIso(localToday(), 2));
      set(dialog, "Temperature (°F)", "120");
      await click(dialog, "Start Tracking");
      expect(await within(dialog).findByText("Date cannot be in the future")).toBeInTheDocument();
      expect(
        within(dialog).getByText("Temperature must be between 80 and 110 °F"),
      ).toBeInTheDocument();
      expect(within(dialog).queryByText("Egg source is required")).not.toBeInTheDocument();

      set(dialog, "Incubation Start Date", "2024-06-01");
      set(dialog, "Temperature (°F)", "99.5");
      await userEvent.click(within(dialog).getByLabelText("Eggs turned daily"));
      await click(dialog, "Start Tracking");
      await waitFor(() => expect(api.calls.some((c) => c.method === "POST")).toBe(true));
      expect(api.calls.find((c) => c.method === "POST")?.body).toMatchObject({
        eggSource: "Own flock",
        species: "chicken",
        incubationStartDate: "2024-06-01",
        expectedHatchDate: "2024-06-22",
        incubationMethod: "incubator",
        temperature: "99.5",
        turnedDaily: false,
      });
      expect(vi.mocked(toast).mock.calls[0]?.[0]).toMatchObject({ title: "Hatch record created" });
    },
  );
});

describe("CandlingDialog", () => {
  it(
    "checks counts against the eggs set, and shows the server's refusal in the form",
    { timeout: 30_000 },
    async () => {
      const hatch = hatchRecordFixture({ eggsSet: 12 });
      const url = `/api/hatch-records/${hatch.id}/candlings?today=${localToday()}`;
      let status = 400;
      const api = fakeApi(({ method, url: u }) =>
        method === "POST" && u === url
          ? [status, status === 201 ? hatch : { message: "Hatch record not found" }]
          : undefined,
      );
      renderWithClient(<CandlingDialog hatch={hatch} onClose={vi.fn()} />);
      const dialog = screen.getByRole("dialog", { name: "Record candling" });
      set(dialog, "Date", "2024-06-08");
      expect(within(dialog).getByText(/Day 7 of 21/)).toBeInTheDocument();
      set(dialog, "Clear", "-1");
      await click(dialog, "Save candling");
      expect(await within(dialog).findByText("Fertile must be a number")).toBeInTheDocument();
      expect(within(dialog).getByText("Clear cannot be negative")).toBeInTheDocument();

      set(dialog, "Fertile", "10");
      set(dialog, "Clear", "3");
      await click(dialog, "Save candling");
      expect(
        await within(dialog).findByText(
          "Fertile and clear eggs cannot be more than the 12 eggs set",
        ),
      ).toBeInTheDocument();
      expect(within(dialog).getByLabelText("Fertile")).toHaveAttribute("aria-invalid", "true");
      expect(api.calls.filter((c) => c.method !== "GET")).toEqual([]);

      set(dialog, "Clear", "2");
      await click(dialog, "Save candling");
      expect(await within(dialog).findByText("Hatch record not found")).toBeInTheDocument();
      expect(api.sent("POST", url)).toEqual([
        {
          date: "2024-06-08",
          day: 7,
          fertile: "10",
          clear: "2",
          quitters: "0",
          bloodRings: "",
          notes: "",
        },
      ]);

      status = 201;
      await click(dialog, "Save candling");
      await waitFor(() =>
        expect(toast).toHaveBeenCalledWith({
          title: "Candling recorded",
          description: "Day 7 candling saved.",
          variant: "success",
        }),
      );
    },
  );
});

describe("HatchResultDialog", () => {
  it(
    "needs the hatched count and keeps it within the fertile eggs",
    { timeout: 30_000 },
    async () => {
      const hatch = hatchRecordFixture({ eggsSet: 12, fertile: 10 });
      const url = `/api/hatch-records/${hatch.id}/result?today=${localToday()}`;
      const api = fakeApi(({ method, url: u }) =>
        method === "POST" && u === url ? [201, hatch] : undefined,
      );
      const onClose = vi.fn();
      renderWithClient(<HatchResultDialog hatch={hatch} onClose={onClose} />);
      const dialog = screen.getByRole("dialog", { name: "Record the hatch" });
      await click(dialog, "Save result");
      expect(await within(dialog).findByText("Hatched must be a number")).toBeInTheDocument();

      set(dialog, "Hatched", "11");
      await click(dialog, "Save result");
      expect(
        await within(dialog).findByText("Hatched cannot be more than the 10 fertile eggs"),
      ).toBeInTheDocument();
      expect(api.calls.filter((c) => c.method !== "GET")).toEqual([]);

      set(dialog, "Hatched", "9");
      set(dialog, "Died in shell (optional)", "1");
      await click(dialog, "Save result");
      await waitFor(() => expect(onClose).toHaveBeenCalled());
      expect(api.sent("POST", url)[0]).toMatchObject({ hatched: "9", diedInShell: "1" });
    },
  );
});
