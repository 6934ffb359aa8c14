import type autocannon from "autocannon";
import { mapLimit, signInKeeper } from "./lib";

/*
 * Keepers for load benches: each signs in over HTTP (built-in OpenID provider), adds 3 birds, and
 * then cycles through the everyday mix of a keeper using the app: list birds, add an egg record,
 * look up a food, look at the production summary. Each keeper has its own address in
 * X-Forwarded-For (the server must run with TRUST_PROXY=loopback): they are different people, so the
 * per-address rate limits apply per keeper, as they would in production behind a proxy.
 */

export type Keeper = {
  index: number;
  ip: string;
  cookie: string;
  /** The server's origin: sent as Origin on writes, as a browser does (cookie writes need it). */
  origin: string;
  birds: string[];
  /** Egg record POSTs sent so far (also the counter that picks each record's bird and date). */
  posted: number;
  /** Ids of the egg records the server acknowledged with 201. */
  acked: string[];
};

/** Distinct bird/date pairs per keeper before they repeat: 3 birds x 360 days. */
const DAYS = 360;
/** Foods a keeper looks up (names from data/foods.json, some by alias or misspelt). */
const FOODS = ["Acorns", "Alfalfa", "Watermelon", "tomato", "Bread", "Oats", "Pumpkin", "avocado"];

const isoDaysAgo = (days: number) =>
  new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

/** A keeper's address: 10.x.y.z, unique per index. */
export const keeperIp = (i: number) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;

/** Signs in `count` keepers (`concurrency` at a time) and gives each 3 birds. */
export async function prepareKeepers(
  base: string,
  count: number,
  { tag, concurrency = 10 }: { tag: string; concurrency?: number },
): Promise<Keeper[]> {
  return mapLimit(
    Array.from({ length: count }, (_, i) => i),
    concurrency,
    async (index) => {
      const ip = keeperIp(index);
      const cookie = await signInKeeper(base, {
        email: `keeper-${tag}-${index}@example.com`,
        name: `Keeper ${index}`,
        headers: { "x-forwarded-for": ip },
      });
      const birds: string[] = [];
      for (const name of ["Henrietta", "Clucky", "Pepper"]) {
        const res = await fetch(`${base}/api/chickens`, {
          method: "POST",
          headers: {
            cookie,
            origin: new URL(base).origin,
            "x-forwarded-for": ip,
            "content-type": "application/json",
          },
          body: JSON.stringify({ name, breed: "Sussex", sex: "hen" }),
        });
        if (res.status !== 201) throw new Error(`add bird: ${res.status} ${await res.text()}`);
        birds.push(((await res.json()) as { id: string }).id);
      }
      return { index, ip, cookie, origin: new URL(base).origin, birds, posted: 0, acked: [] };
    },
  );
}

/** The next egg record of a keeper: a different bird/date pair each time (360 days back). */
function nextEggRecord(k: Keeper): string {
  const n = k.posted++;
  const day = 1 + (Math.floor(n / k.birds.length) % DAYS);
  return JSON.stringify({
    chickenId: k.birds[n % k.birds.length],
    date: isoDaysAgo(day),
    eggsLaid: n % 4,
    eggQuality: "good",
  });
}

/** Status counts and latencies per "METHOD path" across all keepers. */
export class RouteStats {
  readonly statuses = new Map<string, Map<number, number>>();
  readonly latencies = new Map<string, number[]>();

  status(route: string, status: number) {
    const byStatus = this.statuses.get(route) ?? new Map<number, number>();
    byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
    this.statuses.set(route, byStatus);
  }

  latency(route: string, ms: number) {
    const list = this.latencies.get(route) ?? [];
    list.push(ms);
    this.latencies.set(route, list);
  }

  /** The q-quantile (0..1) latency of one route, in ms. */
  quantile(route: string, q: number): number {
    const s = [...(this.latencies.get(route) ?? [])].sort((a, b) => a - b);
    return s.length ? s[Math.min(s.length - 1, Math.floor(q * s.length))]! : NaN;
  }

  /** "GET /api/chickens p99 12 ms, …" */
  summary(q = 0.99): string {
    return [...this.latencies.keys()]
      .map((r) => `${r.replace(/\?.*$/, "")} ${Math.round(this.quantile(r, q))}`)
      .join(", ");
  }

  statusText(): string {
    return [...this.statuses]
      .map(([route, byStatus]) => `${route}: ${JSON.stringify(Object.fromEntries(byStatus))}`)
      .join("\n  ");
  }
}

/** The keeper's request cycle for autocannon: one list, one write, one lookup, one summary. */
export function keeperRequests(
  k: Keeper,
  stats: RouteStats,
  onRoute: (route: string) => void = () => {},
): autocannon.Request[] {
  const headers = { cookie: k.cookie, origin: k.origin, "x-forwarded-for": k.ip };
  const seen = (route: string) => (status: number) => {
    stats.status(route, status);
    onRoute(route);
  };
  const listed = seen("GET /api/chickens");
  const posted = seen("POST /api/egg-records");
  const searched = seen("GET /api/food-items/search");
  const summed = seen("GET /api/production/summary");
  let food = k.index;
  return [
    { method: "GET", path: "/api/chickens", headers, onResponse: (s) => listed(s) },
    {
      method: "POST",
      path: "/api/egg-records",
      headers: { ...headers, "content-type": "application/json" },
      setupRequest: (req) => ({ ...req, body: nextEggRecord(k) }),
      onResponse: (status, body) => {
        posted(status);
        if (status === 201) k.acked.push((JSON.parse(body) as { id: string }).id);
      },
    },
    {
      method: "GET",
      path: "/api/food-items/search?name=Acorns",
      headers,
      setupRequest: (req) => ({
        ...req,
        path: `/api/food-items/search?name=${encodeURIComponent(FOODS[food++ % FOODS.length]!)}`,
      }),
      onResponse: (s) => searched(s),
    },
    {
      method: "GET",
      path: "/api/production/summary?period=7",
      headers,
      onResponse: (s) => summed(s),
    },
  ];
}

/**
 * Gives each autocannon connection its own keeper and, with `thinkMs` > 0, a pause of 0..2 x thinkMs
 * (mean thinkMs) before each request, as a person reading the page takes. autocannon's own rate
 * options send each second's requests in one burst on every connection at once, which is not how
 * 200 people behave, so the pause wraps the client's request trigger instead (autocannon 8).
 */
export function keeperClients(
  keepers: Keeper[],
  stats: RouteStats,
  thinkMs: number,
): (client: autocannon.Client) => void {
  let next = 0;
  return (client) => {
    const k = keepers[next++ % keepers.length]!;
    // autocannon reports a response's body (onResponse) just before its timing ('response').
    let route = "";
    client.setRequests(keeperRequests(k, stats, (r) => (route = r)));
    client.on("response", (_status: number, _bytes: number, ms: number) => {
      stats.latency(route, ms);
    });
    if (thinkMs <= 0) return;
    const c = client as autocannon.Client & { _doRequest?: () => void; destroyed?: boolean };
    const send = c._doRequest?.bind(c);
    if (!send) throw new Error("autocannon client has no _doRequest: update keeperClients");
    c._doRequest = () => {
      setTimeout(
        () => {
          if (!c.destroyed) send();
        },
        Math.random() * 2 * thinkMs,
      );
    };
  };
}

/** A keeper's egg records over the last 366 days, as the API lists them. */
export async function listEggRecordIds(base: string, k: Keeper): Promise<Set<string>> {
  const res = await fetch(
    `${base}/api/egg-records?startDate=${isoDaysAgo(365)}&endDate=${isoDaysAgo(0)}`,
    { headers: { cookie: k.cookie, "x-forwarded-for": k.ip } },
  );
  if (res.status !== 200) throw new Error(`list egg records: ${res.status} ${await res.text()}`);
  return new Set(((await res.json()) as { id: string }[]).map((r) => r.id));
}
