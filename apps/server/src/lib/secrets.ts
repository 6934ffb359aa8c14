import { eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { appSecrets } from "../db/schema/index";

/**
 * Returns the named secret, generating it on first use. Stored in the database so
 * every app instance shares it and it survives restarts.
 */
export async function getOrCreateSecret<T>(
  db: Database,
  name: string,
  generate: () => T | Promise<T>,
): Promise<T> {
  const existing = await db.select().from(appSecrets).where(eq(appSecrets.name, name));
  if (existing[0]) return existing[0].value as T;
  const value = await generate();
  // Two instances may race on first start: the first insert wins and both read it back.
  await db.insert(appSecrets).values({ name, value }).onConflictDoNothing();
  const [row] = await db.select().from(appSecrets).where(eq(appSecrets.name, name));
  return row!.value as T;
}
