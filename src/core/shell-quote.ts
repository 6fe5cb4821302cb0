// POSIX shell words for any text, once for every command line we build: for a container's exec (SWE-bench's test
// commands, the terminal agent's `cd`), a Slurm job script, a Kubernetes merge pod's script.

/** Always single-quoted (a quote inside written '\''): the form container command lines use. */
export function shellQuote(text: string): string {
  return `'${text.replaceAll("'", "'\\''")}'`;
}

const SAFE_WORD = /^[A-Za-z0-9_@%+=:,./-]+$/;

/** Bare when it holds only characters a shell takes as they are, else `shellQuote`d: readable scripts. */
export function readableShellQuote(text: string): string {
  return SAFE_WORD.test(text) ? text : shellQuote(text);
}
