import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, expect, it, vi } from "vitest";
import { toast } from "@/lib/toast";
import { fakeApi, renderWithClient } from "@/test/fake-api";
import { chickenFixture } from "@/test/fixtures";
import { QuickCollection } from "./quick-collection";

vi.mock("@/lib/toast", () => ({ toast: vi.fn() }));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.mocked(toast).mockClear();
});

it(
  "names an empty collection and a future day with the schema's messages, and sends nothing",
  {
    timeout: 30_000,
  },
  async () => {
    const hen = chickenFixture({ name: "Clover", sex: "hen" });
    const api = fakeApi(({ method, url }) =>
      method === "GET" && url.startsWith("/api/egg-records?") ? [200, []] : undefined,
    );
    renderWithClient(<QuickCollection chickens={[hen]} />);
    const save = () => userEvent.click(screen.getByRole("button", { name: /^Save/ }));

    await save();
    expect(await screen.findByRole("alert")).toHaveTextContent("Enter at least one count");

    await userEvent.click(screen.getByRole("button", { name: "One egg more for Clover" }));
    expect(screen.getByLabelText("Eggs from Clover")).toHaveValue("1");
    const date = screen.getByLabelText("Collection date");
    fireEvent.change(date, { target: { value: "2999-01-01" } });
    await save();
    await waitFor(() =>
      expect(screen.getByRole("alert")).toHaveTextContent("Date cannot be in the future"),
    );
    expect(date).toHaveAttribute("aria-invalid", "true");
    expect(date).toHaveAttribute("aria-describedby", "quick-date-error");
    expect(screen.queryByText("Enter at least one count")).toBeNull();
    expect(api.calls.filter((c) => c.method !== "GET")).toHaveLength(0);
  },
);
