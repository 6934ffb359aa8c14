import { describe, expect, it } from "vitest";

describe.runIf(process.env.TEST_DATABASE_URL)("PostgreSQL test database", () => {
  it("is a throwaway database made for this run", () => {
    expect(new URL(process.env.TEST_DATABASE_URL!).pathname).toMatch(/^\/fk_test_/);
  });
});
