import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

export interface ModelService {
  /** EMBEDDING_BASE_URL for the gateways. */
  baseUrl: string;
  pid: number;
  stop(): Promise<void>;
}

/** Starts modelServiceProcess.ts (the local model behind `/v1/embeddings`) and waits until it serves. */
export async function startModelService(): Promise<ModelService> {
  const child = spawn(process.execPath, ["--import", "tsx", fileURLToPath(new URL("./modelServiceProcess.ts", import.meta.url))], {
    env: { ...process.env, LOG_LEVEL: "silent" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let out = "";
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split("\n").find((l) => l.startsWith('{"port":'));
      if (!line) return;
      child.stdout.off("data", onData);
      child.stdout.resume();
      resolve((JSON.parse(line) as { port: number }).port);
    };
    child.stdout.on("data", onData);
    child.once("exit", (code) => reject(new Error(`The model service exited with ${code} before serving`)));
  });
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    pid: child.pid!,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      await exited;
    },
  };
}
