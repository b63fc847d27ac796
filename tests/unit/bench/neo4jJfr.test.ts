import { describe, expect, it } from "vitest";
import { summarize } from "../../../bench/profile/neo4jJfr.js";

/** A sample as `jfr print --json` writes it: class names with slashes, lambdas dotted; top frame first. */
const sample = (...frames: string[]) => ({
  type: "jdk.ExecutionSample",
  values: {
    stackTrace: {
      frames: frames.map((f) => {
        const dot = f.lastIndexOf(".");
        return { method: { type: { name: f.slice(0, dot) }, name: f.slice(dot + 1) } };
      }),
    },
  },
});

const BOLT = "org/neo4j/bolt/protocol/common/connector/connection/AtomicSchedulingConnection.executeJobs";
const COMMIT = "org/neo4j/kernel/impl/api/KernelTransactionImplementation.commit";

describe("bench:profile's reading of Neo4j's samples", () => {
  it("names each sample's area by the frame nearest the top, matching class names printed with slashes", () => {
    const { areas, samples } = summarize([
      sample("org/neo4j/internal/recordstorage/RecordPropertyCursor.next", "org/neo4j/cypher/internal/runtime/slotted/SlottedPipe.apply", BOLT),
      sample("org/neo4j/cypher/internal/PreParser$.queryOptions", "org/neo4j/router/impl/QueryRouterImpl.executeQuery", BOLT),
      sample("io/netty/channel/nio/NioEventLoop.run"),
    ]);
    expect(samples).toBe(3);
    expect(Object.fromEntries(areas.map((a) => [a.name, a.share]))).toEqual({
      "Cypher runtime (executing plans)": 1 / 3,
      "query routing, statement caches and pre-parsing": 1 / 3,
      "Bolt (network protocol)": 1 / 3,
    });
  });

  it("puts a commit's work, Lucene's refresh at commit and its merges apart, wherever they are on the stack", () => {
    const { areas } = summarize([
      sample("org/apache/lucene/index/IndexWriter.flush", "org/apache/lucene/search/ReferenceManager.maybeRefreshBlocking", COMMIT, BOLT),
      sample("org/apache/lucene/codecs/lucene99/Lucene99PostingsWriter.startDoc", "org/apache/lucene/index/ConcurrentMergeScheduler$MergeThread.run"),
      sample("org/neo4j/kernel/impl/index/schema/GBPTree.writer", COMMIT, BOLT),
      sample("org/apache/lucene/util/hnsw/HnswGraphSearcher.search", "org/neo4j/cypher/internal/runtime/pipelined/Operator.operate", BOLT),
    ]);
    expect(Object.fromEntries(areas.map((a) => [a.name, a.share]))).toEqual({
      "Lucene: each commit's changes made searchable (refresh)": 0.25,
      "Lucene: segment merges (background threads)": 0.25,
      "transaction commit (store, index updates, log)": 0.25,
      "Lucene: index reads and updates": 0.25,
    });
  });
});
