import { existsSync, readFileSync } from "node:fs";
import { mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";

/**
 * The file in the embedded Neo4j's data directory (config.neo4j.dataDir, `data/` of the
 * user's Mnemograph folder by default) that names the gateway serving it: one embedded
 * Neo4j per data directory, so a second gateway on it would fail on Neo4j's store lock (or
 * the port) after a long start. Commands without --url read it to use the running gateway
 * instead of starting one. It sits in the data directory itself, not beside it, so that
 * data directories that share a parent (tests' temporary ones in /tmp) never share it.
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
  /** Its process lives and `/health/live` answered. */
  | { state: "answering"; record: GatewayRecord }
  /** Its process lives but `/health/live` did not answer: still starting, or stuck. */
  | { state: "silent"; record: GatewayRecord };

/** The URL a client on this machine reaches a gateway listening on `host` with. */
export function localUrl(host: string, port: number): string {
  const wildcard = host === "0.0.0.0" || host === "::" || host === "localhost";
  const shown = wildcard ? "127.0.0.1" : host.includes(":") ? `[${host}]` : host;
  return `http://${shown}:${port}/graphql`;
}

export async function writeGatewayRecord(dataDir: string, record: GatewayRecord): Promise<void> {
  await mkdir(dataDir, { recursive: true });
  await writeFile(path.join(dataDir, GATEWAY_FILE), `${JSON.stringify(record, null, 2)}\n`, { mode: 0o600 });
}

/** Removes the record if it is this process's (a newer gateway's record is left alone). */
export async function removeGatewayRecord(dataDir: string, pid = process.pid): Promise<void> {
  if (readGatewayRecord(dataDir)?.pid === pid) await rm(path.join(dataDir, GATEWAY_FILE), { force: true });
}

/** The record in `dataDir`, or null when there is none or it cannot be read. */
export function readGatewayRecord(dataDir: string): GatewayRecord | null {
  const file = path.join(dataDir, GATEWAY_FILE);
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
 * The gateway the record in `dataDir` names, if its process still lives (a record left by
 * a killed gateway counts as none), and whether it answers `/health/live` within
 * `timeoutMs` (the liveness route: no database query, so a busy Neo4j does not hide it).
 */
export async function findRunningGateway(dataDir: string, timeoutMs = 5000): Promise<RunningGateway> {
  const record = readGatewayRecord(dataDir);
  if (!record || record.pid === process.pid || !gatewayAlive(record.pid)) return { state: "none" };
  try {
    const res = await fetch(record.url.replace(/\/graphql$/, "/health/live"), { signal: AbortSignal.timeout(timeoutMs) });
    return res.ok ? { state: "answering", record } : { state: "silent", record };
  } catch {
    return { state: "silent", record };
  }
}

/** A second embedded gateway on a data directory that one already serves (app/startApp.ts refuses it). */
export class DataDirectoryInUse extends Error {
  constructor(running: Exclude<RunningGateway, { state: "none" }>) {
    const { pid, url, dataDir } = running.record;
    super(
      running.state === "answering"
        ? `The data directory ${dataDir} is in use by the gateway at ${url} (pid ${pid}): use that one (--url ${url}), stop it, or set MNEMOGRAPH_HOME to another folder`
        : `The data directory ${dataDir} is in use by a gateway that does not answer at ${url} yet (pid ${pid}): wait for it, stop it, or set MNEMOGRAPH_HOME to another folder`,
    );
    this.name = "DataDirectoryInUse";
  }
}
