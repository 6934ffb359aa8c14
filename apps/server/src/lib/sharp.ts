import type sharpModule from "sharp";

/**
 * sharp (with libvips) loaded on the first image, not at start-up: loading it costs about 150 ms
 * of CPU, which every `npm start` paid before its first answer (issue 17 item 9).
 */
let loading: Promise<typeof sharpModule> | undefined;
export const loadSharp = (): Promise<typeof sharpModule> =>
  (loading ??= import("sharp").then((m) => m.default));
