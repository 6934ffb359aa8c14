import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useChickens } from "@/lib/chickens";
import { fakeApi, renderWithClient } from "@/test/fake-api";
import { chickenFixture, farmListFixture, fixtureId } from "@/test/fixtures";
import { FarmSwitcher } from "./farm-switcher";

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

/** The header's switcher beside a list of the farm's birds (to see them fetched again). */
function Header() {
  const birds = useChickens();
  return (
    <MemoryRouter>
      <FarmSwitcher />
      <ul aria-label="Birds">
        {(birds.data ?? []).map((b) => (
          <li key={b.id}>{b.name}</li>
        ))}
      </ul>
    </MemoryRouter>
  );
}

describe("FarmSwitcher", () => {
  it("shows the one farm's name as a link to the Farm page", async () => {
    const list = farmListFixture([["Home flock", "owner"]]);
    fakeApi(({ url }) =>
      url === "/api/auth/user" ? [200, user] : url === "/api/farms" ? [200, list] : undefined,
    );
    renderWithClient(<Header />);
    const link = await screen.findByRole("link", { name: "Farm: Home flock" });
    expect(link).toHaveAttribute("href", "/farm");
    expect(screen.queryByRole("combobox")).toBeNull();
  });

  it("shows nothing on a server without farms (404)", async () => {
    const api = fakeApi(({ url }) => (url === "/api/auth/user" ? [200, user] : undefined));
    renderWithClient(<Header />);
    await waitFor(() => expect(api.calls.some((c) => c.url === "/api/farms")).toBe(true));
    expect(screen.queryByTestId("farm-name")).toBeNull();
    expect(screen.queryByRole("combobox", { name: "Farm in use" })).toBeNull();
  });

  it("switches farms with the keyboard-usable select and fetches the other farm's birds", async () => {
    const list = farmListFixture([
      ["Home flock", "owner"],
      ["Hilltop Hens", "helper"],
    ]);
    let current = 0;
    const api = fakeApi(({ method, url, body }) => {
      if (url === "/api/auth/user") return [200, user];
      if (url === "/api/farms") return [200, list];
      if (method === "PUT" && url === "/api/farms/current") {
        current = list.ids.indexOf((body as { farmId: string }).farmId);
        return [200, { ...list, currentFarmId: list.ids[current] }];
      }
      if (url === "/api/chickens")
        return [200, [chickenFixture({ name: current === 0 ? "Clover" : "Pepper" })]];
      return undefined;
    });
    renderWithClient(<Header />);
    const select = await screen.findByRole("combobox", { name: "Farm in use" });
    expect(select).toHaveValue(list.ids[0]);
    expect(await screen.findByText("Clover")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Farm settings" })).toHaveAttribute("href", "/farm");

    fireEvent.change(select, { target: { value: list.ids[1] } });
    await waitFor(() =>
      expect(api.sent("PUT", "/api/farms/current")).toEqual([{ farmId: list.ids[1] }]),
    );
    expect(await screen.findByText("Pepper")).toBeInTheDocument();
    expect(screen.queryByText("Clover")).toBeNull();
    await waitFor(() => expect(select).toHaveValue(list.ids[1]));
  });
});
