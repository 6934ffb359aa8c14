import { act, cleanup, render, screen } from "@testing-library/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { PublicAdvertisement } from "@flockkeeper/shared/schemas/advertisement";
import { AdSlot } from "./ad-slot";

const ad = (n: number, over: Partial<PublicAdvertisement> = {}): PublicAdvertisement => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  title: `Ad ${n}`,
  category: "feed",
  description: `Description ${n}`,
  imageUrl: null,
  price: null,
  link: `https://shop.example/${n}`,
  ...over,
});

function renderSlot(ads: PublicAdvertisement[], props: Parameters<typeof AdSlot>[0] = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(["advertisements", props.category ?? "all"], ads);
  return render(
    <QueryClientProvider client={client}>
      <AdSlot {...props} />
    </QueryClientProvider>,
  );
}

let hidden = false;
beforeEach(() => {
  vi.useFakeTimers();
  hidden = false;
  Object.defineProperty(document, "hidden", { configurable: true, get: () => hidden });
  vi.stubGlobal(
    "fetch",
    vi.fn(() => new Promise(() => {})),
  );
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("AdSlot", () => {
  it("takes no space when there are no ads", () => {
    const { container } = renderSlot([]);
    expect(container).toBeEmptyDOMElement();
  });

  it("in a banner's fixed box, keeps the category's placeholder when there are no ads", () => {
    renderSlot([], { category: "Health Products", boxed: true });
    const empty = screen.getByTestId("ad-box-empty");
    expect(empty.querySelector('[data-category="health"]')).not.toBeNull();
    expect(screen.queryByTestId("ad-slot")).toBeNull();
  });

  it("in a fixed box, each card fills the card height whatever its text", () => {
    renderSlot([ad(1, { description: "A long description ".repeat(20) })], { boxed: true });
    const card = screen.getByRole("link", { name: /Ad 1/ });
    expect(card).toHaveClass("h-full", "overflow-hidden");
    expect(card.parentElement!.className).toContain("h-[8.25rem]");
  });

  it("rotates every 8 s with arrows and dots when there is more than one ad", () => {
    renderSlot([ad(1), ad(2), ad(3)]);
    expect(screen.getByText("Ad 1")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Next advertisement" })).toBeInTheDocument();
    expect(screen.getAllByRole("button", { name: /Show advertisement/ })).toHaveLength(3);
    act(() => {
      vi.advanceTimersByTime(8_000);
    });
    expect(screen.getByText("Ad 2")).toBeInTheDocument();
    act(() => {
      screen.getByRole("button", { name: "Previous advertisement" }).click();
    });
    expect(screen.getByText("Ad 1")).toBeInTheDocument();
  });

  it("does not rotate while the tab is hidden", () => {
    renderSlot([ad(1), ad(2)]);
    act(() => {
      hidden = true;
      document.dispatchEvent(new Event("visibilitychange"));
    });
    act(() => {
      vi.advanceTimersByTime(20_000);
    });
    expect(screen.getByText("Ad 1")).toBeInTheDocument();
  });

  it("shows one ad without carousel controls, as text, with a tracked sponsored link", () => {
    renderSlot([ad(1, { title: "<b>bold</b>" })]);
    expect(screen.getByText("<b>bold</b>")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Next advertisement" })).toBeNull();
    const link = screen.getByRole("link");
    expect(link).toHaveAttribute("rel", "noopener sponsored");
    expect(link).toHaveAttribute("target", "_blank");
    expect(link).toHaveAttribute("data-track", "Ad: <b>bold</b>");
  });

  it("never links to a non-http(s) address", () => {
    renderSlot([ad(1, { link: "javascript:alert(1)" })]);
    expect(screen.queryByRole("link")).toBeNull();
  });

  it("shows at most 3 ads in the sidebar", () => {
    renderSlot([ad(1), ad(2), ad(3), ad(4)], { position: "sidebar", limit: 6 });
    expect(screen.getAllByRole("link")).toHaveLength(3);
  });
});
