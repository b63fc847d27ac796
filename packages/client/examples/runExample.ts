import { pathToFileURL } from "node:url";
import WebSocket from "ws";
import { MnemographClient } from "@mnemograph/client";

/**
 * When the example file is the program being run (`npx tsx packages/client/examples/chatbotTurn.ts`),
 * runs `main` with a client of the gateway MNEMOGRAPH_URL names (default the local one),
 * with MNEMOGRAPH_API_KEY or MNEMOGRAPH_TOKEN, and prints what it returns as JSON.
 * Imported (by the tests), it does nothing.
 */
export function runExample(moduleUrl: string, main: (client: MnemographClient) => Promise<unknown>): void {
  if (!process.argv[1] || moduleUrl !== pathToFileURL(process.argv[1]).href) return;
  const client = new MnemographClient({
    url: process.env.MNEMOGRAPH_URL ?? "http://localhost:4000/graphql",
    apiKey: process.env.MNEMOGRAPH_API_KEY,
    token: process.env.MNEMOGRAPH_TOKEN,
    agent: process.env.MNEMOGRAPH_AGENT,
    // Node 20 has no global WebSocket; 22 and later do.
    webSocketImpl: WebSocket,
  });
  main(client).then(
    (result) => console.log(JSON.stringify(result, null, 2)),
    (err: unknown) => {
      console.error(err);
      process.exitCode = 1;
    },
  );
}
