import { z } from "zod";
import { onOff, section, variable, wholeNumber } from "../declare.js";
import { LOCAL_MODEL_NAMES } from "../embeddingModels.js";

export const embeddings = section({
  title: "Embeddings",
  summary: "Where vectors come from: a local ONNX model provisioned from Maven Central (the default), or an OpenAI-compatible `/embeddings` endpoint.",
  variables: {
    embeddings: {
      local: {
        model: variable("EMBEDDING_MODEL", z.enum(LOCAL_MODEL_NAMES), {
          // Chosen by measurement on the LoCoMo development set (docs/benchmarks.md).
          default: "bge-small-en-v1.5-q",
          doc: "the local model, from its langchain4j jar on Maven Central (`-q`: quantized); after a change, `npm run embeddings:backfill` re-embeds what has a vector of another model",
        }),
        threads: variable("EMBEDDING_THREADS", wholeNumber(1, 64), { default: 2, doc: "onnxruntime threads for the local model" }),
        spinning: variable("EMBEDDING_SPINNING", onOff, {
          default: "off",
          doc: "`on` lets onnxruntime's threads spin between runs: a bulk import embeds about a fifth faster on an idle machine, but every query embedded alone costs 2.5× the CPU, which the gateway and Neo4j share under load",
        }),
      },
      endpoint: {
        baseUrl: variable("EMBEDDING_BASE_URL", z.string().url(), {
          doc: "an OpenAI-compatible `/embeddings` endpoint to use instead of the local model (384 dimensions, the size of the vector indexes)",
        }),
        apiKey: variable("EMBEDDING_API_KEY", z.string(), { default: "", doc: "key for `EMBEDDING_BASE_URL`" }),
        model: variable("EMBEDDING_API_MODEL", z.string().min(1), { default: "text-embedding-3-small", doc: "model for `EMBEDDING_BASE_URL`" }),
        maxTokens: variable("EMBEDDING_API_MAX_TOKENS", wholeNumber(16, 1_000_000), {
          default: 512,
          doc: "the input window of `EMBEDDING_API_MODEL` in tokens (counted as 4 characters each): a longer text is embedded as passages instead of being cut short by the endpoint",
        }),
      },
    },
    embeddingContext: variable("EMBEDDING_CONTEXT", z.enum(["joint", "derived", "single"]), {
      default: "single",
      doc: "a conversation turn's vectors: `single` embeds only the text search ranks it by (the turn after the end of the one before, or alone after a turn of more than 200 words: one model run per turn, the same scores with shared keys on, 0.006 less LoCoMo Recall@10 with them off; [benchmarks.md](benchmarks.md)); `joint` embeds the turn alone and again after the end of the turn before (two runs per turn, two vector-index inserts); switching keeps what is stored, and a turn is embedded the new way when it is next re-embedded; `derived` adds the two turns' own vectors (one run of the shortest text; less Recall@10 on LoCoMo, [benchmarks.md](benchmarks.md))",
    }),
    embeddingPollSeconds: variable("EMBEDDING_POLL_SECONDS", wholeNumber(1, 86_400), {
      default: 30,
      doc: "how often the embedding worker looks for writes nobody woke it for (another gateway's, the CLI import's); a write through this gateway wakes it at once",
    }),
  },
  resolve: ({ embeddings: { local, endpoint }, embeddingContext, embeddingPollSeconds }) => {
    const { baseUrl } = endpoint;
    return {
      embeddingContext,
      embeddingPollSeconds,
      embeddings: baseUrl ? { provider: "openai" as const, ...endpoint, baseUrl } : { provider: "local" as const, ...local },
    };
  },
});
