/**
 * Preloads the app's boot stages. main.tsx loads React DOM and the app's modules with `import()`
 * so that each evaluates in a task of its own; without a preload their download would only start
 * once the entry has run (one more round trip before the page answers taps). This adds a
 * `modulepreload` for every chunk of the stages (the `src/app/boot-*` modules and what they
 * import statically) to index.html, which the prerendered pages are made from.
 */
import type { HtmlTagDescriptor, Plugin } from "vite";

/** The part of a Rolldown output chunk this needs. */
export type BootChunk = { fileName: string; imports: string[]; facadeModuleId: string | null };

/** Is this module one of main.tsx's boot stages? */
export const isBootStage = (moduleId: string) =>
  /(^|\/)src\/app\/boot-[a-z-]+\.tsx?$/.test(moduleId);

/** The files of the boot stages' chunks and their static imports, stages first. */
export function bootChunkFiles(chunks: BootChunk[]): string[] {
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const files: string[] = [];
  const visit = (file: string) => {
    if (files.includes(file)) return;
    files.push(file);
    for (const i of byFile.get(file)?.imports ?? []) visit(i);
  };
  for (const c of chunks) if (c.facadeModuleId && isBootStage(c.facadeModuleId)) visit(c.fileName);
  return files;
}

export function bootPreloadPlugin(): Plugin {
  return {
    name: "flockkeeper:boot-preload",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(html, ctx) {
        if (!ctx.bundle) return html;
        const chunks = Object.values(ctx.bundle).filter((c) => c.type === "chunk");
        const tags: HtmlTagDescriptor[] = bootChunkFiles(chunks)
          // Vite already preloads the entry's static imports.
          .filter((file) => !html.includes(`/${file}"`))
          .map((file) => ({
            tag: "link",
            attrs: { rel: "modulepreload", crossorigin: true, href: `/${file}` },
            injectTo: "head",
          }));
        return { html, tags };
      },
    },
  };
}
