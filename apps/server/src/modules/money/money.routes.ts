import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { uuidParam } from "@flockkeeper/shared/schemas/common";
import {
  createTransactionBody,
  moneyQuery,
  moneySummary as moneySummarySchema,
  transaction,
  transactionList,
  updateTransactionBody,
} from "@flockkeeper/shared/schemas/money";
import {
  createTransaction,
  deleteTransaction,
  exportMoneyCsv,
  listTransactions,
  moneySummary,
  updateTransaction,
} from "./money.service";
import { keeperOf } from "../../access/access";

/**
 * Money (issue 20 items 6-8): transactions, the money view and its CSV. Every route needs
 * `money.read` (owners and keepers): a helper gets 403, as for the production summary.
 */
export async function moneyRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // onRequest: a signed-out caller is refused before the body is validated.
  const auth = { onRequest: app.requireUser };
  const money = { permission: "money.read" as const };
  const writeLimit = { rateLimit: { max: 240, timeWindow: "1 minute" } };

  r.get(
    "/api/transactions",
    {
      ...auth,
      config: money,
      schema: { querystring: moneyQuery, response: { 200: transactionList } },
    },
    async (req) => listTransactions(app.db, keeperOf(req), req.query),
  );

  r.post(
    "/api/transactions",
    {
      ...auth,
      config: { ...money, ...writeLimit },
      schema: { body: createTransactionBody, response: { 201: transaction } },
    },
    async (req, reply) =>
      reply.code(201).send(await createTransaction(app.db, keeperOf(req), req.body)),
  );

  r.patch(
    "/api/transactions/:id",
    {
      ...auth,
      config: { ...money, ...writeLimit },
      schema: { params: uuidParam, body: updateTransactionBody, response: { 200: transaction } },
    },
    async (req) => updateTransaction(app.db, keeperOf(req), req.params.id, req.body),
  );

  r.delete(
    "/api/transactions/:id",
    { ...auth, config: { ...money, ...writeLimit }, schema: { params: uuidParam } },
    async (req, reply) => {
      await deleteTransaction(app.db, keeperOf(req), req.params.id);
      return reply.code(204).send();
    },
  );

  r.get(
    "/api/money/summary",
    {
      ...auth,
      config: money,
      schema: { querystring: moneyQuery, response: { 200: moneySummarySchema } },
    },
    async (req) => moneySummary(app.db, keeperOf(req), req.query),
  );

  r.get(
    "/api/money/export",
    {
      ...auth,
      config: { ...money, rateLimit: { max: 30, timeWindow: "1 minute" } },
      schema: { querystring: moneyQuery, response: { 200: z.string() } },
    },
    async (req, reply) => {
      const { filename, body } = await exportMoneyCsv(app.db, keeperOf(req), req.query);
      return reply
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="${filename}"`)
        .header("cache-control", "private, no-store")
        .send(body);
    },
  );
}
