import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { isoDate, uuidParam } from "@flockkeeper/shared/schemas/common";
import {
  chore,
  choreList,
  createChoreBody,
  snoozeTaskBody,
  taskIdParam,
  tasksQuery,
  tasksResponse,
  updateChoreBody,
} from "@flockkeeper/shared/schemas/tasks";
import type { ModuleOptions } from "../module";
import { keeperOf } from "../../access/access";
import {
  createChore,
  deleteChore,
  listChores,
  listTasks,
  markTaskDone,
  snoozeTask,
  updateChore,
} from "./tasks.service";

const writeLimit = { max: 240, timeWindow: "1 minute" };

const taskState = z.object({
  id: z.string(),
  done: z.boolean(),
  doneAt: z.iso.datetime({ offset: true }).nullable(),
  doneBy: z.uuid().nullable(),
  snoozedUntil: isoDate.nullable(),
});

/**
 * Today (issue 22): `GET /api/tasks?date=`, `POST /api/tasks/{id}/done`,
 * `POST /api/tasks/{id}/snooze`, and the farm's chores `GET/POST /api/chores`,
 * `PATCH/DELETE /api/chores/{id}`. Every member sees the tasks and marks them done or snoozes them
 * (helpers "mark reminders done"); owners and keepers manage the chores.
 */
export async function tasksRoutes(app: FastifyInstance, opts: ModuleOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const auth = { onRequest: app.requireUser };
  const weatherBaseUrl = opts.config.weatherBaseUrl;

  r.get(
    "/api/tasks",
    { ...auth, schema: { querystring: tasksQuery, response: { 200: tasksResponse } } },
    async (req) => listTasks(app.db, keeperOf(req), req.query.date, weatherBaseUrl),
  );

  r.post(
    "/api/tasks/:id/done",
    {
      ...auth,
      config: { permission: "record.add", rateLimit: writeLimit },
      schema: { params: taskIdParam, response: { 200: taskState } },
    },
    async (req) => markTaskDone(app.db, keeperOf(req), req.params.id, weatherBaseUrl),
  );

  r.post(
    "/api/tasks/:id/snooze",
    {
      ...auth,
      config: { permission: "record.add", rateLimit: writeLimit },
      schema: { params: taskIdParam, body: snoozeTaskBody, response: { 200: taskState } },
    },
    async (req) => snoozeTask(app.db, keeperOf(req), req.params.id, req.body.until, weatherBaseUrl),
  );

  r.get("/api/chores", { ...auth, schema: { response: { 200: choreList } } }, async (req) =>
    listChores(app.db, keeperOf(req)),
  );

  r.post(
    "/api/chores",
    {
      ...auth,
      config: { permission: "farm.write", rateLimit: writeLimit },
      schema: { body: createChoreBody, response: { 201: chore } },
    },
    async (req, reply) => reply.code(201).send(await createChore(app.db, keeperOf(req), req.body)),
  );

  r.patch(
    "/api/chores/:id",
    {
      ...auth,
      config: { permission: "farm.write", rateLimit: writeLimit },
      schema: { params: uuidParam, body: updateChoreBody, response: { 200: chore } },
    },
    async (req) => updateChore(app.db, keeperOf(req), req.params.id, req.body),
  );

  r.delete(
    "/api/chores/:id",
    {
      ...auth,
      config: { permission: "farm.write", rateLimit: writeLimit },
      schema: { params: uuidParam },
    },
    async (req, reply) => {
      await deleteChore(app.db, keeperOf(req), req.params.id);
      return reply.code(204).send();
    },
  );
}
