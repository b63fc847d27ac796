import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ok } from "../../support/gql.js";
import { removeOwnedBy, startTestGateway, uniqueAgent, type TestGateway } from "../../support/testGateway.js";

let gw: TestGateway;
const me = uniqueAgent("messages");
const channel = `${me}-channel`;

beforeAll(async () => {
  gw = await startTestGateway();
});
afterAll(async () => {
  await removeOwnedBy(gw.driver, me);
  await gw.stop();
});

describe("channels and messages through GraphQL", () => {
  it("stores a conversation in a channel with authors and mentions, and reads it in order", async () => {
    await ok(gw, `mutation ($input: [PersonCreateInput!]!) { createPeople(input: $input) { people { id } } }`, {
      input: [{ id: `${me}-u1`, name: "Alice" }, { id: `${me}-u2`, name: "Bob" }, { id: `${me}-u3`, name: "Charlie" }],
    }, me);
    const msg = (n: number, author: string, name: string, content: string, mentions: string[] = []) => ({
      id: `${me}-m${n}`,
      authorId: author,
      authorName: name,
      content,
      timestamp: `2025-10-10T14:30:${String(n * 15).padStart(2, "0")}Z`,
      channel: { connect: [{ where: { node: { id: { eq: channel } } } }] },
      author: { connect: [{ where: { node: { id: { eq: author } } } }] },
      mentions: { connect: mentions.map((m) => ({ where: { node: { id: { eq: m } } } })) },
    });
    await ok(gw, `mutation ($id: ID!) { createChannels(input: [{ id: $id, name: "general" }]) { channels { id platform } } }`, { id: channel }, me);
    await ok(gw, `mutation ($input: [MessageCreateInput!]!) { createMessages(input: $input) { messages { id } } }`, {
      input: [
        msg(0, `${me}-u1`, "Alice", "Hey, I'm thinking about applying to Google"),
        msg(1, `${me}-u2`, "Bob", "Oh nice! Didn't Charlie work there?", [`${me}-u3`]),
        msg(2, `${me}-u1`, "Alice", "Did he? I should ask him about it"),
      ],
    }, me);

    const read = await ok(
      gw,
      `query ($id: ID!) { channels(where: { id: { eq: $id } }) { platform messages(sort: [{ timestamp: DESC }], limit: 2) { authorName content author { name } mentions { name } } } }`,
      { id: channel },
      me,
    );
    expect(read.channels[0].platform).toBe("discord");
    expect(read.channels[0].messages).toEqual([
      { authorName: "Alice", content: "Did he? I should ask him about it", author: [{ name: "Alice" }], mentions: [] },
      { authorName: "Bob", content: "Oh nice! Didn't Charlie work there?", author: [{ name: "Bob" }], mentions: [{ name: "Charlie" }] },
    ]);
  });

  it("edits and deletes a message", async () => {
    const mid = `${me}-edit`;
    await ok(gw, `mutation ($id: ID!) { createMessages(input: [{ id: $id, authorId: "u9", content: "typo", timestamp: "2025-01-01T00:00:00Z" }]) { messages { id } } }`, { id: mid }, me);
    const edited = await ok(gw, `mutation ($id: ID!) { updateMessages(where: { id: { eq: $id } }, update: { content: { set: "fixed" } }) { messages { content } } }`, { id: mid }, me);
    expect(edited.updateMessages.messages).toEqual([{ content: "fixed" }]);
    const deleted = await ok(gw, `mutation ($id: ID!) { deleteMessages(where: { id: { eq: $id } }) { nodesDeleted } }`, { id: mid }, me);
    expect(deleted.deleteMessages.nodesDeleted).toBe(1);
  });
});
