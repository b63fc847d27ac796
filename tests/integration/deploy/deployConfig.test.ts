import { describe, expect, it } from "vitest";
import { CONFIG_VARIABLES, loadConfig } from "../../../src/config/config.js";
import { renderNeo4jConf } from "../../../src/graph/local/neo4jConf.js";
import {
  argDefaults,
  envOf,
  execForm,
  gatewayServices,
  interpolate,
  interpolatedNames,
  parseCompose,
  parseDockerfile,
  parseEnvFile,
  readRootFile,
  serviceEnv,
  stageEnv,
} from "./deployFiles.js";

// The image and compose files against the configuration table: a variable the
// gateway does not read would be silently ignored, so every one must be known.
const known = new Set(CONFIG_VARIABLES);
const CONF_PATHS = { boltPort: 7687, dataDir: "/data", logsDir: "/logs", runDir: "/run", pluginsDir: "/plugins" };
/** Not Mnemograph's but Node's/Express's (no stack traces in Express's error pages). */
const RUNTIME_VARIABLES = new Set(["NODE_ENV"]);
/** Read by Compose itself, never passed to the gateway. */
const COMPOSE_VARIABLES = new Set(["COMPOSE_PROFILES", "MNEMOGRAPH_HOST_PORT"]);

const dockerfileText = readRootFile("Dockerfile");
const dockerfile = parseDockerfile(dockerfileText);
const composeText = readRootFile("docker-compose.yml");
const compose = parseCompose(composeText);
const gateways = gatewayServices(compose);
const runtime = dockerfile.stages.at(-1)!;
const build = dockerfile.stages[0]!;
const SECRET = "s".repeat(40);

describe("Dockerfile", () => {
  it("sets only variables the config table knows (NODE_ENV aside), in every stage", () => {
    expect(dockerfile.stages.length).toBeGreaterThanOrEqual(2);
    for (const stage of dockerfile.stages) {
      for (const name of Object.keys(stageEnv(stage))) {
        expect(known.has(name) || RUNTIME_VARIABLES.has(name), `${stage.name}: ENV ${name}`).toBe(true);
      }
      for (const arg of stage.instructions.filter((i) => i.keyword === "ARG")) {
        expect(known.has(arg.args.split("=")[0]!), `${stage.name}: ARG ${arg.args}`).toBe(true);
      }
    }
    for (const name of dockerfile.globalArgs) expect(known.has(name), `ARG ${name}`).toBe(true);
  });

  it("builds on node:20-bookworm with Java and Maven: npm ci, build, provision (model included), prune", () => {
    expect(build.from).toBe("node:20-bookworm");
    const runs = build.instructions.filter((i) => i.keyword === "RUN").map((i) => i.args);
    const order = ["npm ci", "npm run build", "npm run provision", "npm prune --omit=dev"].map((cmd) => runs.findIndex((r) => r.includes(cmd)));
    expect(order.every((i) => i >= 0), `RUN steps: ${runs.join(" | ")}`).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(runs.join("\n")).toMatch(/openjdk-17-jdk-headless/);
    expect(runs.join("\n")).toMatch(/\bmaven\b/);
    // Provisioning fetches the model the image will run: the same EMBEDDING_MODEL in both stages.
    expect(stageEnv(build).MNEMOGRAPH_CACHE_DIR).toBe(stageEnv(runtime).MNEMOGRAPH_CACHE_DIR);
    expect(stageEnv(build).EMBEDDING_MODEL).toBe(stageEnv(runtime).EMBEDDING_MODEL);
    expect(argDefaults(dockerfileText).EMBEDDING_MODEL).toBe("bge-small-en-v1.5-q");
  });

  it("runs dist/cli/main.js on node:20-bookworm-slim with a Java 17 runtime, as a non-root user", () => {
    expect(runtime.from).toBe("node:20-bookworm-slim");
    expect(runtime.instructions.filter((i) => i.keyword === "RUN").map((i) => i.args).join("\n")).toMatch(/openjdk-17-jre-headless/);
    const users = runtime.instructions.filter((i) => i.keyword === "USER").map((i) => i.args);
    expect(users.length).toBeGreaterThan(0);
    expect(["root", "0", "0:0", "root:root"]).not.toContain(users.at(-1));
    const cmd = runtime.instructions.filter((i) => i.keyword === "CMD").at(-1)!;
    expect(execForm(cmd)).toEqual(["node", "dist/cli/main.js"]);
  });

  it("copies dist, schema, provision, production node_modules, package.json and the cache at MNEMOGRAPH_CACHE_DIR", () => {
    const copies = runtime.instructions.filter((i) => i.keyword === "COPY").map((i) => i.args);
    const cacheDir = stageEnv(runtime).MNEMOGRAPH_CACHE_DIR!;
    expect(cacheDir).toMatch(/^\//);
    for (const what of ["/app/dist", "/app/schema", "/app/provision", "/app/node_modules", "/app/package.json", cacheDir]) {
      expect(copies.some((c) => c.startsWith(`--from=${build.name} ${what} `)), `COPY --from=${build.name} ${what}`).toBe(true);
    }
    expect(copies.find((c) => c.includes(cacheDir))).toMatch(new RegExp(`${cacheDir} ${cacheDir}$`));
  });

  it("checks health on /health/ready with node's fetch", () => {
    const health = runtime.instructions.find((i) => i.keyword === "HEALTHCHECK")!;
    expect(health).toBeDefined();
    const command = execForm(health);
    expect(command[0]).toBe("node");
    expect(command.join(" ")).toContain("/health/ready");
    expect(health.args).toMatch(/--start-period=\d+s/);
  });

  it("parses both ENV forms", () => {
    expect(envOf({ keyword: "ENV", args: 'A=1 B="x y" C=' })).toEqual({ A: "1", B: "x y", C: "" });
    expect(envOf({ keyword: "ENV", args: "A some value" })).toEqual({ A: "some value" });
  });
});

describe("docker-compose.yml", () => {
  it("has an external-Neo4j variant and an embedded one, as profiles", () => {
    const neo4j = compose.services.neo4j!;
    expect(neo4j.image).toBe("neo4j:5.26-community");
    expect(String(neo4j.environment?.NEO4J_PLUGINS)).toContain("apoc");
    expect(neo4j.profiles).toEqual(["external"]);

    const external = gateways.filter(([, s]) => s.profiles?.includes("external"));
    const embedded = gateways.filter(([, s]) => s.profiles?.includes("embedded"));
    expect(external).toHaveLength(1);
    expect(embedded).toHaveLength(1);
    const externalEnv = serviceEnv(external[0]![1], { JWT_SECRET: SECRET });
    expect(externalEnv.NEO4J_URI).toBe("bolt://neo4j:7687");
    expect(external[0]![1].depends_on?.neo4j?.condition).toBe("service_healthy");
    // The same password on both sides.
    expect(`neo4j/${externalEnv.NEO4J_PASSWORD}`).toBe(interpolate(String(neo4j.environment?.NEO4J_AUTH), {}));
    // The throughput settings of the embedded server's neo4j.conf, as the image's NEO4J_* variables
    // (a dot becomes _, an underscore __), with the embedded server's values at the gateway's defaults.
    const conf = renderNeo4jConf({ ...CONF_PATHS, heap: "1g", pageCache: "1g", txTimeoutSeconds: 60, minReplanSeconds: loadConfig({}).neo4j.minReplanSeconds, queryCacheEntries: loadConfig({}).neo4j.queryCacheEntries });
    for (const setting of ["dbms.cypher.min_replan_interval", "internal.cypher.use_parameter_size"]) {
      const line = conf.split("\n").find((l) => l.startsWith(`${setting}=`));
      const variable = `NEO4J_${setting.replaceAll("_", "__").replaceAll(".", "_")}`;
      expect(String(neo4j.environment?.[variable]), variable).toBe(line!.slice(setting.length + 1));
    }
    const embeddedEnv = serviceEnv(embedded[0]![1], { JWT_SECRET: SECRET });
    expect(embeddedEnv.NEO4J_URI).toBeUndefined();
    // The embedded Neo4j keeps its data in a volume at the image's data folder.
    const dataDir = stageEnv(runtime).MNEMOGRAPH_DATA_DIR!;
    const mount = embedded[0]![1].volumes?.map((v) => v.split(":")[1]!).find((target) => dataDir.startsWith(`${target}/`) || dataDir === target);
    expect(mount, `a volume holding ${dataDir}`).toBeDefined();
  });

  it("gives the gateways only variables the config table knows", () => {
    expect(gateways.length).toBeGreaterThanOrEqual(2);
    for (const [name, service] of gateways) {
      for (const key of Object.keys(service.environment ?? {})) expect(known.has(key), `${name}: ${key}`).toBe(true);
    }
  });

  it("requires JWT_SECRET from .env, and the gateways start with it set", () => {
    for (const [name, service] of gateways) {
      expect(String(service.environment?.JWT_SECRET), name).toMatch(/^\$\{JWT_SECRET:\?.+\}$/);
      expect(() => serviceEnv(service, {}), name).toThrow(/JWT_SECRET/);
      expect(serviceEnv(service, { JWT_SECRET: SECRET }).JWT_SECRET).toBe(SECRET);
    }
  });

  it("checks the gateways' health on /health/ready, on the port they listen on", () => {
    for (const [name, service] of gateways) {
      const test = service.healthcheck?.test;
      expect(Array.isArray(test), name).toBe(true);
      const command = (test as string[]).join(" ");
      expect(command, name).toContain("/health/ready");
      const port = serviceEnv(service, { JWT_SECRET: SECRET }).PORT ?? stageEnv(runtime).PORT;
      expect(command, name).toContain(`127.0.0.1:${port}/health/ready`);
      expect(service.healthcheck?.start_period, name).toBeDefined();
    }
  });

  it("publishes ports on the host's loopback only, and no longer says the gateway has no authentication", () => {
    for (const service of Object.values(compose.services)) {
      for (const port of service.ports ?? []) expect(port).toMatch(/^127\.0\.0\.1:/);
    }
    expect(composeText).not.toMatch(/no authentication/i);
  });
});

describe(".env.example and the build files", () => {
  const example = parseEnvFile(readRootFile(".env.example"));

  it("lists every variable Compose interpolates, each one Mnemograph's or Compose's", () => {
    for (const name of Object.keys(example)) expect(known.has(name) || COMPOSE_VARIABLES.has(name), name).toBe(true);
    for (const name of interpolatedNames(composeText)) expect(Object.keys(example), name).toContain(name);
    expect(Object.keys(example)).toContain("JWT_SECRET");
    expect(example.JWT_SECRET).toBe("");
  });

  it("builds to dist/ and starts it with start:prod; dist/, .env stay out of git and the image context", () => {
    const pkg = JSON.parse(readRootFile("package.json")) as { scripts: Record<string, string>; devDependencies: Record<string, string> };
    expect(pkg.scripts["start:prod"]).toBe("node dist/cli/main.js");
    expect(pkg.scripts.start).toBe("tsx src/cli/main.ts");
    expect(pkg.scripts.build).toBeDefined();
    const tsconfig = JSON.parse(readRootFile("tsconfig.build.json").replace(/^\s*\/\/.*$/gm, "")) as { extends: string; compilerOptions: Record<string, unknown>; include: string[] };
    expect(tsconfig).toMatchObject({ extends: "./tsconfig.json", compilerOptions: { rootDir: "src", outDir: "dist", noEmit: false }, include: ["src"] });
    const gitignore = readRootFile(".gitignore").split("\n");
    expect(gitignore).toContain("dist/");
    expect(gitignore).toContain(".env");
    const dockerignore = readRootFile(".dockerignore").split("\n");
    for (const entry of ["node_modules", "dist", ".env", ".git"]) expect(dockerignore).toContain(entry);
  });
});
