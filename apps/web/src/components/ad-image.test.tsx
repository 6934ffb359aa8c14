import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { AdImage } from "./ad-image";

afterEach(cleanup);

describe("AdImage", () => {
  it("shows the category's placeholder when the ad has no picture", () => {
    render(<AdImage src={null} category="feed" />);
    const placeholder = screen.getByTestId("ad-image-placeholder");
    expect(placeholder.dataset.category).toBe("feed");
    expect(placeholder.className).toContain("bg-amber-100");
    expect(placeholder.querySelector("svg")).not.toBeNull();
  });

  it("gives each category its own colour, and unknown ones the neutral one", () => {
    const tones = (["feed", "equipment", "health", "housing", "services", "other"] as const).map(
      (category) => {
        const { unmount } = render(<AdImage src={null} category={category} />);
        const cls = screen.getByTestId("ad-image-placeholder").className;
        unmount();
        return cls;
      },
    );
    expect(new Set(tones).size).toBe(6);
    render(<AdImage src={null} />);
    expect(screen.getByTestId("ad-image-placeholder").dataset.category).toBe("other");
  });

  it("falls back to the placeholder when the picture fails to load", () => {
    const { container } = render(<AdImage src="https://example.com/a.png" category="health" />);
    fireEvent.error(container.querySelector("img")!);
    expect(screen.getByTestId("ad-image-placeholder").dataset.category).toBe("health");
  });
});
