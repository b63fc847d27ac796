import { bad, NO_ERROR, row, type HostileCase } from "../../../support/hostile/hostileCase.js";
import { CONTROL_CHARACTERS } from "../../../support/hostile/payloads.js";
import { readBackAndDeleteMemory } from "./storedPayloadCases.js";

const CREATE_MEMORY = `mutation ($input: [MemoryCreateInput!]!) { createMemories(input: $input) { memories { id } } }`;
const codeOf = (text: string) => `U\\+${text.charCodeAt(0).toString(16).toUpperCase().padStart(4, "0")}`;
const memoryText = (text: string) => ({ content: text, tags: [], participants: [], taskId: null, conversationId: null });

/**
 * The product rule (src/schema/inputRules.ts): no C0 control character but
 * tab, LF and CR, and no DEL, in any text anywhere in the arguments; refused
 * with BAD_USER_INPUT naming the field and where the character is.
 * Everything else in Unicode is text and is stored as sent.
 */
export const controlCharacterCases: HostileCase[] = [
  ...CONTROL_CHARACTERS.map((c) =>
    row(`${c.name} in Memory.content`, CREATE_MEMORY, { input: [{ type: "INSIGHT", content: `before${c.text}after` }] }, bad(new RegExp(`^Memory\\.content must not contain control characters \\(found ${codeOf(c.text)} at 6\\)$`), "Memory.content")),
  ),
  row("NUL in a Memory.tags item", CREATE_MEMORY, { input: [{ type: "INSIGHT", content: "c", tags: ["ok", "nul\u0000"] }] }, bad(/control characters \(found U\+0000 at 3\)/, "Memory.tags")),
  row("NUL in an Agent.id", `mutation ($id: ID!) { createAgents(input: [{ id: $id, name: "A", role: "r" }]) { agents { id } } }`, { id: "agent\u0000x" }, bad(/control characters/, "Agent.id")),
  row("ESC in a fact's role nested in a person's create", `mutation ($input: [PersonCreateInput!]!) { createPeople(input: $input) { people { id } } }`, { input: [{ id: "hostile-ctl", name: "P", worksAt: { create: [{ node: { name: "O" }, edge: { confidence: 0.5, role: "\u001b[31mred" } }] } }] }, bad(/control characters \(found U\+001B at 0\)/, "Fact.role")),
  row("NUL in an update's set", `mutation ($id: ID!) { updateMemories(where: { id: { eq: $id } }, update: { content: { set: "a\\u0000b" } }) { memories { id } } }`, (fx) => ({ id: fx.T1.memoryId }), bad(/control characters \(found U\+0000 at 1\)/, "Memory.content")),
  row("NUL in a read filter", `query ($c: String!) { memories(where: { content: { contains: $c } }) { id } }`, { c: "\u0000" }, bad(/control characters/, "memories.where.content.contains")),
  row("BEL in an API key name", `mutation ($n: String) { createApiKey(agentId: "kublai", name: $n) { info { id } } }`, { n: "key\u0007" }, bad(/control characters/, "createApiKey.name")),
  row("tab, LF and CR are text: stored verbatim and deleted", CREATE_MEMORY, { input: [{ type: "INSIGHT", content: "line one\n\tline two\r\nend" }] }, NO_ERROR, {
    check: (answer, ctx) => readBackAndDeleteMemory(ctx, answer, memoryText("line one\n\tline two\r\nend")),
  }),
  row("C1 (NEL), right-to-left override, zero-width space and BOM are outside the rule: stored verbatim and deleted", CREATE_MEMORY, { input: [{ type: "INSIGHT", content: "a\u0085b\u202ec\u200bd\ufeffe" }] }, NO_ERROR, {
    check: (answer, ctx) => readBackAndDeleteMemory(ctx, answer, memoryText("a\u0085b\u202ec\u200bd\ufeffe")),
  }),
  row("a lone surrogate (not well-formed Unicode) is refused rather than stored as U+FFFD", CREATE_MEMORY, { input: [{ type: "INSIGHT", content: "a\ud800b" }] }, bad(/Memory\.content/, "Memory.content")),
];
