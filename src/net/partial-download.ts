// The `.part` file of a download in progress, its `.part.json` (source URL, If-Range validator) and a running SHA-256.
import { createHash, type Hash } from "node:crypto";
import { createReadStream } from "node:fs";
import { type FileHandle, open, readFile, rename, stat, unlink, writeFile } from "node:fs/promises";
import { z } from "zod";

const sidecarSchema = z.object({
  url: z.string(),
  /** The strong ETag, else the Last-Modified, of the answer whose bytes the `.part` holds. */
  validator: z.string().nullable(),
});

async function readSidecar(path: string): Promise<z.infer<typeof sidecarSchema> | undefined> {
  try {
    const parsed = sidecarSchema.safeParse(JSON.parse(await readFile(path, "utf8")));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * `<destination>.part` and its sidecar. The SHA-256 runs over the bytes as they are appended; it is rebuilt from the
 * file when a later run picks up a `.part` it did not write itself.
 */
export class PartialDownload {
  readonly partPath: string;
  readonly #sidecarPath: string;
  readonly #url: string;
  #hash: Hash = createHash("sha256");
  /** Bytes the hash has seen; equal to the `.part`'s size while the two agree. */
  #hashedBytes = 0;
  #handle: FileHandle | undefined;

  constructor(destination: string, url: string) {
    this.partPath = `${destination}.part`;
    this.#sidecarPath = `${destination}.part.json`;
    this.#url = url;
  }

  get bytesDone(): number {
    return this.#hashedBytes;
  }

  /**
   * Where a Range request may continue and the validator for its If-Range; offset 0 (and the `.part` cleared) when
   * nothing can be resumed: no `.part`, a `.part` of another URL, or no validator to check that the file is the same.
   */
  async resumePoint(): Promise<{ offset: number; validator: string | undefined }> {
    const size = await stat(this.partPath).then(
      (info) => info.size,
      () => 0,
    );
    const sidecar = await readSidecar(this.#sidecarPath);
    const validator = sidecar?.url === this.#url ? sidecar.validator : null;
    if (size === 0 || validator === null) {
      await this.restart();
      return { offset: 0, validator: undefined };
    }
    if (this.#hashedBytes !== size) await this.#rehash();
    return { offset: size, validator };
  }

  /** Drops the `.part` (a server that ignored the Range, a stale or unusable partial file): start from byte 0. */
  async restart(): Promise<void> {
    await this.#closeHandle();
    await unlink(this.partPath).catch(() => undefined);
    await unlink(this.#sidecarPath).catch(() => undefined);
    this.#hash = createHash("sha256");
    this.#hashedBytes = 0;
  }

  /** Records what the `.part` is a download of, before its first new byte is written. */
  async begin(validator: string | undefined): Promise<void> {
    const sidecar = { url: this.#url, validator: validator ?? null };
    await writeFile(this.#sidecarPath, JSON.stringify(sidecar));
    this.#handle ??= await open(this.partPath, "a");
  }

  async append(chunk: Buffer): Promise<void> {
    this.#handle ??= await open(this.partPath, "a");
    await this.#handle.write(chunk);
    this.#hash.update(chunk);
    this.#hashedBytes += chunk.byteLength;
  }

  /** Closes the file after an attempt; the bytes stay for the next one (an empty `.part` is removed). */
  async pause(): Promise<void> {
    await this.#closeHandle();
    if (this.#hashedBytes === 0) await this.discard();
  }

  /** The hex SHA-256 of everything appended (call once, when the download is complete). */
  digest(): string {
    return this.#hash.digest("hex");
  }

  /** Moves the complete `.part` to `destination` (atomically: readers see the old file or the whole new one). */
  async commit(destination: string): Promise<void> {
    await this.#closeHandle();
    await rename(this.partPath, destination);
    await unlink(this.#sidecarPath).catch(() => undefined);
  }

  /** Deletes the `.part` and its sidecar (a wrong checksum, a file too large). */
  async discard(): Promise<void> {
    await this.#closeHandle();
    await unlink(this.partPath).catch(() => undefined);
    await unlink(this.#sidecarPath).catch(() => undefined);
  }

  async #rehash(): Promise<void> {
    const { hash, sizeBytes } = await hashFile(this.partPath);
    this.#hash = hash;
    this.#hashedBytes = sizeBytes;
  }

  async #closeHandle(): Promise<void> {
    const handle = this.#handle;
    this.#handle = undefined;
    await handle?.close();
  }
}

/** A running SHA-256 over the bytes of `path`, and their count. */
export async function hashFile(path: string): Promise<{ hash: Hash; sizeBytes: number }> {
  const hash = createHash("sha256");
  let sizeBytes = 0;
  for await (const chunk of createReadStream(path)) {
    const bytes = chunk as Buffer;
    hash.update(bytes);
    sizeBytes += bytes.byteLength;
  }
  return { hash, sizeBytes };
}
