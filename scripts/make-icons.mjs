// Renders the PWA icons from public/favicon.svg (run once; the PNGs are committed).
import sharp from "sharp";
import { readFileSync } from "node:fs";

const dir = new URL("../apps/web/public/", import.meta.url);
const svg = readFileSync(new URL("favicon.svg", dir));
for (const size of [192, 512]) {
  await sharp(svg, { density: 600 })
    .resize(size, size)
    .png()
    .toFile(new URL(`icons/icon-${size}.png`, dir).pathname);
}
// Maskable: the artwork inside the 80% safe zone on a full-bleed background.
const inner = await sharp(svg, { density: 600 }).resize(360, 360).png().toBuffer();
await sharp({ create: { width: 512, height: 512, channels: 4, background: "#b45309" } })
  .composite([{ input: inner, gravity: "center" }])
  .png()
  .toFile(new URL("icons/icon-maskable-512.png", dir).pathname);
console.log("icons written");
