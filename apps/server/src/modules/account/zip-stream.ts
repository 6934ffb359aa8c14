import { PassThrough, Readable } from "node:stream";
import yazl from "yazl";

export type ZipEntry = { name: string; content: AsyncIterable<string> };

/**
 * A ZIP archive (deflated, ZIP64 when needed) of `entries`, streamed by yazl: each entry's content
 * is read only when the archive reaches it and compressed as it arrives, with backpressure from
 * the response, so a large export never sits in memory.
 */
export function zipStream(entries: Iterable<ZipEntry>, now = new Date()): Readable {
  const zip = new yazl.ZipFile();
  const out = new PassThrough();
  // A failing entry (say, the database going away mid-export) ends the download with an error
  // instead of leaving it hanging: yazl reports it on the ZipFile, not on its output stream.
  zip.on("error", (err: Error) => out.destroy(err));
  for (const entry of entries) {
    zip.addReadStreamLazy(entry.name, { mtime: now }, (cb) =>
      cb(null, Readable.from(utf8(entry.content), { objectMode: false })),
    );
  }
  zip.end();
  zip.outputStream.pipe(out);
  return out;
}

async function* utf8(content: AsyncIterable<string>): AsyncGenerator<Buffer> {
  for await (const s of content) yield Buffer.from(s, "utf8");
}
