import { cleanup, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeApi, renderWithClient } from "@/test/fake-api";
import { SymptomChecker } from "./symptom-checker";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const analyze = () => screen.getByRole("button", { name: "Analyze Symptoms" });
const other = () => screen.getByLabelText("Other symptoms (separate with commas)");

describe("SymptomChecker (form kit)", { timeout: 30_000 }, () => {
  it("sends nothing until a symptom is chosen or typed; an over-long one is named as it is typed", async () => {
    const api = fakeApi(({ url }) =>
      url === "/api/health-conditions/diagnose" ? [200, []] : undefined,
    );
    renderWithClient(
      <MemoryRouter>
        <SymptomChecker />
      </MemoryRouter>,
    );
    expect(analyze()).toBeDisabled();

    await userEvent.click(other());
    await userEvent.paste(`sneezing, ${"x".repeat(201)}`);
    const message = await screen.findByText("Each symptom must be 200 characters or fewer");
    expect(message).toHaveAttribute("role", "alert");
    expect(other()).toHaveAttribute("aria-invalid", "true");
    expect(other()).toHaveAttribute("aria-describedby", message.id);
    expect(analyze()).toBeDisabled();

    await userEvent.clear(other());
    await userEvent.type(other(), "runny poop,  bubbles in eye");
    await vi.waitFor(() => expect(screen.queryByRole("alert")).toBeNull());
    expect(other()).not.toHaveAttribute("aria-invalid");
    await userEvent.click(screen.getByRole("button", { name: "Coughing" }));
    await userEvent.selectOptions(screen.getByLabelText("Species"), "duck");
    await userEvent.selectOptions(screen.getByLabelText("Age"), "adult");
    await userEvent.click(analyze());
    await vi.waitFor(() =>
      expect(api.sent("POST", "/api/health-conditions/diagnose")).toEqual([
        { symptoms: ["Coughing", "runny poop", "bubbles in eye"], species: "duck", age: "adult" },
      ]),
    );
    expect(await screen.findByText("No matching conditions found")).toBeInTheDocument();
  });

  it("a bird's card presets species and age in weeks, sent as ageWeeks", async () => {
    const api = fakeApi(({ url }) =>
      url === "/api/health-conditions/diagnose" ? [200, []] : undefined,
    );
    renderWithClient(
      <MemoryRouter>
        <SymptomChecker initialSpecies="goose" initialAgeWeeks={3} birdName="Honk" />
      </MemoryRouter>,
    );
    expect(screen.getByText("Honk")).toBeInTheDocument();
    expect(screen.getByLabelText("Age")).toHaveValue("weeks");
    await userEvent.click(screen.getByRole("button", { name: "Lethargy" }));
    expect(screen.getByRole("button", { name: "Lethargy" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await userEvent.click(analyze());
    await vi.waitFor(() =>
      expect(api.sent("POST", "/api/health-conditions/diagnose")).toEqual([
        { symptoms: ["Lethargy"], species: "goose", ageWeeks: 3 },
      ]),
    );
  });
});
