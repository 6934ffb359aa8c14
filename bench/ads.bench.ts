import autocannon from "autocannon";
import { measureRps, sized, startBareServer, startServer, type BenchResult } from "./lib";

/*
 * Issue 9 budgets: GET /api/advertisements?category= at least 50% of a bare node:http server's
 * requests per second (the same JSON, measured side by side: autocannon, 50 connections, 10 s), and
 * POST /api/track-click sustaining 2,000 requests/s on the embedded database without errors.
 *
 * track-click is rate limited per client address (120 a minute), as it must be. Its budget is about
 * many visitors clicking at once, so the server trusts X-Forwarded-For here (TRUST_PROXY, as behind
 * a reverse proxy) and each request comes from one of 4,096 addresses, a few requests each.
 */
const PASSWORD = "bench-admin-password-0123456789";
const SECONDS = Number(process.env.ADS_BENCH_SECONDS ?? sized(10, 3));

/** The sizes this run measures at (bench/run.ts prints them first). */
export const sizes = `ad list vs bare node:http and track-click, ${SECONDS} s each (--full: 10 s)`;

export async function run(): Promise<BenchResult[]> {
  const server = await startServer({ ADMIN_PASSWORD: PASSWORD, TRUST_PROXY: "loopback" });
  try {
    const login = await fetch(`${server.url}/api/admin/login`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: server.url },
      body: JSON.stringify({ password: PASSWORD }),
    });
    const admin = login.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    for (let i = 0; i < 6; i++) {
      const res = await fetch(`${server.url}/api/admin/advertisements`, {
        method: "POST",
        headers: { "content-type": "application/json", cookie: admin, origin: server.url },
        body: JSON.stringify({
          title: `Layer pellets ${i}`,
          description: "Complete layer feed, 16% protein, for hens from point of lay.",
          price: "$18.99 / 50 lb",
          category: "feed",
          contactInfo: "sales@feedmill.example",
          imageUrl: "https://images.example.com/pellets.jpg",
          link: "https://feedmill.example/pellets",
          isActive: 1,
        }),
      });
      if (res.status !== 201) throw new Error(`creating an ad answered ${res.status}`);
    }
    const adsUrl = `${server.url}/api/advertisements?category=feed`;
    const body = await (await fetch(adsUrl)).text();
    if (JSON.parse(body).length !== 6) throw new Error("the public list does not show the 6 ads");

    const bare = await startBareServer(body);
    const bareRps = (await measureRps(bare.url, { seconds: SECONDS })).rps;
    await bare.close();
    const ads = await measureRps(adsUrl, { seconds: SECONDS });
    const ratio = ads.rps / bareRps;

    let n = 0;
    const clicks = await autocannon({
      url: `${server.url}/api/track-click`,
      connections: 50,
      duration: SECONDS,
      method: "POST",
      headers: { "content-type": "application/json", origin: server.url },
      body: JSON.stringify({
        elementName: "Layer pellets",
        elementType: "advertisement",
        page: "/food-safety",
        sessionId: "bench-session-0001",
      }),
      requests: [
        {
          setupRequest: (req) => {
            n++;
            const ip = `10.0.${(n >> 8) & 15}.${n & 255}`;
            return { ...req, headers: { ...req.headers, "x-forwarded-for": ip } };
          },
        },
      ],
    });
    const clickErrors = clicks.errors + clicks.timeouts + clicks.non2xx;
    return [
      {
        name: "GET /api/advertisements?category= rps vs bare node:http",
        value: +(ratio * 100).toFixed(1),
        unit: "%",
        budget: ">= 50 %",
        pass: ratio >= 0.5 && ads.errors === 0 && ads.non2xx === 0,
      },
      {
        name: `POST /api/track-click sustained (embedded; ${clickErrors} errors or non-2xx)`,
        value: Math.round(clicks.requests.average),
        unit: "req/s",
        budget: ">= 2000 req/s, 0 errors",
        pass: clicks.requests.average >= 2000 && clickErrors === 0,
      },
    ];
  } finally {
    await server.stop();
  }
}
