// `--image-map FROM=TO`: image references replaced before use, for mirrors and air-gapped registries. References are
// compared as the engine resolves them (`ubuntu` = `docker.io/library/ubuntu:latest`). FROM with a tag or digest
// matches that image; FROM without one matches every tag of the repository (the tag is kept when TO has none); FROM
// ending in `/` replaces a prefix (`ghcr.io/=mirror.example:5000/ghcr/`). Dockerfiles' FROM lines are mapped too.
import { ConfigError } from "../errors.js";

export interface ImageReference {
  /** `docker.io/library/ubuntu` */
  readonly repository: string;
  /** `22.04`; undefined when the reference has none (a digest, or the implicit `latest`). */
  readonly tag: string | undefined;
  readonly digest: string | undefined;
}

type MapEntry =
  | { kind: "prefix"; from: string; to: string }
  | { kind: "exact"; from: string; to: string }
  | { kind: "repository"; from: string; to: string };

export interface ImageMap {
  /** The mapped reference (the reference itself when no entry matches). */
  map(reference: string): string;
  /** The entries as given, for run.json. */
  readonly entries: readonly string[];
}

/** Splits a reference into repository (with its registry and `library/` made explicit), tag and digest. */
export function parseImageReference(reference: string): ImageReference {
  let rest = reference.trim();
  let digest: string | undefined;
  const at = rest.indexOf("@");
  if (at >= 0) {
    digest = rest.slice(at + 1);
    rest = rest.slice(0, at);
  }
  let tag: string | undefined;
  const lastSlash = rest.lastIndexOf("/");
  const colon = rest.lastIndexOf(":");
  if (colon > lastSlash) {
    tag = rest.slice(colon + 1);
    rest = rest.slice(0, colon);
  }
  const parts = rest.split("/");
  const first = parts[0] ?? "";
  const hasRegistry =
    parts.length > 1 && (first.includes(".") || first.includes(":") || first === "localhost");
  let repository: string;
  if (hasRegistry) repository = rest;
  else if (parts.length === 1) repository = `docker.io/library/${rest}`;
  else repository = `docker.io/${rest}`;
  return { repository: repository.toLowerCase(), tag, digest };
}

/** The reference as the engine resolves it: registry, `library/`, and `:latest` when neither tag nor digest. */
export function normalizeImageReference(reference: string): string {
  const { repository, tag, digest } = parseImageReference(reference);
  return `${repository}${tag === undefined && digest === undefined ? ":latest" : tag === undefined ? "" : `:${tag}`}${
    digest === undefined ? "" : `@${digest}`
  }`;
}

/** Parses `--image-map` entries; a malformed one is a ConfigError saying the form. */
export function parseImageMap(entries: readonly string[]): ImageMap {
  const parsed: MapEntry[] = entries.map((entry) => {
    const equals = entry.indexOf("=");
    const from = equals < 0 ? "" : entry.slice(0, equals).trim();
    const to = equals < 0 ? "" : entry.slice(equals + 1).trim();
    if (from === "" || to === "") {
      throw new ConfigError(
        `--image-map ${JSON.stringify(entry)}: give FROM=TO, e.g. --image-map python:3.11=registry.example/python:3.11 ` +
          "(FROM without a tag maps every tag; FROM ending in / maps a prefix).",
      );
    }
    if (from.endsWith("/")) return { kind: "prefix", from, to };
    const reference = parseImageReference(from);
    if (reference.tag === undefined && reference.digest === undefined) {
      return { kind: "repository", from: reference.repository, to };
    }
    return { kind: "exact", from: normalizeImageReference(from), to };
  });
  return {
    entries: [...entries],
    map(reference) {
      const normalized = normalizeImageReference(reference);
      const { repository, tag, digest } = parseImageReference(reference);
      for (const entry of parsed) {
        if (entry.kind === "exact" && entry.from === normalized) return entry.to;
      }
      for (const entry of parsed) {
        if (entry.kind !== "repository" || entry.from !== repository) continue;
        const target = parseImageReference(entry.to);
        if (target.tag !== undefined || target.digest !== undefined) return entry.to;
        return `${entry.to}${tag === undefined ? "" : `:${tag}`}${digest === undefined ? "" : `@${digest}`}`;
      }
      for (const entry of parsed) {
        if (entry.kind !== "prefix") continue;
        if (reference.startsWith(entry.from)) return entry.to + reference.slice(entry.from.length);
        if (normalized.startsWith(entry.from)) return entry.to + normalized.slice(entry.from.length);
      }
      return reference;
    },
  };
}

/** A Dockerfile with its FROM (and COPY --from=IMAGE) references mapped; the mapped base images it names. */
export function mapDockerfile(text: string, imageMap: ImageMap): { text: string; baseImages: string[] } {
  const stages = new Set<string>();
  const baseImages: string[] = [];
  const lines = text.split("\n").map((line) => {
    const from = /^(\s*FROM\s+)((?:--\S+\s+)*)(\S+)(.*)$/i.exec(line);
    if (from !== null) {
      const [, head = "", flags = "", image = "", tail = ""] = from;
      const stage = /^\s+AS\s+(\S+)/i.exec(tail)?.[1];
      const isStage =
        stages.has(image.toLowerCase()) || image.toLowerCase() === "scratch" || image.includes("$");
      if (stage !== undefined) stages.add(stage.toLowerCase());
      if (isStage) return line;
      const mapped = imageMap.map(image);
      baseImages.push(mapped);
      return `${head}${flags}${mapped}${tail}`;
    }
    const copy = /^(\s*COPY\s+(?:--\S+\s+)*--from=)(\S+)(.*)$/i.exec(line);
    if (copy !== null) {
      const [, head = "", image = "", tail = ""] = copy;
      if (stages.has(image.toLowerCase()) || /^\d+$/.test(image) || image.includes("$")) return line;
      const mapped = imageMap.map(image);
      baseImages.push(mapped);
      return `${head}${mapped}${tail}`;
    }
    return line;
  });
  return { text: lines.join("\n"), baseImages: [...new Set(baseImages)] };
}
