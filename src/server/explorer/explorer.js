// Mounts GraphiQL against this gateway's /graphql. Everything it loads is served
// by the gateway itself from npm packages, so the explorer works offline.
// Signed in without pasting: the local token on the embedded default from this
// machine (GET /local-token answers loopback pages only), else a token the memory
// explorer was given in this tab; otherwise the Headers tab, as before.
async function bearer() {
  const res = await fetch(new URL("../local-token", window.location.href)).catch(() => null);
  const local = res?.ok ? await res.json() : {};
  if (local.token) return local.token;
  try {
    const given = JSON.parse(sessionStorage.getItem("mnemograph.explorer.credential") ?? "null");
    return given?.kind === "token" ? given.value : null;
  } catch {
    return null;
  }
}

(async function mount() {
  const url = new URL("../graphql", window.location.href).href;
  const token = await bearer();
  const fetcher = GraphiQL.createFetcher({ url, headers: token ? { authorization: `Bearer ${token}` } : {} });
  const defaultQuery = [
    "# Mnemograph: long-term memory for agents.",
    "# Press the run button (or Ctrl-Enter) to list agents and their latest memories.",
    "query Agents {",
    "  agents(limit: 10) {",
    "    id",
    "    name",
    "    role",
    "    memories(limit: 3, sort: [{ createdAt: DESC }]) { type content importance }",
    "  }",
    "}",
    "",
  ].join("\n");
  const root = ReactDOM.createRoot(document.getElementById("graphiql"));
  root.render(React.createElement(GraphiQL, { fetcher, defaultQuery, defaultEditorToolbarOpen: true }));
})();
