import { readFileSync } from "node:fs";
import { MEDICATIONS_DISCLAIMER, type Medication } from "@flockkeeper/shared/schemas/medication";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/helpers";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const fileCount = (
  JSON.parse(
    readFileSync(new URL("../../../../../data/medications.json", import.meta.url), "utf8"),
  ) as unknown[]
).length;

describe("GET /api/medications", () => {
  it("serves the whole list with its disclaimer, signed out", async () => {
    const res = await t.app.inject({ url: "/api/medications" });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { disclaimer: string; medications: Medication[] };
    expect(body.disclaimer).toBe(MEDICATIONS_DISCLAIMER);
    expect(body.disclaimer).toMatch(/not dosing/);
    expect(body.medications).toHaveLength(fileCount);
    const flubendazole = body.medications.find((m) => m.id === "flubendazole");
    expect(flubendazole).toMatchObject({ eggWithdrawalDays: 0, meatWithdrawalDays: 7 });
    expect(flubendazole?.sources.length).toBeGreaterThan(0);
    const ivermectin = body.medications.find((m) => m.id === "ivermectin");
    expect(ivermectin?.eggWithdrawalDays).toBeNull();
    expect(ivermectin?.withdrawal).toMatch(/ask a vet; do not eat the eggs/);
  });

  it("refuses to write", async () => {
    const res = await t.app.inject({ method: "POST", url: "/api/medications", payload: {} });
    expect([404, 405]).toContain(res.statusCode);
  });
});
