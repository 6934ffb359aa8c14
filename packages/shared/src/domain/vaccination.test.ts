import { describe, expect, it } from "vitest";
import {
  VACCINATION_SCHEDULE,
  VACCINES,
  dueSoonHorizon,
  nextDose,
  nextDueDate,
  showNextDue,
  vaccinationCounters,
  vaccinationReminders,
  supersededDoses,
  vaccinationStatus,
  withVaccinationStatus,
} from "./vaccination";

const today = "2024-06-15";

describe("vaccines and schedule", () => {
  it("lists the six vaccines with exact names", () => {
    expect(VACCINES).toEqual([
      "Marek's Disease",
      "Newcastle Disease",
      "Infectious Bronchitis",
      "Fowl Pox",
      "Coccidiosis",
      "Infectious Laryngotracheitis",
    ]);
  });

  it("has the spec timing and frequency for each vaccine", () => {
    expect(VACCINATION_SCHEDULE.map((e) => [e.vaccine, e.timing, e.frequency])).toEqual([
      ["Marek's Disease", "Day 1", "Once"],
      ["Newcastle Disease", "2-4 weeks", "Annual booster"],
      ["Infectious Bronchitis", "2-4 weeks", "Annual booster"],
      ["Fowl Pox", "6-10 weeks", "Annual in high-risk areas"],
      ["Coccidiosis", "Day 1-7", "Once"],
      ["Infectious Laryngotracheitis", "10-14 weeks", "Annual in affected areas"],
    ]);
    for (const entry of VACCINATION_SCHEDULE) expect(entry.description.length).toBeGreaterThan(40);
  });
});

describe("nextDueDate", () => {
  it.each(["Newcastle Disease", "Infectious Bronchitis", "Fowl Pox"])(
    "%s is due one year later",
    (vaccine) => {
      expect(nextDueDate(vaccine, "2024-03-10")).toBe("2025-03-10");
    },
  );

  it.each(["Marek's Disease", "Coccidiosis", "Infectious Laryngotracheitis", "Other"])(
    "%s keeps the same date",
    (vaccine) => {
      expect(nextDueDate(vaccine, "2024-03-10")).toBe("2024-03-10");
    },
  );

  it("maps 29 February to 28 February and keeps empty dates empty", () => {
    expect(nextDueDate("Fowl Pox", "2024-02-29")).toBe("2025-02-28");
    expect(nextDueDate("Fowl Pox", "")).toBe("");
  });
});

describe("vaccinationStatus", () => {
  it("one-off vaccines (next due equal to date) are completed, even long ago", () => {
    expect(vaccinationStatus({ date: "2020-01-01", nextDue: "2020-01-01" }, today)).toBe(
      "completed",
    );
    expect(vaccinationStatus({ date: "", nextDue: "" }, today)).toBe("completed");
  });

  it("a new annual record is completed", () => {
    expect(vaccinationStatus({ date: today, nextDue: "2025-06-15" }, today)).toBe("completed");
  });

  it("overdue when next due is before today", () => {
    expect(vaccinationStatus({ date: "2023-06-14", nextDue: "2024-06-14" }, today)).toBe("overdue");
  });

  it("due when next due is today or within 30 days", () => {
    expect(vaccinationStatus({ date: "2023-06-15", nextDue: "2024-06-15" }, today)).toBe("due");
    expect(vaccinationStatus({ date: "2023-07-15", nextDue: "2024-07-15" }, today)).toBe("due");
    expect(vaccinationStatus({ date: "2023-07-16", nextDue: "2024-07-16" }, today)).toBe(
      "completed",
    );
    expect(dueSoonHorizon(today)).toBe("2024-07-15");
  });

  it("accepts a custom due-soon window", () => {
    const record = { date: "2023-06-25", nextDue: "2024-06-25" };
    expect(vaccinationStatus(record, today, 7)).toBe("completed");
    expect(vaccinationStatus(record, today, 10)).toBe("due");
  });
});

describe("showNextDue", () => {
  it("only when next due differs from the date", () => {
    expect(showNextDue("2024-01-01", "2025-01-01")).toBe(true);
    expect(showNextDue("2024-01-01", "2024-01-01")).toBe(false);
    expect(showNextDue("", "")).toBe(false);
  });
});

describe("nextDose and withVaccinationStatus", () => {
  const overdue = {
    id: "r1",
    vaccine: "Newcastle Disease",
    birdId: null,
    birdName: "Henrietta",
    date: "2023-01-10",
    nextDue: "2024-01-10",
    createdAt: "2023-01-10T08:00:00.000Z",
  };

  it("gives the new dose of an overdue annual vaccine today and a year on, same bird", () => {
    expect(nextDose(overdue, today)).toEqual({
      vaccine: "Newcastle Disease",
      birdId: null,
      birdName: "Henrietta",
      date: "2024-06-15",
      nextDue: "2025-06-15",
    });
    expect(overdue.date).toBe("2023-01-10"); // input untouched
  });

  it("keeps one-off vaccines completed", () => {
    const dose = nextDose({ vaccine: "Marek's Disease", birdName: "Pip" }, today);
    expect(dose).toMatchObject({ date: today, nextDue: today });
    expect(vaccinationStatus(dose, today)).toBe("completed");
  });

  it("marks an earlier dose completed once a later dose of the same vaccine and bird exists", () => {
    const later = { ...nextDose(overdue, today), id: "r2", createdAt: "2024-06-15T09:00:00.000Z" };
    const otherBird = { ...overdue, id: "r3", birdName: "Dot" };
    const sameBirdOtherCase = { ...overdue, id: "r4", birdName: " henrietta ", date: "2022-01-10" };
    const statuses = withVaccinationStatus([overdue, later, otherBird, sameBirdOtherCase], today);
    expect(statuses.map((r) => [r.id, r.status])).toEqual([
      ["r1", "completed"],
      ["r2", "completed"],
      ["r3", "overdue"],
      ["r4", "completed"],
    ]);
    // The earlier dose keeps its own date.
    expect(statuses[0]).toMatchObject({ date: "2023-01-10", nextDue: "2024-01-10" });
  });

  it("tells linked birds apart by id even when they share a name", () => {
    const a = { ...overdue, id: "a", birdId: "bird-1" };
    const b = { ...overdue, id: "b", birdId: "bird-2", date: "2023-02-01", nextDue: "2024-02-01" };
    expect(supersededDoses([a, b]).size).toBe(0);
  });
});

describe("counters and reminders", () => {
  const records = [
    { id: "a", date: "2024-03-01", nextDue: "2024-03-01" }, // one-off: completed
    { id: "b", date: "2024-05-01", nextDue: "2025-05-01" }, // completed
    { id: "c", date: "2023-05-01", nextDue: "2024-05-01" }, // overdue by 45 days
    { id: "d", date: "2023-06-20", nextDue: "2024-06-20" }, // due in 5 days
    { id: "e", date: "2023-06-10", nextDue: "2024-06-10" }, // overdue by 5 days
  ];

  it("counts by computed status", () => {
    expect(vaccinationCounters(records, today)).toEqual({
      total: 5,
      completed: 2,
      due: 1,
      overdue: 2,
    });
    expect(vaccinationCounters([], today)).toEqual({ total: 0, completed: 0, due: 0, overdue: 0 });
  });

  it("lists due and overdue records, most urgent first", () => {
    const reminders = vaccinationReminders(records, today);
    expect(reminders.map((r) => [r.id, r.status, r.daysUntilDue])).toEqual([
      ["c", "overdue", -45],
      ["e", "overdue", -5],
      ["d", "due", 5],
    ]);
  });
});
