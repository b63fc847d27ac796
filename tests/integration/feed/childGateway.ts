import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

/** A gateway in a child process against the given Neo4j, in token mode with `jwtSecret`. */
export async function startChildGateway(neo4j: { uri: string; user: string; password: string }, jwtSecret: string) {
  const script = fileURLToPath(new URL("./gatewayProcess.ts", import.meta.url));
  const child = spawn(process.execPath, ["--import", "tsx", script], {
    env: {
      ...process.env,
      PORT: "0",
      LOG_LEVEL: "silent",
      MNEMOGRAPH_AUTH: "token",
      JWT_SECRET: jwtSecret,
      NEO4J_URI: neo4j.uri,
      NEO4J_USER: neo4j.user,
      NEO4J_PASSWORD: neo4j.password,
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split("\n").find((l) => l.startsWith("{"));
      if (line) resolve((JSON.parse(line) as { port: number }).port);
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
