// A POSIX shell word for any text (single quotes, a quote inside written '\''), for command lines built to run in a
// container.

export function shellQuote(text: string): string {
  return `'${text.replaceAll("'", "'\\''")}'`;
}
