import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

export interface ChildGateway {
  /** The GraphQL endpoint over HTTP. */
  url: string;
  pid: number | undefined;
  stop(): Promise<void>;
}

/**
 * A gateway in a child OS process (tests/support/gatewayProcess.ts),
 * configured by `env` like `npm start` on top of this process's environment.
 * Give it NEO4J_URI so it uses an existing Neo4j instead of starting one.
 */
export async function startChildGateway(env: Record<string, string>): Promise<ChildGateway> {
  const script = fileURLToPath(new URL("./gatewayProcess.ts", import.meta.url));
  const child = spawn(process.execPath, ["--import", "tsx", script], {
    env: { ...process.env, PORT: "0", LOG_LEVEL: "silent", ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      // The first line that is just the port; log lines (JSON too) are skipped.
      for (const line of out.split("\n")) {
        if (!line.startsWith('{"port":')) continue;
        const { port: value } = JSON.parse(line) as { port: unknown };
        if (typeof value === "number") resolve(value);
      }
    });
    child.once("exit", (code) => reject(new Error(`The child gateway exited with ${code} before serving`)));
  });
  return {
    url: `http://127.0.0.1:${port}/graphql`,
    pid: child.pid,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      await exited;
    },
  };
}

/** The environment of a token-mode child gateway on the given Neo4j, signing with `jwtSecret`. */
export function tokenGatewayEnv(neo4j: { uri: string; user: string; password: string }, jwtSecret: string): Record<string, string> {
  return { MNEMOGRAPH_AUTH: "token", JWT_SECRET: jwtSecret, NEO4J_URI: neo4j.uri, NEO4J_USER: neo4j.user, NEO4J_PASSWORD: neo4j.password };
}
