import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, expect, it, vi } from "vitest";
import { fakeApi, renderWithClient } from "@/test/fake-api";
import { hatchRecordFixture } from "@/test/fixtures";
import { HatchArchive } from "./hatch-archive";

vi.mock("@/lib/toast", () => ({ toast: vi.fn(), dismissToast: vi.fn() }));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

it("a finished hatch can be corrected or deleted, and the deletion waits for its Undo", async () => {
  const done = hatchRecordFixture({ success: true, eggsHatched: 5, hatched: 5 });
  const api = fakeApi(({ method, url }) => {
    if (method === "GET" && url.startsWith("/api/hatch-records")) return [200, [done]];
    return undefined;
  });
  const onEdit = vi.fn();
  renderWithClient(<HatchArchive onEdit={onEdit} />);
  const row = await screen.findByTestId("hatch-result");
  await userEvent.click(within(row).getByRole("button", { name: /^Edit finished hatch/ }));
  expect(onEdit).toHaveBeenCalledWith(done);
  await userEvent.click(within(row).getByRole("button", { name: /^Delete finished hatch/ }));
  await waitFor(() => expect(screen.queryByTestId("hatch-result")).toBeNull());
  // Nothing is sent while the Undo is on offer.
  expect(api.calls.some((c) => c.method === "DELETE")).toBe(false);
});
