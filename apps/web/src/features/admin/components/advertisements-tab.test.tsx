import { cleanup, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  adminAdvertisement,
  IMAGE_URL_MESSAGE,
  LINK_MESSAGE,
  type AdminAdvertisement,
} from "@flockkeeper/shared/schemas/advertisement";
import { fakeApi, renderWithClient } from "@/test/fake-api";
import { AdvertisementsTab } from "./advertisements-tab";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ad: AdminAdvertisement = adminAdvertisement.parse({
  id: "7b0c1a52-64e4-4b1a-9d51-0c8b6f1e2a11",
  title: "Layer pellets",
  category: "feed",
  description: "Complete layer feed.",
  imageUrl: null,
  price: "$18.99",
  link: "https://feedmill.example/",
  contactInfo: null,
  isActive: 1,
  createdAt: "2026-11-01T10:00:00.000Z",
  updatedAt: "2026-11-01T10:00:00.000Z",
});

const create = () => screen.getByRole("button", { name: "Create Advertisement" });

describe("AdvertisementsTab (form kit)", { timeout: 30_000 }, () => {
  it("keeps Create off until title, description and category are in, shows link and image messages as typed, then sends the body", async () => {
    const api = fakeApi(({ method, url, body }) => {
      if (method === "GET" && url === "/api/admin/advertisements") return [200, []];
      if (method === "POST" && url === "/api/admin/advertisements")
        return [201, { ...ad, ...(body as object) }];
      return undefined;
    });
    renderWithClient(<AdvertisementsTab />);
    await userEvent.type(screen.getByLabelText("Title"), " Grit ");
    await userEvent.type(screen.getByLabelText("Description"), "Insoluble grit.");
    expect(create()).toBeDisabled(); // no category yet
    await userEvent.selectOptions(screen.getByLabelText("Category"), "feed");
    expect(create()).toBeEnabled();

    const link = screen.getByLabelText("Link");
    await userEvent.type(link, "feedmill.example");
    const message = await screen.findByText(LINK_MESSAGE);
    expect(message).toHaveAttribute("role", "alert");
    expect(message).toHaveAttribute("id", "new-ad-link-error");
    expect(link).toHaveAttribute("aria-invalid", "true");
    expect(link).toHaveAttribute("aria-describedby", "new-ad-link-error");
    expect(create()).toBeDisabled();

    const image = screen.getByLabelText("Image address");
    await userEvent.type(image, "http://pics.example/grit.png");
    expect(await screen.findByText(IMAGE_URL_MESSAGE)).toHaveAttribute("id", "new-ad-image-error");
    expect(image).toHaveAttribute("aria-invalid", "true");

    await userEvent.clear(link);
    await userEvent.type(link, "https://feedmill.example/grit");
    await userEvent.clear(image);
    await vi.waitFor(() => expect(screen.queryByRole("alert")).toBeNull());
    expect(link).not.toHaveAttribute("aria-invalid");
    expect(create()).toBeEnabled();
    await userEvent.click(create());
    await vi.waitFor(() =>
      expect(api.sent("POST", "/api/admin/advertisements")).toEqual([
        {
          title: "Grit",
          description: "Insoluble grit.",
          price: "",
          category: "feed",
          contactInfo: "",
          imageUrl: "",
          link: "https://feedmill.example/grit",
          isActive: 1,
        },
      ]),
    );
    // Created: the form is empty again for the next one.
    await vi.waitFor(() => expect(screen.getByLabelText("Title")).toHaveValue(""));
  });

  it("edits an ad in the modal: the schema's message for a cleared title, then the whole body", async () => {
    const api = fakeApi(({ method, url, body }) => {
      if (method === "GET" && url === "/api/admin/advertisements") return [200, [ad]];
      if (method === "PATCH" && url === `/api/admin/advertisements/${ad.id}`)
        return [200, { ...ad, ...(body as object) }];
      return undefined;
    });
    renderWithClient(<AdvertisementsTab />);
    await userEvent.click(
      await screen.findByRole("button", { name: "Edit Layer pellets" }, { timeout: 10_000 }),
    );
    const dialog = await screen.findByRole(
      "dialog",
      { name: "Edit Advertisement" },
      { timeout: 10_000 },
    );
    const title = within(dialog).getByLabelText("Title");
    expect(title).toHaveValue("Layer pellets");
    await userEvent.clear(title);
    expect(await within(dialog).findByText("Title is required")).toHaveAttribute("role", "alert");
    expect(title).toHaveAttribute("aria-invalid", "true");
    const save = within(dialog).getByRole("button", { name: "Save Changes" });
    expect(save).toBeDisabled();
    await userEvent.type(title, "Layer pellets 20 kg");
    await userEvent.click(within(dialog).getByLabelText("Active (shown in ad slots)"));
    await vi.waitFor(() => expect(save).toBeEnabled());
    await userEvent.click(save);
    await vi.waitFor(() =>
      expect(api.sent("PATCH", `/api/admin/advertisements/${ad.id}`)).toEqual([
        {
          title: "Layer pellets 20 kg",
          description: "Complete layer feed.",
          price: "$18.99",
          category: "feed",
          contactInfo: "",
          imageUrl: "",
          link: "https://feedmill.example/",
          isActive: 0,
        },
      ]),
    );
  });
});
