/** `--name value` from the command line, a positive number (`integer`: a whole one); else `fallback`. */
export function numberOption(name: string, fallback: number, { integer = false } = {}): number {
  const index = process.argv.indexOf(`--${name}`);
  const value = index >= 0 ? Number(process.argv[index + 1]) : fallback;
  const valid = integer ? Number.isInteger(value) && value >= 1 : Number.isFinite(value) && value > 0;
  if (!valid) throw new Error(`--${name} needs a positive ${integer ? "whole " : ""}number`);
  return value;
}

/** Which database a benchmark's fresh one lives on, for its first line of output. */
export function databaseLabel(): string {
  return process.env.DATABASE_URL ? "PostgreSQL (DATABASE_URL), fresh database" : "embedded PGlite (in memory)";
}
