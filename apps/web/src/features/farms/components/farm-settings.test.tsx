import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { FarmRole } from "@flockkeeper/shared/schemas/farm";
import { ReauthContext, type Reauth } from "@/lib/reauth";
import { fakeApi, renderWithClient, type ApiHandler } from "@/test/fake-api";
import { farmListFixture, farmMemberFixture, fixtureId } from "@/test/fixtures";
import { FarmSettings } from "./farm-settings";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const me = {
  id: fixtureId(),
  email: "ada@example.com",
  firstName: "Ada",
  lastName: null,
  profileImageUrl: null,
};
/** The dialogs' code loads on first use: give it time on a busy machine. */
const SLOW = { timeout: 5000 };
/** No "Confirm it's you" in these tests: the action simply runs. */
const reauth: Reauth = { guard: (action) => action(), ensureRecent: async () => {} };

function renderPage(ui: ReactNode = <FarmSettings />) {
  return renderWithClient(
    <MemoryRouter>
      <ReauthContext.Provider value={reauth}>{ui}</ReauthContext.Provider>
    </MemoryRouter>,
  );
}

/** A farm where I have `role`, with Sam (helper) and, unless `soleOwner`, another owner. */
function farm(role: FarmRole, extra: ApiHandler = () => undefined, soleOwner = false) {
  const list = farmListFixture([["Home flock", role]]);
  const farmId = list.ids[0]!;
  const members = [
    farmMemberFixture({ userId: me.id, name: "Ada Lovelace", email: me.email, role }),
    farmMemberFixture({ name: "Sam Carter", role: "helper" }),
    ...(soleOwner || role === "owner"
      ? []
      : [farmMemberFixture({ name: "Olive Owner", role: "owner" })]),
  ];
  const api = fakeApi((call) => {
    const { method, url } = call;
    if (url === "/api/auth/user") return [200, me];
    if (method === "GET" && url === "/api/farms") return [200, list];
    if (method === "GET" && url === `/api/farms/${farmId}/members`) return [200, members];
    if (method === "GET" && url === `/api/farms/${farmId}/invitations`) return [200, []];
    return extra(call);
  });
  return { api, farmId, members, list };
}

describe("Farm page", { timeout: 20_000 }, () => {
  it("lets the owner change roles, remove members, invite and rename", async () => {
    const { farmId, members } = farm("owner", ({ method, url, body }) => {
      if (method === "PATCH" && url.startsWith("/api/farms/") && url.includes("/members/"))
        return [200, []];
      if (method === "POST" && url.endsWith("/invitations"))
        return [
          201,
          {
            id: fixtureId(),
            token: "a".repeat(43),
            url: `http://localhost/invite/${"a".repeat(43)}`,
            role: (body as { role: string }).role,
            expiresAt: "2030-06-08T12:00:00.000Z",
          },
        ];
      return undefined;
    });
    renderPage();
    const sam = members[1]!;
    const role = await screen.findByRole("combobox", { name: "Role for Sam Carter" });
    expect(screen.getByRole("button", { name: "Remove Sam Carter" })).toBeInTheDocument();
    // My own row has no controls; I am the only owner, so I cannot leave.
    expect(screen.queryByRole("combobox", { name: "Role for Ada Lovelace" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Leave farm" })).toBeNull();
    expect(screen.getByText(/only owner/)).toBeInTheDocument();
    expect(screen.getByLabelText("Farm name")).toHaveValue("Home flock");
    expect(screen.getByRole("button", { name: "Delete farm" })).toBeInTheDocument();

    const api = vi.mocked(fetch);
    fireEvent.change(role, { target: { value: "keeper" } });
    await waitFor(() =>
      expect(
        api.mock.calls.some(
          ([u, init]) =>
            String(u) === `/api/farms/${farmId}/members/${sam.userId}` && init?.method === "PATCH",
        ),
      ).toBe(true),
    );

    fireEvent.change(screen.getByLabelText("Role"), { target: { value: "helper" } });
    fireEvent.click(screen.getByRole("button", { name: "Create invitation link" }));
    const link = await screen.findByLabelText("Invitation link for a helper");
    expect(link).toHaveValue(`http://localhost/invite/${"a".repeat(43)}`);
    expect(screen.getByRole("button", { name: "Copy" })).toBeInTheDocument();
    expect(screen.getByText(/^Expires/)).toBeInTheDocument();
  });

  it("shows a helper the members read-only, with Leave farm", async () => {
    const { farmId } = farm("helper", ({ method, url }) =>
      method === "DELETE" && url.startsWith(`/api/farms/`) ? [204, null] : undefined,
    );
    renderPage();
    const list = await screen.findByRole("list", { name: "Members" });
    expect(within(list).getAllByTestId("farm-member")).toHaveLength(3);
    expect(screen.queryByRole("combobox", { name: /Role for/ })).toBeNull();
    expect(screen.queryByRole("button", { name: /Remove/ })).toBeNull();
    expect(screen.queryByRole("button", { name: "Create invitation link" })).toBeNull();
    expect(screen.queryByLabelText("Farm name")).toBeNull();
    expect(screen.queryByRole("button", { name: "Delete farm" })).toBeNull();
    expect(screen.getByText("Only an owner can change roles or invite.")).toBeInTheDocument();

    fireEvent.click(screen.getByRole("button", { name: "Leave farm" }));
    const dialog = await screen.findByRole("dialog", { name: "Leave Home flock?" }, SLOW);
    fireEvent.click(within(dialog).getByRole("button", { name: "Leave farm" }));
    await waitFor(() =>
      expect(
        vi
          .mocked(fetch)
          .mock.calls.some(
            ([u, init]) =>
              String(u) === `/api/farms/${farmId}/members/${me.id}` && init?.method === "DELETE",
          ),
      ).toBe(true),
    );
  });

  it("shows a keeper the members read-only too", async () => {
    farm("keeper");
    renderPage();
    await screen.findByRole("list", { name: "Members" });
    expect(screen.queryByRole("combobox", { name: /Role for/ })).toBeNull();
    expect(screen.queryByRole("button", { name: "Create invitation link" })).toBeNull();
    expect(screen.getByRole("button", { name: "Leave farm" })).toBeInTheDocument();
  });

  it("shows the server's refusal when removing someone fails (the last owner)", async () => {
    farm("owner", ({ method }) =>
      method === "DELETE"
        ? [409, { statusCode: 409, message: "A farm must keep at least one owner" }]
        : undefined,
    );
    renderPage();
    fireEvent.click(await screen.findByRole("button", { name: "Remove Sam Carter" }));
    const dialog = await screen.findByRole("dialog", { name: "Remove Sam Carter?" }, SLOW);
    fireEvent.click(within(dialog).getByRole("button", { name: "Remove" }));
    expect(await screen.findByText("A farm must keep at least one owner")).toBeInTheDocument();
  });

  it("deletes the farm only after its name is typed", async () => {
    const { farmId, list } = farm("owner", ({ method, url }) =>
      method === "DELETE" && url.startsWith("/api/farms/") ? [200, list] : undefined,
    );
    renderPage();
    fireEvent.click(await screen.findByRole("button", { name: "Delete farm" }));
    const dialog = await screen.findByRole("dialog", { name: "Delete Home flock?" }, SLOW);
    fireEvent.change(within(dialog).getByLabelText(/Type the farm's name/), {
      target: { value: "Wrong" },
    });
    const input = within(dialog).getByLabelText(/Type the farm's name/);
    fireEvent.click(within(dialog).getByRole("button", { name: "Delete farm" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(
      "The name you typed does not match the farm's name",
    );
    expect(input).toHaveAttribute("aria-invalid", "true");
    expect(input).toHaveAttribute("aria-describedby", "confirm-farm-name-error");
    // Nothing is sent while the name does not match.
    const deletes = () =>
      vi.mocked(fetch).mock.calls.filter(([, init]) => init?.method === "DELETE");
    expect(deletes()).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText(/Type the farm's name/), {
      target: { value: "Home flock" },
    });
    fireEvent.click(within(dialog).getByRole("button", { name: "Delete farm" }));
    await waitFor(() =>
      expect(
        vi
          .mocked(fetch)
          .mock.calls.some(
            ([u, init]) => String(u) === `/api/farms/${farmId}` && init?.method === "DELETE",
          ),
      ).toBe(true),
    );
  });
});
