import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RecentSearch } from "@flockkeeper/shared/schemas/recent-search";
import { buildUser, createTestApp, expectPrivate, type TestApp } from "../../test/helpers";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe("recent food searches", () => {
  it("keeps the latest 4, newest first, with what each matched", async () => {
    const keeper = await buildUser(t);
    for (const term of ["apple", "avocado", "xyzzyqwv", "grapes", "yew"]) {
      const res = await keeper.inject({
        method: "POST",
        url: "/api/recent-searches",
        payload: { term },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const list = (await keeper.inject({ method: "GET", url: "/api/recent-searches" })).json<
      RecentSearch[]
    >();
    expect(list.map((s) => s.term)).toEqual(["yew", "grapes", "xyzzyqwv", "avocado"]);
    expect(list[0]).toMatchObject({ foodName: "Yew", safetyLevel: "toxic" });
    expect(list[2]).toMatchObject({ foodName: null, safetyLevel: null });
  });

  it("moves a repeated term (any case) to the top instead of duplicating it", async () => {
    const keeper = await buildUser(t);
    for (const term of ["apple", "kale", "  Apple "]) {
      await keeper.inject({ method: "POST", url: "/api/recent-searches", payload: { term } });
    }
    const list = (await keeper.inject({ method: "GET", url: "/api/recent-searches" })).json<
      RecentSearch[]
    >();
    expect(list.map((s) => s.term)).toEqual(["Apple", "kale"]);
  });

  it("removes one entry, and nobody else's", async () => {
    const keeper = await buildUser(t);
    const created = (
      await keeper.inject({
        method: "POST",
        url: "/api/recent-searches",
        payload: { term: "kale" },
      })
    ).json<RecentSearch>();
    await expectPrivate(t, { method: "DELETE", url: `/api/recent-searches/${created.id}` });
    const del = await keeper.inject({
      method: "DELETE",
      url: `/api/recent-searches/${created.id}`,
    });
    expect(del.statusCode).toBe(204);
    const again = await keeper.inject({
      method: "DELETE",
      url: `/api/recent-searches/${created.id}`,
    });
    expect(again.statusCode).toBe(404);
    expect(
      (await keeper.inject({ method: "DELETE", url: `/api/recent-searches/${randomUUID()}` }))
        .statusCode,
    ).toBe(404);
  });

  it("is private to each keeper", async () => {
    const keeper = await buildUser(t);
    await keeper.inject({ method: "POST", url: "/api/recent-searches", payload: { term: "mint" } });
    await expectPrivate(t, { method: "GET", url: "/api/recent-searches" }, { list: true });
    const signedOut = await t.app.inject({
      method: "POST",
      url: "/api/recent-searches",
      payload: { term: "mint" },
    });
    expect(signedOut.statusCode).toBe(401);
  });

  it.each([
    [{ term: "" }, "Please enter a search term"],
    [{ term: "   " }, "Please enter a search term"],
    [{}, "Please enter a search term"],
    [{ term: "x".repeat(10 * 1024) }, "Search terms must be 200 characters or fewer"],
  ])("answers 400 for %j", async (payload, message) => {
    const keeper = await buildUser(t);
    const res = await keeper.inject({ method: "POST", url: "/api/recent-searches", payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it("stores SQL and HTML as plain text", async () => {
    const keeper = await buildUser(t);
    const term = "<script>alert(1)</script>'; DROP TABLE users; --";
    const res = await keeper.inject({
      method: "POST",
      url: "/api/recent-searches",
      payload: { term },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ term, foodName: null });
  });

  it("answers 400 for a malformed id", async () => {
    const keeper = await buildUser(t);
    const res = await keeper.inject({ method: "DELETE", url: "/api/recent-searches/not-a-uuid" });
    expect(res.statusCode).toBe(400);
  });
});
