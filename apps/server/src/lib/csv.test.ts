import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { csvRows, guardFormula } from "./csv";

const roundTrip = (text: string) => parse(text, { record_delimiter: "\r\n" }) as string[][];

describe("csvRows", () => {
  it("writes cells a CSV parser reads back exactly, CRLF line ends", () => {
    const text = csvRows([
      ["plain", 'a "quoted" word', "comma, inside", "two\r\nlines", "", null, undefined],
      [12.5, -3, true, false, new Date("2026-01-02T03:04:05Z"), { a: [1, "x"] }, 0],
    ]);
    expect(text.endsWith("\r\n")).toBe(true);
    expect(roundTrip(text)).toEqual([
      ["plain", 'a "quoted" word', "comma, inside", "two\r\nlines", "", "", ""],
      ["12.5", "-3", "true", "false", "2026-01-02T03:04:05.000Z", '{"a":[1,"x"]}', "0"],
    ]);
  });

  it("keeps text that a spreadsheet would run as a formula as text", () => {
    const evil = ['=HYPERLINK("http://x")', "+1+1", "-2+3", "@SUM(A1)", "\tTAB", "\rCR"];
    const [row] = roundTrip(csvRows([evil]));
    expect(row).toEqual(evil.map((s) => `'${s}`));
    // A JSON column is text too.
    expect(roundTrip(csvRows([[["=cmd"]]]))[0]).toEqual(['["=cmd"]']);
    expect(guardFormula("hen")).toBe("hen");
  });

  it("quotes every cell when asked, empty ones included", () => {
    expect(csvRows([["a", ""]], { quoted: true })).toBe('"a",""\r\n');
    expect(csvRows([])).toBe("");
  });
});
