// The command line of every operator command (`bun run backup`, `restore`, `release`, …): parsed
// by node:util's parseArgs, answered in German like the rest of the product. `--help`/`-h` prints
// the usage, the options and the exit codes and exits 0; an unknown option, a missing value or a
// stray argument is a short German error and the usage, exit 2.
import { type ParseArgsConfig, parseArgs } from "node:util";

type ParseArgsOptionDescriptor = NonNullable<ParseArgsConfig["options"]>[string];

type OptionSpec = ParseArgsOptionDescriptor & { type: "string" | "boolean"; multiple?: false } & {
  /** The value's placeholder in the usage (`<N>`), for string options. */
  value?: string;
  /** One line: what the option does. */
  help: string;
};

export interface CommandSpec<Options extends Record<string, OptionSpec>> {
  /** `bun run <name>`. */
  name: string;
  /** The call, without `bun run <name>`: `<Sicherung|latest> [--force <Ziel>]`. */
  synopsis: string;
  /** A few lines: what the command does. */
  description: string;
  /** The positional arguments' names and meaning (none: the command takes none). */
  positionals?: { name: string; help: string }[];
  options: Options;
  exitCodes: Record<number, string>;
}

type Values<Options extends Record<string, OptionSpec>> = {
  [Name in keyof Options]?: Options[Name]["type"] extends "string" ? string : boolean;
};

export interface CommandLine<Options extends Record<string, OptionSpec>> {
  values: Values<Options>;
  positionals: string[];
  /** A German error about the arguments, the usage after it; exit code 2. */
  fail(message: string): never;
}

/** The text `--help` prints. */
export function usageOf<Options extends Record<string, OptionSpec>>(spec: CommandSpec<Options>): string {
  const lines = [`Aufruf: bun run ${spec.name} ${spec.synopsis}`.trimEnd(), "", spec.description, ""];
  if (spec.positionals?.length) {
    lines.push("Argumente:");
    for (const { name, help } of spec.positionals) lines.push(`  ${name.padEnd(24)} ${help}`);
    lines.push("");
  }
  lines.push("Optionen:");
  const entries: [string, string][] = Object.entries(spec.options).map(([name, option]) => [
    `--${name}${option.type === "string" ? ` ${option.value ?? "<Wert>"}` : ""}`,
    option.help,
  ]);
  entries.push(["-h, --help", "zeigt diese Hilfe"]);
  for (const [flag, help] of entries) lines.push(`  ${flag.padEnd(24)} ${help}`);
  lines.push("", "Exit-Codes:");
  for (const [code, meaning] of Object.entries(spec.exitCodes)) lines.push(`  ${code}  ${meaning}`);
  return lines.join("\n");
}

/** parseArgs' English error, said in German. */
function germanError(error: unknown): string {
  const code = (error as { code?: string }).code;
  const message = error instanceof Error ? error.message : String(error);
  const quoted = /'([^']+)'/.exec(message)?.[1] ?? "";
  switch (code) {
    case "ERR_PARSE_ARGS_UNKNOWN_OPTION":
      return `Unbekannte Option: ${quoted}`;
    case "ERR_PARSE_ARGS_INVALID_OPTION_VALUE":
      return message.includes("does not take an argument")
        ? `Die Option ${quoted} nimmt keinen Wert.`
        : `Der Option ${quoted.split(" ")[0]} fehlt ihr Wert.`;
    case "ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL":
      return `Unerwartetes Argument: ${quoted}`;
    default:
      return message;
  }
}

/**
 * The arguments (`process.argv.slice(2)` unless given) by `spec`; `--help` and bad arguments end
 * the process here.
 */
export function parseCommandLine<Options extends Record<string, OptionSpec>>(
  spec: CommandSpec<Options>,
  args: string[] = process.argv.slice(2),
): CommandLine<Options> {
  const fail = (message: string): never => {
    console.error(`Fehler: ${message}\n`);
    console.error(usageOf(spec));
    process.exit(2);
  };
  const options: Record<string, ParseArgsOptionDescriptor> = { help: { type: "boolean", short: "h" } };
  for (const [name, option] of Object.entries(spec.options)) {
    options[name] = option.short ? { type: option.type, short: option.short } : { type: option.type };
  }
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({ args, options, allowPositionals: (spec.positionals?.length ?? 0) > 0, strict: true });
  } catch (error) {
    // `--help` wins over whatever else is wrong on the line.
    if (args.some((arg) => arg === "--help" || arg === "-h")) help(spec);
    return fail(germanError(error));
  }
  if (parsed.values.help) help(spec);
  const { help: _help, ...values } = parsed.values;
  return { values: values as Values<Options>, positionals: parsed.positionals, fail };
}

function help<Options extends Record<string, OptionSpec>>(spec: CommandSpec<Options>): never {
  console.log(usageOf(spec));
  process.exit(0);
}
