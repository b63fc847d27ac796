import { readdirSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import express, { type Router } from "express";

const require = createRequire(import.meta.url);
const page = path.join(path.dirname(fileURLToPath(import.meta.url)), "page");

/** Folder of an installed package's entry point (their `exports` hide the browser builds from require.resolve). */
const entryDir = (name: string) => path.dirname(require.resolve(name));

/** Browser builds of npm packages the page loads, by the name it asks for: nothing comes from a CDN. */
const VENDOR: Record<string, string> = {
  "cytoscape.min.js": path.join(entryDir("cytoscape"), "cytoscape.min.js"),
  "graphql-ws.min.js": path.join(entryDir("graphql-ws"), "..", "umd", "graphql-ws.min.js"),
};

const TYPES: Record<string, string> = { ".js": "application/javascript", ".css": "text/css", ".html": "text/html" };

/**
 * `/explorer`: the memory explorer, plain ES modules in `page/` over the public
 * GraphQL API (`/graphql`, graphql-ws on the same path), with Cytoscape.js drawing
 * the graph. Only the page's own files and the vendored builds are served.
 */
export function memoryExplorerRouter(): Router {
  // The page's files, read once: a request can name only one of them.
  const files = new Set(readdirSync(page).filter((f) => TYPES[path.extname(f)]));
  const router = express.Router();
  router.get("/", (req, res) => {
    // The modules' relative URLs need the trailing slash.
    if (!req.originalUrl.endsWith("/")) return res.redirect(301, `${req.baseUrl}/`);
    return res.sendFile(path.join(page, "index.html"));
  });
  router.get("/assets/:name", (req, res) => {
    const file = VENDOR[req.params.name];
    if (!file) return res.status(404).end();
    return res.type("application/javascript").sendFile(file, { maxAge: "1d" });
  });
  router.get("/:name", (req, res) => {
    const name = req.params.name;
    if (!files.has(name)) return res.status(404).end();
    return res.type(TYPES[path.extname(name)]!).sendFile(path.join(page, name));
  });
  return router;
}
