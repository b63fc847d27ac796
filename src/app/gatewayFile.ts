import { existsSync, readFileSync } from "node:fs";
import { mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";

/**
 * The file in the user's Mnemograph folder (config.home) that names the gateway serving
 * the embedded data there: one embedded Neo4j per data directory, so a second gateway
 * on the same folder would fail on Neo4j's store lock (or the port) after a long start.
 * Commands without --url read it to use the running gateway instead of starting one.
 */
export const GATEWAY_FILE = "gateway.json";

export interface GatewayRecord {
  /** The gateway's process. */
  pid: number;
  /** Its GraphQL endpoint, reachable from this machine. */
  url: string;
  /** The embedded Neo4j's data directory it serves. */
  dataDir: string;
  startedAt: string;
}

/** What the record in a folder says about a gateway there. */
export type RunningGateway =
  | { state: "none" }
  /** Its process lives and `/health` answered (200, or 503 while Neo4j is down). */
  | { state: "answering"; record: GatewayRecord }
  /** Its process lives but `/health` did not answer: still starting, or stuck. */
  | { state: "silent"; record: GatewayRecord };

/** The URL a client on this machine reaches a gateway listening on `host` with. */
export function localUrl(host: string, port: number): string {
  const wildcard = host === "0.0.0.0" || host === "::" || host === "localhost";
  const shown = wildcard ? "127.0.0.1" : host.includes(":") ? `[${host}]` : host;
  return `http://${shown}:${port}/graphql`;
}

export async function writeGatewayRecord(home: string, record: GatewayRecord): Promise<void> {
  await mkdir(home, { recursive: true });
  await writeFile(path.join(home, GATEWAY_FILE), `${JSON.stringify(record, null, 2)}\n`, { mode: 0o600 });
}

/** Removes the record if it is this process's (a newer gateway's record is left alone). */
export async function removeGatewayRecord(home: string, pid = process.pid): Promise<void> {
  if (readGatewayRecord(home)?.pid === pid) await rm(path.join(home, GATEWAY_FILE), { force: true });
}

/** The record in `home`, or null when there is none or it cannot be read. */
export function readGatewayRecord(home: string): GatewayRecord | null {
  const file = path.join(home, GATEWAY_FILE);
  if (!existsSync(file)) return null;
  try {
    const parsed = JSON.parse(readFileSync(file, "utf8")) as Partial<GatewayRecord>;
    if (typeof parsed.pid !== "number" || typeof parsed.url !== "string" || typeof parsed.dataDir !== "string") return null;
    return { pid: parsed.pid, url: parsed.url, dataDir: parsed.dataDir, startedAt: String(parsed.startedAt ?? "") };
  } catch {
    return null;
  }
}

/** Whether `pid` is a live Node process (after a reboot a stale record's pid may be some other program's). */
function gatewayAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (err) {
    // EPERM: alive, another user's.
    if ((err as NodeJS.ErrnoException).code !== "EPERM") return false;
  }
  const cmdline = `/proc/${pid}/cmdline`;
  if (!existsSync(cmdline)) return true;
  try {
    return /node/.test(readFileSync(cmdline, "utf8"));
  } catch {
    return true;
  }
}

/**
 * The gateway the record in `home` names, if its process still lives (a record left by
 * a killed gateway counts as none), and whether its `/health` answers within `timeoutMs`.
 */
export async function findRunningGateway(home: string, timeoutMs = 2000): Promise<RunningGateway> {
  const record = readGatewayRecord(home);
  if (!record || record.pid === process.pid || !gatewayAlive(record.pid)) return { state: "none" };
  try {
    const res = await fetch(record.url.replace(/\/graphql$/, "/health"), { signal: AbortSignal.timeout(timeoutMs) });
    return res.status === 200 || res.status === 503 ? { state: "answering", record } : { state: "silent", record };
  } catch {
    return { state: "silent", record };
  }
}
