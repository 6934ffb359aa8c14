import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeApi, renderWithClient } from "@/test/fake-api";
import { fixtureId, invitationPreviewFixture } from "@/test/fixtures";
import { Invitation } from "./invitation";

const TOKEN = "Tok3n_-".padEnd(43, "x");
const me = {
  id: fixtureId(),
  email: "sam@example.com",
  firstName: "Sam",
  lastName: null,
  profileImageUrl: null,
};
let assign: ReturnType<typeof vi.fn>;

beforeEach(() => {
  assign = vi.fn();
  vi.stubGlobal("location", { ...window.location, assign, pathname: "/", search: "" });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderInvite() {
  return renderWithClient(
    <MemoryRouter initialEntries={[`/invite/${TOKEN}`]}>
      <Routes>
        <Route path="/invite/:token" element={<Invitation token={TOKEN} />} />
        <Route path="/chicken-tracker" element={<h1>Flock Manager</h1>} />
      </Routes>
    </MemoryRouter>,
  );
}

describe("Invitation page", () => {
  it("shows a signed-out visitor what the link offers, and sign-in that comes back here", async () => {
    fakeApi(({ url }) =>
      url === `/api/invitations/${TOKEN}`
        ? [200, invitationPreviewFixture()]
        : url === "/api/auth/user"
          ? [401, { message: "Not signed in" }]
          : undefined,
    );
    renderInvite();
    expect(
      await screen.findByRole("heading", { name: "Ada invites you to keep Hilltop Hens" }),
    ).toBeInTheDocument();
    expect(screen.getByText(/^Helper:/)).toBeInTheDocument();
    expect(screen.getByText("Link expires")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Join farm/ })).toBeNull();

    fireEvent.click(await screen.findByRole("button", { name: "Sign in" }));
    expect(assign).toHaveBeenLastCalledWith(
      `/api/login?returnTo=${encodeURIComponent(`/invite/${TOKEN}`)}`,
    );
    fireEvent.click(screen.getByRole("button", { name: "Create account" }));
    expect(assign).toHaveBeenLastCalledWith(
      `/api/login?returnTo=${encodeURIComponent(`/invite/${TOKEN}`)}`,
    );
  });

  it("lets a signed-in keeper join, then opens the tracker", async () => {
    const farmId = fixtureId();
    const api = fakeApi(({ method, url }) => {
      if (url === "/api/auth/user") return [200, me];
      if (url === `/api/invitations/${TOKEN}`) return [200, invitationPreviewFixture()];
      if (method === "POST" && url === `/api/invitations/${TOKEN}/accept`)
        return [200, { farmId, role: "helper" }];
      return undefined;
    });
    renderInvite();
    fireEvent.click(await screen.findByRole("button", { name: "Join farm" }));
    expect(await screen.findByRole("heading", { name: "Flock Manager" })).toBeInTheDocument();
    expect(api.calls.filter((c) => c.url.endsWith("/accept"))).toHaveLength(1);
  });

  it.each([
    ["expired", "This invitation has expired"],
    ["used", "This invitation has already been used"],
    ["revoked", "This invitation was revoked"],
  ])("explains a %s link with the server's words", async (_kind, message) => {
    fakeApi(({ url }) =>
      url === `/api/invitations/${TOKEN}`
        ? [404, { statusCode: 404, code: "NOT_FOUND", message }]
        : undefined,
    );
    renderInvite();
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent(message);
    expect(alert).toHaveTextContent("Ask the farm's owner for a new link");
    expect(screen.queryByRole("button", { name: "Join farm" })).toBeNull();
  });

  it("shows why joining failed", async () => {
    fakeApi(({ method, url }) => {
      if (url === "/api/auth/user") return [200, me];
      if (url === `/api/invitations/${TOKEN}`) return [200, invitationPreviewFixture()];
      if (method === "POST") return [409, { message: "You are already a member of this farm" }];
      return undefined;
    });
    renderInvite();
    fireEvent.click(await screen.findByRole("button", { name: "Join farm" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "You are already a member of this farm",
    );
    await waitFor(() => expect(screen.getByRole("button", { name: "Join farm" })).toBeEnabled());
  });
});
