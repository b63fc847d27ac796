import type { Server } from "node:http";

interface Layer {
  route?: { path: string | string[]; methods: Record<string, boolean> };
  rawPath?: string | string[];
  handle?: { stack?: Layer[] };
}

/**
 * Every route the gateway's Express app answers, as "METHOD /path", read from
 * its router (Express 5): routes, and routers mounted under a path (their
 * middleware-only mounts such as Apollo's `/graphql` are listed as "USE /path").
 */
export function servedRoutes(server: Server): string[] {
  const app = server.listeners("request")[0] as unknown as { router: { stack: Layer[] } };
  const found = new Set<string>();
  const walk = (stack: Layer[], prefix: string) => {
    for (const layer of stack) {
      if (layer.route) {
        for (const path of [layer.route.path].flat()) {
          for (const method of Object.keys(layer.route.methods)) found.add(`${method.toUpperCase()} ${prefix}${path}`);
        }
        continue;
      }
      const mounts = [layer.rawPath ?? "/"].flat().filter((p) => p !== "/");
      if (layer.handle?.stack) {
        for (const mount of mounts.length ? mounts : [""]) walk(layer.handle.stack, `${prefix}${mount}`);
        continue;
      }
      for (const mount of mounts) found.add(`USE ${prefix}${mount}`);
    }
  };
  walk(app.router.stack, "");
  return [...found].sort();
}
