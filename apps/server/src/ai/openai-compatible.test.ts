import http from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { droppingsModelResult } from "@flockkeeper/shared/schemas/droppings";
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
