// Link checks shared by the schemas and the web app (ads, the admin forms). Kept apart from the zod
// schemas (schemas/advertisement.ts re-exports them): the ads that load after a public page paints
// need only these, and importing the schema module made the phone build and evaluate zod and the
// advertisement schemas in one long main-thread task (~12 ms on the build host, ×11 on Lighthouse's
// simulated phone).

/** True for an absolute http(s) URL with a host; everything else (javascript:, data:...) is refused. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname.length > 0;
  } catch {
    return false;
  }
}

export const LINK_MESSAGE = "Links must start with http:// or https://";
