import { pino, type Logger } from "pino";
import type { Config } from "../config/config.js";

export type { Logger };

/** The one logger of the process; children carry a component or request id. `toStderr` when stdout carries a protocol (MCP over stdio). */
export function createLogger(config: Pick<Config, "logLevel">, options: { toStderr?: boolean } = {}): Logger {
  const settings = { level: config.logLevel, base: { service: "mnemograph" } };
  return options.toStderr ? pino(settings, pino.destination(2)) : pino(settings);
}
