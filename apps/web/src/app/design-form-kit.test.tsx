import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import DesignFormKit from "./design-form-kit";

afterEach(cleanup);

describe("the /design page's form kit", () => {
  it("shows the error state with each field's message and the form's, and the disabled state", async () => {
    render(<DesignFormKit />);
    const errors = screen.getByRole("form", { name: "Form kit: error state" });
    expect(await within(errors).findByText("Bird name is required")).toBeInTheDocument();
    expect(within(errors).getByText("Eggs must be a whole number, 0 or more")).toBeInTheDocument();
    expect(
      await within(errors).findByText("Could not save the record. Please try again."),
    ).toBeInTheDocument();
    expect(within(errors).getByLabelText("Bird name")).toHaveAttribute("aria-invalid", "true");

    const disabled = screen.getByRole("form", { name: "Form kit: disabled" });
    for (const label of ["Bird name", "Eggs today", "Body condition"])
      expect(within(disabled).getByLabelText(label)).toBeDisabled();
    expect(within(disabled).getByRole("button", { name: "Saving..." })).toBeDisabled();

    // The error-state form is live: fixed, it saves.
    await userEvent.type(within(errors).getByLabelText("Bird name"), "Henrietta");
    await userEvent.clear(within(errors).getByLabelText("Eggs today"));
    await userEvent.type(within(errors).getByLabelText("Eggs today"), "2");
    await userEvent.click(within(errors).getByRole("button", { name: "Save" }));
    expect(await within(errors).findByRole("status")).toHaveTextContent("Saved: Henrietta, 2 eggs");
  });
});
