// The explorer's shell: signs in, draws the tabs, and mounts one view at a time
// from the URL's hash (#graph, #people?id=…), so every view has an address.
import { createApi } from "./api.js";
import { h, replace, errorBox } from "./dom.js";
import { claimsOf, credentialFrom, remember, signInWith, startSession } from "./session.js";
import { graphView } from "./graphView.js";
import { peopleView } from "./peopleView.js";
import { beliefsView } from "./beliefsView.js";
import { approvalsView } from "./approvalsView.js";
import { feedView } from "./feedView.js";
import { runsView } from "./runsView.js";

const VIEWS = [
  { id: "graph", title: "Graph", mount: graphView },
  { id: "people", title: "People and facts", mount: peopleView },
  { id: "beliefs", title: "Beliefs", mount: beliefsView },
  { id: "approvals", title: "Approval board", mount: approvalsView },
  { id: "feed", title: "Feed", mount: feedView },
  { id: "runs", title: "Retrieval runs", mount: runsView },
];

const viewEl = document.getElementById("view");
const tabsEl = document.getElementById("tabs");
const whoEl = document.getElementById("who");
let unmount = null;
let api = null;

/** `#people?id=p1` → { id: "people", params: { id: "p1" } }. */
function route() {
  const [id, query] = window.location.hash.replace(/^#/, "").split("?");
  return { id: VIEWS.some((v) => v.id === id) ? id : "graph", params: Object.fromEntries(new URLSearchParams(query ?? "")) };
}

/** Goes to a view with parameters (views link to each other through this). */
export function go(id, params = {}) {
  const query = new URLSearchParams(Object.entries(params).filter(([, v]) => v != null && v !== "")).toString();
  window.location.hash = query ? `${id}?${query}` : id;
}

function drawTabs(current) {
  replace(tabsEl, ...VIEWS.map((v) => h("a", { href: `#${v.id}`, class: v.id === current ? "tab active" : "tab" }, v.title)));
}

async function show() {
  const { id, params } = route();
  drawTabs(id);
  unmount?.();
  unmount = null;
  replace(viewEl);
  const view = VIEWS.find((v) => v.id === id);
  try {
    unmount = (await view.mount(viewEl, { api, go, me: whoAmI, params })) ?? null;
  } catch (err) {
    viewEl.append(errorBox(err));
  }
}

let whoAmI = { agentId: null, tenant: null, roles: [] };

function drawWho(session) {
  const token = session.credential?.kind === "token" ? session.credential.value : null;
  const claims = token ? claimsOf(token) : {};
  whoAmI = { agentId: claims.sub ?? null, tenant: claims.tenant ?? null, roles: claims.roles ?? [] };
  const label = session.source === "open" ? "authentication off" : claims.sub ? `${claims.sub} · tenant ${claims.tenant}` : "signed in with an API key";
  replace(
    whoEl,
    h("span", { class: "muted", title: session.source === "local" ? "the local token of this machine" : "" }, label),
    session.source === "given" ? h("button", { class: "link", onclick: () => (remember(null), location.reload()) }, "sign out") : null,
  );
}

function signInForm() {
  const input = h("input", { type: "password", name: "credential", placeholder: "Bearer token or API key (mk_…)", autocomplete: "off", size: 60 });
  const status = h("p", { class: "muted" });
  const form = h(
    "form",
    {
      class: "signin",
      onsubmit: async (e) => {
        e.preventDefault();
        const credential = credentialFrom(input.value);
        if (!credential) return;
        status.textContent = "Checking…";
        try {
          await start(await signInWith(credential));
        } catch (err) {
          replace(status, errorBox(err));
        }
      },
    },
    h("h2", {}, "Sign in"),
    h("p", {}, "This gateway needs a token. Paste a bearer token or an API key; it is kept for this tab only (session storage)."),
    input,
    " ",
    h("button", { type: "submit" }, "Sign in"),
    status,
  );
  replace(viewEl, form);
}

async function start(session) {
  api = createApi(session);
  drawWho(session);
  window.addEventListener("hashchange", show);
  await show();
}

const session = await startSession().catch(() => null);
if (session) await start(session);
else signInForm();
