import { cleanup, screen, waitFor } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { FarmRole } from "@flockkeeper/shared/schemas/farm";
import { fakeApi, renderWithClient } from "@/test/fake-api";
import { chickenFixture, farmListFixture, fixtureId } from "@/test/fixtures";
import { ChickenList } from "./chicken-list";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const me = {
  id: fixtureId(),
  email: "sam@example.com",
  firstName: "Sam",
  lastName: null,
  profileImageUrl: null,
};

function renderAs(role: FarmRole | null) {
  const api = fakeApi(({ url }) => {
    if (url === "/api/auth/user") return [200, me];
    if (url === "/api/farms" && role) return [200, farmListFixture([["Home flock", role]])];
    return undefined;
  });
  renderWithClient(
    <MemoryRouter>
      <ChickenList
        chickens={[chickenFixture({ name: "Clover" })]}
        isLoading={false}
        error={null}
        trackedId={null}
        onTrack={() => {}}
      />
    </MemoryRouter>,
  );
  return api;
}

describe("ChickenList and the keeper's role", () => {
  it("offers a helper Track and Symptoms but not Add, Edit or Remove", async () => {
    const api = renderAs("helper");
    await waitFor(() => expect(api.calls.some((c) => c.url === "/api/farms")).toBe(true));
    await waitFor(() => expect(screen.queryByRole("button", { name: "Remove Clover" })).toBeNull());
    expect(screen.queryByRole("button", { name: "Edit Clover" })).toBeNull();
    expect(screen.queryByRole("button", { name: /Add Bird/ })).toBeNull();
    expect(screen.getByRole("button", { name: /Track/ })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Check symptoms of Clover" })).toBeInTheDocument();
  });

  it.each([["keeper"], ["owner"], [null]] as const)("offers %s every action", async (role) => {
    renderAs(role);
    expect(await screen.findByRole("button", { name: "Remove Clover" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Edit Clover" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: /Add Bird/ })).toBeInTheDocument();
  });
});
