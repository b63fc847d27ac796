/** Whether the command was asked for JSON (`--json`): one JSON document on stdout, nothing else there. */
export interface OutputOptions {
  json?: boolean;
}

/** Prints a command's result: `value` as JSON with --json, else the human text. */
export function emit(options: OutputOptions, value: unknown, human: string): void {
  process.stdout.write(options.json ? `${JSON.stringify(value)}\n` : `${human}\n`);
}
