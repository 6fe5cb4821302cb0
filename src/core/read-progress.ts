// Progress of reading a benchmark's data or downloading a file (a dataset split, a model, a prompt file).

export interface ReadProgress {
  /** A download from the Hub, or a read of a local (or already cached) file. */
  kind: "download" | "read";
  /** What is being read or downloaded, for a progress line. */
  label: string;
  bytesDone: number;
  bytesTotal: number | undefined;
}
