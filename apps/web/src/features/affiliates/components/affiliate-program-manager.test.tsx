import { cleanup, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { LINK_MESSAGE } from "@flockkeeper/shared/domain/links";
import { affiliatePartner, type AffiliatePartner } from "@flockkeeper/shared/schemas/affiliate";
import { fakeApi, renderWithClient } from "@/test/fake-api";
import { AffiliateProgramManager } from "./affiliate-program-manager";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const partner: AffiliatePartner = affiliatePartner.parse({
  id: "3f6d2c1e-9a7b-4c8d-8e1f-2a3b4c5d6e7f",
  name: "Coop Plans Co",
  baseUrl: "https://coopplans.example/",
  isActive: false,
  commission: "50%",
  affiliateId: null,
  affiliateUrl: null,
  title: "Build your own coop",
  description: "Plans for every flock size.",
  emoji: "🏠",
  category: "coops",
  value: "high",
  isExample: false,
  application: { status: "not_applied", notes: "", updatedAt: null },
  createdAt: "2026-11-01T10:00:00.000Z",
  updatedAt: "2026-11-01T10:00:00.000Z",
});

function api() {
  return fakeApi(({ method, url, body }) => {
    if (method === "GET" && url === "/api/admin/affiliates") return [200, [partner]];
    if (method === "POST" && url === "/api/admin/affiliates")
      return [201, { ...partner, ...(body as object), id: "0e1d2c3b-4a59-4867-8765-43210fedcba9" }];
    if (method === "PATCH" && url === `/api/admin/affiliates/${partner.id}`)
      return [200, { ...partner, ...(body as object) }];
    if (method === "PUT" && url === `/api/admin/affiliates/${partner.id}/application`)
      return [200, { ...partner, application: { ...(body as object), updatedAt: null } }];
    return undefined;
  });
}

describe("AffiliateProgramManager (form kit)", { timeout: 30_000 }, () => {
  it("saves an application's status and notes", async () => {
    const sent = api();
    renderWithClient(<AffiliateProgramManager />);
    const save = await screen.findByRole("button", { name: "Save" }, { timeout: 10_000 });
    expect(save).toBeDisabled(); // nothing changed yet
    await userEvent.selectOptions(screen.getByLabelText("Status"), "pending");
    await userEvent.type(screen.getByLabelText("Notes"), "Applied on the 3rd.");
    await userEvent.click(save);
    await vi.waitFor(() =>
      expect(sent.sent("PUT", `/api/admin/affiliates/${partner.id}/application`)).toEqual([
        { status: "pending", notes: "Applied on the 3rd." },
      ]),
    );
  });

  it("names a wrong link as it is typed and sends the partner's links trimmed", async () => {
    const sent = api();
    renderWithClient(<AffiliateProgramManager />);
    await userEvent.click(
      await screen.findByRole("tab", { name: "Link Configuration" }, { timeout: 10_000 }),
    );
    const panel = screen.getByRole("tabpanel");
    const affiliateUrl = within(panel).getByLabelText("Affiliate URL");
    await userEvent.type(affiliateUrl, "coopplans.example/?ref=fk");
    const message = await within(panel).findByText(LINK_MESSAGE);
    expect(message).toHaveAttribute("role", "alert");
    expect(affiliateUrl).toHaveAttribute("aria-invalid", "true");
    expect(affiliateUrl).toHaveAttribute("aria-describedby", message.id);
    const save = within(panel).getByRole("button", { name: "Save" });
    expect(save).toBeDisabled();

    await userEvent.clear(affiliateUrl);
    await userEvent.type(affiliateUrl, " https://coopplans.example/?ref=fk ");
    await userEvent.click(within(panel).getByLabelText(/^Active/));
    await vi.waitFor(() => expect(within(panel).queryByRole("alert")).toBeNull());
    expect(within(panel).getByText("https://coopplans.example/?ref=fk")).toBeInTheDocument();
    await userEvent.click(save);
    await vi.waitFor(() =>
      expect(sent.sent("PATCH", `/api/admin/affiliates/${partner.id}`)).toEqual([
        {
          baseUrl: "https://coopplans.example/",
          affiliateUrl: "https://coopplans.example/?ref=fk",
          affiliateId: "",
          commission: "50%",
          isActive: true,
        },
      ]),
    );
  });

  it("adds a partner: off until name, title and a valid base URL are in", async () => {
    const sent = api();
    renderWithClient(<AffiliateProgramManager />);
    await userEvent.click(
      await screen.findByRole("button", { name: "Add partner" }, { timeout: 10_000 }),
    );
    const dialog = await screen.findByRole(
      "dialog",
      { name: "Add affiliate partner" },
      { timeout: 10_000 },
    );
    const add = within(dialog).getByRole("button", { name: "Add partner" });
    expect(add).toBeDisabled();
    await userEvent.type(within(dialog).getByLabelText("Partner name"), "Feed Barn");
    await userEvent.type(within(dialog).getByLabelText("Block title"), "Layer feed by the bag");
    const url = within(dialog).getByLabelText("Base URL");
    await userEvent.type(url, "feedbarn.example");
    expect(await within(dialog).findByText(LINK_MESSAGE)).toHaveAttribute("role", "alert");
    expect(url).toHaveAttribute("aria-invalid", "true");
    expect(add).toBeDisabled();
    await userEvent.clear(url);
    await userEvent.type(url, "https://feedbarn.example/");
    await userEvent.selectOptions(within(dialog).getByLabelText("Category"), "feed");
    await vi.waitFor(() => expect(add).toBeEnabled());
    await userEvent.click(add);
    await vi.waitFor(() =>
      expect(sent.sent("POST", "/api/admin/affiliates")).toEqual([
        {
          name: "Feed Barn",
          title: "Layer feed by the bag",
          baseUrl: "https://feedbarn.example/",
          description: "",
          emoji: "",
          category: "feed",
          value: "medium",
        },
      ]),
    );
  });
});
