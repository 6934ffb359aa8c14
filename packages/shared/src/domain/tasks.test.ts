import { describe, expect, it } from "vitest";
import { addDaysIso } from "./dates";
import { incubationPlan } from "./incubation";
import { shortDate } from "./treatment";
import {
  applyTaskStates,
  choreTasks,
  eggTasks,
  hatchTasks,
  latestOccurrence,
  occurrencesBetween,
  parseTaskId,
  taskId,
  treatmentTasks,
  feedTasks,
  vaccinationTasks,
  weatherTasks,
  type RunningHatch,
} from "./tasks";

const date = "2026-11-26"; // a Thursday

describe("task ids", () => {
  it("are kind:subject:due and parse back; anything else is refused", () => {
    const id = taskId("chore", "3f1c2b9e-0000-4000-8000-000000000001", date);
    expect(parseTaskId(id)).toEqual({
      kind: "chore",
      subject: "3f1c2b9e-0000-4000-8000-000000000001",
      due: date,
    });
    for (const bad of ["", "chore:x", "nope:x:2026-11-26", "chore:x:2026-02-30", "a:b:c:d"]) {
      expect(parseTaskId(bad), bad).toBeNull();
    }
  });
});

describe("eggs", () => {
  it("asks for each laying flock's basket until it is logged", () => {
    const tasks = eggTasks(
      [
        { id: "a", name: "Layers", purpose: "layers", basketLogged: false },
        { id: "b", name: "Done", purpose: "layers", basketLogged: true },
        { id: "c", name: "Broilers", purpose: "meat", basketLogged: false },
      ],
      date,
    );
    expect(tasks.map((t) => t.id)).toEqual([`eggs:a:${date}`]);
    expect(tasks[0]!.reason).not.toContain("not for eating");
  });

  it("says to keep the eggs out while a treatment's egg withdrawal runs (the eggs guard)", () => {
    const [task] = eggTasks(
      [
        {
          id: "a",
          name: "Coop A",
          purpose: "layers",
          basketLogged: false,
          eggsWithheldUntil: addDaysIso(date, 5),
        },
      ],
      date,
    );
    expect(task!.reason).toContain(
      `Eggs from Coop A not for eating until ${shortDate(addDaysIso(date, 5), date)}`,
    );
    expect(task!.reason).toContain("keep these eggs out");
  });
});

describe("vaccinations", () => {
  const dose = (id: string, d: string, nextDue: string, vaccine = "Newcastle Disease") => ({
    id,
    vaccine,
    birdName: "Henny",
    birdId: null,
    date: d,
    nextDue,
  });
  it("reminds on the due day and after, only the latest dose of a course, never one-off vaccines", () => {
    const tasks = vaccinationTasks(
      [
        dose("due", "2025-11-26", "2026-11-26"),
        dose("later", "2026-12-20", "2026-12-20", "Marek's Disease"),
        dose("soon", "2025-11-30", "2026-11-30", "Fowl Pox"),
        dose("old", "2024-01-01", "2025-01-01", "Infectious Bronchitis"),
        dose("new", "2025-01-02", "2026-01-02", "Infectious Bronchitis"),
      ],
      date,
    );
    expect(tasks.map((t) => t.id)).toEqual([
      "vaccination:new:2026-01-02",
      `vaccination:due:${date}`,
    ]);
    expect(tasks[0]!.reason).toContain("328 days overdue");
  });
});

describe("hatching", () => {
  const hatch = (start: string, candledDays: number[] = []): RunningHatch => ({
    id: "h",
    label: "Chicken eggs",
    startDate: start,
    plan: incubationPlan("chicken"),
    candledDays,
  });
  const kinds = (start: string, candled: number[] = []) =>
    hatchTasks([hatch(start, candled)], date).map((t) => `${t.kind}@${t.due}`);

  it("candling from a candling day until a candling is recorded", () => {
    // Day 7 of a chicken plan (candling days 7, 14, 18).
    expect(kinds("2026-11-19")).toEqual(["candling@2026-11-26"]);
    // Day 9, not candled since day 7: still to do (overdue); candled on day 8: nothing.
    expect(kinds("2026-11-17")).toEqual(["candling@2026-11-24"]);
    expect(kinds("2026-11-17", [8])).toEqual([]);
  });
  it("lockdown from day 18 to the hatch, then the hatch until its result", () => {
    // Day 19: lockdown (since day 18, the third candling day also open).
    expect(kinds("2026-11-07", [14])).toEqual(["candling@2026-11-25", "lockdown@2026-11-25"]);
    expect(kinds("2026-11-07", [18])).toEqual(["lockdown@2026-11-25"]);
    // Day 21: hatch day; day 25: overdue, still the same task (due on day 21).
    expect(kinds("2026-11-05", [18])).toEqual(["hatch@2026-11-26"]);
    expect(kinds("2026-11-01", [18])).toEqual(["hatch@2026-11-22"]);
    expect(hatchTasks([hatch("2026-11-01", [18])], date)[0]!.reason).toContain(
      "Past the hatch window",
    );
    // Not started yet.
    expect(kinds("2026-11-30")).toEqual([]);
  });
});

describe("treatments", () => {
  const course = {
    id: "t",
    product: "Amprolium",
    subjectName: "Layers",
    startDate: "2026-11-24",
    endDate: "2026-11-28",
    eggWithdrawalEnds: "2026-11-28",
    meatWithdrawalEnds: "2026-12-02",
  };
  it("a course in progress is a task each day of it", () => {
    const [t] = treatmentTasks([course], date);
    expect(t).toMatchObject({ id: `treatment:t:${date}`, title: "Give Amprolium: Layers" });
    expect(t!.reason).toBe("Day 3 of 5 of the course.");
    expect(treatmentTasks([course], "2026-11-29")).toEqual([]);
  });
  it("the day after a withdrawal's last day says the eggs or meat can be used again", () => {
    const withEggs = { ...course, eggWithdrawalEnds: "2026-11-30" };
    expect(treatmentTasks([withEggs], "2026-12-01").map((t) => [t.id, t.reason])).toEqual([
      ["withdrawal:t:2026-12-01", "Eggs from Layers can be used again from today (Amprolium)."],
    ]);
    expect(treatmentTasks([course], "2026-12-03").map((t) => t.reason)).toEqual([
      "Meat from Layers can be used again from today (Amprolium).",
    ]);
    // No withdrawal (0 days): nothing to announce.
    expect(treatmentTasks([course], "2026-11-29")).toEqual([]);
  });
});

describe("feed", () => {
  it("is low at a week or less; none without a stock figure", () => {
    const stock = { stockLbs: 21, dailyUseLbs: 3, daysLeft: 7 };
    expect(feedTasks(stock, "f", date).map((t) => t.title)).toEqual([
      "Feed running low: 7 days left",
    ]);
    expect(feedTasks({ ...stock, daysLeft: 8 }, "f", date)).toEqual([]);
    expect(feedTasks({ ...stock, stockLbs: -2, daysLeft: 0 }, "f", date)[0]!.title).toBe(
      "Feed has run out",
    );
    expect(feedTasks(null, "f", date)).toEqual([]);
  });
});

describe("weather", () => {
  it("warnings and severe alerts are tasks; severe ones are urgent", () => {
    const tasks = weatherTasks(
      [
        { id: "storm", severity: "severe", title: "Severe weather expected", message: "Rain" },
        { id: "freezing", severity: "warning", title: "Freezing temperatures", message: "Ice" },
        { id: "ideal", severity: "info", title: "Ideal", message: "Nice" },
      ],
      "Home",
      date,
    );
    expect(tasks.map((t) => [t.id, t.urgent])).toEqual([
      [`weather:storm:${date}`, true],
      [`weather:freezing:${date}`, false],
    ]);
  });
});

describe("chores", () => {
  const start = "2026-01-01";
  it("daily: every day from its start", () => {
    const s = { frequency: "daily" as const, weekday: null, dayOfMonth: null, startDate: start };
    expect(latestOccurrence(s, date)).toBe(date);
    expect(latestOccurrence({ ...s, startDate: "2026-11-27" }, date)).toBeNull();
  });
  it("weekly: the latest weekday on or before the date", () => {
    const s = { frequency: "weekly" as const, weekday: 1, dayOfMonth: null, startDate: start };
    expect(latestOccurrence(s, date)).toBe("2026-11-23"); // Monday
    expect(latestOccurrence({ ...s, weekday: 4 }, date)).toBe(date);
    expect(occurrencesBetween(s, "2026-11-01", "2026-11-30")).toEqual([
      "2026-11-02",
      "2026-11-09",
      "2026-11-16",
      "2026-11-23",
      "2026-11-30",
    ]);
  });
  it("monthly: the day, or the month's last day when shorter", () => {
    const s = { frequency: "monthly" as const, weekday: null, dayOfMonth: 31, startDate: start };
    expect(latestOccurrence(s, date)).toBe("2026-10-31");
    expect(latestOccurrence(s, "2026-11-30")).toBe("2026-11-30");
    expect(latestOccurrence(s, "2026-02-28")).toBe("2026-02-28");
    expect(latestOccurrence({ ...s, dayOfMonth: 26 }, date)).toBe(date);
  });
  it("overdue weekly chores say so", () => {
    const [t] = choreTasks(
      [
        {
          id: "c",
          title: "Change bedding",
          frequency: "weekly",
          weekday: 1,
          dayOfMonth: null,
          startDate: start,
        },
      ],
      date,
    );
    expect(t!.id).toBe("chore:c:2026-11-23");
    expect(t!.reason).toBe("Every Monday; 3 days overdue.");
  });
});

describe("states", () => {
  it("done and snoozed apply by id; a snooze ends on its date; open and urgent first", () => {
    const base = { reason: "", link: "/", urgent: false };
    const tasks = [
      { ...base, id: "chore:a:2026-11-26", kind: "chore" as const, title: "A", due: date },
      { ...base, id: "chore:b:2026-11-26", kind: "chore" as const, title: "B", due: date },
      { ...base, id: "chore:c:2026-11-20", kind: "chore" as const, title: "C", due: "2026-11-20" },
      {
        ...base,
        id: "weather:storm:2026-11-26",
        kind: "weather" as const,
        title: "S",
        due: date,
        urgent: true,
      },
    ];
    const views = applyTaskStates(
      tasks,
      [
        {
          taskId: "chore:a:2026-11-26",
          doneAt: "2026-11-26T08:00:00.000Z",
          doneBy: "u",
          snoozedUntil: null,
        },
        { taskId: "chore:b:2026-11-26", doneAt: null, doneBy: null, snoozedUntil: "2026-11-27" },
        { taskId: "chore:c:2026-11-20", doneAt: null, doneBy: null, snoozedUntil: date },
      ],
      date,
    );
    expect(views.map((v) => [v.title, v.done, v.snoozedUntil, v.overdue])).toEqual([
      ["S", false, null, false],
      ["C", false, null, true],
      ["B", false, "2026-11-27", false],
      ["A", true, null, false],
    ]);
  });
});
