import { and, eq, lt } from "drizzle-orm";
import type { Adapter, AdapterPayload } from "oidc-provider";
import type { Database } from "../db/client";
import { oidcPayloads } from "../db/schema/index";

/**
 * PostgreSQL text cannot hold U+0000, and a query carrying one fails (a 500). An id, user code or
 * uid from a request (a client_id in a token request's form, say) with one cannot name a stored
 * row: it is looked up as not found, and nothing is written or deleted for it.
 */
const storable = (value: string) => !value.includes("\0");

/**
 * oidc-provider storage in our database, so a sign-in started on one app instance
 * can finish on another and nothing lives in one process's memory.
 */
export function createOidcAdapterClass(db: Database) {
  return class DbAdapter implements Adapter {
    constructor(private readonly type: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
      const expiresAt = expiresIn ? new Date(Date.now() + expiresIn * 1000) : null;
      const row = {
        id,
        type: this.type,
        payload,
        grantId: payload.grantId ?? null,
        userCode: payload.userCode ?? null,
        uid: payload.uid ?? null,
        expiresAt,
      };
      await db
        .insert(oidcPayloads)
        .values(row)
        .onConflictDoUpdate({ target: [oidcPayloads.type, oidcPayloads.id], set: row });
      // Opportunistic clean-up keeps the table small without a scheduler.
      if (Math.random() < 0.02)
        await db.delete(oidcPayloads).where(lt(oidcPayloads.expiresAt, new Date()));
    }

    private async findWhere(where: ReturnType<typeof eq>): Promise<AdapterPayload | undefined> {
      const [row] = await db
        .select()
        .from(oidcPayloads)
        .where(and(eq(oidcPayloads.type, this.type), where));
      if (!row) return undefined;
      if (row.expiresAt && row.expiresAt.getTime() <= Date.now()) return undefined;
      const payload = row.payload as AdapterPayload;
      return row.consumedAt
        ? { ...payload, consumed: Math.floor(row.consumedAt.getTime() / 1000) }
        : payload;
    }

    async find(id: string) {
      if (!storable(id)) return undefined;
      return this.findWhere(eq(oidcPayloads.id, id));
    }

    async findByUserCode(userCode: string) {
      if (!storable(userCode)) return undefined;
      return this.findWhere(eq(oidcPayloads.userCode, userCode));
    }

    async findByUid(uid: string) {
      if (!storable(uid)) return undefined;
      return this.findWhere(eq(oidcPayloads.uid, uid));
    }

    async consume(id: string): Promise<void> {
      if (!storable(id)) return;
      await db
        .update(oidcPayloads)
        .set({ consumedAt: new Date() })
        .where(and(eq(oidcPayloads.type, this.type), eq(oidcPayloads.id, id)));
    }

    async destroy(id: string): Promise<void> {
      if (!storable(id)) return;
      await db
        .delete(oidcPayloads)
        .where(and(eq(oidcPayloads.type, this.type), eq(oidcPayloads.id, id)));
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      if (!storable(grantId)) return;
      await db.delete(oidcPayloads).where(eq(oidcPayloads.grantId, grantId));
    }
  };
}
