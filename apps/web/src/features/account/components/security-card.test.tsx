import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { AccountSecurity } from "@flockkeeper/shared/schemas/auth";
import { fakeApi, renderWithClient } from "@/test/fake-api";
import { ReauthProvider } from "./reauth-provider";
import { SecurityCard } from "./security-card";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const security: AccountSecurity = {
  kind: "local",
  emailVerified: false,
  passkeys: [],
  recoveryCodesLeft: 10,
  recentAuthUntil: new Date(Date.now() + 600_000).toISOString(),
  signIns: [],
};

function renderCard(answerPassword: (body: unknown) => readonly [number, unknown]) {
  const api = fakeApi(({ method, url, body }) => {
    if (url === "/api/auth/security") return [200, security];
    if (method === "POST" && url === "/api/auth/password") return answerPassword(body);
    return undefined;
  });
  renderWithClient(
    <ReauthProvider>
      <SecurityCard />
    </ReauthProvider>,
  );
  return api;
}

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const change = () => fireEvent.click(screen.getByRole("button", { name: "Change password" }));

describe("SecurityCard: change password (form kit)", { timeout: 20_000 }, () => {
  it("shows the spec's messages beside each field and sends nothing", async () => {
    const api = renderCard(() => [204, null]);
    await screen.findByLabelText("Current password");
    change();
    expect(await screen.findByText("Please enter your password")).toBeInTheDocument();
    expect(screen.getByLabelText("Current password")).toHaveAttribute("aria-invalid", "true");
    type("Current password", "my old password");
    type("New password", "short");
    change();
    await waitFor(() =>
      expect(screen.getByLabelText("Current password")).not.toHaveAttribute("aria-invalid"),
    );
    expect(screen.getByText("Use at least 10 characters for your password")).toBeInTheDocument();
    expect(screen.getByLabelText("New password")).toHaveAttribute("aria-invalid", "true");
    // The hint stays linked to the new password field.
    expect(screen.getByLabelText("New password").getAttribute("aria-describedby")).toContain(
      "new-password-hint",
    );
    expect(api.sent("POST", "/api/auth/password")).toHaveLength(0);
  });

  it("sends the same body as before and empties both fields once changed", async () => {
    const api = renderCard(() => [204, null]);
    await screen.findByLabelText("Current password");
    type("Current password", "my old password");
    type("New password", "dust baths in the sun");
    change();
    await waitFor(() =>
      expect(api.sent("POST", "/api/auth/password")).toEqual([
        { currentPassword: "my old password", newPassword: "dust baths in the sun" },
      ]),
    );
    await waitFor(() => expect(screen.getByLabelText("New password")).toHaveValue(""));
    expect(screen.getByLabelText("Current password")).toHaveValue("");
  });

  it("puts the server's refusal on the field it is about", async () => {
    renderCard(() => [400, { message: "Your current password is not right." }]);
    await screen.findByLabelText("Current password");
    type("Current password", "a wrong current password");
    type("New password", "dust baths in the sun");
    change();
    expect(await screen.findByText("Your current password is not right.")).toBeInTheDocument();
    expect(screen.getByLabelText("Current password")).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByLabelText("New password")).toHaveValue("dust baths in the sun");
  });
});
