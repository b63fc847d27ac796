import type { Command } from "commander";
import { importCommand } from "./importCommand.js";

/** Adds one command (with its options, help and action) to the program. */
export type RegisterCommand = (program: Command) => void;

/** Every command of `mnemograph`, in the order `--help` lists them: a new command is one line here. */
export const COMMANDS: readonly RegisterCommand[] = [importCommand];
