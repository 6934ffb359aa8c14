import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { EmailDigestView } from "@flockkeeper/shared/schemas/tasks";
import { fakeApi, renderWithClient } from "@/test/fake-api";
import { EmailDigestCard } from "./email-digest-card";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function api(start: EmailDigestView) {
  let view = start;
  return fakeApi(({ method, url, body }) => {
    if (url !== "/api/email-digest") return undefined;
    if (method === "PUT") {
      view = { ...view, digest: body as EmailDigestView["digest"] };
      return [200, view];
    }
    if (method === "DELETE") {
      view = { ...view, digest: null };
      return [204, null];
    }
    return [200, view];
  });
}

describe("EmailDigestCard", () => {
  it("is not shown when the server sends no email (no SMTP_URL)", async () => {
    const { calls } = api({ available: false, email: "ada@example.com", digest: null });
    const { container } = renderWithClient(<EmailDigestCard />);
    await waitFor(() => expect(calls.some((c) => c.url === "/api/email-digest")).toBe(true));
    expect(container).toBeEmptyDOMElement();
  });

  it("turns the morning email on at the chosen hour in this device's zone, and off", async () => {
    const { sent } = api({ available: true, email: "ada@example.com", digest: null });
    renderWithClient(<EmailDigestCard />);
    expect(await screen.findByText(/ada@example.com/, {}, { timeout: 10_000 })).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText("Send at"), { target: { value: "6" } });
    fireEvent.click(screen.getByRole("button", { name: "Email me each morning" }));
    expect(
      await screen.findByText(/Every day at 06:00/, {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(sent("PUT", "/api/email-digest")).toEqual([
      { digestHour: 6, timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone },
    ]);
    fireEvent.click(screen.getByRole("button", { name: "Stop the emails" }));
    expect(
      await screen.findByRole("button", { name: "Email me each morning" }, { timeout: 10_000 }),
    ).toBeVisible();
  }, 30_000);
});
