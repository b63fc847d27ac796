import path from "node:path";

/** What decides where a user's Mnemograph data lives: the environment, the platform and the user's home. */
export interface DataHomeInputs {
  env: NodeJS.ProcessEnv;
  platform: NodeJS.Platform;
  homedir: string;
}

/**
 * The per-user folder of Mnemograph's state (the embedded Neo4j's data, the local
 * secret and token, the running gateway's address) when `MNEMOGRAPH_HOME` does not
 * name one: the platform's place for an application's data — `$XDG_DATA_HOME/mnemograph`
 * (`~/.local/share/mnemograph`) on Linux and other Unixes, `~/Library/Application
 * Support/mnemograph` on macOS, `%LOCALAPPDATA%\mnemograph` on Windows. Never the
 * current directory: an MCP client may start us from `/` or an app bundle.
 */
export function defaultDataHome({ env, platform, homedir }: DataHomeInputs): string {
  if (platform === "darwin") return path.join(homedir, "Library", "Application Support", "mnemograph");
  if (platform === "win32") return path.join(env.LOCALAPPDATA || path.join(homedir, "AppData", "Local"), "mnemograph");
  // XDG says a relative XDG_DATA_HOME is invalid and is to be ignored.
  const xdg = env.XDG_DATA_HOME && path.isAbsolute(env.XDG_DATA_HOME) ? env.XDG_DATA_HOME : path.join(homedir, ".local", "share");
  return path.join(xdg, "mnemograph");
}

/**
 * Where provisioned jars and models are cached when neither `MNEMOGRAPH_CACHE_DIR`
 * nor `MNEMOGRAPH_HOME` says: `$XDG_CACHE_HOME/mnemograph` (`~/.cache/mnemograph`,
 * where it has always been).
 */
export function defaultCacheDir({ env, homedir }: DataHomeInputs): string {
  const xdg = env.XDG_CACHE_HOME && path.isAbsolute(env.XDG_CACHE_HOME) ? env.XDG_CACHE_HOME : path.join(homedir, ".cache");
  return path.join(xdg, "mnemograph");
}
