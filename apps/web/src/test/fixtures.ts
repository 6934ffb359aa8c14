import { breedIdResult, type BreedIdResult } from "@flockkeeper/shared/schemas/breed-id";
import { chicken, type Chicken } from "@flockkeeper/shared/schemas/chicken";
import {
  farmList,
  farmMember,
  invitationPreview,
  type FarmList,
  type FarmMember,
  type FarmRole,
  type InvitationPreview,
} from "@flockkeeper/shared/schemas/farm";
import { hatchRecord, type HatchRecord } from "@flockkeeper/shared/schemas/hatch-record";

/*
 * Typed fixtures for component tests: each builds a record the API could really answer, checked
 * by the same zod response schema the server uses, so a fixture that drifts from the contract
 * fails at once instead of testing a shape the app never gets.
 */

let seq = 0;
/** A fresh valid uuid per call (v4 layout). */
export const fixtureId = () => `00000000-0000-4000-8000-${String(++seq).padStart(12, "0")}`;

/** The farm every fixture record belongs to, and who logged it (unknown: an account since deleted). */
export const FIXTURE_FARM_ID = "00000000-0000-4000-8000-f00000000001";
const authorship = { farmId: FIXTURE_FARM_ID, createdBy: null, updatedBy: null };

export function chickenFixture(overrides: Partial<Chicken> = {}): Chicken {
  return chicken.parse({
    id: fixtureId(),
    name: "Clover",
    breed: "Sussex",
    color: null,
    weight: null,
    hatchDate: null,
    sex: "hen",
    notes: null,
    imageUrl: null,
    species: "chicken",
    healthStatus: "healthy",
    flockId: null,
    bandId: null,
    sireId: null,
    damId: null,
    outcome: null,
    outcomeDate: null,
    outcomeNotes: null,
    eggsWithheldUntil: null,
    meatWithheldUntil: null,
    outcomeCause: null,
    outcomeConditionId: null,
    createdAt: "2024-06-01T00:00:00.000Z",
    updatedAt: "2024-06-01T00:00:00.000Z",
    ...authorship,
    ...overrides,
  });
}

/** A chicken incubation set on `incubationStartDate` (default 2024-06-01), still running. */
export function hatchRecordFixture(overrides: Partial<HatchRecord> = {}): HatchRecord {
  return hatchRecord.parse({
    id: fixtureId(),
    ...authorship,
    eggSource: "Own flock",
    species: "chicken",
    breed: null,
    incubationStartDate: "2024-06-01",
    expectedHatchDate: "2024-06-22",
    incubationMethod: "incubator",
    temperature: null,
    humidity: null,
    turnedDaily: true,
    eggsSet: null,
    eggsHatched: null,
    notes: null,
    success: null,
    actualHatchDate: null,
    createdAt: "2024-06-01T00:00:00.000Z",
    profileId: null,
    incubatorName: null,
    sireId: null,
    damId: null,
    breedingFlockId: null,
    today: "2024-06-08",
    daysLeft: 14,
    day: 7,
    plan: {
      incubationDays: 21,
      latestHatchDay: 23,
      lockdownDay: 18,
      lockdownDate: "2024-06-19",
      candlingDays: [7, 14, 18],
    },
    task: null,
    candlings: [],
    fertile: null,
    clear: null,
    quitters: null,
    eggsDeveloping: null,
    hatched: null,
    resultDate: null,
    pippedNotHatched: null,
    assisted: null,
    diedInShell: null,
    deformed: null,
    fertilityPct: null,
    hatchabilityPct: null,
    hatchOfSetPct: null,
    ...authorship,
    ...overrides,
  });
}

/** A breed identification answer (offline analyser) for a Buff Orpington hen. */
export function breedIdResultFixture(overrides: Partial<BreedIdResult> = {}): BreedIdResult {
  const traits = {
    size: "Large",
    purpose: "Dual purpose",
    temperament: "Docile",
    eggProduction: "200 per year",
    eggColor: "Light brown",
    origin: "England",
  };
  return breedIdResult.parse({
    breed: "Buff Orpington",
    species: "chicken",
    confidence: 40,
    description: "A heavy, fluffy dual-purpose breed.",
    characteristics: traits,
    eggProduction: traits.eggProduction,
    averageWeight: "8 lbs",
    temperament: traits.temperament,
    eggColor: traits.eggColor,
    purpose: traits.purpose,
    careNotes: [],
    identificationMarkers: "Golden buff plumage",
    breedingNotes: "",
    physicalTraits: {
      featherPattern: "Solid",
      primaryColors: ["Buff", "Gold"],
      combType: "Single",
      bodyShape: "Broad",
      specialFeatures: [],
    },
    alternativeBreeds: [],
    method: "offline",
    analysisId: null,
    rarity: {
      score: 25,
      level: "Common",
      colour: "gray",
      icon: "circle",
      description: "Widely kept.",
      found: true,
    },
    ...overrides,
  });
}

/** A farm list: each entry `[name, role]`, the first one in use unless `current` says. */
export function farmListFixture(
  farms: readonly (readonly [string, FarmRole])[] = [["Home flock", "owner"]],
  current = 0,
): FarmList & { ids: string[] } {
  const ids = farms.map(() => fixtureId());
  const list = farmList.parse({
    currentFarmId: ids[current],
    farms: farms.map(([name, role], i) => ({ id: ids[i], name, role, memberCount: 1 })),
  });
  return { ...list, ids };
}

export function farmMemberFixture(overrides: Partial<FarmMember> = {}): FarmMember {
  return farmMember.parse({
    userId: fixtureId(),
    name: "Sam Carter",
    email: "sam@example.com",
    role: "helper",
    joinedAt: "2024-06-01T00:00:00.000Z",
    ...overrides,
  });
}

export function invitationPreviewFixture(
  overrides: Partial<InvitationPreview> = {},
): InvitationPreview {
  return invitationPreview.parse({
    farmName: "Hilltop Hens",
    role: "helper",
    invitedBy: "Ada",
    expiresAt: "2030-06-08T12:00:00.000Z",
    ...overrides,
  });
}
