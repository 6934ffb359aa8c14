import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { PlaceForm } from "./place-form";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

describe("PlaceForm", () => {
  it("names each wrong field, then saves the place as numbers", { timeout: 30_000 }, async () => {
    const onSave = vi.fn();
    render(<PlaceForm onSave={onSave} />);
    const form = screen.getByRole("form", { name: "Save a place" });
    const save = () => userEvent.click(within(form).getByRole("button", { name: "Save place" }));
    await save();
    expect(await within(form).findByText("Place name is required")).toBeInTheDocument();
    expect(within(form).getByText("Latitude must be a number")).toBeInTheDocument();
    expect(within(form).getByText("Longitude must be a number")).toBeInTheDocument();

    await userEvent.type(within(form).getByLabelText("Place name"), " Home farm ");
    await userEvent.type(within(form).getByLabelText("Latitude"), "95");
    await userEvent.type(within(form).getByLabelText("Longitude"), "abc");
    await save();
    expect(
      await within(form).findByText("Latitude must be between -90 and 90"),
    ).toBeInTheDocument();
    expect(within(form).getByText("Longitude must be a number")).toBeInTheDocument();
    expect(within(form).queryByText("Place name is required")).not.toBeInTheDocument();
    expect(within(form).getByLabelText("Latitude")).toHaveAttribute("aria-invalid", "true");
    expect(onSave).not.toHaveBeenCalled();

    await userEvent.clear(within(form).getByLabelText("Latitude"));
    await userEvent.type(within(form).getByLabelText("Latitude"), "51.51");
    await userEvent.clear(within(form).getByLabelText("Longitude"));
    await userEvent.type(within(form).getByLabelText("Longitude"), "-0.13");
    await save();
    expect(onSave).toHaveBeenCalledWith({ name: "Home farm", latitude: 51.51, longitude: -0.13 });
  });

  it(
    "finds a town by name and fills in its name and coordinates",
    { timeout: 30_000 },
    async () => {
      const fetchMock = vi.fn((input: RequestInfo | URL) => {
        const url = new URL(String(input), "http://app");
        const name = url.searchParams.get("name");
        if (name === "Nowhere") return Promise.resolve(json({ places: [] }));
        if (name === "Offline") {
          return Promise.resolve(
            json(
              {
                code: "PLACE_SEARCH_UNAVAILABLE",
                message:
                  "Town search is unavailable right now: enter the latitude and longitude instead",
              },
              503,
            ),
          );
        }
        return Promise.resolve(
          json({
            places: [
              {
                name: "York",
                region: "England",
                country: "United Kingdom",
                countryCode: "GB",
                latitude: 53.95763,
                longitude: -1.08271,
              },
              {
                name: "York",
                region: "Pennsylvania",
                country: "United States",
                countryCode: "US",
                latitude: 39.9626,
                longitude: -76.72774,
              },
            ],
          }),
        );
      });
      vi.stubGlobal("fetch", fetchMock);
      const onSave = vi.fn();
      render(<PlaceForm onSave={onSave} />);
      const search = screen.getByRole("search", { name: "Find a town" });
      const town = within(search).getByLabelText("Town");
      const find = () => userEvent.click(within(search).getByRole("button", { name: "Find town" }));

      await userEvent.type(town, "Y");
      await find();
      expect(await within(search).findByRole("alert")).toHaveTextContent(
        "Town name must be at least 2 characters",
      );
      expect(town).toHaveAttribute("aria-invalid", "true");
      expect(town).toHaveAttribute(
        "aria-describedby",
        within(search).getByRole("alert").getAttribute("id"),
      );
      expect(fetchMock).not.toHaveBeenCalled();

      await userEvent.clear(town);
      await userEvent.type(town, "Offline");
      await find();
      expect(await within(search).findByRole("alert")).toHaveTextContent(
        "Town search is unavailable right now: enter the latitude and longitude instead",
      );

      await userEvent.clear(town);
      await userEvent.type(town, "Nowhere");
      await find();
      expect(await within(search).findByText(/No town called “Nowhere” was found/)).toBeVisible();

      await userEvent.clear(town);
      await userEvent.type(town, "York");
      await find();
      const found = await within(search).findByRole("list", { name: "Towns found" });
      expect(String(fetchMock.mock.calls.at(-1)![0])).toBe("/api/weather/places?name=York&count=5");
      await userEvent.click(
        within(found).getByRole("button", { name: "York, Pennsylvania, United States" }),
      );
      expect(screen.getByRole("status")).toHaveTextContent(
        "Chosen: York, Pennsylvania, United States.",
      );
      const form = screen.getByRole("form", { name: "Save a place" });
      expect(within(form).getByLabelText("Place name")).toHaveValue("York");
      expect(within(form).getByLabelText("Latitude")).toHaveValue("39.96");
      expect(within(form).getByLabelText("Longitude")).toHaveValue("-76.73");
      await userEvent.click(within(form).getByRole("button", { name: "Save place" }));
      expect(onSave).toHaveBeenCalledWith({ name: "York", latitude: 39.96, longitude: -76.73 });
    },
  );
});
