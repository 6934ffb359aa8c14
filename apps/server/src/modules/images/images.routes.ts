import type { FastifyError, FastifyInstance } from "fastify";
import { storedImage, uploadImageBody } from "@flockkeeper/shared/schemas/image";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { notFound } from "../../lib/errors";
import {
  AD_IMAGE_BOX,
  BIRD_PHOTO_BOX,
  decodeImagePayload,
  imageTooLarge,
  loadImage,
  storeImage,
} from "./images.service";
import { imageAccess, keeperOf, optionalKeeperOf } from "../../access/access";

/** Uploads (a keeper's photos, the admin's ad pictures) and downloads (owners only; ads public). */
export async function imagesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  const upload = {
    bodyLimit: 15 * 1024 * 1024,
    schema: { body: uploadImageBody, response: { 201: storedImage } },
    config: { rateLimit: { max: 30, timeWindow: "1 minute" } },
    // A body over the limit gets the spec's image message; everything else goes to the app handler.
    errorHandler: (error: FastifyError) => {
      if (error.code === "FST_ERR_CTP_BODY_TOO_LARGE") throw imageTooLarge();
      throw error;
    },
  };

  r.post(
    "/api/images",
    // onRequest: a signed-out caller is refused before a 15 MB body is read.
    { ...upload, onRequest: app.requireUser },
    async (req, reply) => {
      const buffer = decodeImagePayload(req.body.image);
      const stored = await storeImage(app.db, keeperOf(req).farmId, buffer, BIRD_PHOTO_BOX);
      return reply.code(201).send({ url: stored.url, width: stored.width, height: stored.height });
    },
  );

  // The admin's ad pictures: the admin may have come in through the password gate, not as a keeper.
  r.post("/api/admin/images", { ...upload, onRequest: app.requireAdmin }, async (req, reply) => {
    const buffer = decodeImagePayload(req.body.image);
    const stored = await storeImage(app.db, { admin: true }, buffer, AD_IMAGE_BOX);
    return reply.code(201).send({ url: stored.url, width: stored.width, height: stored.height });
  });

  r.get(
    "/api/images/:file",
    {
      schema: { params: z.object({ file: z.string().max(80) }) },
      // Signed in or not: the admin's ad pictures are public, a keeper's photos are not.
      preHandler: app.optionalUser,
    },
    async (req, reply) => {
      const hash = /^([a-f0-9]{64})\.jpg$/.exec(req.params.file)?.[1];
      // Another keeper's photo answers exactly like a missing one: the hash reveals nothing.
      const access = hash ? await imageAccess(app.db, optionalKeeperOf(req), hash) : null;
      const found = access && hash ? await loadImage(app.db, hash) : null;
      if (!found || !hash) throw notFound("Image");
      reply
        .header("content-type", found.mime)
        .header("x-content-type-options", "nosniff")
        // Even if a browser were talked into rendering it as a document: no script, no plugins,
        // no same-origin rights.
        .header("content-security-policy", "default-src 'none'; sandbox")
        .header("etag", `"${hash}"`);
      if (access === "public") {
        // An ad picture: the same bytes for everyone, forever (the address is their hash).
        reply.header("cache-control", "public, max-age=31536000, immutable");
      } else {
        // A keeper's photo: no shared cache keeps it, and the browser asks again before each use,
        // so access is decided here every time (a revalidation costs a 304, not the bytes).
        reply.header("cache-control", "private, no-cache");
      }
      if (req.headers["if-none-match"] === `"${hash}"`) return reply.code(304).send();
      return reply.send(found.bytes);
    },
  );
}
