import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { DroppingsResult } from "@flockkeeper/shared/schemas/droppings";
import { DroppingsResults } from "./droppings-results";

const base: DroppingsResult = {
  healthStatus: "healthy",
  analysis: "Basic offline analysis: mostly brown with a white urate cap.",
  confidenceLevel: 0.347,
  clinicalFindings: "Colour share of the sample: brown 60%, white (urates) 12%.",
  followUpRequired: false,
  recommendations: ["Keep checking droppings every day or two."],
  warnings: ["This basic offline check is not a diagnosis."],
  method: "offline",
  analysisId: null,
};

afterEach(cleanup);

describe("DroppingsResults", () => {
  it.each([
    ["healthy", "Healthy", "bg-green-100"],
    ["concerning", "Concerning", "bg-yellow-100"],
    ["urgent", "Urgent", "bg-red-100"],
  ] as const)("shows %s as a %s badge in its colour", (status, label, colour) => {
    render(<DroppingsResults result={{ ...base, healthStatus: status }} />);
    const badge = screen.getByTestId("health-status");
    expect(badge).toHaveTextContent(label);
    expect(badge.className).toContain(colour);
  });

  it("lays out the spec's sections with a rounded confidence badge", () => {
    render(<DroppingsResults result={base} />);
    expect(screen.getByRole("heading", { name: "Health Analysis Results" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Analysis Details" })).toBeInTheDocument();
    expect(screen.getByText("35% confidence")).toBeInTheDocument();
    expect(screen.getByText("Basic offline analysis")).toBeInTheDocument();
    expect(screen.getByText(/Clinical findings/)).toBeInTheDocument();
    expect(screen.getByText(base.clinicalFindings!)).toBeInTheDocument();
    expect(screen.getByText(/No follow-up needed/)).toBeInTheDocument();
    const recs = screen.getByRole("heading", { name: "Recommendations" }).parentElement!;
    expect(within(recs).getByText(base.recommendations[0]!)).toBeInTheDocument();
    const warnings = screen.getByRole("alert");
    expect(warnings).toHaveTextContent("Important Warnings");
    expect(warnings).toHaveTextContent(base.warnings[0]!);
  });

  it("shows the follow-up notice, and leaves out what the answer does not have", () => {
    render(
      <DroppingsResults
        result={{
          ...base,
          method: "ai",
          healthStatus: "urgent",
          followUpRequired: true,
          confidenceLevel: undefined,
          clinicalFindings: undefined,
          warnings: [],
        }}
      />,
    );
    expect(screen.getByText(/Follow-up recommended/)).toBeInTheDocument();
    expect(screen.queryByText(/% confidence/)).not.toBeInTheDocument();
    expect(screen.queryByText("Basic offline analysis")).not.toBeInTheDocument();
    expect(screen.queryByText(/Clinical findings/)).not.toBeInTheDocument();
    expect(screen.queryByText("Important Warnings")).not.toBeInTheDocument();
  });
});
