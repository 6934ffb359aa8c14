import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { addDaysIso } from "@flockkeeper/shared/schemas/common";
import { fakeApi, renderWithClient } from "@/test/fake-api";
import { chickenFixture } from "@/test/fixtures";
import { toast } from "@/lib/toast";
import { localToday } from "../api/egg-records";
import { EggRecordDialog } from "./egg-record-dialog";

vi.mock("@/lib/toast", () => ({ toast: vi.fn() }));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.mocked(toast).mockClear();
});

const clover = chickenFixture({ name: "Clover", breed: "Sussex" });

function open(status = 201) {
  const api = fakeApi(({ method, url }) =>
    method === "POST" && url === "/api/egg-records"
      ? [status, status === 201 ? {} : { message: "Database unavailable" }]
      : undefined,
  );
  renderWithClient(
    <EggRecordDialog open onOpenChange={vi.fn()} chickens={[clover]} defaultChickenId={null} />,
  );
  const dialog = screen.getByRole("dialog", { name: "Add Egg Record" });
  const save = () => userEvent.click(within(dialog).getByRole("button", { name: "Add Record" }));
  return { api, dialog, save };
}

describe("EggRecordDialog", () => {
  it(
    "shows the spec's messages and sends nothing while the record is invalid",
    { timeout: 30_000 },
    async () => {
      const { api, dialog, save } = open();
      await save();
      expect(await within(dialog).findByText("Please select a chicken")).toBeInTheDocument();
      expect(within(dialog).getByLabelText("Bird")).toHaveAttribute("aria-invalid", "true");

      await userEvent.selectOptions(within(dialog).getByLabelText("Bird"), clover.id);
      const count = within(dialog).getByLabelText("Eggs laid");
      fireEvent.change(count, { target: { value: "11" } });
      await save();
      expect(await within(dialog).findByText("Maximum 10 eggs per day")).toBeInTheDocument();
      fireEvent.change(count, { target: { value: "-1" } });
      await save();
      expect(await within(dialog).findByText("Cannot be negative")).toBeInTheDocument();

      fireEvent.change(count, { target: { value: "2" } });
      const date = within(dialog).getByLabelText("Date");
      fireEvent.change(date, { target: { value: addDaysIso(localToday(), 1) } });
      await save();
      expect(await within(dialog).findByText("Date cannot be in the future")).toBeInTheDocument();
      expect(date).toHaveAttribute("aria-invalid", "true");
      expect(api.sent("POST", "/api/egg-records")).toEqual([]);
    },
  );

  it(
    "sends the record with a non-numeric count as 0, and says so",
    { timeout: 30_000 },
    async () => {
      const { api, dialog, save } = open();
      await userEvent.selectOptions(within(dialog).getByLabelText("Bird"), clover.id);
      fireEvent.change(within(dialog).getByLabelText("Eggs laid"), { target: { value: "" } });
      await userEvent.type(within(dialog).getByLabelText("Notes (optional)"), "  Warm nest ");
      await save();
      await waitFor(() => expect(api.sent("POST", "/api/egg-records")).toHaveLength(1));
      expect(api.sent("POST", "/api/egg-records")[0]).toEqual({
        chickenId: clover.id,
        date: localToday(),
        eggsLaid: 0,
        eggQuality: "good",
        eggSize: "medium",
        notes: "Warm nest",
      });
      expect(toast).toHaveBeenCalledWith({
        title: "Egg record added successfully!",
        variant: "success",
      });
    },
  );

  it(
    "keeps the form and names the server's reason when saving fails",
    { timeout: 30_000 },
    async () => {
      const { dialog, save } = open(500);
      await userEvent.selectOptions(within(dialog).getByLabelText("Bird"), clover.id);
      await save();
      await waitFor(() =>
        expect(toast).toHaveBeenCalledWith({
          title: "Failed to add egg record: Database unavailable",
          variant: "destructive",
        }),
      );
      expect(within(dialog).getByLabelText("Bird")).toHaveValue(clover.id);
    },
  );
});
