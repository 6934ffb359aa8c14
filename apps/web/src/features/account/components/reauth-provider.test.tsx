import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useState } from "react";
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from "vitest";
import type { AccountSecurity } from "@flockkeeper/shared/schemas/auth";
import { apiSend } from "@/lib/api-client";
import { isReauthCancelled, useReauth } from "@/lib/reauth";
import { ReauthProvider } from "./reauth-provider";

const security: AccountSecurity = {
  kind: "local",
  emailVerified: false,
  passkeys: [],
  recoveryCodesLeft: 10,
  recentAuthUntil: new Date(Date.now() - 60_000).toISOString(),
  signIns: [],
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

/** A button that runs one risky action through the guard and shows how it ended. */
function Risky() {
  const { guard } = useReauth();
  const [outcome, setOutcome] = useState("");
  const run = () =>
    guard(() => apiSend<{ done: boolean }>("POST", "/api/risky"))
      .then(() => setOutcome("done"))
      .catch((err: unknown) => setOutcome(isReauthCancelled(err) ? "cancelled" : "failed"));
  return (
    <>
      <button onClick={run}>Do it</button>
      <p data-testid="outcome">{outcome}</p>
    </>
  );
}

let risky: Mock<() => Response>;
let reauth: Mock<(body: { password: string }) => Response>;

beforeEach(() => {
  // The first risky call needs a recent sign-in; after the password it goes through.
  let confirmed = false;
  risky = vi.fn(() =>
    confirmed
      ? json(200, { done: true })
      : json(403, { code: "REAUTH_REQUIRED", message: "Please confirm it is you" }),
  );
  reauth = vi.fn((body: { password: string }) => {
    if (body.password !== "the right one") {
      return json(401, { code: "WRONG_PASSWORD", message: "That password is not right." });
    }
    confirmed = true;
    return json(200, { recentAuthUntil: new Date(Date.now() + 600_000).toISOString() });
  });
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url === "/api/risky") return risky();
      if (url === "/api/auth/reauth") return reauth(JSON.parse(String(init?.body)));
      if (url === "/api/auth/security") return json(200, security);
      return json(404, { message: "not found" });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderRisky() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <ReauthProvider>
        <Risky />
      </ReauthProvider>
    </QueryClientProvider>,
  );
}

// The dialog's code loads lazily, which takes seconds on a busy machine.
describe("ReauthProvider", { timeout: 30_000 }, () => {
  it("asks 'Confirm it's you' on 403 REAUTH_REQUIRED, refuses a wrong password, then runs the action again", async () => {
    renderRisky();
    fireEvent.click(screen.getByRole("button", { name: "Do it" }));
    const dialog = await screen.findByRole(
      "dialog",
      { name: "Confirm it's you" },
      { timeout: 15_000 },
    );
    expect(risky).toHaveBeenCalledTimes(1);

    // Empty: the request schema's message beside the field, nothing sent.
    fireEvent.click(screen.getByRole("button", { name: "Confirm" }));
    expect(
      await screen.findByText("Please enter your password", {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText("Your password")).toHaveAttribute("aria-invalid", "true");
    expect(reauth).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText("Your password"), { target: { value: "wrong" } });
    fireEvent.click(screen.getByRole("button", { name: "Confirm" }));
    expect(
      await screen.findByText("That password is not right.", {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(risky).toHaveBeenCalledTimes(1);

    fireEvent.change(screen.getByLabelText("Your password"), {
      target: { value: "the right one" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Confirm" }));
    await waitFor(() => expect(screen.getByTestId("outcome")).toHaveTextContent("done"), {
      timeout: 10_000,
    });
    expect(risky).toHaveBeenCalledTimes(2);
    expect(dialog).not.toBeInTheDocument();
    // The same request bodies as before the form kit.
    expect(reauth.mock.calls.map(([body]) => body)).toEqual([
      { password: "wrong" },
      { password: "the right one" },
    ]);
  });

  it("drops the action without an error when the keeper cancels", async () => {
    renderRisky();
    fireEvent.click(screen.getByRole("button", { name: "Do it" }));
    await screen.findByRole("dialog", { name: "Confirm it's you" }, { timeout: 15_000 });
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.getByTestId("outcome")).toHaveTextContent("cancelled"));
    expect(risky).toHaveBeenCalledTimes(1);
    expect(reauth).not.toHaveBeenCalled();
  });

  it("passes other failures through without asking", async () => {
    risky.mockImplementation(() => json(500, { message: "broken" }));
    renderRisky();
    fireEvent.click(screen.getByRole("button", { name: "Do it" }));
    await waitFor(() => expect(screen.getByTestId("outcome")).toHaveTextContent("failed"));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });
});
