import { readFile } from "node:fs/promises";
import { CliError, ExitCode } from "./exitCodes.js";

/**
 * Reads a file given on the command line and parses it: a file that cannot be
 * read, or that `parse` refuses, is a usage error (exit 2) naming the file and
 * what it was expected to be ("a discord file", "a mnemograph export").
 */
export async function readInputFile<T>(file: string, expected: string, parse: (text: string) => T): Promise<T> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (err) {
    throw new CliError(`Cannot read ${file}: ${(err as Error).message}`, ExitCode.USAGE);
  }
  try {
    return parse(text);
  } catch (err) {
    throw new CliError(`${file} is not ${expected}: ${(err as Error).message}`, ExitCode.USAGE);
  }
}
