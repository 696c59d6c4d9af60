/** The benchmarks' command line: `--name value` pairs. */
const args = process.argv.slice(2);

/** The text after `--name`, or `dflt`. */
export function option(name: string, dflt: string): string {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && i + 1 < args.length ? args[i + 1]! : dflt;
}

/** The number after `--name`, or `dflt`. */
export function flag(name: string, dflt: number): number {
  return Number(option(name, String(dflt)));
}
