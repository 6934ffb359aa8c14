import type { TrackClickBody } from "@flockkeeper/shared/schemas/track-click";
import type { Database } from "../../db/client";
import { clickEvents } from "../../db/schema/index";

type ClickRow = typeof clickEvents.$inferInsert;

/** The row for one click event; the keeper's id is kept when they are signed in. */
export function clickRow(body: TrackClickBody, userId: string | null): ClickRow {
  return {
    userId,
    elementName: body.elementName,
    elementType: body.elementType,
    elementId: body.elementId ?? null,
    page: body.page,
    sessionId: body.sessionId,
    metadata: body.metadata ?? null,
  };
}

const MAX_BATCH = 500;

/**
 * Group commit for clicks: the clicks that arrive while one insert runs are written together by the
 * next, one statement for many rows. Each request still waits until its own row is stored, so an
 * acknowledged click is never lost; under load this turns hundreds of single-row inserts a second
 * into a few multi-row ones. If a batch fails (say a keeper was deleted in between), its rows are
 * retried one by one so one bad row cannot fail the others.
 */
export class ClickWriter {
  private pending: { row: ClickRow; done: (err?: unknown) => void }[] = [];
  private running = false;

  constructor(private readonly db: Database) {}

  record(row: ClickRow): Promise<void> {
    return new Promise((resolve, reject) => {
      this.pending.push({ row, done: (err) => (err ? reject(err) : resolve()) });
      if (!this.running) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.running = true;
    try {
      while (this.pending.length > 0) {
        const batch = this.pending.splice(0, MAX_BATCH);
        try {
          await this.db.insert(clickEvents).values(batch.map((b) => b.row));
          for (const b of batch) b.done();
        } catch {
          for (const b of batch) {
            try {
              await this.db.insert(clickEvents).values(b.row);
              b.done();
            } catch (err) {
              b.done(err);
            }
          }
        }
      }
    } finally {
      this.running = false;
    }
  }
}
