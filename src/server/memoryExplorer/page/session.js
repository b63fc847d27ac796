// Who the explorer acts as. On the embedded default from this machine, the
// gateway's local token (GET /local-token, loopback only); elsewhere a token or
// an API key the user gives once, kept in sessionStorage (gone with the tab).

const STORE = "mnemograph.explorer.credential";
const base = new URL("../", window.location.href);

/** The saved credential: { kind: "token" | "apiKey", value } or null. */
function saved() {
  try {
    return JSON.parse(sessionStorage.getItem(STORE) ?? "null");
  } catch {
    return null;
  }
}

/** Keeps a credential for this tab; `null` forgets it. */
export function remember(credential) {
  if (credential) sessionStorage.setItem(STORE, JSON.stringify(credential));
  else sessionStorage.removeItem(STORE);
}

/** A credential typed into the form: an API key (mk_…) or a bearer token. */
export function credentialFrom(text) {
  const value = text.trim().replace(/^(Bearer|ApiKey)\s+/i, "");
  if (!value) return null;
  return { kind: value.startsWith("mk_") ? "apiKey" : "token", value };
}

/** Exchanges an API key for a short-lived token (POST /auth/token). */
async function exchange(apiKey) {
  const res = await fetch(new URL("auth/token", base), { method: "POST", headers: { authorization: `ApiKey ${apiKey}` } });
  const body = await res.json().catch(() => ({}));
  if (!res.ok) throw new Error(body.errors?.[0]?.message ?? `The API key was refused (${res.status})`);
  return { token: body.access_token, expiresAt: Date.now() + (body.expires_in - 30) * 1000 };
}

/** Who a token says it is (its payload, unverified: for display only). */
export function claimsOf(token) {
  try {
    const part = token.split(".")[1].replace(/-/g, "+").replace(/_/g, "/");
    return JSON.parse(atob(part));
  } catch {
    return {};
  }
}

/**
 * A session: `headers()` gives the Authorization header to send (an API key's
 * token is fetched again before it expires), `describe()` says who it is.
 */
function session(credential, source) {
  let issued = null;
  return {
    source,
    credential,
    async token() {
      if (!credential) return null;
      if (credential.kind === "token") return credential.value;
      if (!issued || issued.expiresAt < Date.now()) issued = await exchange(credential.value);
      return issued.token;
    },
    async headers() {
      const token = await this.token();
      return token ? { authorization: `Bearer ${token}` } : {};
    },
  };
}

/**
 * The session to start with, or null when the user has to sign in: a credential
 * this tab was given, else the local token (GET /local-token gives it to this
 * machine's own pages only), else none on a gateway with authentication off.
 */
export async function startSession() {
  const given = saved();
  if (given) return session(given, "given");
  const res = await fetch(new URL("local-token", base), { headers: { accept: "application/json" } }).catch(() => null);
  const local = res?.ok ? await res.json() : {};
  if (local.token) return session({ kind: "token", value: local.token }, "local");
  if (local.authentication === "off") return session(null, "open");
  return null;
}

/** Checks a typed credential against the gateway before keeping it. */
export async function signInWith(credential) {
  const candidate = session(credential, "given");
  const res = await fetch(new URL("graphql", base), {
    method: "POST",
    headers: { "content-type": "application/json", ...(await candidate.headers()) },
    body: JSON.stringify({ query: "{ __typename }" }),
  });
  if (!res.ok) {
    const body = await res.json().catch(() => ({}));
    throw new Error(body.errors?.[0]?.message ?? `The gateway refused it (${res.status})`);
  }
  remember(credential);
  return candidate;
}
