// One file out of a ZIP archive (PKWARE APPNOTE 6.3: end of central directory, ZIP64 locator and record, central
// directory entries, local headers; stored or deflated entries), for datasets published as archives (ZeroSCROLLS'
// `<task>.zip`). Reads the archive whole: these archives are tens of MB.
import { readFile } from "node:fs/promises";
import { inflateRawSync } from "node:zlib";
import { DatasetError } from "../../errors.js";

const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_END_OF_CENTRAL_DIRECTORY = 0x06064b50;
const CENTRAL_DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const ZIP64_EXTRA = 0x0001;
/** The end record (22 bytes) plus the longest comment (65,535). */
const END_SEARCH = 22 + 0xffff;

interface CentralEntry {
  name: string;
  method: number;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
}

function corrupt(source: string, what: string): DatasetError {
  return new DatasetError(
    `${source} is not a readable ZIP archive (${what}); delete it to download it again.`,
    { code: "E_DATASET_PARSE" },
  );
}

function findEnd(archive: Buffer, source: string): number {
  for (let at = archive.length - 22; at >= Math.max(0, archive.length - END_SEARCH); at--) {
    if (archive.readUInt32LE(at) === END_OF_CENTRAL_DIRECTORY) return at;
  }
  throw corrupt(source, "no end of central directory record");
}

/** The central directory's entry count and offset, from the ZIP64 record when the classic one says 0xFFFF…. */
function centralDirectory(archive: Buffer, end: number, source: string): { count: number; offset: number } {
  const count = archive.readUInt16LE(end + 10);
  const offset = archive.readUInt32LE(end + 16);
  if (count !== 0xffff && offset !== 0xffffffff) return { count, offset };
  const locator = end - 20;
  if (locator < 0 || archive.readUInt32LE(locator) !== ZIP64_LOCATOR)
    throw corrupt(source, "no ZIP64 locator");
  const record = Number(archive.readBigUInt64LE(locator + 8));
  if (archive.readUInt32LE(record) !== ZIP64_END_OF_CENTRAL_DIRECTORY)
    throw corrupt(source, "no ZIP64 record");
  return {
    count: Number(archive.readBigUInt64LE(record + 32)),
    offset: Number(archive.readBigUInt64LE(record + 48)),
  };
}

/** Sizes and offset a classic field left at 0xFFFF… are in the ZIP64 extra field, in this order. */
function withZip64Extra(entry: CentralEntry, extra: Buffer): CentralEntry {
  let at = 0;
  while (at + 4 <= extra.length) {
    const id = extra.readUInt16LE(at);
    const size = extra.readUInt16LE(at + 2);
    if (id === ZIP64_EXTRA) {
      let field = at + 4;
      const next = (): number => {
        const value = Number(extra.readBigUInt64LE(field));
        field += 8;
        return value;
      };
      const uncompressedSize = entry.uncompressedSize === 0xffffffff ? next() : entry.uncompressedSize;
      const compressedSize = entry.compressedSize === 0xffffffff ? next() : entry.compressedSize;
      const localHeaderOffset = entry.localHeaderOffset === 0xffffffff ? next() : entry.localHeaderOffset;
      return { ...entry, uncompressedSize, compressedSize, localHeaderOffset };
    }
    at += 4 + size;
  }
  return entry;
}

function readEntries(archive: Buffer, source: string): CentralEntry[] {
  const { count, offset } = centralDirectory(archive, findEnd(archive, source), source);
  const entries: CentralEntry[] = [];
  let at = offset;
  for (let index = 0; index < count; index++) {
    if (at + 46 > archive.length || archive.readUInt32LE(at) !== CENTRAL_DIRECTORY_ENTRY) {
      throw corrupt(source, `central directory entry ${index} is missing`);
    }
    const nameLength = archive.readUInt16LE(at + 28);
    const extraLength = archive.readUInt16LE(at + 30);
    const commentLength = archive.readUInt16LE(at + 32);
    const entry: CentralEntry = {
      name: archive.toString("utf8", at + 46, at + 46 + nameLength),
      method: archive.readUInt16LE(at + 10),
      compressedSize: archive.readUInt32LE(at + 20),
      uncompressedSize: archive.readUInt32LE(at + 24),
      localHeaderOffset: archive.readUInt32LE(at + 42),
    };
    const extraStart = at + 46 + nameLength;
    entries.push(withZip64Extra(entry, archive.subarray(extraStart, extraStart + extraLength)));
    at = extraStart + extraLength + commentLength;
  }
  return entries;
}

/** The bytes of `entryName` (a path inside the archive, `/`-separated) in the ZIP file at `zipPath`. */
export async function readZipEntry(zipPath: string, entryName: string, source = zipPath): Promise<Buffer> {
  const archive = await readFile(zipPath);
  const entries = readEntries(archive, source);
  const entry = entries.find((candidate) => candidate.name === entryName);
  if (entry === undefined) {
    const names = entries.map((candidate) => candidate.name).filter((name) => !name.endsWith("/"));
    throw new DatasetError(
      `${source} has no file ${entryName}; it holds ${names.slice(0, 10).join(", ") || "no files"}${names.length > 10 ? ", …" : ""}.`,
      { code: "E_DATASET_FILE_NOT_FOUND" },
    );
  }
  const header = entry.localHeaderOffset;
  if (archive.readUInt32LE(header) !== LOCAL_HEADER)
    throw corrupt(source, `no local header for ${entryName}`);
  const start = header + 30 + archive.readUInt16LE(header + 26) + archive.readUInt16LE(header + 28);
  const data = archive.subarray(start, start + entry.compressedSize);
  if (entry.method === 0) return Buffer.from(data);
  if (entry.method !== 8) {
    throw new DatasetError(
      `${source}: ${entryName} is compressed with ZIP method ${entry.method}; only stored (0) and deflated (8) entries are read. Unzip it and pass the file with --data-dir.`,
      { code: "E_DATASET_PARSE" },
    );
  }
  const inflated = inflateRawSync(data);
  if (inflated.length !== entry.uncompressedSize)
    throw corrupt(source, `${entryName} inflates to the wrong size`);
  return inflated;
}
