import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";

export interface OnnxFeed {
  data: BigInt64Array;
  dims: readonly number[];
}

/** An ONNX inference session that runs on a thread of its own (onnxThread.cjs), off the event loop. */
export interface OnnxSession {
  readonly inputNames: readonly string[];
  /** Runs the model; resolves with its first output. Runs are served one at a time, in order. */
  run(feeds: Record<string, OnnxFeed>): Promise<{ data: Float32Array; dims: number[] }>;
  release(): Promise<void>;
}

interface Reply {
  id: number;
  error?: string;
  inputNames?: string[];
  data?: Float32Array;
  dims?: number[];
}

export interface OnnxSessionOptions {
  intraOpNumThreads: number;
  interOpNumThreads: number;
  graphOptimizationLevel: "all";
  extra?: Record<string, string>;
}

export async function startOnnxSession(onnxPath: string, options: OnnxSessionOptions): Promise<OnnxSession> {
  // onnxruntime's telemetry writes a device id to ~/.cache/Microsoft/DeveloperTools on its first session: a file
  // outside Mnemograph's folders, for telemetry nobody asked for. Its native code reads the process environment
  // (set here, before the thread loads it), so a worker's own `env` would not reach it. An operator's value stands.
  process.env.ORT_DISABLE_TELEMETRY ??= "1";
  const ortPath = createRequire(import.meta.url).resolve("onnxruntime-node");
  const worker = new Worker(new URL("./onnxThread.cjs", import.meta.url), { workerData: { ortPath, onnxPath, options } });
  const pending = new Map<number, { resolve: (reply: Reply) => void; reject: (err: Error) => void }>();
  let nextId = 1;
  let failure: Error | null = null;
  const failAll = (err: Error) => {
    failure ??= err;
    for (const { reject } of pending.values()) reject(err);
    pending.clear();
  };
  worker.on("message", (reply: Reply) => {
    const waiting = pending.get(reply.id);
    pending.delete(reply.id);
    if (!waiting) return;
    if (reply.error !== undefined) waiting.reject(new Error(`ONNX model: ${reply.error}`));
    else waiting.resolve(reply);
  });
  worker.on("error", (err) => failAll(err));
  worker.on("exit", (code) => failAll(new Error(`the ONNX model's thread stopped (exit code ${code})`)));

  const call = (id: number, message?: object, transfer: ArrayBuffer[] = []): Promise<Reply> =>
    new Promise((resolve, reject) => {
      if (failure) return reject(failure);
      pending.set(id, { resolve, reject });
      if (message) worker.postMessage(message, transfer);
    });
  // Reply 0 is the thread's own first message: the session started (or failed to).
  const started = await call(0).catch(async (err: unknown) => {
    await worker.terminate();
    throw err;
  });

  return {
    inputNames: started.inputNames ?? [],
    async run(feeds) {
      const id = nextId++;
      const transfer = Object.values(feeds).map((feed) => feed.data.buffer as ArrayBuffer);
      const reply = await call(id, { id, feeds }, transfer);
      return { data: reply.data!, dims: reply.dims! };
    },
    async release() {
      const exited = new Promise<void>((resolve) => worker.once("exit", () => resolve()));
      worker.postMessage({ release: true });
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 2000).unref())]);
      await worker.terminate();
    },
  };
}
