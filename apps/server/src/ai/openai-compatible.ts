import { z } from "zod";
import {
  aiBadAnswer,
  aiProviderError,
  aiTimeout,
  aiUnavailable,
  type VisionProvider,
  type VisionRequest,
} from "./types";

export type OpenAiCompatibleOptions = {
  baseUrl: string;
  apiKey: string | null;
  model: string;
  /** Per request; the spec's 30 s unless a test shortens it. */
  timeoutMs: number;
  fetchImpl?: typeof fetch;
};

type ChatResponse = { choices?: { message?: { content?: unknown } }[] };

/** The JSON schema of a zod schema, as the chat-completions `response_format` expects it. */
export function jsonSchemaFor(schema: z.ZodType): Record<string, unknown> {
  const json = z.toJSONSchema(schema, { target: "draft-7", io: "output", unrepresentable: "any" });
  delete (json as { $schema?: unknown }).$schema;
  return json as Record<string, unknown>;
}

/** The model's text as JSON: tolerates a ```json fence around it; undefined when it is not JSON. */
export function parseModelJson(content: unknown): unknown {
  if (typeof content !== "string") return undefined;
  let text = content.trim();
  const fence = /^```(?:json)?\s*([\s\S]*?)\s*```$/i.exec(text);
  if (fence) text = fence[1]!;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Any OpenAI-compatible chat-completions API with image input (OpenAI, Ollama, vLLM, LM Studio).
 * The photo goes as an image part; the answer is requested with a JSON schema derived from the zod
 * result schema and validated with it. A malformed answer is retried once, then reported.
 */
export class OpenAiCompatibleProvider implements VisionProvider {
  readonly name: string;
  private readonly fetchImpl: typeof fetch;

  constructor(private readonly opts: OpenAiCompatibleOptions) {
    this.name = `openai-compatible:${opts.model}`;
    this.fetchImpl = opts.fetchImpl ?? fetch;
  }

  async analyze<T>(req: VisionRequest<T>): Promise<T> {
    const schema = jsonSchemaFor(req.schema);
    const dataUrl = `data:image/jpeg;base64,${req.jpeg.toString("base64")}`;
    const messages: unknown[] = [
      { role: "system", content: req.system },
      {
        role: "user",
        content: [
          { type: "text", text: req.prompt },
          { type: "image_url", image_url: { url: dataUrl } },
        ],
      },
    ];
    for (let attempt = 0; attempt < 2; attempt++) {
      const content = await this.complete(messages, req.schemaName, schema);
      const parsed = req.schema.safeParse(parseModelJson(content));
      if (parsed.success) return parsed.data;
      if (attempt === 0) {
        // Say what was wrong once, so the retry has a chance to be right.
        messages.push({ role: "assistant", content: typeof content === "string" ? content : "" });
        messages.push({
          role: "user",
          content: `That answer was not valid JSON matching the schema (${
            parsed.error.issues[0]?.message ?? "not JSON"
          }). Answer again with only the JSON object.`,
        });
      }
    }
    throw aiBadAnswer();
  }

  private async complete(
    messages: unknown[],
    schemaName: string,
    schema: Record<string, unknown>,
  ): Promise<unknown> {
    const signal = AbortSignal.timeout(this.opts.timeoutMs);
    let res: Response;
    try {
      res = await this.fetchImpl(`${this.opts.baseUrl}/chat/completions`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          ...(this.opts.apiKey ? { authorization: `Bearer ${this.opts.apiKey}` } : {}),
        },
        body: JSON.stringify({
          model: this.opts.model,
          messages,
          temperature: 0.2,
          response_format: {
            type: "json_schema",
            json_schema: { name: schemaName, schema, strict: false },
          },
        }),
        signal,
      });
    } catch {
      if (signal.aborted) throw aiTimeout(Math.round(this.opts.timeoutMs / 1000));
      throw aiUnavailable();
    }
    let body: ChatResponse | undefined;
    try {
      if (!res.ok) {
        await res.body?.cancel();
        throw aiProviderError(res.status);
      }
      body = (await res.json()) as ChatResponse;
    } catch (err) {
      if (signal.aborted) throw aiTimeout(Math.round(this.opts.timeoutMs / 1000));
      if (!res.ok) throw err;
      return undefined; // Not JSON at all: counts as a malformed answer.
    }
    return body?.choices?.[0]?.message?.content;
  }
}
