import { describe, expect, it } from "vitest";
import { createTestApp } from "../../test/helpers";

describe("GET /api/health", () => {
  it("answers 200 ok while the database answers, 503 when it does not", async () => {
    const t = await createTestApp();
    const ok = await t.app.inject({ url: "/api/health" });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ status: "ok" });
    await t.app.dbHandle.close();
    const down = await t.app.inject({ url: "/api/health" });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({ status: "unavailable" });
    await t.app.close();
  });
});
