import { and, eq, gte, inArray, isNull } from "drizzle-orm";
import { addDaysIso, todayIso } from "@flockkeeper/shared/schemas/common";
import { incubationPlan } from "@flockkeeper/shared/domain/incubation";
import { speciesLabel, isPoultrySpecies } from "@flockkeeper/shared/domain/species-labels";
import { withdrawalEnds } from "@flockkeeper/shared/domain/treatment";
import {
  choreTasks,
  feedTasks,
  treatmentTasks,
  type TaskTreatment,
  eggTasks,
  hatchTasks,
  vaccinationTasks,
  weatherTasks,
  type Chore,
  type ComputedTask,
  type RunningHatch,
} from "@flockkeeper/shared/domain/tasks";
import { defaultText } from "@flockkeeper/shared/domain/units";
import type { Database } from "../../db/client";
import {
  chores,
  eggCollections,
  flocks,
  hatchCandlings,
  hatchRecords,
  chickens,
  treatments,
  vaccinations,
} from "../../db/schema/index";
import { getIncubationProfiles } from "../../knowledge/incubation-profiles";
import type { Keeper } from "../../access/access";
import { getPlace, getWeather } from "../weather/weather.service";
import { feedStock } from "../money/money.service";
import { withdrawalGuard } from "../treatments/treatments.service";

/** What a source needs besides the farm: the keeper's date and where the weather comes from. */
export type SourceContext = { db: Database; keeper: Keeper; date: string; weatherBaseUrl: string };

/**
 * One place Today's tasks come from. `load` reads the farm's records (every query scoped by
 * `keeper.farmId`) and hands them to the pure function in packages/shared/src/domain/tasks.ts.
 * A source that cannot answer (the weather provider is down) throws `SourceUnavailable`: the list
 * still comes, with the source named as unavailable.
 *
 * Adding a source (treatments and withdrawal ends, feed running low): one entry here, its kind in
 * `TASK_KINDS`, and its pure function in the domain module.
 */
export type TaskSource = {
  name: string;
  /** Also feeds the calendar (dated events known ahead: vaccinations, candling, hatches). */
  load: (ctx: SourceContext) => Promise<ComputedTask[]>;
};

/** A source that could not be read now; its message is shown on Today. */
export class SourceUnavailable extends Error {}

export function hatchLabel(row: { species: string; breed: string | null; eggSource: string }) {
  const species = isPoultrySpecies(row.species) ? speciesLabel(row.species) : row.species;
  return `${species}${row.breed ? ` (${row.breed})` : ""} eggs from ${row.eggSource}`;
}

/** The running hatches of the farm with their plans and candlings. */
export async function runningHatches(db: Database, farmId: string): Promise<RunningHatch[]> {
  const rows = await db
    .select()
    .from(hatchRecords)
    .where(and(eq(hatchRecords.farmId, farmId), isNull(hatchRecords.success)));
  if (rows.length === 0) return [];
  const candlings = await db
    .select({ hatchRecordId: hatchCandlings.hatchRecordId, day: hatchCandlings.day })
    .from(hatchCandlings)
    .where(
      inArray(
        hatchCandlings.hatchRecordId,
        rows.map((r) => r.id),
      ),
    );
  const profiles = getIncubationProfiles().byId;
  return rows.map((r) => ({
    id: r.id,
    label: hatchLabel(r),
    startDate: r.incubationStartDate,
    plan: incubationPlan(r.species, r.profileId ? profiles.get(r.profileId) : null),
    candledDays: candlings.filter((c) => c.hatchRecordId === r.id).map((c) => c.day),
  }));
}

/** The farm's vaccination doses as the reminder rules need them. */
export async function farmDoses(db: Database, farmId: string) {
  const rows = await db
    .select({
      id: vaccinations.id,
      vaccine: vaccinations.vaccine,
      birdId: vaccinations.birdId,
      birdName: vaccinations.birdName,
      date: vaccinations.date,
      nextDue: vaccinations.nextDue,
      createdAt: vaccinations.createdAt,
    })
    .from(vaccinations)
    .where(eq(vaccinations.farmId, farmId));
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

/** The farm's chores in the shape the domain needs. */
export async function farmChores(db: Database, farmId: string): Promise<Chore[]> {
  const rows = await db.select().from(chores).where(eq(chores.farmId, farmId));
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    frequency: r.frequency as Chore["frequency"],
    weekday: r.weekday,
    dayOfMonth: r.dayOfMonth,
    startDate: r.startDate,
  }));
}

/**
 * The farm's treatments whose course or withdrawal is not over by `from` (issue 20's records),
 * with the bird's or flock's name and the withdrawal ends worked out as the treatments module does.
 */
export async function farmTreatments(
  db: Database,
  farmId: string,
  from: string,
): Promise<TaskTreatment[]> {
  const rows = await db
    .select({
      id: treatments.id,
      product: treatments.product,
      startDate: treatments.startDate,
      endDate: treatments.endDate,
      eggDays: treatments.eggWithdrawalDays,
      meatDays: treatments.meatWithdrawalDays,
      bird: chickens.name,
      flock: flocks.name,
    })
    .from(treatments)
    .leftJoin(chickens, eq(chickens.id, treatments.chickenId))
    .leftJoin(flocks, eq(flocks.id, treatments.flockId))
    // The longest withdrawal is 365 days (a check on the table).
    .where(and(eq(treatments.farmId, farmId), gte(treatments.endDate, addDaysIso(from, -367))));
  return rows
    .map((r) => ({
      id: r.id,
      product: r.product,
      subjectName: r.bird ?? r.flock ?? "a bird",
      startDate: r.startDate,
      endDate: r.endDate,
      eggWithdrawalEnds: withdrawalEnds(r.endDate, r.eggDays),
      meatWithdrawalEnds: withdrawalEnds(r.endDate, r.meatDays),
    }))
    .filter(
      (t) =>
        t.endDate >= from ||
        addDaysIso(t.eggWithdrawalEnds, 1) >= from ||
        addDaysIso(t.meatWithdrawalEnds, 1) >= from,
    );
}

export const WEATHER_TASKS_UNAVAILABLE = "Weather alerts are unavailable right now";

export const TASK_SOURCES: readonly TaskSource[] = [
  {
    name: "eggs",
    load: async ({ db, keeper, date }) => {
      const rows = await db
        .select({ id: flocks.id, name: flocks.name, purpose: flocks.purpose })
        .from(flocks)
        .where(and(eq(flocks.farmId, keeper.farmId), eq(flocks.archived, false)));
      if (rows.length === 0) return [];
      const logged = await db
        .select({ flockId: eggCollections.flockId })
        .from(eggCollections)
        .where(and(eq(eggCollections.farmId, keeper.farmId), eq(eggCollections.date, date)));
      const done = new Set(logged.map((l) => l.flockId));
      // The eggs guard on the keeper's day: a treatment of the flock or of one of its birds.
      const guard = await withdrawalGuard(db, keeper, date);
      return eggTasks(
        rows.map((r) => ({
          ...r,
          basketLogged: done.has(r.id),
          eggsWithheldUntil: guard.flock(r.id).eggsWithheldUntil,
        })),
        date,
      );
    },
  },
  {
    name: "treatments",
    load: async ({ db, keeper, date }) =>
      treatmentTasks(await farmTreatments(db, keeper.farmId, date), date),
  },
  {
    name: "vaccinations",
    load: async ({ db, keeper, date }) =>
      vaccinationTasks(await farmDoses(db, keeper.farmId), date),
  },
  {
    name: "hatching",
    load: async ({ db, keeper, date }) => hatchTasks(await runningHatches(db, keeper.farmId), date),
  },
  {
    name: "weather",
    load: async ({ db, keeper, date, weatherBaseUrl }) => {
      // The forecast is for now: it says nothing about a day far from the server's.
      const today = todayIso(new Date());
      if (date < addDaysIso(today, -1) || date > addDaysIso(today, 1)) return [];
      const place = await getPlace(db, keeper);
      if (!place) return [];
      let weather;
      try {
        weather = await getWeather(db, weatherBaseUrl, {
          lat: place.latitude,
          lon: place.longitude,
          units: "imperial",
        });
      } catch {
        throw new SourceUnavailable(WEATHER_TASKS_UNAVAILABLE);
      }
      return weatherTasks(
        weather.alerts.map((a) => ({ ...a, message: defaultText(a.message) })),
        place.name,
        date,
      );
    },
  },
  {
    name: "feed",
    load: async ({ db, keeper, date }) =>
      feedTasks(await feedStock(db, keeper, date), keeper.farmId, date),
  },
  {
    name: "chores",
    load: async ({ db, keeper, date }) => choreTasks(await farmChores(db, keeper.farmId), date),
  },
];
