import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { TrackerRecord } from "../hooks/use-vaccination-records";
import { Counters } from "./counters";
import { RecordList } from "./record-list";
import { Reminders } from "./reminders";
import { ScheduleTable } from "./schedule-table";

afterEach(cleanup);

const TODAY = "2025-06-15";

const record = (over: Partial<TrackerRecord>): TrackerRecord => ({
  id: over.id ?? crypto.randomUUID(),
  vaccine: "Marek's Disease",
  birdId: null,
  birdName: "Chick 1",
  date: "2025-06-01",
  nextDue: "2025-06-01",
  notes: null,
  createdAt: "2025-06-01T10:00:00.000Z",
  status: "completed",
  ...over,
});

const MAREKS = record({ id: "m", birdName: "Chick 1" });
const NEWCASTLE_DONE = record({
  id: "n",
  vaccine: "Newcastle Disease",
  birdName: "Henrietta",
  date: "2025-06-01",
  nextDue: "2026-06-01",
});
const BRONCHITIS_DUE = record({
  id: "b",
  vaccine: "Infectious Bronchitis",
  birdName: "Pip",
  date: "2024-06-20",
  nextDue: "2025-06-20",
  status: "due",
});
const FOWL_POX_OVERDUE = record({
  id: "f",
  vaccine: "Fowl Pox",
  birdName: "Dot",
  date: "2024-06-01",
  nextDue: "2025-06-01",
  status: "overdue",
});
const ALL = [MAREKS, NEWCASTLE_DONE, BRONCHITIS_DUE, FOWL_POX_OVERDUE];

describe("RecordList", () => {
  it("shows the next due date only when it differs from the vaccination date", () => {
    render(<RecordList records={ALL} busyId={null} onMarkDone={vi.fn()} onDelete={vi.fn()} />);
    const items = within(screen.getByTestId("vaccination-records")).getAllByRole("listitem");
    expect(items).toHaveLength(4);
    expect(within(items[0]!).getByText("Marek's Disease")).toBeInTheDocument();
    expect(within(items[0]!).queryByText(/Next due/)).not.toBeInTheDocument();
    expect(within(items[1]!).getByText(/Next due/)).toBeInTheDocument();
  });

  it("shows each status and offers Mark done only for due or overdue records", async () => {
    const onMarkDone = vi.fn();
    render(<RecordList records={ALL} busyId={null} onMarkDone={onMarkDone} onDelete={vi.fn()} />);
    const items = within(screen.getByTestId("vaccination-records")).getAllByRole("listitem");
    expect(
      items.map((li) => within(li).queryByText(/^(Completed|Due|Overdue)$/)?.textContent),
    ).toEqual(["Completed", "Completed", "Due", "Overdue"]);
    expect(screen.getAllByRole("button", { name: /^Mark .* done$/ })).toHaveLength(2);
    expect(
      screen.queryByRole("button", { name: "Mark Marek's Disease for Chick 1 done" }),
    ).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "Mark Fowl Pox for Dot done" }));
    expect(onMarkDone).toHaveBeenCalledWith(FOWL_POX_OVERDUE);
  });

  it("says so when there are no records", () => {
    render(<RecordList records={[]} busyId={null} onMarkDone={vi.fn()} onDelete={vi.fn()} />);
    expect(screen.getByText(/No vaccinations recorded yet/)).toBeInTheDocument();
  });
});

describe("Counters and Reminders", () => {
  it("count records by status", () => {
    render(<Counters records={ALL} />);
    expect(screen.getByTestId("count-total").textContent).toBe("4");
    expect(screen.getByTestId("count-completed").textContent).toBe("2");
    expect(screen.getByTestId("count-due").textContent).toBe("1");
    expect(screen.getByTestId("count-overdue").textContent).toBe("1");
  });

  it("remind of due and overdue records only, most overdue first", () => {
    render(<Reminders records={ALL} today={TODAY} busyId={null} onMarkDone={vi.fn()} />);
    const items = within(screen.getByTestId("reminders")).getAllByRole("listitem");
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent("Fowl Pox for Dot");
    expect(items[0]).toHaveTextContent("14 days overdue");
    expect(items[1]).toHaveTextContent("Infectious Bronchitis for Pip");
    expect(items[1]).toHaveTextContent("due in 5 days");
  });

  it("say when nothing is due", () => {
    render(<Reminders records={[MAREKS]} today={TODAY} busyId={null} onMarkDone={vi.fn()} />);
    expect(screen.getByText("No vaccinations are due. You are up to date.")).toBeInTheDocument();
  });
});

describe("ScheduleTable", () => {
  it("lists the six recommended vaccines with timing and frequency", () => {
    render(<ScheduleTable />);
    const rows = screen.getAllByRole("row").slice(1);
    expect(
      rows.map((row) => {
        const [timing, frequency] = within(row).getAllByRole("cell");
        return [
          within(row).getByRole("rowheader").textContent,
          timing!.textContent,
          frequency!.textContent,
        ];
      }),
    ).toEqual([
      ["Marek's Disease", "Day 1", "Once"],
      ["Newcastle Disease", "2-4 weeks", "Annual booster"],
      ["Infectious Bronchitis", "2-4 weeks", "Annual booster"],
      ["Fowl Pox", "6-10 weeks", "Annual in high-risk areas"],
      ["Coccidiosis", "Day 1-7", "Once"],
      ["Infectious Laryngotracheitis", "10-14 weeks", "Annual in affected areas"],
    ]);
    for (const row of rows) {
      expect(within(row).getAllByRole("cell")[2]!.textContent!.length).toBeGreaterThan(40);
    }
  });
});

describe("RecordList on a farm", () => {
  it("names who logged a record and leaves out Delete where the keeper may not", () => {
    render(
      <RecordList
        records={[MAREKS, NEWCASTLE_DONE]}
        busyId={null}
        onMarkDone={vi.fn()}
        onDelete={vi.fn()}
        canDelete={(r) => r.id === "m"}
        loggedBy={(r) => (r.id === "n" ? "logged by Sam" : null)}
      />,
    );
    expect(
      screen.getByRole("button", { name: "Delete Marek's Disease record for Chick 1" }),
    ).toBeInTheDocument();
    expect(
      screen.queryByRole("button", { name: "Delete Newcastle Disease record for Henrietta" }),
    ).toBeNull();
    expect(screen.getAllByText("logged by Sam")).toHaveLength(1);
  });

  it("offers Edit and Delete on the records the keeper may change, and hands over the record", async () => {
    const onEdit = vi.fn();
    const onDelete = vi.fn();
    render(
      <RecordList
        records={[MAREKS, NEWCASTLE_DONE]}
        busyId={null}
        onMarkDone={vi.fn()}
        onDelete={onDelete}
        onEdit={onEdit}
        canDelete={(r) => r.id === "m"}
      />,
    );
    await userEvent.click(
      screen.getByRole("button", { name: "Edit Marek's Disease record for Chick 1" }),
    );
    expect(onEdit).toHaveBeenCalledWith(MAREKS);
    await userEvent.click(
      screen.getByRole("button", { name: "Delete Marek's Disease record for Chick 1" }),
    );
    expect(onDelete).toHaveBeenCalledWith(MAREKS);
    expect(
      screen.queryByRole("button", { name: "Edit Newcastle Disease record for Henrietta" }),
    ).toBeNull();
  });
});
