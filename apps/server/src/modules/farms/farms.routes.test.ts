import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { todayIso } from "@flockkeeper/shared/schemas/common";
import type { FarmList, FarmMember } from "@flockkeeper/shared/schemas/farm";
import { farmInvitations } from "../../db/schema/index";
import { buildUser, createTestApp, type TestApp, type TestUser } from "../../test/helpers";
import { postChicken } from "../../test/factories";

let t: TestApp;
const today = todayIso(new Date());

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const farmsOf = async (k: TestUser) => {
  const res = await k.inject({ method: "GET", url: "/api/farms" });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<FarmList>();
};

async function invite(owner: TestUser, role: string, farmId = owner.user.id) {
  const res = await owner.inject({
    method: "POST",
    url: `/api/farms/${farmId}/invitations`,
    payload: { role },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string; token: string; url: string; expiresAt: string }>();
}

const accept = (k: TestUser, token: string) =>
  k.inject({ method: "POST", url: `/api/invitations/${token}/accept` });

/** A new member of the owner's farm with this role, joined through an invitation. */
async function join(owner: TestUser, role: string) {
  const member = await buildUser(t);
  const inv = await invite(owner, role);
  const res = await accept(member, inv.token);
  expect(res.statusCode, res.body).toBe(200);
  return member;
}

describe("a keeper's own farm", () => {
  it("exists from the start, named after them, with them its owner and the farm in use", async () => {
    const k = await buildUser(t, { firstName: "Sam" });
    const list = await farmsOf(k);
    expect(list).toEqual({
      currentFarmId: k.user.id,
      farms: [{ id: k.user.id, name: "Sam's farm", role: "owner", memberCount: 1 }],
    });
    const bird = await postChicken(k);
    expect(bird).toMatchObject({ farmId: k.user.id, createdBy: k.user.id, updatedBy: k.user.id });
  });
});

describe("invitations", () => {
  it("lets a signed-in keeper join with the invited role; the link then works no more", async () => {
    const owner = await buildUser(t, { firstName: "Olive" });
    const hen = await postChicken(owner, { name: "Mabel" });
    const inv = await invite(owner, "helper");
    expect(inv.url).toMatch(new RegExp(`/invite/${inv.token}$`));
    expect(Date.parse(inv.expiresAt) - Date.now()).toBeGreaterThan(6.9 * 86_400_000);

    // The link tells what it offers, signed out too; it never carries the owner's email.
    const preview = await t.app.inject({ method: "GET", url: `/api/invitations/${inv.token}` });
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({
      farmName: "Olive's farm",
      role: "helper",
      invitedBy: "Olive",
    });
    expect(preview.body).not.toContain(owner.user.email!);

    const sitter = await buildUser(t, { firstName: "Sid" });
    const joined = await accept(sitter, inv.token);
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json()).toEqual({ farmId: owner.user.id, role: "helper" });

    // The joined farm is now the sitter's farm in use: the owner's hen is in their list.
    const list = await farmsOf(sitter);
    expect(list.currentFarmId).toBe(owner.user.id);
    expect(list.farms.find((f) => f.id === owner.user.id)).toMatchObject({
      role: "helper",
      memberCount: 2,
    });
    const birds = await sitter.inject({ method: "GET", url: "/api/chickens" });
    expect(birds.json().map((b: { id: string }) => b.id)).toEqual([hen.id]);

    // Used: nobody else can join with it, and it no longer previews.
    const late = await buildUser(t);
    expect((await accept(late, inv.token)).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: "GET", url: `/api/invitations/${inv.token}` })).statusCode,
    ).toBe(404);
    expect((await farmsOf(late)).farms).toHaveLength(1);
  });

  it("refuses expired, revoked, forged and malformed links with a clear 4xx", async () => {
    const owner = await buildUser(t);
    const k = await buildUser(t);

    const expired = await invite(owner, "keeper");
    await t.db
      .update(farmInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(farmInvitations.id, expired.id));
    const gone = await accept(k, expired.token);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toMatch(/not valid.*expired/);

    const revoked = await invite(owner, "keeper");
    const del = await owner.inject({
      method: "DELETE",
      url: `/api/farms/${owner.user.id}/invitations/${revoked.token}`,
    });
    expect(del.statusCode).toBe(204);
    expect((await accept(k, revoked.token)).statusCode).toBe(404);

    // Revoking by id (the owner's list shows ids, never tokens).
    const byId = await invite(owner, "helper");
    const open = await owner.inject({
      method: "GET",
      url: `/api/farms/${owner.user.id}/invitations`,
    });
    expect(open.json().map((i: { id: string }) => i.id)).toEqual([byId.id]);
    expect(open.body).not.toContain(byId.token);
    expect(
      (
        await owner.inject({
          method: "DELETE",
          url: `/api/farms/${owner.user.id}/invitations/${byId.id}`,
        })
      ).statusCode,
    ).toBe(204);
    expect((await accept(k, byId.token)).statusCode).toBe(404);

    expect((await accept(k, "x".repeat(43))).statusCode).toBe(404);
    const malformed = await accept(k, "not-a-token");
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toMatch(/invitation link is not valid/);
    expect((await farmsOf(k)).farms).toHaveLength(1);
  });

  it("cannot be created, listed or revoked by a keeper or helper, nor by a non-member", async () => {
    const owner = await buildUser(t);
    const keeper = await join(owner, "keeper");
    const helper = await join(owner, "helper");
    const stranger = await buildUser(t);
    for (const who of [keeper, helper]) {
      const res = await who.inject({
        method: "POST",
        url: `/api/farms/${owner.user.id}/invitations`,
        payload: { role: "owner" },
      });
      expect(res.statusCode).toBe(403);
    }
    const res = await stranger.inject({
      method: "POST",
      url: `/api/farms/${owner.user.id}/invitations`,
      payload: { role: "owner" },
    });
    expect(res.statusCode).toBe(404);
    const bad = await owner.inject({
      method: "POST",
      url: `/api/farms/${owner.user.id}/invitations`,
      payload: { role: "admin" },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/owner, keeper or helper/);
  });

  it("an existing member cannot use a link again to change their role", async () => {
    const owner = await buildUser(t);
    const helper = await join(owner, "helper");
    const inv = await invite(owner, "owner");
    const again = await accept(helper, inv.token);
    expect(again.statusCode).toBe(409);
    const members = await owner.inject({
      method: "GET",
      url: `/api/farms/${owner.user.id}/members`,
    });
    expect(members.json().find((m: FarmMember) => m.userId === helper.user.id).role).toBe("helper");
  });
});

describe("roles", () => {
  it("a helper logs eggs, feed, weight and coop readings, but cannot change birds, see money or manage", async () => {
    const owner = await buildUser(t);
    const hen = await postChicken(owner, { name: "Dot" });
    const helper = await join(owner, "helper");
    const egg = await helper.inject({
      method: "POST",
      url: "/api/egg-records",
      payload: { chickenId: hen.id, date: today, eggsLaid: 1 },
    });
    expect(egg.statusCode, egg.body).toBe(201);
    expect(egg.json()).toMatchObject({ farmId: owner.user.id, createdBy: helper.user.id });
    const feed = await helper.inject({
      method: "POST",
      url: "/api/feed-records",
      payload: { chickenId: hen.id, date: today, feedType: "layer", feedAmount: 1, feedCost: 2.5 },
    });
    expect(feed.statusCode, feed.body).toBe(201);
    // The cost is kept (the owner sees it) but not shown to the helper.
    expect(feed.json().feedCost).toBeNull();
    const ownerFeed = await owner.inject({ method: "GET", url: "/api/feed-records/recent" });
    expect(ownerFeed.json()[0].feedCost).toBe(2.5);
    expect(
      (
        await helper.inject({
          method: "POST",
          url: "/api/weight-records",
          payload: { chickenId: hen.id, date: today, weight: 5 },
        })
      ).statusCode,
    ).toBe(201);
    expect(
      (
        await helper.inject({
          method: "POST",
          url: "/api/environmental-records",
          payload: { date: today, temperature: 60 },
        })
      ).statusCode,
    ).toBe(201);

    // The owner's list says who logged the eggs (the farm is the one in use: not repeated).
    const list = await owner.inject({ method: "GET", url: "/api/egg-records" });
    expect(list.json()[0]).toMatchObject({ createdBy: helper.user.id });

    const refused = [
      { method: "DELETE" as const, url: `/api/chickens/${hen.id}` },
      { method: "PATCH" as const, url: `/api/chickens/${hen.id}`, payload: { name: "Mine" } },
      { method: "GET" as const, url: "/api/production/summary" },
      { method: "GET" as const, url: "/api/account/export" },
      { method: "GET" as const, url: `/api/farms/${owner.user.id}/invitations` },
      {
        method: "PATCH" as const,
        url: `/api/farms/${owner.user.id}/members/${helper.user.id}`,
        payload: { role: "owner" },
      },
      { method: "PATCH" as const, url: `/api/farms/${owner.user.id}`, payload: { name: "Mine" } },
    ];
    for (const req of refused) {
      const res = await helper.inject(req);
      expect(res.statusCode, `${req.method} ${req.url}: ${res.body}`).toBe(403);
    }
    const still = await owner.inject({ method: "GET", url: `/api/chickens/${hen.id}` });
    expect(still.json().name).toBe("Dot");
  });

  it("a keeper changes records and birds but not members or the farm", async () => {
    const owner = await buildUser(t);
    const hen = await postChicken(owner);
    const keeper = await join(owner, "keeper");
    const patched = await keeper.inject({
      method: "PATCH",
      url: `/api/chickens/${hen.id}`,
      payload: { name: "Renamed" },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({ createdBy: owner.user.id, updatedBy: keeper.user.id });
    expect(
      (await keeper.inject({ method: "GET", url: "/api/production/summary" })).statusCode,
    ).toBe(200);
    expect(
      (
        await keeper.inject({
          method: "DELETE",
          url: `/api/farms/${owner.user.id}/members/${owner.user.id}`,
        })
      ).statusCode,
    ).toBe(403);
  });
});

describe("members", () => {
  it("the owner lists, re-roles and removes members; a removed member's next request is refused", async () => {
    const owner = await buildUser(t, { firstName: "Ann" });
    const hen = await postChicken(owner);
    const helper = await join(owner, "helper");
    const members = await owner.inject({
      method: "GET",
      url: `/api/farms/${owner.user.id}/members`,
    });
    expect(members.statusCode).toBe(200);
    expect(members.json().map((m: FarmMember) => [m.userId, m.role])).toEqual([
      [owner.user.id, "owner"],
      [helper.user.id, "helper"],
    ]);
    expect(members.body).not.toMatch(/password|hash|token/i);

    const promoted = await owner.inject({
      method: "PATCH",
      url: `/api/farms/${owner.user.id}/members/${helper.user.id}`,
      payload: { role: "keeper" },
    });
    expect(promoted.statusCode).toBe(200);
    expect(promoted.json()[1].role).toBe("keeper");

    const removed = await owner.inject({
      method: "DELETE",
      url: `/api/farms/${owner.user.id}/members/${helper.user.id}`,
    });
    expect(removed.statusCode).toBe(204);
    // At once: the next request no longer reaches the farm's records.
    const after = await helper.inject({ method: "GET", url: `/api/chickens/${hen.id}` });
    expect(after.statusCode).toBe(404);
    const log = await helper.inject({
      method: "POST",
      url: "/api/egg-records",
      payload: { chickenId: hen.id, date: today, eggsLaid: 1 },
    });
    expect(log.statusCode).toBe(404);
    expect((await farmsOf(helper)).farms.map((f) => f.id)).toEqual([helper.user.id]);
  });

  it("keeps at least one owner: the last owner cannot be demoted, removed or leave", async () => {
    const owner = await buildUser(t);
    const keeper = await join(owner, "keeper");
    const demote = await owner.inject({
      method: "PATCH",
      url: `/api/farms/${owner.user.id}/members/${owner.user.id}`,
      payload: { role: "keeper" },
    });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().message).toMatch(/at least one owner/);
    const leave = await owner.inject({
      method: "DELETE",
      url: `/api/farms/${owner.user.id}/members/${owner.user.id}`,
    });
    expect(leave.statusCode).toBe(409);

    // With a second owner, the first may leave; the keeper may leave at any time.
    await owner.inject({
      method: "PATCH",
      url: `/api/farms/${owner.user.id}/members/${keeper.user.id}`,
      payload: { role: "owner" },
    });
    const left = await owner.inject({
      method: "DELETE",
      url: `/api/farms/${owner.user.id}/members/${owner.user.id}`,
    });
    expect(left.statusCode).toBe(204);
    // The one who left gets a farm of their own again.
    const mine = await farmsOf(owner);
    expect(mine.farms).toHaveLength(1);
    expect(mine.farms[0]!.id).not.toBe(owner.user.id);
  });

  it("the only member cannot leave (they delete the farm instead)", async () => {
    const k = await buildUser(t);
    const res = await k.inject({
      method: "DELETE",
      url: `/api/farms/${k.user.id}/members/${k.user.id}`,
    });
    expect(res.statusCode).toBe(409);
  });
});

describe("the farm in use", () => {
  it("switches between the keeper's farms and is remembered; another's farm is 404", async () => {
    const a = await buildUser(t);
    const b = await buildUser(t);
    const henA = await postChicken(a, { name: "A hen" });
    await join(a, "keeper").then(() => undefined);
    const inv = await invite(a, "keeper");
    expect((await accept(b, inv.token)).statusCode).toBe(200);
    expect((await farmsOf(b)).currentFarmId).toBe(a.user.id);

    const back = await b.inject({
      method: "PUT",
      url: "/api/farms/current",
      payload: { farmId: b.user.id },
    });
    expect(back.statusCode).toBe(200);
    expect(back.json().currentFarmId).toBe(b.user.id);
    expect((await b.inject({ method: "GET", url: "/api/chickens" })).json()).toEqual([]);
    const there = await b.inject({
      method: "PUT",
      url: "/api/farms/current",
      payload: { farmId: a.user.id },
    });
    expect(there.json().currentFarmId).toBe(a.user.id);
    expect((await b.inject({ method: "GET", url: "/api/chickens" })).json()[0].id).toBe(henA.id);

    const stranger = await buildUser(t);
    const no = await stranger.inject({
      method: "PUT",
      url: "/api/farms/current",
      payload: { farmId: a.user.id },
    });
    expect(no.statusCode).toBe(404);
    expect((await farmsOf(stranger)).currentFarmId).toBe(stranger.user.id);
  });

  it("a new farm becomes the farm in use; renaming is the owner's", async () => {
    const k = await buildUser(t);
    const made = await k.inject({
      method: "POST",
      url: "/api/farms",
      payload: { name: " Hill Farm " },
    });
    expect(made.statusCode).toBe(201);
    const list = made.json<FarmList>();
    const hill = list.farms.find((f) => f.name === "Hill Farm")!;
    expect(list.currentFarmId).toBe(hill.id);
    const renamed = await k.inject({
      method: "PATCH",
      url: `/api/farms/${hill.id}`,
      payload: { name: "Valley Farm" },
    });
    expect(renamed.json().farms.map((f: { name: string }) => f.name)).toContain("Valley Farm");
    const empty = await k.inject({ method: "POST", url: "/api/farms", payload: { name: "  " } });
    expect(empty.statusCode).toBe(400);
  });
});

describe("deleting", () => {
  it("deleting a farm deletes its records; its members keep their own farms", async () => {
    const owner = await buildUser(t);
    const keeper = await join(owner, "keeper");
    const hen = await postChicken(owner);
    const del = await owner.inject({ method: "DELETE", url: `/api/farms/${owner.user.id}` });
    expect(del.statusCode, del.body).toBe(200);
    // The owner is left with a new, empty farm of their own (no member of the old one in it).
    expect(del.json().farms).toEqual([expect.objectContaining({ role: "owner", memberCount: 1 })]);
    expect((await owner.inject({ method: "GET", url: "/api/chickens" })).json()).toEqual([]);
    expect(
      (await keeper.inject({ method: "GET", url: `/api/chickens/${hen.id}` })).statusCode,
    ).toBe(404);
    expect((await farmsOf(keeper)).farms.map((f) => f.id)).toEqual([keeper.user.id]);
  });

  it("an account that is the last owner of a shared farm is asked to hand it over first", async () => {
    const owner = await buildUser(t);
    const helper = await join(owner, "helper");
    const del = await owner.inject({
      method: "DELETE",
      url: "/api/account",
      payload: { confirmEmail: owner.user.email },
    });
    expect(del.statusCode).toBe(409);
    expect(del.json().message).toMatch(/last owner/);
    expect((await owner.inject({ method: "GET", url: "/api/auth/user" })).statusCode).toBe(200);

    // The helper's account goes without touching the farm; records they logged stay, unattributed.
    const hen = await postChicken(owner);
    await helper.inject({
      method: "POST",
      url: "/api/egg-records",
      payload: { chickenId: hen.id, date: today, eggsLaid: 2 },
    });
    const gone = await helper.inject({
      method: "DELETE",
      url: "/api/account",
      payload: { confirmEmail: helper.user.email },
    });
    expect(gone.statusCode, gone.body).toBe(204);
    const eggs = await owner.inject({ method: "GET", url: "/api/egg-records" });
    expect(eggs.json()).toEqual([expect.objectContaining({ eggsLaid: 2, createdBy: null })]);
  });
});
