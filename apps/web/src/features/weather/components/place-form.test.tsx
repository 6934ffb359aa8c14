import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { PlaceForm } from "./place-form";

afterEach(cleanup);

describe("PlaceForm", () => {
  it("names each wrong field, then saves the place as numbers", { timeout: 30_000 }, async () => {
    const onSave = vi.fn();
    render(<PlaceForm onSave={onSave} />);
    const form = screen.getByRole("form", { name: "Save a place" });
    const save = () => userEvent.click(within(form).getByRole("button", { name: "Save place" }));
    await save();
    expect(await within(form).findByText("Place name is required")).toBeInTheDocument();
    expect(within(form).getByText("Latitude must be a number")).toBeInTheDocument();
    expect(within(form).getByText("Longitude must be a number")).toBeInTheDocument();

    await userEvent.type(within(form).getByLabelText("Place name"), " Home farm ");
    await userEvent.type(within(form).getByLabelText("Latitude"), "95");
    await userEvent.type(within(form).getByLabelText("Longitude"), "abc");
    await save();
    expect(
      await within(form).findByText("Latitude must be between -90 and 90"),
    ).toBeInTheDocument();
    expect(within(form).getByText("Longitude must be a number")).toBeInTheDocument();
    expect(within(form).queryByText("Place name is required")).not.toBeInTheDocument();
    expect(within(form).getByLabelText("Latitude")).toHaveAttribute("aria-invalid", "true");
    expect(onSave).not.toHaveBeenCalled();

    await userEvent.clear(within(form).getByLabelText("Latitude"));
    await userEvent.type(within(form).getByLabelText("Latitude"), "51.51");
    await userEvent.clear(within(form).getByLabelText("Longitude"));
    await userEvent.type(within(form).getByLabelText("Longitude"), "-0.13");
    await save();
    expect(onSave).toHaveBeenCalledWith({ name: "Home farm", latitude: 51.51, longitude: -0.13 });
  });
});
