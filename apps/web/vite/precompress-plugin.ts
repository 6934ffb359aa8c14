/**
 * Writes a Brotli (.br) and a gzip (.gz) copy beside every compressible file of the build, once,
 * at the highest levels: the server sends the copy the browser accepts (web-app.ts) and spends no
 * CPU compressing per request. Runs last, after the service worker and prerendered pages exist.
 */
import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { Plugin, ResolvedConfig } from "vite";

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|xml|txt|map)$/;
/** Below this a compressed copy saves less than the headers it costs. */
const MIN_BYTES = 1024;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else yield full;
  }
}

export function precompressPlugin(): Plugin {
  let config: ResolvedConfig;
  return {
    name: "flockkeeper:precompress",
    apply: "build",
    configResolved(resolved) {
      config = resolved;
    },
    closeBundle: {
      sequential: true,
      order: "post",
      async handler() {
        if (config.build.ssr) return;
        const outDir = path.resolve(config.root, config.build.outDir);
        for await (const file of files(outDir)) {
          if (!COMPRESSIBLE.test(file) || file.includes(`${path.sep}.vite${path.sep}`)) continue;
          const data = await readFile(file);
          if (data.length < MIN_BYTES) continue;
          const [br, gz] = await Promise.all([
            brotli(data, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
              },
            }),
            gzip(data, { level: zlib.constants.Z_BEST_COMPRESSION }),
          ]);
          await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
        }
      },
    },
  };
}
