/**
 * A small streaming ZIP writer (deflate, data descriptors, no ZIP64): each file's content is an
 * async iterable of strings, compressed as it arrives, so a large export never sits in memory.
 * Enough for CSV exports well under 4 GB; not a general-purpose archiver.
 */
import { once } from "node:events";
import zlib from "node:zlib";

export type ZipEntry = { name: string; content: AsyncIterable<string> };

const u16 = (n: number) => {
  const b = Buffer.alloc(2);
  b.writeUInt16LE(n);
  return b;
};
const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n >>> 0);
  return b;
};

/** MS-DOS date and time fields for `d` (local fields, as zip tools expect). */
function dosDateTime(d: Date): { time: number; date: number } {
  const year = Math.max(1980, d.getFullYear());
  return {
    time: (d.getHours() << 11) | (d.getMinutes() << 5) | Math.floor(d.getSeconds() / 2),
    date: ((year - 1980) << 9) | ((d.getMonth() + 1) << 5) | d.getDate(),
  };
}

/** Yields the bytes of a ZIP archive holding `entries`, in order. */
export async function* zipStream(
  entries: AsyncIterable<ZipEntry> | Iterable<ZipEntry>,
  now = new Date(),
): AsyncGenerator<Buffer> {
  const { time, date } = dosDateTime(now);
  const flags = 0x0008 | 0x0800; // sizes in a data descriptor; UTF-8 names
  const central: Buffer[] = [];
  let offset = 0;
  let count = 0;
  for await (const entry of entries) {
    const name = Buffer.from(entry.name, "utf8");
    const local = Buffer.concat([
      u32(0x04034b50),
      u16(20),
      u16(flags),
      u16(8),
      u16(time),
      u16(date),
      u32(0),
      u32(0),
      u32(0),
      u16(name.length),
      u16(0),
      name,
    ]);
    const headerOffset = offset;
    yield local;
    offset += local.length;

    let crc = 0;
    let size = 0;
    let compressed = 0;
    const deflate = zlib.createDeflateRaw({ level: 6 });
    const out: Buffer[] = [];
    deflate.on("data", (b: Buffer) => out.push(b));
    const ended = once(deflate, "end");
    for await (const chunk of entry.content) {
      const buf = Buffer.from(chunk, "utf8");
      crc = zlib.crc32(buf, crc);
      size += buf.length;
      if (!deflate.write(buf)) await once(deflate, "drain");
      while (out.length) {
        const b = out.shift()!;
        compressed += b.length;
        yield b;
      }
    }
    deflate.end();
    await ended;
    for (const b of out.splice(0)) {
      compressed += b.length;
      yield b;
    }
    offset += compressed;
    const descriptor = Buffer.concat([u32(0x08074b50), u32(crc), u32(compressed), u32(size)]);
    yield descriptor;
    offset += descriptor.length;
    central.push(
      Buffer.concat([
        u32(0x02014b50),
        u16(20),
        u16(20),
        u16(flags),
        u16(8),
        u16(time),
        u16(date),
        u32(crc),
        u32(compressed),
        u32(size),
        u16(name.length),
        u16(0),
        u16(0),
        u16(0),
        u16(0),
        u32(0),
        u32(headerOffset),
        name,
      ]),
    );
    count++;
  }
  const dir = Buffer.concat(central);
  yield dir;
  yield Buffer.concat([
    u32(0x06054b50),
    u16(0),
    u16(0),
    u16(count),
    u16(count),
    u32(dir.length),
    u32(offset),
    u16(0),
  ]);
}
