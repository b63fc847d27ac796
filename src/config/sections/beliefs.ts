import { z } from "zod";
import { section, variable } from "../declare.js";

export const beliefs = section({
  title: "Beliefs",
  summary: "The agent team's cross-agent pool (src/beliefs/sharedPool.ts, [beliefs-and-reflection.md](beliefs-and-reflection.md)).",
  variables: {
    sharedPool: {
      threshold: variable("SHARED_POOL_THRESHOLD", z.coerce.number().min(0).max(1), {
        default: 0.7,
        doc: "knowledge at or above this confidence joins the cross-agent pool automatically",
      }),
    },
  },
});
