import type { ChatCompletionFunctionTool } from "openai/resources/chat/completions";
import type { FactRelation } from "../../core/schemaFacts.js";
import type { ExtractedAttributes } from "../extractor.js";

/** The one tool the model is given: it can only propose facts. There is no tool to delete or change anything. */
export const RECORD_FACTS = "record_facts";

type JsonSchema = Record<string, unknown>;

/** The attributes a fact may carry, typed against ExtractedAttributes so the two cannot drift apart. */
const ATTRIBUTES: Record<keyof Required<ExtractedAttributes>, JsonSchema> = {
  role: { type: "string", description: "Job title or role." },
  location: { type: "string", description: "Where (a city, an office)." },
  startDate: { type: "string", description: "`2019`, `2019-03` or a full date, as the message says it." },
  endDate: { type: "string", description: "Same form as startDate." },
  proficiency: { type: "string", description: "beginner, intermediate, expert…" },
  yearsExperience: { type: "integer", minimum: 0 },
  sentiment: { type: "string", description: "positive, negative, mixed." },
  basis: { type: "string", description: "A few words of the message that show the fact." },
};

/** The attribute names the model may set; any other key of its answer is not kept. */
export const ATTRIBUTE_NAMES: readonly string[] = Object.keys(ATTRIBUTES);

/**
 * record_facts in the chat-completions format. Its JSON schema closes every
 * choice it can: the relation is an enum of the SDL's fact relations, the
 * subject an enum of the listed people's ids, the evidence an enum of the
 * ids of the messages to read. (The answer is checked all the same: a model
 * may ignore a schema.) Pure.
 */
export function recordFactsTool(relations: readonly FactRelation[], personIds: readonly string[], messageIds: readonly string[]): ChatCompletionFunctionTool {
  const fact: JsonSchema = {
    type: "object",
    additionalProperties: false,
    required: ["subject", "relation", "object", "confidence", "evidence"],
    properties: {
      subject: { type: "string", enum: [...personIds], description: "Id of the person the fact is about (the author unless the message says otherwise)." },
      relation: { type: "string", enum: relations.map((r) => r.type) },
      object: { type: "string", description: "The object's short name; for a relation to a Person, that person's id from the list." },
      confidence: { type: "number", minimum: 0, maximum: 1 },
      evidence: { type: "array", minItems: 1, items: { type: "string", enum: [...messageIds] }, description: "Ids of the messages to read that state the fact." },
      attributes: { type: "object", additionalProperties: false, properties: ATTRIBUTES },
      validFrom: { type: "string", format: "date-time", description: "When it began, resolved against the message's time." },
      validUntil: { type: "string", format: "date-time", description: "When it ended." },
    },
  };
  return {
    type: "function",
    function: {
      name: RECORD_FACTS,
      description: "Propose the facts about the listed people that the messages to read state. An empty list when they state none.",
      parameters: { type: "object", additionalProperties: false, required: ["facts"], properties: { facts: { type: "array", items: fact } } },
    },
  };
}
