import { pino, type Logger } from "pino";
import type { Config } from "../config/config.js";

export type { Logger };

/** The one logger of the process; children carry a component or request id. */
export function createLogger(config: Pick<Config, "logLevel">): Logger {
  return pino({ level: config.logLevel, base: { service: "mnemograph" } });
}
