// The ONNX model's own thread. onnxruntime-node's `session.run` holds the
// thread that calls it for the whole inference (it runs synchronously inside
// a setImmediate), so on the gateway's event loop every embedding stalled
// every request: a quarter of the main thread's time under bench:load. Here
// it stalls only this thread. Plain CommonJS so that it loads the same way
// from the TypeScript sources (tsx, vitest) and from the built dist/.
//
// Messages in: { id, feeds: { name: { data: BigInt64Array, dims } } }.
// Messages out: { id, data: Float32Array, dims } (the first output), or { id, error }.
"use strict";
const { parentPort, workerData } = require("node:worker_threads");
const ort = require(workerData.ortPath);

const ready = ort.InferenceSession.create(workerData.onnxPath, workerData.options).then(
  (session) => {
    parentPort.postMessage({ id: 0, inputNames: session.inputNames });
    return session;
  },
  (err) => {
    parentPort.postMessage({ id: 0, error: String((err && err.message) || err) });
    return null;
  },
);

parentPort.on("message", async (message) => {
  if (message.release) {
    const session = await ready;
    if (session) await session.release();
    parentPort.close();
    return;
  }
  try {
    const session = await ready;
    if (!session) throw new Error("the ONNX session did not start");
    const feeds = {};
    for (const [name, feed] of Object.entries(message.feeds)) feeds[name] = new ort.Tensor("int64", feed.data, feed.dims);
    const output = await session.run(feeds);
    const hidden = output[session.outputNames[0]];
    // A copy of our own: onnxruntime's buffer cannot be handed to another thread.
    const data = new Float32Array(hidden.data);
    parentPort.postMessage({ id: message.id, data, dims: hidden.dims }, [data.buffer]);
  } catch (err) {
    parentPort.postMessage({ id: message.id, error: String((err && err.message) || err) });
  }
});
