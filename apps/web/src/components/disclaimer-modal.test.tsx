import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  ANALYZER_DISCLAIMER_KEY,
  DISCLAIMER_ACCEPTED_KEY,
  DISCLAIMER_TIMESTAMP_KEY,
  DisclaimerModal,
  isAnalyzerDisclaimerAccepted,
  rememberedDisclaimerChoice,
  type DisclaimerVariant,
} from "./disclaimer-modal";

function Harness({
  variant,
  onAccept = () => {},
  onDecline = () => {},
}: {
  variant: DisclaimerVariant;
  onAccept?: () => void;
  onDecline?: () => void;
}) {
  const [open, setOpen] = useState(true);
  return (
    <DisclaimerModal
      variant={variant}
      open={open}
      onAccept={() => {
        setOpen(false);
        onAccept();
      }}
      onDecline={() => {
        setOpen(false);
        onDecline();
      }}
    />
  );
}

describe("DisclaimerModal", () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    cleanup();
    localStorage.clear();
  });

  it("shows the spec's titles, checkbox and buttons for both variants", () => {
    const { unmount } = render(<Harness variant="general" />);
    expect(
      screen.getByRole("dialog", { name: "Legal Disclaimer & Terms of Use" }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText("Remember my choice for future visits")).not.toBeChecked();
    expect(screen.getByRole("button", { name: "I Do Not Agree" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "I Understand & Agree" })).toBeInTheDocument();
    unmount();
    render(<Harness variant="ai" />);
    expect(
      screen.getByRole("dialog", { name: "AI Health Analysis Disclaimer" }),
    ).toBeInTheDocument();
  });

  it("Escape does not close it", async () => {
    render(<Harness variant="general" />);
    await userEvent.keyboard("{Escape}");
    expect(screen.getByRole("dialog")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Close" })).not.toBeInTheDocument();
  });

  it("accepting without 'remember' stores nothing for the general variant", async () => {
    const onAccept = vi.fn();
    render(<Harness variant="general" onAccept={onAccept} />);
    await userEvent.click(screen.getByRole("button", { name: "I Understand & Agree" }));
    expect(onAccept).toHaveBeenCalledOnce();
    expect(localStorage.getItem(DISCLAIMER_ACCEPTED_KEY)).toBeNull();
    expect(localStorage.getItem(DISCLAIMER_TIMESTAMP_KEY)).toBeNull();
    expect(rememberedDisclaimerChoice()).toBeNull();
  });

  it("accepting with 'remember' stores accepted 'true' and an ISO timestamp", async () => {
    render(<Harness variant="general" />);
    await userEvent.click(screen.getByLabelText("Remember my choice for future visits"));
    await userEvent.click(screen.getByRole("button", { name: "I Understand & Agree" }));
    expect(localStorage.getItem(DISCLAIMER_ACCEPTED_KEY)).toBe("true");
    const at = localStorage.getItem(DISCLAIMER_TIMESTAMP_KEY)!;
    expect(new Date(at).toISOString()).toBe(at);
    expect(rememberedDisclaimerChoice()).toEqual({ accepted: true, at });
    expect(localStorage.getItem(ANALYZER_DISCLAIMER_KEY)).toBeNull();
  });

  it("declining with 'remember' stores accepted 'false' with a timestamp", async () => {
    const onDecline = vi.fn();
    render(<Harness variant="ai" onDecline={onDecline} />);
    await userEvent.click(screen.getByLabelText("Remember my choice for future visits"));
    await userEvent.click(screen.getByRole("button", { name: "I Do Not Agree" }));
    expect(onDecline).toHaveBeenCalledOnce();
    expect(localStorage.getItem(DISCLAIMER_ACCEPTED_KEY)).toBe("false");
    expect(localStorage.getItem(DISCLAIMER_TIMESTAMP_KEY)).not.toBeNull();
    expect(isAnalyzerDisclaimerAccepted()).toBe(false);
  });

  it("accepting the AI variant sets the analyzer flag to 'true' even without 'remember'", async () => {
    render(<Harness variant="ai" />);
    expect(isAnalyzerDisclaimerAccepted()).toBe(false);
    await userEvent.click(screen.getByRole("button", { name: "I Understand & Agree" }));
    expect(localStorage.getItem(ANALYZER_DISCLAIMER_KEY)).toBe("true");
    expect(isAnalyzerDisclaimerAccepted()).toBe(true);
    expect(localStorage.getItem(DISCLAIMER_ACCEPTED_KEY)).toBeNull();
  });
});
