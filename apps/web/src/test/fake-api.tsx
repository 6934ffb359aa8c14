import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, type RenderResult } from "@testing-library/react";
import type { ReactElement } from "react";
import { vi } from "vitest";

/*
 * The API as a component test sees it: `fetch` answered by one handler per test, every call
 * recorded with its parsed JSON body. Unknown calls answer 404, so a test never silently
 * depends on a request it did not describe. Pair with `renderWithClient` (TanStack Query with
 * retries off) and the typed fixtures in ./fixtures.ts.
 */

export type ApiCall = { method: string; url: string; body: unknown };
/** Return [status, json] to answer, or undefined for a 404. */
export type ApiHandler = (call: ApiCall) => readonly [number, unknown] | undefined;

export function fakeApi(handler: ApiHandler) {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string | URL, init: RequestInit = {}) => {
      const call: ApiCall = {
        method: init.method ?? "GET",
        url: String(input),
        body: init.body ? (JSON.parse(String(init.body)) as unknown) : undefined,
      };
      calls.push(call);
      const [status, json] = handler(call) ?? [404, { message: "Not found" }];
      return new Response(status === 204 ? null : JSON.stringify(json), {
        status,
        headers: { "content-type": "application/json" },
      });
    }),
  );
  return {
    calls,
    /** The bodies sent to `method url`, in order. */
    sent: (method: string, url: string) =>
      calls.filter((c) => c.method === method && c.url === url).map((c) => c.body),
  };
}

export function renderWithClient(ui: ReactElement): RenderResult & { client: QueryClient } {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return { client, ...render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>) };
}
