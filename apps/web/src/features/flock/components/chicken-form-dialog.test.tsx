import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeApi, renderWithClient } from "@/test/fake-api";
import { chickenFixture } from "@/test/fixtures";
import { toast } from "@/lib/toast";
import { ChickenFormDialog } from "./chicken-form-dialog";

vi.mock("@/lib/toast", () => ({ toast: vi.fn() }));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.mocked(toast).mockClear();
});

const answer = (saved: ReturnType<typeof chickenFixture>) =>
  fakeApi(({ method, url }) => {
    if (url.startsWith("/api/breeds?")) return [200, [{ name: "Sussex" }, { name: "Silkie" }]];
    if (method === "POST" && url === "/api/chickens") return [201, saved];
    if (method === "PATCH" && url === `/api/chickens/${saved.id}`) return [200, saved];
    return undefined;
  });

describe("ChickenFormDialog", () => {
  it("names what is required, then adds the bird", { timeout: 30_000 }, async () => {
    const bird = chickenFixture({ name: "Daisy", breed: "Silkie" });
    const api = answer(bird);
    renderWithClient(<ChickenFormDialog open onOpenChange={vi.fn()} chicken={null} />);
    const dialog = screen.getByRole("dialog", { name: "Add New Bird" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Add Bird" }));
    expect(await within(dialog).findByText("Name is required")).toBeInTheDocument();
    expect(within(dialog).getByText("Breed is required")).toBeInTheDocument();
    expect(within(dialog).getByLabelText("Name")).toHaveAttribute("aria-invalid", "true");
    expect(within(dialog).getByLabelText("Breed")).toHaveAttribute("aria-invalid", "true");
    expect(within(dialog).getByLabelText("Name")).toHaveFocus();

    await userEvent.type(within(dialog).getByLabelText("Name"), "Daisy");
    fireEvent.change(within(dialog).getByLabelText("Breed"), { target: { value: "Silkie" } });
    await userEvent.click(within(dialog).getByLabelText("Rooster"));
    await userEvent.click(within(dialog).getByRole("button", { name: "Add Bird" }));
    await waitFor(() => expect(api.sent("POST", "/api/chickens")).toHaveLength(1));
    expect(api.sent("POST", "/api/chickens")[0]).toMatchObject({
      name: "Daisy",
      breed: "Silkie",
      sex: "rooster",
      species: "chicken",
      healthStatus: "healthy",
      weight: "",
      imageUrl: "",
    });
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({
        title: "Chicken added successfully!",
        variant: "success",
      }),
    );
  });

  it("edits a bird, keeping an untouched weight exactly", { timeout: 30_000 }, async () => {
    const bird = chickenFixture({ name: "Pearl", breed: "Sussex", weight: 5.123 });
    const api = answer(bird);
    renderWithClient(<ChickenFormDialog open onOpenChange={vi.fn()} chicken={bird} />);
    const dialog = screen.getByRole("dialog", { name: "Edit Bird" });
    const name = within(dialog).getByLabelText("Name");
    expect(name).toHaveValue("Pearl");
    await userEvent.clear(name);
    await userEvent.click(within(dialog).getByRole("button", { name: "Save Changes" }));
    expect(await within(dialog).findByText("Name is required")).toBeInTheDocument();
    await userEvent.type(name, "Pearl II");
    await userEvent.click(within(dialog).getByRole("button", { name: "Save Changes" }));
    await waitFor(() => expect(api.sent("PATCH", `/api/chickens/${bird.id}`)).toHaveLength(1));
    expect(api.sent("PATCH", `/api/chickens/${bird.id}`)[0]).toMatchObject({
      name: "Pearl II",
      weight: "5.123",
    });
  });

  it("shows a band already in use at the band field", { timeout: 30_000 }, async () => {
    const bird = chickenFixture({ name: "Pip", breed: "Sussex" });
    fakeApi(({ method, url }) => {
      if (url.startsWith("/api/breeds?")) return [200, [{ name: "Sussex" }]];
      if (method === "PATCH" && url === `/api/chickens/${bird.id}`) {
        return [
          409,
          {
            message: "Band UK-101 is already on Hazel",
            field: "bandId",
            issues: [{ path: "body.bandId", message: "Band UK-101 is already on Hazel" }],
          },
        ];
      }
      return undefined;
    });
    renderWithClient(<ChickenFormDialog open onOpenChange={vi.fn()} chicken={bird} />);
    const dialog = screen.getByRole("dialog", { name: "Edit Bird" });
    const band = within(dialog).getByLabelText("Band / leg-ring id (optional)");
    await userEvent.type(band, "UK-101");
    await userEvent.click(within(dialog).getByRole("button", { name: "Save Changes" }));
    expect(await within(dialog).findByText("Band UK-101 is already on Hazel")).toBeInTheDocument();
    expect(band).toHaveAttribute("aria-invalid", "true");
    expect(toast).not.toHaveBeenCalled();
  });
});
