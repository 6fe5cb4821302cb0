// --image-map: references compared as the engine resolves them, tag-less entries mapping every tag, prefixes, and
// Dockerfiles' FROM / COPY --from lines mapped while build stages are left alone.
import { describe, expect, it } from "vitest";
import { ConfigError } from "../errors.js";
import { mapDockerfile, normalizeImageReference, parseImageMap } from "./image-map.js";

describe("normalizeImageReference", () => {
  it.each([
    ["ubuntu", "docker.io/library/ubuntu:latest"],
    ["ubuntu:22.04", "docker.io/library/ubuntu:22.04"],
    [
      "swebench/sweb.eval.x86_64.django_1776_django-11119:latest",
      "docker.io/swebench/sweb.eval.x86_64.django_1776_django-11119:latest",
    ],
    [
      "ghcr.io/laude-institute/t-bench/python-3-13:20250620",
      "ghcr.io/laude-institute/t-bench/python-3-13:20250620",
    ],
    ["localhost:5000/x/y", "localhost:5000/x/y:latest"],
    ["localhost/bookworm-min:1", "localhost/bookworm-min:1"],
    ["python@sha256:abc", "docker.io/library/python@sha256:abc"],
  ])("%s → %s", (reference, normalized) => {
    expect(normalizeImageReference(reference)).toBe(normalized);
  });
});

describe("parseImageMap", () => {
  const map = parseImageMap([
    "python:3.11=localhost/py:1",
    "ubuntu=mirror.example/ubuntu",
    "ghcr.io/laude-institute/=mirror.example/tb/",
    "buildpack-deps=localhost/base:2",
  ]);

  it("maps the exact image, written any way the engine reads it", () => {
    expect(map.map("python:3.11")).toBe("localhost/py:1");
    expect(map.map("docker.io/library/python:3.11")).toBe("localhost/py:1");
    expect(map.map("python:3.12")).toBe("python:3.12");
  });

  it("maps every tag of a repository named without one, keeping the tag when the target has none", () => {
    expect(map.map("ubuntu:22.04")).toBe("mirror.example/ubuntu:22.04");
    expect(map.map("ubuntu")).toBe("mirror.example/ubuntu");
    expect(map.map("buildpack-deps:jammy")).toBe("localhost/base:2");
  });

  it("replaces a prefix", () => {
    expect(map.map("ghcr.io/laude-institute/t-bench/python-3-13:20250620")).toBe(
      "mirror.example/tb/t-bench/python-3-13:20250620",
    );
  });

  it("refuses an entry that is not FROM=TO, saying the form", () => {
    expect(() => parseImageMap(["python:3.11"])).toThrow(ConfigError);
    expect(() => parseImageMap(["=x"])).toThrow(/give FROM=TO/);
  });
});

describe("mapDockerfile", () => {
  it("maps FROM and COPY --from images, not build stages, scratch or ARG-built references", () => {
    const map = parseImageMap([
      "golang=localhost/go:1",
      "python:3.11=localhost/py:1",
      "alpine=localhost/alpine:3",
    ]);
    const dockerfile = [
      "# comment FROM python:3.11",
      "FROM --platform=linux/amd64 golang:1.22 AS build",
      "RUN go build ./...",
      "FROM python:3.11",
      "COPY --from=build /out /app",
      "COPY --from=alpine:3.19 /etc/alpine-release /",
      "FROM scratch",
      "FROM $BASE",
    ].join("\n");
    const { text, baseImages } = mapDockerfile(dockerfile, map);
    expect(text.split("\n")).toEqual([
      "# comment FROM python:3.11",
      "FROM --platform=linux/amd64 localhost/go:1 AS build",
      "RUN go build ./...",
      "FROM localhost/py:1",
      "COPY --from=build /out /app",
      "COPY --from=localhost/alpine:3 /etc/alpine-release /",
      "FROM scratch",
      "FROM $BASE",
    ]);
    expect(baseImages).toEqual(["localhost/go:1", "localhost/py:1", "localhost/alpine:3"]);
  });
});
