import { spawn } from "node:child_process";

/** Raised when Maven cannot provide the artifacts; carries Maven's own words. */
export class ProvisionError extends Error {
  constructor(
    message: string,
    readonly output: string,
  ) {
    super(`${message}\n${output}`);
    this.name = "ProvisionError";
  }
}

/**
 * Runs the machine's `mvn` with the given arguments. Neo4j, APOC and the
 * embedding models all come from Maven Central through it.
 */
export function runMaven(args: string[], cwd?: string): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = "";
    const child = spawn("mvn", args, { cwd, stdio: ["ignore", "pipe", "pipe"] });
    child.stdout.on("data", (d: Buffer) => (output += d.toString()));
    child.stderr.on("data", (d: Buffer) => (output += d.toString()));
    child.on("error", (err) =>
      reject(new ProvisionError("Could not run `mvn` (is Maven installed and on PATH?)", String(err))),
    );
    child.on("close", (code) => {
      if (code === 0) resolve();
      else reject(new ProvisionError(`mvn exited with code ${code}`, output.split("\n").slice(-40).join("\n")));
    });
  });
}
