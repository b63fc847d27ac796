import type http from "node:http";

/** One route an express app answers: its full path and method (upper case). */
export interface MountedRoute {
  path: string;
  method: string;
}

interface Layer {
  route?: { path: string | string[]; methods: Record<string, boolean> };
  handle: { stack?: Layer[] };
  /** The path the layer was mounted at (router 2's Layer keeps it as given). */
  rawPath?: string | string[];
}

const join = (prefix: string, path: string) => (path === "/" ? prefix || "/" : `${prefix}${path}`);

function walk(stack: Layer[], prefix: string, out: MountedRoute[]): void {
  for (const layer of stack) {
    if (layer.route) {
      for (const path of [layer.route.path].flat()) {
        for (const [method, on] of Object.entries(layer.route.methods)) if (on && method !== "_all") out.push({ path: join(prefix, path), method: method.toUpperCase() });
      }
    } else if (layer.handle.stack) {
      for (const mount of [layer.rawPath ?? "/"].flat()) walk(layer.handle.stack, mount === "/" ? prefix : `${prefix}${mount}`, out);
    }
  }
}

/**
 * Every route of the express app serving `server`, read from its routers as
 * mounted (express 5: `app.router.stack`, nested routers followed with their
 * mount paths), so a test compares what is served, not a list kept by hand.
 */
export function mountedRoutes(server: http.Server): MountedRoute[] {
  const [app] = server.listeners("request") as unknown as [{ router: { stack: Layer[] } }];
  const out: MountedRoute[] = [];
  walk(app.router.stack, "", out);
  return [...new Map(out.map((r) => [`${r.method} ${r.path}`, r])).values()];
}
