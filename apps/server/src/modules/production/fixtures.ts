import { addDaysIso, todayIso } from "@flockkeeper/shared/schemas/common";
import type { TestApp, TestUser } from "../../test/helpers";
import { chickens, eggRecords, feedRecords, weightRecords } from "../../db/schema/index";

/* Test factories for the production modules' API tests (imported by *.routes.test.ts only). */

export const today = todayIso(new Date());
export const daysAgo = (n: number) => addDaysIso(today, -n);

/** A bird of the keeper's, written straight to the database. */
export async function buildChicken(
  t: Pick<TestApp, "db">,
  keeper: TestUser,
  values: Partial<typeof chickens.$inferInsert> = {},
): Promise<string> {
  const [row] = await t.db
    .insert(chickens)
    .values({ userId: keeper.user.id, name: "Hen", breed: "Sussex", sex: "hen", ...values })
    .returning({ id: chickens.id });
  return row!.id;
}

export async function buildEggs(
  t: Pick<TestApp, "db">,
  keeper: TestUser,
  chickenId: string,
  rows: [date: string, eggsLaid: number][],
) {
  if (rows.length === 0) return;
  await t.db
    .insert(eggRecords)
    .values(
      rows.map(([date, eggsLaid]) => ({ userId: keeper.user.id, chickenId, date, eggsLaid })),
    );
}

export async function buildFeed(
  t: Pick<TestApp, "db">,
  keeper: TestUser,
  chickenId: string,
  date: string,
  feedAmount: number,
  feedCost: number | null = null,
) {
  await t.db
    .insert(feedRecords)
    .values({ userId: keeper.user.id, chickenId, date, feedType: "layer", feedAmount, feedCost });
}

export async function buildWeight(
  t: Pick<TestApp, "db">,
  keeper: TestUser,
  chickenId: string,
  date: string,
  weight: number,
  bodyCondition = "normal",
) {
  await t.db
    .insert(weightRecords)
    .values({ userId: keeper.user.id, chickenId, date, weight, bodyCondition });
}
