import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { addDaysIso, todayIso } from "@flockkeeper/shared/schemas/common";
import { AddRecordForm } from "./add-record-form";

afterEach(cleanup);

const today = todayIso(new Date(), new Date().getTimezoneOffset());
const HEN = { id: "3f0c1a2b-4d5e-4f60-8a7b-9c0d1e2f3a4b", name: "Henrietta" };
const ROOSTER = { id: "0b9a8c7d-6e5f-4a3b-9c2d-1e0f9a8b7c6d", name: "Rocky" };

function renderForm(birds: Array<{ id: string; name: string }> = []) {
  const onSubmit = vi.fn();
  const onCancel = vi.fn();
  render(
    <AddRecordForm
      today={today}
      birds={birds}
      saving={false}
      onSubmit={onSubmit}
      onCancel={onCancel}
    />,
  );
  return { onSubmit, onCancel };
}

const save = () => userEvent.click(screen.getByRole("button", { name: "Save record" }));

describe("AddRecordForm", () => {
  it("offers the six vaccines and defaults the date to today", () => {
    renderForm();
    const vaccine = screen.getByLabelText("Vaccine") as HTMLSelectElement;
    expect([...vaccine.options].map((o) => o.value).filter(Boolean)).toEqual([
      "Marek's Disease",
      "Newcastle Disease",
      "Infectious Bronchitis",
      "Fowl Pox",
      "Coccidiosis",
      "Infectious Laryngotracheitis",
    ]);
    expect(screen.getByLabelText("Date")).toHaveValue(today);
  });

  it("saves nothing while vaccine, bird or date is missing, and marks each missing field", async () => {
    const { onSubmit } = renderForm();
    fireEvent.change(screen.getByLabelText("Date"), { target: { value: "" } });
    await save();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByLabelText("Vaccine")).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByLabelText("Bird name/ID")).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByLabelText("Date")).toHaveAttribute("aria-invalid", "true");

    await userEvent.selectOptions(screen.getByLabelText("Vaccine"), "Fowl Pox");
    await userEvent.type(screen.getByLabelText("Bird name/ID"), "Flock A");
    await save();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByLabelText("Vaccine")).not.toHaveAttribute("aria-invalid");
    expect(screen.getByLabelText("Bird name/ID")).not.toHaveAttribute("aria-invalid");
    expect(screen.getByLabelText("Date")).toHaveAttribute("aria-invalid", "true");
  });

  it("refuses a date in the future", async () => {
    const { onSubmit } = renderForm();
    await userEvent.selectOptions(screen.getByLabelText("Vaccine"), "Coccidiosis");
    await userEvent.type(screen.getByLabelText("Bird name/ID"), "Chick 3");
    const date = screen.getByLabelText("Date");
    fireEvent.change(date, { target: { value: addDaysIso(today, 3) } });
    await save();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(date).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByText("Date cannot be in the future")).toBeInTheDocument();
  });

  it("submits a typed bird name with notes", async () => {
    const { onSubmit } = renderForm();
    await userEvent.selectOptions(screen.getByLabelText("Vaccine"), "Newcastle Disease");
    await userEvent.type(screen.getByLabelText("Bird name/ID"), "  Flock A ");
    await userEvent.type(screen.getByLabelText("Notes (optional)"), "Eye drop");
    await save();
    expect(onSubmit).toHaveBeenCalledWith({
      vaccine: "Newcastle Disease",
      birdId: null,
      birdName: "Flock A",
      date: today,
      notes: "Eye drop",
    });
  });

  it("lets the keeper pick a bird from the flock, or type another name", async () => {
    const { onSubmit } = renderForm([HEN, ROOSTER]);
    const bird = screen.getByLabelText("Bird") as HTMLSelectElement;
    expect([...bird.options].map((o) => o.text)).toEqual([
      "Select a bird",
      "Henrietta",
      "Rocky",
      "Other (type a name or ID)",
    ]);
    expect(screen.queryByLabelText("Bird name/ID")).not.toBeInTheDocument();

    await userEvent.selectOptions(screen.getByLabelText("Vaccine"), "Marek's Disease");
    await save();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(bird).toHaveAttribute("aria-invalid", "true");

    await userEvent.selectOptions(bird, HEN.id);
    await save();
    expect(onSubmit).toHaveBeenLastCalledWith(
      expect.objectContaining({
        vaccine: "Marek's Disease",
        birdId: HEN.id,
        birdName: "Henrietta",
      }),
    );

    await userEvent.selectOptions(bird, "Other (type a name or ID)");
    await userEvent.type(screen.getByLabelText("Bird name/ID"), "Visitor hen");
    await save();
    expect(onSubmit).toHaveBeenLastCalledWith(
      expect.objectContaining({ birdId: null, birdName: "Visitor hen" }),
    );
  });

  it("cancels without saving", async () => {
    const { onSubmit, onCancel } = renderForm();
    await userEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(onCancel).toHaveBeenCalledOnce();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
