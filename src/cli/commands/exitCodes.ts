/** The exit codes of `mnemograph`, for scripts (docs/cli.md lists them). */
export const ExitCode = {
  /** Done, nothing left out. */
  OK: 0,
  /** Failed: the gateway refused or could not be reached, a check of `doctor` failed. Resumable for `import`. */
  FAILED: 1,
  /** A usage mistake: an unknown command or option, a missing argument, a file that is not of its format. */
  USAGE: 2,
  /** `import` finished, but skipped records it could not read or the gateway refused (listed in the summary). */
  PARTIAL: 3,
} as const;

/** A failure the user can act on: printed as one line (or JSON), never with a stack trace. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: number = ExitCode.FAILED,
    readonly code?: string,
  ) {
    super(message);
    this.name = "CliError";
  }
}
