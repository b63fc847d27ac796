import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import express, { type Router } from "express";

const require = createRequire(import.meta.url);
const here = path.dirname(fileURLToPath(import.meta.url));

/** Folder of an installed package (its `exports` hide the UMD files from require.resolve). */
const packageDir = (name: string) => path.dirname(require.resolve(`${name}/package.json`));

/** Files of npm packages the offline explorer needs, by the name it asks for. */
const ASSETS: Record<string, string> = {
  "graphiql.min.js": path.join(packageDir("graphiql"), "graphiql.min.js"),
  "graphiql.min.css": path.join(packageDir("graphiql"), "graphiql.min.css"),
  "react.production.min.js": path.join(packageDir("react"), "umd", "react.production.min.js"),
  "react-dom.production.min.js": path.join(packageDir("react-dom"), "umd", "react-dom.production.min.js"),
};

/**
 * `/graphiql`: GraphiQL served entirely from this gateway (no CDN), for
 * developers without internet. Apollo Sandbox stays on `/graphql`.
 */
export function explorerRouter(): Router {
  const router = express.Router();
  router.get("/", (req, res, next) => {
    // Relative asset URLs need the trailing slash.
    if (!req.originalUrl.endsWith("/")) return res.redirect(301, `${req.baseUrl}/`);
    return next();
  });
  router.get("/", (_req, res) => res.sendFile(path.join(here, "index.html")));
  router.get("/explorer.js", (_req, res) => res.type("application/javascript").sendFile(path.join(here, "explorer.js")));
  router.get("/assets/:name", (req, res) => {
    const file = ASSETS[req.params.name];
    if (!file) return res.status(404).end();
    return res.sendFile(file, { maxAge: "1d" });
  });
  return router;
}
