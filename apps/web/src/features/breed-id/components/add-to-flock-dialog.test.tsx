import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeApi, renderWithClient } from "@/test/fake-api";
import { breedIdResultFixture, chickenFixture } from "@/test/fixtures";
import { toast } from "@/lib/toast";
import { AddToFlockDialog } from "./add-to-flock-dialog";

vi.mock("@/lib/toast", () => ({ toast: vi.fn() }));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.mocked(toast).mockClear();
});

describe("AddToFlockDialog", () => {
  it(
    "needs a name, then adds the identified bird with its breed, colours and notes",
    { timeout: 30_000 },
    async () => {
      let status = 500;
      const api = fakeApi(({ method, url }) =>
        method === "POST" && url === "/api/chickens"
          ? [status, status === 201 ? chickenFixture({ name: "Goldie" }) : { message: "Down" }]
          : undefined,
      );
      const onOpenChange = vi.fn();
      renderWithClient(
        <AddToFlockDialog
          open
          onOpenChange={onOpenChange}
          result={breedIdResultFixture()}
          photo={null}
          importedNotes="Docile; lays light brown eggs"
        />,
      );
      const dialog = screen.getByRole("dialog", { name: "Add to My Flock" });
      expect(within(dialog).getByLabelText("Breed")).toHaveValue("Buff Orpington");
      expect(within(dialog).getByLabelText("Colour (optional)")).toHaveValue("Buff, Gold");
      const add = () =>
        userEvent.click(within(dialog).getByRole("button", { name: "Add to My Flock" }));

      await add();
      expect(await within(dialog).findByText("Name is required")).toBeInTheDocument();
      expect(within(dialog).getByLabelText("Name")).toHaveAttribute("aria-invalid", "true");
      await userEvent.clear(within(dialog).getByLabelText("Breed"));
      await userEvent.type(within(dialog).getByLabelText("Name"), "Goldie");
      await add();
      expect(await within(dialog).findByText("Breed is required")).toBeInTheDocument();
      expect(api.calls.filter((c) => c.method !== "GET")).toEqual([]);

      await userEvent.type(within(dialog).getByLabelText("Breed"), "Buff Orpington");
      await userEvent.selectOptions(within(dialog).getByLabelText("Sex"), "female");
      await add();
      await waitFor(() =>
        expect(toast).toHaveBeenCalledWith({
          title: "Failed to add chicken to flock. Please try again.",
          variant: "destructive",
        }),
      );
      status = 201;
      await add();
      await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
      expect(api.sent("POST", "/api/chickens").at(-1)).toEqual({
        name: "Goldie",
        breed: "Buff Orpington",
        sex: "female",
        color: "Buff, Gold",
        weight: "",
        hatchDate: "",
        notes: "Docile; lays light brown eggs",
        species: "chicken",
      });
      expect(toast).toHaveBeenCalledWith({
        title: "Added to Flock!",
        description: "Goldie has been added to your flock.",
        variant: "success",
      });
    },
  );
});
