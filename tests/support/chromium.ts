import { access, constants } from "node:fs/promises";
import { chromium, type Browser, type Page } from "playwright-core";

const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const LOOPBACK_HOSTS = new Set(["127.0.0.1", "localhost", "[::1]"]);
/** URL schemes that never leave the page, so they cannot reach another host. */
const LOCAL_SCHEMES = new Set(["data:", "blob:", "about:"]);

/** CI installs Chromium with apt-get, so a missing binary is a broken machine, not a reason to skip. */
export async function launchChromium(): Promise<Browser> {
  try {
    await access(CHROMIUM_PATH, constants.X_OK);
  } catch {
    throw new Error(`Chromium is not installed at ${CHROMIUM_PATH}: install it (apt-get install chromium) or set CHROMIUM_PATH.`);
  }
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-quic", "--no-first-run", "--disable-component-update", "--disable-sync"],
  });
}

/** Does a request the page made go anywhere but this machine? */
export function leavesLoopback(url: string): boolean {
  const { protocol, hostname } = new URL(url);
  return !LOCAL_SCHEMES.has(protocol) && !LOOPBACK_HOSTS.has(hostname);
}

/** What a page did that a test checks afterwards: every request and socket it opened, its errors. */
export function watchPage(page: Page) {
  const requested: string[] = [];
  const errors: string[] = [];
  page.on("request", (request) => requested.push(request.url()));
  page.on("websocket", (socket) => requested.push(socket.url()));
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(`${message.text()} (${message.location().url})`);
  });
  return { requested, errors, offMachine: () => requested.filter(leavesLoopback) };
}
