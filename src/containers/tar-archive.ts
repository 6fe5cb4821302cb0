// Tar archives, the engine API's format for files in and out of containers and for build contexts: packing given
// files or a host directory (modes and symlinks kept), and reading one file out of an archive.
import { lstatSync, readdirSync, readFileSync, readlinkSync } from "node:fs";
import { join, posix } from "node:path";
import type { Readable } from "node:stream";
import tar from "tar-stream";
import type { ContainerFile } from "./types.js";

/** One entry to pack: a file with its bytes, a directory, or a symlink. */
export type TarEntry =
  | { type: "file"; name: string; content: Uint8Array; mode: number }
  | { type: "directory"; name: string; mode: number }
  | { type: "symlink"; name: string; target: string };

/** The archive of `entries`, names as given (relative; no leading `/`). */
export async function packTar(entries: readonly TarEntry[]): Promise<Buffer> {
  const pack = tar.pack();
  const chunks: Buffer[] = [];
  const done = (async () => {
    for await (const chunk of pack) chunks.push(chunk as Buffer);
  })();
  const mtime = new Date();
  for (const entry of entries) {
    await new Promise<void>((resolve, reject) => {
      const callback = (error?: Error | null) => (error ? reject(error) : resolve());
      if (entry.type === "file") {
        pack.entry(
          { name: entry.name, mode: entry.mode, mtime, size: entry.content.byteLength },
          Buffer.from(entry.content),
          callback,
        );
      } else if (entry.type === "directory") {
        pack.entry({ name: entry.name, mode: entry.mode, mtime, type: "directory" }, callback);
      } else {
        pack.entry({ name: entry.name, mtime, type: "symlink", linkname: entry.target }, callback);
      }
    });
  }
  pack.finalize();
  await done;
  return Buffer.concat(chunks);
}

/** The directory entries `path`'s parents need (`a`, `a/b` for `a/b/c`), without duplicates already in `seen`. */
function parentDirectories(path: string, seen: Set<string>): TarEntry[] {
  const parts = path.split("/").slice(0, -1);
  const entries: TarEntry[] = [];
  for (let index = 1; index <= parts.length; index++) {
    const name = parts.slice(0, index).join("/");
    if (name === "" || seen.has(name)) continue;
    seen.add(name);
    entries.push({ type: "directory", name, mode: 0o755 });
  }
  return entries;
}

/** Relative to the archive's root: `directory` (absolute, in the container) joined with `path`, no leading `/`. */
function archiveName(directory: string, path: string): string {
  const joined = posix.normalize(posix.join("/", directory, path));
  if (!joined.startsWith(posix.normalize(`/${directory}/`)) && joined !== posix.normalize(`/${directory}`)) {
    throw new RangeError(`file path ${JSON.stringify(path)} leaves ${directory}`);
  }
  return joined.slice(1);
}

/** The archive of `files` placed under `directory`, with every parent directory, extracted at `/`. */
export async function packFiles(directory: string, files: readonly ContainerFile[]): Promise<Buffer> {
  const seen = new Set<string>();
  const entries: TarEntry[] = [];
  for (const file of files) {
    const name = archiveName(directory, file.path);
    entries.push(...parentDirectories(name, seen));
    entries.push({
      type: "file",
      name,
      content: typeof file.content === "string" ? Buffer.from(file.content, "utf8") : file.content,
      mode: file.mode ?? (file.path.endsWith(".sh") ? 0o755 : 0o644),
    });
  }
  if (entries.length === 0) {
    const name = archiveName(directory, "");
    entries.push(...parentDirectories(`${name}/x`, seen));
  }
  return packTar(entries);
}

/** Every file, directory and symlink under `hostDirectory`, sorted, as entries under `prefix` (`""`: the root). */
export function directoryEntries(hostDirectory: string, prefix: string): TarEntry[] {
  const entries: TarEntry[] = [];
  const walk = (relative: string) => {
    const names = readdirSync(join(hostDirectory, relative)).sort();
    for (const name of names) {
      const path = relative === "" ? name : `${relative}/${name}`;
      const full = join(hostDirectory, path);
      const stat = lstatSync(full);
      const entryName = prefix === "" ? path : `${prefix}/${path}`;
      if (stat.isSymbolicLink())
        entries.push({ type: "symlink", name: entryName, target: readlinkSync(full) });
      else if (stat.isDirectory()) {
        entries.push({ type: "directory", name: entryName, mode: stat.mode & 0o7777 });
        walk(path);
      } else if (stat.isFile()) {
        entries.push({
          type: "file",
          name: entryName,
          content: readFileSync(full),
          mode: stat.mode & 0o7777,
        });
      }
    }
  };
  walk("");
  return entries;
}

/** The archive of a host directory's contents placed under `directory` (absolute), extracted at `/`. */
export function packDirectory(hostDirectory: string, directory: string): Promise<Buffer> {
  const seen = new Set<string>();
  const root = archiveName(directory, "");
  const entries = [...parentDirectories(`${root}/x`, seen), ...directoryEntries(hostDirectory, root)];
  return packTar(entries);
}

/** The first regular file in an archive stream (what the engine sends for one path), or undefined. */
export async function readFirstFile(archive: Readable): Promise<Buffer | undefined> {
  const extract = tar.extract();
  archive.pipe(extract);
  for await (const entry of extract) {
    if (entry.header.type === "file" || entry.header.type === "contiguous-file") {
      const chunks: Buffer[] = [];
      for await (const chunk of entry) chunks.push(chunk as Buffer);
      archive.unpipe(extract);
      archive.resume();
      return Buffer.concat(chunks);
    }
    entry.resume();
  }
  return undefined;
}
