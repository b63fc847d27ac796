import { z } from "zod";
import { commaList, section, variable } from "../declare.js";

/** A tag as Memory.tags takes it: 1..100 characters. */
const tagList = commaList.pipe(z.array(z.string().max(100)).min(1).max(10));

export const memory = section({
  title: "Agent memories",
  summary: "Defaults of the agent-memory tools (src/memory/, [agent-memory-tools.md](agent-memory-tools.md)).",
  variables: {
    interactionTags: variable("INTERACTION_TAGS", tagList, {
      default: "conversation",
      doc: "tags (comma-separated) a recorded interaction gets, before its topic's, when the writer sends none; a gateway serving only the Discord squad's bot may set `discord,conversation`, as that bot tags its recordings",
    }),
  },
});
