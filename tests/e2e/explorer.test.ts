import { mkdir } from "node:fs/promises";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium, leavesLoopback } from "../support/chromium.js";
import { removeOwnedBy, startTestGateway, uniqueAgent, type TestGateway } from "../support/testGateway.js";

const SCREENSHOT = path.resolve("test-results", "explorer.png");

/** A CodeMirror 5 editor as GraphiQL 3 attaches it to the editor's DOM node. */
interface CodeMirrorElement {
  CodeMirror: { getValue(): string; setValue(text: string): void };
}
/** The page's `window`, typed only as far as this test reaches (the project has no DOM lib). */
interface PageGlobals {
  document: { querySelector(selector: string): CodeMirrorElement | null };
  localStorage: { getItem(key: string): string | null };
}

const EDITORS = {
  query: ".graphiql-query-editor .CodeMirror",
  // Variables and headers share the tool pane; only the open one lacks `hidden`.
  openTool: ".graphiql-editor-tool .graphiql-editor:not(.hidden) .CodeMirror",
  response: ".graphiql-response .CodeMirror",
};

/** Replaces an editor's text through CodeMirror itself, which fires the change GraphiQL listens to. */
async function setEditorText(page: Page, selector: string, text: string): Promise<void> {
  await page.evaluate(
    ({ selector, text }) => {
      const editor = (globalThis as unknown as PageGlobals).document.querySelector(selector);
      if (!editor) throw new Error(`No CodeMirror editor matches ${selector}`);
      editor.CodeMirror.setValue(text);
    },
    { selector, text },
  );
}

async function editorText(page: Page, selector: string): Promise<string> {
  return page.evaluate((selector) => {
    const editor = (globalThis as unknown as PageGlobals).document.querySelector(selector);
    if (!editor) throw new Error(`No CodeMirror editor matches ${selector}`);
    return editor.CodeMirror.getValue();
  }, selector);
}

describe("offline explorer at /graphiql", () => {
  const agent = uniqueAgent("explorer");
  const name = `Explorer test agent ${agent}`;
  let browser: Browser | undefined;
  let gateway: TestGateway | undefined;

  beforeAll(async () => {
    browser = await launchChromium();
    gateway = await startTestGateway();
  });

  afterAll(async () => {
    await browser?.close();
    if (gateway) {
      await removeOwnedBy(gateway.driver, agent);
      await gateway.stop();
    }
  });

  it("runs a query in GraphiQL, shows the agent in the result, and never leaves loopback", async () => {
    const created = await gateway!.request(
      "mutation ($id: ID!, $name: String!) { createAgents(input: [{ id: $id, name: $name, role: \"tester\" }]) { agents { id } } }",
      { id: agent, name },
      agent,
    );
    expect(created).toEqual({ data: { createAgents: { agents: [{ id: agent }] } } });

    const page = await browser!.newPage({ viewport: { width: 1400, height: 900 } });
    const requested: string[] = [];
    const pageErrors: string[] = [];
    page.on("request", (request) => requested.push(request.url()));
    page.on("websocket", (socket) => requested.push(socket.url()));
    page.on("pageerror", (error) => pageErrors.push(error.message));

    const origin = `http://127.0.0.1:${gateway!.app.gateway.port}`;
    await page.goto(`${origin}/graphiql/`);
    await page.locator(EDITORS.query).waitFor();

    // Act as the agent that owns the data, as a developer would in the Headers tab.
    await page.getByRole("button", { name: "Headers" }).click();
    await setEditorText(page, EDITORS.openTool, JSON.stringify({ "x-mnemograph-agent": agent }));
    const query = `{\n  agents(where: { id: { eq: ${JSON.stringify(agent)} } }) {\n    id\n    name\n  }\n}\n`;
    await setEditorText(page, EDITORS.query, query);
    // GraphiQL re-parses an edited query (its operation name included) 100 ms after the change
    // and stores it in the same step; running earlier would send the default query's name.
    await page.waitForFunction(
      (query) => (globalThis as unknown as PageGlobals).localStorage.getItem("graphiql:query") === query,
      query,
    );
    await page.getByRole("button", { name: /Execute query/ }).click();

    try {
      await page.locator(".graphiql-response", { hasText: name }).waitFor({ timeout: 60_000 });
    } finally {
      // Also on failure: the picture usually says why faster than the log does.
      await mkdir(path.dirname(SCREENSHOT), { recursive: true });
      await page.screenshot({ path: SCREENSHOT });
    }

    expect(JSON.parse(await editorText(page, EDITORS.response))).toEqual({ data: { agents: [{ id: agent, name }] } });
    expect(pageErrors).toEqual([]);
    // The bundle and the query both came from the gateway, so the listener really saw the traffic.
    expect(requested).toEqual(expect.arrayContaining([`${origin}/graphiql/assets/graphiql.min.js`, `${origin}/graphql`]));
    expect(requested.filter(leavesLoopback)).toEqual([]);
  });
});
