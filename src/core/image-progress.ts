// Progress of making a container image ready: a pull from a registry or a build from a Dockerfile, line by line.

export interface ImageProgress {
  /** The image (after `--image-map`), or the tag being built. */
  readonly image: string;
  readonly action: "pull" | "build";
  /** One line of the engine's stream ("pulling", a layer's status, a build step's output, "done"). */
  readonly message: string;
}
