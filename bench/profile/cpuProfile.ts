/**
 * Self time of a V8 CPU profile (.cpuprofile) by where the code lives: a
 * package of node_modules, a folder of src/, Node's own code, the garbage
 * collector, idle. And the functions with the most self time. Pure.
 */

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

export interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

export interface SelfTime {
  name: string;
  ms: number;
  /** Share of the busy time (idle left out). */
  share: number;
}

/** Where a frame's code lives: `@neo4j/graphql`, `src/search`, `node:internal`, `(garbage collector)`… */
export function placeOf(url: string, functionName: string): string {
  if (!url) return functionName.startsWith("(") ? functionName : "(native)";
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) {
    // The last node_modules in the path names the package whose code it is.
    const all = [...url.matchAll(/node_modules\/((?:@[^/]+\/)?[^/]+)/g)];
    return all[all.length - 1]![1]!;
  }
  if (url.startsWith("node:")) return "node (its own code)";
  const src = /\/(src|fixtures|bench)\/([^/]+)\//.exec(url);
  if (src) return `${src[1]}/${src[2]}`;
  return url.replace(/^file:\/\//, "").split("/").slice(-2).join("/");
}

export function selfTimes(profile: CpuProfile, limit = 20): { busyMs: number; idleMs: number; byPlace: SelfTime[]; byFunction: SelfTime[] } {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000));
  const place = new Map<string, number>();
  const fn = new Map<string, number>();
  let idleMs = 0;
  for (const [id, spent] of self) {
    const frame = nodes.get(id)!.callFrame;
    if (frame.functionName === "(idle)") {
      idleMs += spent;
      continue;
    }
    const where = placeOf(frame.url, frame.functionName);
    place.set(where, (place.get(where) ?? 0) + spent);
    const name = `${frame.functionName || "(anonymous)"} ${where}${frame.url ? `:${frame.lineNumber + 1}` : ""}`;
    fn.set(name, (fn.get(name) ?? 0) + spent);
  }
  const busyMs = [...place.values()].reduce((a, b) => a + b, 0);
  const rank = (m: Map<string, number>) =>
    [...m.entries()]
      .map(([name, ms]) => ({ name, ms, share: ms / (busyMs || 1) }))
      .sort((a, b) => b.ms - a.ms)
      .slice(0, limit);
  return { busyMs, idleMs, byPlace: rank(place), byFunction: rank(fn) };
}
