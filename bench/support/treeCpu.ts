import { readdirSync, readFileSync } from "node:fs";

/** Clock ticks per second of /proc's utime and stime (USER_HZ: 100 on Linux). */
const TICKS = 100;

/**
 * CPU seconds (user + system) used so far by process `root` and every live
 * descendant (Neo4j, a child gateway and its workers), read from /proc: the
 * cost of an operation on a machine whose other users' load says nothing of
 * it. Linux only; elsewhere null.
 */
export function treeCpuSeconds(root: number = process.pid): number | null {
  let entries: string[];
  try {
    entries = readdirSync("/proc").filter((e) => /^\d+$/.test(e));
  } catch {
    return null;
  }
  const stats = new Map<number, { ppid: number; ticks: number }>();
  for (const pid of entries) {
    try {
      const text = readFileSync(`/proc/${pid}/stat`, "utf8");
      // Fields after the command name (which may hold spaces), closed by the last ')'.
      const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
      stats.set(Number(pid), { ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) });
    } catch {
      // The process ended while being read.
    }
  }
  const children = new Map<number, number[]>();
  for (const [pid, s] of stats) children.set(s.ppid, [...(children.get(s.ppid) ?? []), pid]);
  let ticks = 0;
  const queue = [root];
  while (queue.length) {
    const pid = queue.pop()!;
    ticks += stats.get(pid)?.ticks ?? 0;
    queue.push(...(children.get(pid) ?? []));
  }
  return ticks / TICKS;
}
