import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chickens } from "../db/schema/index";
import { buildUser, createTestApp, type TestApp } from "../test/helpers";
import { checkAccess, keeperOf, requireAccess, resolveKeeper } from "./access";
import type { FastifyRequest } from "fastify";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function keeperWithBirds(names: string[]) {
  const { user } = await buildUser(t);
  const keeper = (await resolveKeeper(t.db, user))!;
  const rows = await t.db
    .insert(chickens)
    .values(names.map((name) => ({ farmId: user.id, name, breed: "Sussex" })))
    .returning({ id: chickens.id });
  return { keeper, ids: rows.map((r) => r.id) };
}

describe("access", () => {
  it("a keeper acts on their own records", async () => {
    const { user } = await buildUser(t);
    const keeper = (await resolveKeeper(t.db, user))!;
    expect(keeper.farmId).toBe(user.id);
    expect(keeper.role).toBe("owner");
    expect(keeper.user.email).toBe(user.email);
  });

  it("keeperOf answers 401 for a request nobody signed in to", () => {
    const req = { keeper: null } as unknown as FastifyRequest;
    expect(() => keeperOf(req)).toThrow(expect.objectContaining({ statusCode: 401 }));
  });

  it("requireAccess returns the keeper's birds by id, duplicates counted once", async () => {
    const { keeper, ids } = await keeperWithBirds(["Hetty", "Mabel"]);
    const found = await requireAccess(t.db, keeper, {
      permission: "chicken.read",
      ids: [ids[0]!, ids[1]!, ids[0]!],
    });
    expect(found.get(ids[0]!)?.name).toBe("Hetty");
    expect(found.get(ids[1]!)?.name).toBe("Mabel");
  });

  it("another keeper's bird answers 404 exactly like a missing one, named as asked", async () => {
    const mine = await keeperWithBirds(["Hetty"]);
    const theirs = await keeperWithBirds(["Other"]);
    const ask = (ids: string[], as?: string) =>
      requireAccess(t.db, mine.keeper, { permission: "chicken.write", ids, as });
    await expect(ask([mine.ids[0]!, theirs.ids[0]!])).rejects.toMatchObject({
      statusCode: 404,
      message: "Chicken not found",
    });
    await expect(ask(["00000000-0000-4000-8000-000000000000"], "Bird")).rejects.toMatchObject({
      statusCode: 404,
      message: "Bird not found",
    });
  });

  it("checkAccess keeps only the ids the keeper may use", async () => {
    const mine = await keeperWithBirds(["Hetty"]);
    const theirs = await keeperWithBirds(["Other"]);
    const allowed = await checkAccess(t.db, mine.keeper, "chicken.read", [
      mine.ids[0]!,
      theirs.ids[0]!,
    ]);
    expect([...allowed.keys()]).toEqual([mine.ids[0]]);
    expect((await checkAccess(t.db, mine.keeper, "chicken.read", [])).size).toBe(0);
  });
});
