import { cleanup, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  ADMIN_DENIED_MESSAGE,
  adminSession,
  type AdminSession,
} from "@flockkeeper/shared/schemas/admin";
import { fakeApi, renderWithClient } from "@/test/fake-api";
import { AdminGate } from "./admin-gate";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const session: AdminSession = adminSession.parse({
  isAdmin: false,
  configured: true,
  passwordEnabled: true,
  emailAdmin: false,
  email: null,
  expiresAt: null,
  hint: null,
});
const open = () => userEvent.click(screen.getByRole("button", { name: "Access Admin Panel" }));

describe("AdminGate (form kit)", { timeout: 20_000 }, () => {
  it("keeps the button off until a password is typed", async () => {
    fakeApi(() => undefined);
    renderWithClient(<AdminGate session={session} />);
    expect(screen.getByRole("button", { name: "Access Admin Panel" })).toBeDisabled();
    await userEvent.type(screen.getByLabelText("Admin password"), "x");
    expect(screen.getByRole("button", { name: "Access Admin Panel" })).toBeEnabled();
  });

  it("shows the spec's denial beside the field for a wrong password", async () => {
    const api = fakeApi(() => [401, { message: "Unauthorized" }]);
    renderWithClient(<AdminGate session={session} />);
    await userEvent.type(screen.getByLabelText("Admin password"), "not-the-password");
    await open();
    expect(await screen.findByText(ADMIN_DENIED_MESSAGE)).toHaveAttribute("role", "alert");
    expect(screen.getByLabelText("Admin password")).toHaveAttribute("aria-invalid", "true");
    expect(api.sent("POST", "/api/admin/login")).toEqual([{ password: "not-the-password" }]);
  });

  it("sends the password as before and clears the field once let in", async () => {
    const api = fakeApi(({ url }) =>
      url === "/api/admin/login"
        ? [200, { ok: true, expiresAt: "2030-01-01T00:00:00Z" }]
        : undefined,
    );
    renderWithClient(<AdminGate session={session} />);
    await userEvent.type(screen.getByLabelText("Admin password"), "the-admin-password");
    await open();
    await vi.waitFor(() =>
      expect(api.sent("POST", "/api/admin/login")).toEqual([{ password: "the-admin-password" }]),
    );
    await vi.waitFor(() => expect(screen.getByLabelText("Admin password")).toHaveValue(""));
    expect(screen.queryByRole("alert")).toBeNull();
  });
});
