import sharp from "sharp";

/* Photos drawn in tests (SVG rendered by sharp), so no fixture files are needed. */

const svg = (w: number, h: number, body: string) =>
  Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">${body}</svg>`);

/** Light noise so a drawn photo has some texture, as a real one does. */
async function withGrain(input: Buffer, w: number, h: number): Promise<Buffer> {
  const noise = Buffer.alloc(w * h * 3);
  let seed = 42;
  for (let i = 0; i < noise.length; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    noise[i] = 116 + (seed % 24); // around mid-grey: soft-light adds grain without darkening
  }
  return sharp(input)
    .composite([{ input: noise, raw: { width: w, height: h, channels: 3 }, blend: "soft-light" }])
    .jpeg({ quality: 92 })
    .toBuffer();
}

/** A normal dropping: brown coil with a white urate cap on grey bedding. */
export async function healthyDroppings(w = 640, h = 480): Promise<Buffer> {
  const body = `<rect width="100%" height="100%" fill="#8a9099"/>
    <ellipse cx="${w / 2}" cy="${h / 2 + 20}" rx="${w / 4}" ry="${h / 5}" fill="#6b4423"/>
    <ellipse cx="${w / 2}" cy="${h / 2 - 30}" rx="${w / 8}" ry="${h / 10}" fill="#f2f0ea"/>`;
  return withGrain(
    await sharp(svg(w, h, body))
      .png()
      .toBuffer(),
    w,
    h,
  );
}

/** Brown dropping with bright red streaks of blood. */
export async function bloodyDroppings(w = 640, h = 480): Promise<Buffer> {
  const streaks = [0, 1, 2, 3]
    .map(
      (i) =>
        `<rect x="${w / 3 + i * 40}" y="${h / 3}" width="14" height="${h / 3}" fill="#d81212"/>`,
    )
    .join("");
  const body = `<rect width="100%" height="100%" fill="#8a9099"/>
    <ellipse cx="${w / 2}" cy="${h / 2}" rx="${w / 4}" ry="${h / 5}" fill="#6b4423"/>${streaks}`;
  return withGrain(
    await sharp(svg(w, h, body))
      .png()
      .toBuffer(),
    w,
    h,
  );
}

/** A green, watery puddle spread over most of the frame, no urate cap. */
export async function greenWateryDroppings(w = 640, h = 480): Promise<Buffer> {
  const body = `<rect width="100%" height="100%" fill="#8a9099"/>
    <ellipse cx="${w / 2}" cy="${h / 2}" rx="${w * 0.45}" ry="${h * 0.42}" fill="#5d8a2e"/>`;
  return sharp(svg(w, h, body))
    .jpeg({ quality: 95 })
    .toBuffer();
}

/** Yellow, foamy droppings: a mustard-yellow patch with paler bubbles, no urate cap. */
export async function yellowFoamyDroppings(w = 640, h = 480): Promise<Buffer> {
  const bubbles = Array.from({ length: 14 }, (_, i) => {
    const x = w / 2 + Math.cos(i * 2.4) * (w / 6) * ((i % 3) / 3 + 0.3);
    const y = h / 2 + Math.sin(i * 2.4) * (h / 7) * ((i % 3) / 3 + 0.3);
    return `<circle cx="${x.toFixed(0)}" cy="${y.toFixed(0)}" r="${6 + (i % 4) * 3}" fill="#f0dc64"/>`;
  }).join("");
  const body = `<rect width="100%" height="100%" fill="#8a9099"/>
    <ellipse cx="${w / 2}" cy="${h / 2}" rx="${w / 4}" ry="${h / 5}" fill="#d8b21c"/>${bubbles}`;
  return withGrain(
    await sharp(svg(w, h, body))
      .png()
      .toBuffer(),
    w,
    h,
  );
}

/** White, watery droppings: a spread white puddle of urates with hardly any brown. */
export async function whiteWateryDroppings(w = 640, h = 480): Promise<Buffer> {
  const body = `<rect width="100%" height="100%" fill="#6e757e"/>
    <ellipse cx="${w / 2}" cy="${h / 2}" rx="${w * 0.4}" ry="${h * 0.36}" fill="#f4f3ee"/>
    <circle cx="${w / 2}" cy="${h / 2}" r="${h / 40}" fill="#6b4423"/>`;
  return sharp(svg(w, h, body))
    .jpeg({ quality: 95 })
    .toBuffer();
}

/** Black, tarry droppings on light grey bedding. */
export async function blackTarryDroppings(w = 640, h = 480): Promise<Buffer> {
  const body = `<rect width="100%" height="100%" fill="#b8bcc2"/>
    <ellipse cx="${w / 2}" cy="${h / 2}" rx="${w / 4}" ry="${h / 5}" fill="#141210"/>`;
  return withGrain(
    await sharp(svg(w, h, body))
      .png()
      .toBuffer(),
    w,
    h,
  );
}

/** A caecal dropping: a pasty, dark brown blob without a white urate cap. */
export async function caecalDroppings(w = 640, h = 480): Promise<Buffer> {
  const body = `<rect width="100%" height="100%" fill="#8a9099"/>
    <ellipse cx="${w / 2}" cy="${h / 2}" rx="${w / 5}" ry="${h / 6}" fill="#5a3a1a"/>`;
  return withGrain(
    await sharp(svg(w, h, body))
      .png()
      .toBuffer(),
    w,
    h,
  );
}

/** A bird-like shape of one colour on a green lawn, with an optional comb colour. */
export async function birdPhoto(
  plumage: string,
  comb: string | null = "#d01818",
  w = 640,
  h = 480,
): Promise<Buffer> {
  const body = `<rect width="100%" height="100%" fill="#4f8f3a"/>
    <ellipse cx="${w / 2}" cy="${h * 0.6}" rx="${w * 0.28}" ry="${h * 0.25}" fill="${plumage}"/>
    <circle cx="${w * 0.7}" cy="${h * 0.32}" r="${h * 0.1}" fill="${plumage}"/>
    ${comb ? `<ellipse cx="${w * 0.7}" cy="${h * 0.2}" rx="${h * 0.07}" ry="${h * 0.04}" fill="${comb}"/>` : ""}`;
  return withGrain(
    await sharp(svg(w, h, body))
      .png()
      .toBuffer(),
    w,
    h,
  );
}

/** A bird with black and white bars (barred plumage). */
export async function barredBird(w = 640, h = 480): Promise<Buffer> {
  const body = `<rect width="100%" height="100%" fill="#4f8f3a"/>
    <defs><pattern id="b" width="${w}" height="16" patternUnits="userSpaceOnUse">
    <rect width="${w}" height="8" fill="#ececec"/><rect y="8" width="${w}" height="8" fill="#1c1c1c"/></pattern></defs>
    <ellipse cx="${w / 2}" cy="${h * 0.55}" rx="${w * 0.33}" ry="${h * 0.3}" fill="url(#b)"/>`;
  return withGrain(
    await sharp(svg(w, h, body))
      .png()
      .toBuffer(),
    w,
    h,
  );
}

/** A large camera-like JPEG (default 12 megapixels: 4000 x 3000). */
export async function largePhoto(w = 4000, h = 3000): Promise<Buffer> {
  const small = await healthyDroppings(800, 600);
  return sharp(small).resize(w, h).jpeg({ quality: 90 }).toBuffer();
}

/** A PNG whose header claims 100,000 x 100,000 pixels (the data is a tiny valid IDAT of nothing). */
export function hugePngHeader(): Buffer {
  const sig = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(100_000, 0);
  ihdr.writeUInt32BE(100_000, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(td) >>> 0);
    return Buffer.concat([len, td, crc]);
  };
  return Buffer.concat([
    sig,
    chunk("IHDR", ihdr),
    chunk("IDAT", Buffer.alloc(16)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

function crc32(buf: Buffer): number {
  let c = ~0;
  for (const b of buf) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  }
  return ~c;
}

/** A data URL of a JPEG. */
export const jpegDataUrl = (b: Buffer) => `data:image/jpeg;base64,${b.toString("base64")}`;
