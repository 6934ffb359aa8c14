import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  pushSubscription,
  pushSubscriptionBody,
  pushUnsubscribeBody,
} from "@flockkeeper/shared/schemas/tasks";
import type { ModuleOptions } from "../module";
import { keeperOf } from "../../access/access";
import { runNotifications, subscribe, unsubscribe, vapidKeys } from "./push.service";

/** How often an instance looks for due notifications (the database says what is due). */
export const PUSH_INTERVAL_MS = 60_000;
/**
 * How soon after start an instance looks first: what fell due while it was stopped (a restart, a
 * deploy) goes out at once rather than a minute later. Several instances starting together share
 * that first run like any other (each notification is claimed by one).
 */
export const FIRST_RUN_MS = 1_000;

/** Runs `tick` soon after the app is ready, then every `PUSH_INTERVAL_MS`, until the app closes. */
export function runOnSchedule(app: FastifyInstance, tick: () => Promise<void>): void {
  let first: NodeJS.Timeout | null = null;
  let timer: NodeJS.Timeout | null = null;
  app.addHook("onReady", () => {
    first = setTimeout(() => void tick(), FIRST_RUN_MS);
    first.unref();
    timer = setInterval(() => void tick(), PUSH_INTERVAL_MS);
    timer.unref();
  });
  app.addHook("onClose", () => {
    if (first) clearTimeout(first);
    if (timer) clearInterval(timer);
  });
}

/**
 * Web Push (issue 22): `GET /api/push/public-key` (the VAPID key a browser subscribes with),
 * `POST/DELETE /api/push/subscriptions` (this device). Each instance with `PUSH_SENDER` on runs
 * the schedule every minute; what is due and what was sent is in the database, so instances share
 * the work without sending anything twice.
 */
export async function pushRoutes(app: FastifyInstance, opts: ModuleOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { push, weatherBaseUrl, publicUrl } = opts.config;
  const limit = { rateLimit: { max: 30, timeWindow: "1 minute" } };

  r.get(
    "/api/push/public-key",
    { config: limit, schema: { response: { 200: z.object({ publicKey: z.string() }) } } },
    async () => ({ publicKey: (await vapidKeys(app.db)).publicKey }),
  );

  r.post(
    "/api/push/subscriptions",
    {
      onRequest: app.requireUser,
      // Every member may be nudged on their own devices.
      config: { ...limit, permission: "farm.read" },
      schema: { body: pushSubscriptionBody, response: { 201: pushSubscription } },
    },
    async (req, reply) =>
      reply.code(201).send(await subscribe(app.db, keeperOf(req), req.body, push.endpointOrigins)),
  );

  r.delete(
    "/api/push/subscriptions",
    {
      onRequest: app.requireUser,
      config: { ...limit, permission: "farm.read" },
      schema: { body: pushUnsubscribeBody },
    },
    async (req, reply) => {
      await unsubscribe(app.db, keeperOf(req), req.body.endpoint);
      return reply.code(204).send();
    },
  );

  if (!push.sender) return;
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      await runNotifications(app.db, {
        weatherBaseUrl,
        publicUrl: publicUrl.replace(/\/$/, ""),
        subject: push.subject,
      });
    } catch (err) {
      app.log.error({ err }, "push notifications run failed");
    } finally {
      running = false;
    }
  };
  runOnSchedule(app, tick);
}
