import { render, screen } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { formatDay } from "@/lib/dates";
import { LocalDate } from "./local-date";

describe("LocalDate", () => {
  it("prerenders the day in one fixed locale, with the ISO day for machines", () => {
    const html = renderToString(<LocalDate iso="2025-03-03" form="long" />);
    expect(html).toBe(
      `<time dateTime="2025-03-03">${formatDay("2025-03-03", "long", "en-GB")}</time>`,
    );
  });

  it("shows the keeper's locale in the browser", () => {
    render(<LocalDate iso="2025-03-03" />);
    expect(screen.getByText(formatDay("2025-03-03", "short"))).toHaveAttribute(
      "dateTime",
      "2025-03-03",
    );
  });
});
