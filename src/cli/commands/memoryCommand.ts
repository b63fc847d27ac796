import type { Command } from "commander";
import { CorrectMemoryDocument, ErasePersonDocument, ForgetMemoryDocument, WhoAmIDocument } from "@mnemograph/client";
import type { CorrectMemoryMutation, ErasePersonMutation, ForgetMemoryMutation, WhoAmIQuery } from "@mnemograph/client";
import { call, withConnectionOptions, withGateway, type ConnectionOptions } from "./connection.js";
import { emit, type OutputOptions } from "./output.js";

type Options = ConnectionOptions & OutputOptions;

/**
 * `mnemograph whoami`, `mnemograph memory forget|update` and `mnemograph person
 * erase`: identity, correct and forget from a shell, through the client
 * package's operations (the same ones the MCP tools run).
 */
export function memoryCommand(program: Command): void {
  withConnectionOptions(program.command("whoami").description("who your credentials make you: agent, tenant, roles and what they allow").option("--json", "print it as JSON")).action(
    async (options: Options) => {
      const { whoami } = await withGateway(options, (c) => call<WhoAmIQuery>(c.client, String(WhoAmIDocument)));
      emit(options, whoami, [`${whoami.agentId} in tenant ${whoami.tenantId} (${whoami.roles.join(", ").toLowerCase()}${whoami.operator ? ", operator" : ""})`, ...whoami.permissions.map((p) => `- ${p}`)].join("\n"));
    },
  );
  const memory = program.command("memory").description("correct or forget what you stored");
  withConnectionOptions(memory.command("forget").description("forget a memory, message, belief or other knowledge you own, by id: it leaves every read path").argument("<id>", "what to forget").option("--json", "print the report as JSON")).action(
    async (id: string, options: Options) => {
      const { forgetMemory: r } = await withGateway(options, (c) => call<ForgetMemoryMutation>(c.client, String(ForgetMemoryDocument), { id }));
      emit(options, r, `Forgot ${r.nodeType} ${r.id} (${r.versionsRemoved} earlier versions, ${r.derivedRemoved} copies; audit ${r.auditId}).`);
    },
  );
  withConnectionOptions(
    memory
      .command("update")
      .description("correct what you stored, keeping the old text as history")
      .argument("<id>", "what to correct")
      .requiredOption("--content <text>", "the corrected text, whole")
      .option("--reason <text>", "why it changed")
      .option("--json", "print the result as JSON"),
  ).action(async (id: string, options: Options & { content: string; reason?: string }) => {
    const { correctMemory: r } = await withGateway(options, (c) => call<CorrectMemoryMutation>(c.client, String(CorrectMemoryDocument), { id, content: options.content, reason: options.reason ?? null }));
    emit(options, r, `Corrected ${r.nodeType} ${r.id} (earlier version ${r.previousVersionId}).`);
  });
  const person = program.command("person").description("people your agents know");
  withConnectionOptions(person.command("erase").description("erase a person on request: their messages, facts and mentions (a tenant admin's credentials)").argument("<personId>", "the person's id").option("--json", "print the report as JSON")).action(
    async (personId: string, options: Options) => {
      const { erasePerson: r } = await withGateway(options, (c) => call<ErasePersonMutation>(c.client, String(ErasePersonDocument), { personId }));
      emit(options, r, `Erased ${r.personId}: ${r.messagesRemoved} messages, ${r.memoriesRemoved} memories, ${r.factsRemoved} facts, ${r.mentionsRemoved} mentions${r.personRemoved ? ", the person" : ""} (audit ${r.auditId}).`);
    },
  );
}
