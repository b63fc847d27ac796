import type { Command } from "commander";
import { apiKeyCommand } from "./apiKeyCommand.js";
import { backfillCommand } from "./backfillCommand.js";
import { defaultsCommand } from "./defaultsCommand.js";
import { doctorCommand } from "./doctorCommand.js";
import { extractionCommand } from "./extractionCommand.js";
import { exportCommand } from "./exportCommand.js";
import { importCommand } from "./importCommand.js";
import { mcpCommand } from "./mcpCommand.js";
import { memoryCommand } from "./memoryCommand.js";
import { serveCommand } from "./serveCommand.js";
import { tokenCommand } from "./tokenCommand.js";

/** Adds one command (with its options, help and action) to the program. */
export type RegisterCommand = (program: Command) => void;

/** Every command of `mnemograph`, in the order `--help` lists them: a new command is one line here. */
export const COMMANDS: readonly RegisterCommand[] = [serveCommand, importCommand, exportCommand, tokenCommand, apiKeyCommand, memoryCommand, defaultsCommand, extractionCommand, backfillCommand, doctorCommand, mcpCommand];
