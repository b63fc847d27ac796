import { seededRandom } from "../support/seededRandom.js";

const WORDS = (
  "deploy build cache raid boss guild patch nerf buff queue lobby ranked stream clip meme bug crash fix server lag ping " +
  "tonight tomorrow weekend anyone ready gg wp lol nice thanks help docs release merge branch review test flaky green red " +
  "coffee pizza music playlist movie trailer update mod ban role channel voice event tournament bracket score win lose"
).split(" ");

/**
 * A DiscordChatExporter JSON export of one channel with `count` messages from
 * 60 members, one every 20 s, a fifth of them replies to one of the last 50:
 * the same export for the same seed. `prefix` keeps the ids of two exports
 * apart (the killed and the uninterrupted import of the benchmark).
 */
export function discordExport(count: number, prefix: string, seed = 17): string {
  const random = seededRandom(seed);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)]!;
  const members = Array.from({ length: 60 }, (_, i) => ({ id: `${prefix}u${1000 + i}`, name: `member${i}`, nickname: i % 3 === 0 ? `Member ${i}` : null }));
  const start = Date.UTC(2025, 0, 1);
  const messages = Array.from({ length: count }, (_, i) => {
    const length = 6 + Math.floor(random() * 24);
    const reply = i > 0 && random() < 0.2 ? `${prefix}m${Math.max(0, i - 1 - Math.floor(random() * 50))}` : null;
    return {
      id: `${prefix}m${i}`,
      type: reply ? "Reply" : "Default",
      timestamp: new Date(start + i * 20_000).toISOString(),
      content: Array.from({ length }, () => pick(WORDS)).join(" "),
      author: pick(members),
      ...(reply ? { reference: { messageId: reply, channelId: `${prefix}c1` } } : {}),
    };
  });
  return JSON.stringify({ guild: { id: "g1", name: "Bench guild" }, channel: { id: `${prefix}c1`, type: "GuildTextChat", name: "general" }, messages, messageCount: count });
}
