import type { Command } from "commander";
import { call, withConnectionOptions, withGateway, type ConnectionOptions } from "./connection.js";
import { emit, type OutputOptions } from "./output.js";
import type { ExtractionState } from "../../extraction/index.js";

const STATE_FIELDS = "enabled extractor paused pending failed skipped done oldestPendingSeconds";
const STATE = `query CliExtractionState { extractionState { ${STATE_FIELDS} } }`;
const PAUSE = `mutation CliPauseExtraction($paused: Boolean!) { pauseExtraction(paused: $paused) { ${STATE_FIELDS} } }`;
const QUEUE = `mutation CliQueueExtraction($statuses: [ExtractionStatus!]!, $channelId: ID) { queueExtraction(statuses: $statuses, channelId: $channelId) }`;

const describe = (s: ExtractionState) =>
  `Extraction ${s.enabled ? `on (${s.extractor})` : "off for this tenant"}${s.paused ? ", PAUSED" : ""}: ` +
  `${s.pending} pending (oldest ${s.oldestPendingSeconds} s), ${s.done} done, ${s.skipped} skipped, ${s.failed} failed`;

/** `mnemograph extraction status|queue|pause|resume`: the extraction stage through the gateway (facts learned from messages). */
export function extractionCommand(program: Command): void {
  const extraction = program.command("extraction").description("facts learned from messages: see the queue, backfill a history, pause and resume");
  withConnectionOptions(extraction.command("status").description("the tenant's extraction queue by status (an admin's token or key)").option("--json", "print it as JSON")).action(
    async (options: ConnectionOptions & OutputOptions) => {
      const { extractionState: s } = await withGateway(options, (c) => call<{ extractionState: ExtractionState }>(c.client, STATE));
      emit(options, s, describe(s));
    },
  );
  withConnectionOptions(
    extraction
      .command("queue")
      .description("queue the tenant's messages again: those stored before extraction existed and those that failed, or the statuses given (an admin's)")
      .option("--status <statuses...>", "SKIPPED, FAILED or DONE (DONE reads everything again, e.g. after a new extractor version)", ["SKIPPED", "FAILED"])
      .option("--channel <id>", "only this channel's messages")
      .option("--json", "print the count as JSON"),
  ).action(async (options: ConnectionOptions & OutputOptions & { status: string[]; channel?: string }) => {
    const statuses = options.status.map((s) => s.toUpperCase());
    const { queueExtraction: queued } = await withGateway(options, (c) => call<{ queueExtraction: number }>(c.client, QUEUE, { statuses, channelId: options.channel ?? null }));
    emit(options, { queued }, `Queued ${queued} messages for extraction`);
  });
  for (const [name, paused] of [["pause", true], ["resume", false]] as const) {
    withConnectionOptions(
      extraction
        .command(name)
        .description(`${name} extraction for every gateway on the database (the operator's token: npm run operator-token)`)
        .option("--json", "print the state as JSON"),
    ).action(async (options: ConnectionOptions & OutputOptions) => {
      const { pauseExtraction: s } = await withGateway(options, (c) => call<{ pauseExtraction: ExtractionState }>(c.client, PAUSE, { paused }));
      emit(options, s, describe(s));
    });
  }
}
