import { describe, expect, it } from "vitest";
import { addDaysIso, todayIso } from "./common";
import {
  createVaccinationBody,
  markVaccinationDoneBody,
  vaccinationList,
  vaccinationRecord,
  vaccineName,
} from "./vaccination";

const today = todayIso(new Date());

describe("vaccination schemas", () => {
  it("accepts a valid create body and trims text", () => {
    const body = createVaccinationBody.parse({
      vaccine: "Marek's Disease",
      birdName: "  Henrietta ",
      date: "2024-03-01",
      notes: "  wing web ",
    });
    expect(body).toEqual({
      vaccine: "Marek's Disease",
      birdName: "Henrietta",
      date: "2024-03-01",
      notes: "wing web",
    });
  });

  it("accepts a bird id or null", () => {
    const base = { vaccine: "Fowl Pox", birdName: "Flock", date: today };
    expect(
      createVaccinationBody.safeParse({ ...base, birdId: "0b5c8f5e-3c1a-4f7e-9a4b-2d7c1e0f9a11" })
        .success,
    ).toBe(true);
    expect(createVaccinationBody.safeParse({ ...base, birdId: null }).success).toBe(true);
    expect(createVaccinationBody.safeParse({ ...base, birdId: "7" }).success).toBe(false);
  });

  it("rejects unknown vaccines, blank names, bad or future dates and long notes", () => {
    const base = { vaccine: "Newcastle Disease", birdName: "Hen", date: "2024-03-01" };
    const cases = [
      [{ ...base, vaccine: "Bird flu" }, "Please choose a vaccine"],
      [{ ...base, birdName: "   " }, "Bird name is required"],
      [{ ...base, birdName: "x".repeat(101) }, "Must be at most 100 characters"],
      [{ ...base, date: "2024-02-30" }, "Date must be a valid date (YYYY-MM-DD)"],
      [{ ...base, date: addDaysIso(today, 5) }, "Date cannot be in the future"],
      [{ ...base, notes: "n".repeat(2001) }, "Must be at most 2000 characters"],
    ] as const;
    for (const [input, message] of cases) {
      const result = createVaccinationBody.safeParse(input);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(message);
    }
    expect(vaccineName.options).toHaveLength(6);
  });

  it("describes a stored record", () => {
    const record = {
      id: "0b5c8f5e-3c1a-4f7e-9a4b-2d7c1e0f9a11",
      farmId: "0b5c8f5e-3c1a-4f7e-9a4b-2d7c1e0f9a12",
      createdBy: "0b5c8f5e-3c1a-4f7e-9a4b-2d7c1e0f9a13",
      updatedBy: null,
      vaccine: "Newcastle Disease",
      birdId: null,
      birdName: "Henrietta",
      date: "2024-03-01",
      nextDue: "2025-03-01",
      status: "completed",
      notes: null,
      createdAt: "2024-03-01T10:00:00.000Z",
    };
    expect(vaccinationRecord.parse(record)).toEqual(record);
    expect(vaccinationList.parse([record])).toHaveLength(1);
    expect(vaccinationRecord.safeParse({ ...record, status: "pending" }).success).toBe(false);
  });

  it("mark-done body date is optional and not in the future", () => {
    expect(markVaccinationDoneBody.parse({})).toEqual({});
    expect(markVaccinationDoneBody.parse({ date: today })).toEqual({ date: today });
    expect(markVaccinationDoneBody.safeParse({ date: addDaysIso(today, 3) }).success).toBe(false);
  });
});
