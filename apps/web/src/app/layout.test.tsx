import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeApi, renderWithClient } from "@/test/fake-api";
import { farmListFixture, fixtureId } from "@/test/fixtures";
import { Layout } from "./layout";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const user = {
  id: fixtureId(),
  email: "ada@example.com",
  firstName: "Ada",
  lastName: null,
  profileImageUrl: null,
};

function api(role: "owner" | "helper") {
  const farms = farmListFixture([["Home flock", role]]);
  return fakeApi(({ url }) => {
    if (url === "/api/auth/user") return [200, user];
    if (url === "/api/farms") return [200, farms];
    return undefined;
  });
}

// Money (issue 20 item 8) is hidden from helpers: no menu item (the server refuses them too).
describe("the menu", () => {
  const openMenu = async () => {
    renderWithClient(
      <MemoryRouter>
        <Routes>
          <Route element={<Layout />}>
            <Route path="/" element={<p>Home</p>} />
          </Route>
        </Routes>
      </MemoryRouter>,
    );
    fireEvent.click(await screen.findByRole("button", { name: "Open menu" }));
    return screen.getByRole("navigation", { name: "Mobile" });
  };

  it("offers Money to an owner", async () => {
    api("owner");
    const nav = await openMenu();
    expect(await within(nav).findByRole("link", { name: "Money" })).toHaveAttribute(
      "href",
      "/money",
    );
  });

  it("has no Money for a helper", async () => {
    const calls = api("helper");
    const nav = await openMenu();
    await waitFor(() => expect(calls.calls.some((c) => c.url === "/api/farms")).toBe(true));
    // The farms have loaded (the switcher names the farm): the role is known.
    await screen.findAllByRole("link", { name: "Farm: Home flock" });
    expect(within(nav).queryByRole("link", { name: "Money" })).toBeNull();
    expect(within(nav).getByRole("link", { name: "Learn" })).toBeInTheDocument();
  });
});
