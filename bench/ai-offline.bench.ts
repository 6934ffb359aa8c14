import { readAnalysisImage, samplePixels } from "../apps/server/src/ai/image";
import { analyzeDroppingsOffline } from "../apps/server/src/ai/offline/droppings";
import { largePhoto } from "../apps/server/src/ai/test/images";
import { median, sized, type BenchResult } from "./lib";

/**
 * Issue 5 budgets: offline analysis of a 12-megapixel JPEG (decode and check the upload, sample
 * its pixels, analyse) under 300 ms median server time, and memory bounded over 200 analyses.
 */
const ANALYSES = sized(200, 80);

/** The sizes this run measures at (bench/run.ts prints them first). */
export const sizes = `${ANALYSES} analyses of a 12 MP JPEG (--full: 200)`;

export async function run(): Promise<BenchResult[]> {
  const b64 = (await largePhoto(4000, 3000)).toString("base64");
  const once = async () => {
    const img = await readAnalysisImage(b64);
    analyzeDroppingsOffline(await samplePixels(img), img);
  };
  for (let i = 0; i < 5; i++) await once(); // warm-up
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const rssStart = process.memoryUsage().rss;
  const times: number[] = [];
  let rssAt50 = 0;
  for (let i = 0; i < ANALYSES; i++) {
    const t0 = performance.now();
    await once();
    times.push(performance.now() - t0);
    if (i === 49) {
      gc?.();
      rssAt50 = process.memoryUsage().rss;
    }
  }
  gc?.();
  const rssEnd = process.memoryUsage().rss;
  const med = median(times);
  // Growth between analysis 50 and 200: a leak would keep growing after the allocator settles.
  const growthMb = Math.max(0, rssEnd - rssAt50) / 1e6;
  return [
    {
      name: `Offline droppings analysis of a 12 MP JPEG, median of ${ANALYSES}`,
      value: +med.toFixed(1),
      unit: "ms",
      budget: "< 300 ms",
      pass: med < 300,
    },
    {
      name: `RSS growth from analysis 50 to ${ANALYSES} (start ${Math.round(rssStart / 1e6)} MB)`,
      value: +growthMb.toFixed(1),
      unit: "MB",
      budget: "< 50 MB",
      pass: growthMb < 50,
    },
  ];
}
