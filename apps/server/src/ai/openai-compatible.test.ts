import http from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { droppingsModelResult } from "@flockkeeper/shared/schemas/droppings";
import { loadConfig } from "../config";
import { createVisionProvider, DEFAULT_AI_TIMEOUT_MS } from "./index";
import { jsonSchemaFor, OpenAiCompatibleProvider, parseModelJson } from "./openai-compatible";
import { AiError } from "./types";

describe("OpenAI-compatible provider", () => {
  it("derives a JSON schema from the zod result schema", () => {
    const schema = jsonSchemaFor(droppingsModelResult) as {
      type: string;
      properties: Record<string, { enum?: string[] }>;
      required: string[];
    };
    expect(schema.type).toBe("object");
    expect(schema.properties.healthStatus!.enum).toEqual(["healthy", "concerning", "urgent"]);
    expect(schema.required).toEqual(
      expect.arrayContaining([
        "healthStatus",
        "analysis",
        "followUpRequired",
        "recommendations",
        "warnings",
      ]),
    );
    expect(schema.required).not.toContain("confidenceLevel");
  });

  it("reads JSON inside a code fence and rejects prose", () => {
    expect(parseModelJson('```json\n{"a":1}\n```')).toEqual({ a: 1 });
    expect(parseModelJson("The bird is fine")).toBeUndefined();
    expect(parseModelJson(null)).toBeUndefined();
  });

  it("is configured from AI_BASE_URL, AI_API_KEY and AI_MODEL with the spec's 30 s timeout", () => {
    expect(createVisionProvider({ ai: null })).toBeNull();
    const ai = { baseUrl: "http://127.0.0.1:11434/v1", apiKey: null, model: "llava" };
    const provider = createVisionProvider({ ai }, {});
    expect(provider).toBeInstanceOf(OpenAiCompatibleProvider);
    expect(provider!.name).toBe("openai-compatible:llava");
    expect(DEFAULT_AI_TIMEOUT_MS).toBe(30_000);
    const opts = (provider as unknown as { opts: { timeoutMs: number; baseUrl: string } }).opts;
    expect(opts).toMatchObject({ timeoutMs: 30_000, baseUrl: ai.baseUrl });
  });

  it("reads the provider from the environment, and refuses half a provider", () => {
    expect(loadConfig({}).ai).toBeNull();
    expect(
      loadConfig({
        AI_BASE_URL: "http://127.0.0.1:11434/v1/",
        AI_API_KEY: "k",
        AI_MODEL: "llava",
      }).ai,
    ).toEqual({ baseUrl: "http://127.0.0.1:11434/v1", apiKey: "k", model: "llava" });
    expect(() => loadConfig({ AI_BASE_URL: "http://127.0.0.1:11434/v1" })).toThrow(
      /AI_BASE_URL and AI_MODEL must be set together/,
    );
    expect(() => loadConfig({ AI_MODEL: "llava" })).toThrow(/AI_MODEL must be set together/);
  });

  it("reports an unreachable provider as AI_UNAVAILABLE", async () => {
    const closed = http.createServer();
    await new Promise<void>((r) => closed.listen(0, "127.0.0.1", r));
    const { port } = closed.address() as AddressInfo;
    await new Promise((r) => closed.close(r));
    const provider = new OpenAiCompatibleProvider({
      baseUrl: `http://127.0.0.1:${port}/v1`,
      apiKey: null,
      model: "m",
      timeoutMs: 2000,
    });
    const err = await provider
      .analyze({
        task: "droppings",
        schemaName: "droppings",
        schema: droppingsModelResult,
        system: "s",
        prompt: "p",
        jpeg: Buffer.from([0xff, 0xd8, 0xff]),
      })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AiError);
    expect((err as AiError).code).toBe("AI_UNAVAILABLE");
    expect((err as AiError).message).toMatch(/network/);
  });
});
