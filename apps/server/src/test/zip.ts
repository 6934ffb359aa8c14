import zlib from "node:zlib";
import yauzl from "yauzl";

/**
 * Reads a ZIP archive with yauzl (an independent reader, not the library that wrote it) into
 * name -> text, checking every entry's size (yauzl) and CRC-32 (here: yauzl does not).
 */
export function readZip(buf: Buffer): Promise<Record<string, string>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buf, { lazyEntries: true, validateEntrySizes: true }, (err, zip) => {
      if (err) return reject(err);
      const files: Record<string, string> = {};
      zip.on("error", reject);
      zip.on("end", () => resolve(files));
      zip.on("entry", (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (e, stream) => {
          if (e) return reject(e);
          const parts: Buffer[] = [];
          stream.on("data", (b: Buffer) => parts.push(b));
          stream.on("error", reject);
          stream.on("end", () => {
            const data = Buffer.concat(parts);
            if (zlib.crc32(data) !== entry.crc32) {
              return reject(new Error(`${entry.fileName}: CRC-32 mismatch`));
            }
            files[entry.fileName] = data.toString("utf8");
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}
