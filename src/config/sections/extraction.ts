import { z } from "zod";
import { commaList, ConfigError, section, variable, wholeNumber } from "../declare.js";
import { LLM_BASE_URL } from "./llm.js";

export const extraction = section({
  title: "Fact extraction",
  summary: "Facts learned from messages after they are stored (src/extraction/, [extraction.md](extraction.md)); channels with `learnFacts: false` are never read.",
  variables: {
    extraction: {
      mode: variable("EXTRACTION", z.enum(["deterministic", "llm", "off"]), {
        default: "deterministic",
        doc: "`deterministic` (no network), `llm` (the `LLM_BASE_URL` endpoint) or `off`",
      }),
      onlyTenants: variable("EXTRACTION_TENANTS", commaList, {
        default: "",
        doc: "only these tenants' messages are read (comma-separated; empty: every tenant), so a team can try extraction on one community first",
      }),
      offTenants: variable("EXTRACTION_OFF_TENANTS", commaList, { default: "", doc: "these tenants' messages are never read for facts (comma-separated): they are marked SKIPPED" }),
      batchSize: variable("EXTRACTION_BATCH_SIZE", wholeNumber(1, 1000), { default: 500, doc: "messages claimed per pass" }),
      leaseSeconds: variable("EXTRACTION_LEASE_SECONDS", wholeNumber(5, 3600), {
        default: 120,
        doc: "how long a claim holds before another worker (or this one, after a crash) may take the messages again",
      }),
      maxAttempts: variable("EXTRACTION_MAX_ATTEMPTS", wholeNumber(1, 100), { default: 5, doc: "failed passes over one message before it is marked FAILED" }),
      maxBusyShare: variable("EXTRACTION_MAX_BUSY_SHARE", z.coerce.number().gt(0).max(1), {
        default: 0.05,
        doc: "while the gateway serves writes, the share of time the worker may spend in passes (after a pass of T ms it waits T·(1 − share)/share); an idle gateway reads at full speed ([extraction.md](extraction.md#sharing-the-machine))",
      }),
      quietMs: variable("EXTRACTION_QUIET_MS", wholeNumber(0, 60_000), { default: 1000, doc: "how long after the last foreground write, in ms, the gateway counts as idle again" }),
    },
  },
  resolve: (values, { get }) => {
    if (values.extraction.mode === "llm" && !get(LLM_BASE_URL)) {
      throw new ConfigError(['EXTRACTION: "llm" needs LLM_BASE_URL (an OpenAI-compatible chat endpoint); use EXTRACTION=deterministic without one']);
    }
    return values;
  },
});
