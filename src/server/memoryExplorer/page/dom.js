// Builds DOM nodes. Text always goes in as text nodes, never as HTML: what the
// store holds (memory contents, names) is written by agents and must not run.

/**
 * h("button", { class: "x", onclick: fn, title: "t" }, "text", child) → element.
 * `null`, `undefined` and `false` children are skipped; arrays are flattened.
 */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs ?? {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") el.addEventListener(key.slice(2), value);
    else if (key === "class") el.className = value;
    else if (key === "value") el.value = value;
    else el.setAttribute(key, value === true ? "" : String(value));
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const child of children) {
    if (child === undefined || child === null || child === false) continue;
    if (Array.isArray(child)) append(el, child);
    else el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

/** Empties an element and fills it again. */
export function replace(el, ...children) {
  el.replaceChildren();
  append(el, children);
  return el;
}

/** A date as "2024-03-05 14:02", or "" when there is none. */
export function when(iso) {
  if (!iso) return "";
  return String(iso).slice(0, 16).replace("T", " ");
}

/** Text cut to `max` characters with an ellipsis. */
export function cut(text, max = 60) {
  const s = String(text ?? "");
  return s.length > max ? `${s.slice(0, max - 1)}…` : s;
}

/** A panel saying what went wrong, in the page rather than only in the console. */
export function errorBox(err) {
  return h("div", { class: "error", role: "alert" }, String(err?.message ?? err));
}
