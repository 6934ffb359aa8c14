import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { birdPhoto, healthyDroppings, jpegDataUrl } from "../../ai/test/images";
import { buildUser, createTestApp, type TestApp } from "../../test/helpers";

/*
 * The three analysis endpoints against an OpenAI-compatible stub on 127.0.0.1: a valid answer, a
 * malformed answer then a valid one, malformed twice, a timeout, a 500, prose, and no server at all.
 */

type Reply = { status?: number; content?: string; raw?: string; delayMs?: number };
let script: Reply[] = [];
let requests: Record<string, unknown>[] = [];
let stub: http.Server;
let t: TestApp;
let ip = 1;

const droppingsAnswer = {
  healthStatus: "concerning",
  analysis: "Watery green droppings with little urate.",
  confidenceLevel: 0.7,
  clinicalFindings: "Green, watery, no blood.",
  followUpRequired: true,
  recommendations: ["Check appetite."],
  warnings: ["See a vet if it persists."],
};
const healthAnswer = {
  healthStatus: "healthy",
  overallScore: 88,
  confidenceLevel: 0.8,
  analysis: "Alert bird with a red comb.",
  followUpRequired: false,
  observations: { eyes: "Clear and bright", comb: "Red" },
  recommendations: ["Keep up the good care."],
  treatments: { immediate: [], ongoing: [], preventive: ["Clean water daily"] },
  warnings: [],
};
const text = "x";
const breedAnswer = {
  breed: "Rhode Island Red",
  species: "chicken",
  confidence: 86,
  description: "A red dual-purpose hen.",
  characteristics: {
    size: "Large",
    purpose: "Dual",
    temperament: "Hardy",
    eggProduction: "250-300",
    eggColor: "Brown",
    origin: "USA",
  },
  eggProduction: "250-300 eggs a year",
  averageWeight: "6.5 lbs",
  temperament: "Hardy",
  eggColor: "Brown",
  purpose: "Dual",
  careNotes: ["Standard care"],
  identificationMarkers: text,
  breedingNotes: text,
  physicalTraits: {
    featherPattern: "solid",
    primaryColors: ["red"],
    combType: "single",
    bodyShape: "rectangular",
    specialFeatures: [],
  },
  alternativeBreeds: [{ breed: "New Hampshire", reason: "Lighter red", confidence: 10 }],
};

const endpoints = [
  {
    url: "/api/analyze-feces",
    answer: droppingsAnswer,
    payload: async () => ({ image: jpegDataUrl(await healthyDroppings(320, 240)) }),
  },
  {
    url: "/api/analyze-health",
    answer: healthAnswer,
    payload: async () => ({
      image: (await birdPhoto("#7a5230", "#d01818", 320, 240)).toString("base64"),
      species: "duck",
    }),
  },
  {
    url: "/api/identify-bird-breed",
    answer: breedAnswer,
    payload: async () => ({
      image: (await birdPhoto("#8b3a1e", "#d01818", 320, 240)).toString("base64"),
      timestamp: Date.now(),
    }),
  },
];

const ok = (answer: unknown): Reply => ({ content: JSON.stringify(answer) });

beforeAll(async () => {
  stub = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      try {
        requests.push({ url: req.url, auth: req.headers.authorization, ...JSON.parse(body) });
      } catch {
        requests.push({ url: req.url });
      }
      const reply = script.shift() ?? { status: 500 };
      const send = () => {
        if (res.destroyed) return;
        if (reply.raw !== undefined) {
          res.writeHead(reply.status ?? 200, { "content-type": "application/json" }).end(reply.raw);
          return;
        }
        if (reply.status && reply.status >= 400) {
          res
            .writeHead(reply.status, { "content-type": "application/json" })
            .end('{"error":"boom"}');
          return;
        }
        res.writeHead(200, { "content-type": "application/json" }).end(
          JSON.stringify({
            choices: [{ message: { role: "assistant", content: reply.content } }],
          }),
        );
      };
      if (reply.delayMs) setTimeout(send, reply.delayMs);
      else send();
    });
  });
  await new Promise<void>((r) => stub.listen(0, "127.0.0.1", r));
  const { port } = stub.address() as AddressInfo;
  process.env.AI_TIMEOUT_MS = "400";
  t = await createTestApp({
    AI_BASE_URL: `http://127.0.0.1:${port}/v1`,
    AI_API_KEY: "test-key",
    AI_MODEL: "stub-vision",
  });
});

afterAll(async () => {
  delete process.env.AI_TIMEOUT_MS;
  await t.close();
  stub.closeAllConnections();
  await new Promise((r) => stub.close(r));
});

beforeEach(() => {
  script = [];
  requests = [];
});

const post = async (url: string, payload: object) =>
  t.app.inject({ method: "POST", url, payload, remoteAddress: `10.2.0.${ip++}` });

for (const ep of endpoints) {
  describe(`${ep.url} with an OpenAI-compatible provider`, () => {
    it("sends the photo as an image part with a JSON schema, and returns the validated answer", async () => {
      script = [ok(ep.answer)];
      const res = await post(ep.url, await ep.payload());
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ ...ep.answer, method: "ai", analysisId: null });
      expect(requests).toHaveLength(1);
      const sent = requests[0] as {
        url: string;
        auth: string;
        model: string;
        messages: { role: string; content: unknown }[];
        response_format: {
          type: string;
          json_schema: { name: string; schema: { type: string; required: string[] } };
        };
      };
      expect(sent.url).toBe("/v1/chat/completions");
      expect(sent.auth).toBe("Bearer test-key");
      expect(sent.model).toBe("stub-vision");
      const user = sent.messages.find((m) => m.role === "user")!.content as {
        type: string;
        image_url?: { url: string };
      }[];
      expect(
        user.some(
          (p) => p.type === "image_url" && p.image_url!.url.startsWith("data:image/jpeg;base64,"),
        ),
      ).toBe(true);
      expect(sent.response_format.type).toBe("json_schema");
      expect(sent.response_format.json_schema.schema.type).toBe("object");
      expect(sent.response_format.json_schema.schema.required).toContain(Object.keys(ep.answer)[0]);
    });

    it("retries a malformed answer once and then succeeds", async () => {
      script = [{ content: '{"healthStatus": "fine", "analysis": ' }, ok(ep.answer)];
      const res = await post(ep.url, await ep.payload());
      expect(res.statusCode).toBe(200);
      expect(requests).toHaveLength(2);
    });

    it("reports two malformed answers with the spec's failure message (502)", async () => {
      script = [{ content: "I think the chicken looks fine!" }, { content: '{"breed": 3}' }];
      const res = await post(ep.url, await ep.payload());
      expect(res.statusCode).toBe(502);
      expect(res.json()).toMatchObject({ code: "AI_BAD_ANSWER" });
      expect(res.json().message).toMatch(/^Failed to analyze the image\. Please try again\./);
      expect(requests).toHaveLength(2);
    });

    it("gives up after the timeout with a timeout message (504)", async () => {
      script = [{ ...ok(ep.answer), delayMs: 1500 }];
      const res = await post(ep.url, await ep.payload());
      expect(res.statusCode).toBe(504);
      expect(res.json().code).toBe("AI_TIMEOUT");
      expect(res.json().message).toMatch(/timeout/i);
    });

    it("reports a provider 500 as a clear 502", async () => {
      script = [{ status: 500 }];
      const res = await post(ep.url, await ep.payload());
      expect(res.statusCode).toBe(502);
      expect(res.json().code).toBe("AI_PROVIDER_ERROR");
      expect(res.json().message).toMatch(/HTTP 500/);
    });

    it("treats a non-JSON response body like a malformed answer", async () => {
      script = [{ raw: "<html>gateway</html>" }, { raw: '{"choices": [' }];
      const res = await post(ep.url, await ep.payload());
      expect(res.statusCode).toBe(502);
      expect(res.json().code).toBe("AI_BAD_ANSWER");
    });
  });
}

describe("a configured provider that cannot be reached", () => {
  let down: TestApp;
  beforeAll(async () => {
    // A port that was just free: nothing listens there.
    const closed = http.createServer();
    await new Promise<void>((r) => closed.listen(0, "127.0.0.1", r));
    const { port } = closed.address() as AddressInfo;
    await new Promise((r) => closed.close(r));
    down = await createTestApp({
      AI_BASE_URL: `http://127.0.0.1:${port}/v1`,
      AI_MODEL: "stub-vision",
    });
  });
  afterAll(async () => {
    await down.close();
  });

  for (const ep of endpoints) {
    it(`${ep.url}: answers 502 with a clear 'could not be reached' message, not a 500`, async () => {
      const res = await down.app.inject({
        method: "POST",
        url: ep.url,
        payload: await ep.payload(),
        remoteAddress: `10.3.0.${ip++}`,
      });
      expect(res.statusCode).toBe(502);
      expect(res.json()).toMatchObject({ code: "AI_UNAVAILABLE" });
      expect(res.json().message).toMatch(/could not be reached \(network error\)/);
    });
  }
});

describe("AI answers for signed-in keepers", () => {
  it("saves the AI result and adds the breed's rarity from the dataset", async () => {
    const keeper = await buildUser(t);
    script = [ok(breedAnswer)];
    const res = await keeper.inject({
      method: "POST",
      url: "/api/identify-bird-breed",
      payload: await endpoints[2]!.payload(),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().rarity).toMatchObject({ score: 15, level: "Common", found: true });
    const list = await keeper.inject({ method: "GET", url: "/api/analyses?kind=breed" });
    expect(list.json()[0]).toMatchObject({ status: "Rhode Island Red", method: "ai" });
  });
});
