// Mounts GraphiQL against this gateway's /graphql. Everything it loads is served
// by the gateway itself from npm packages, so the explorer works offline.
(function mount() {
  const url = new URL("../graphql", window.location.href).href;
  const fetcher = GraphiQL.createFetcher({ url });
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
