// Small helpers shared by the lobby, the room page and the generic renderer.

// Seat tokens live in localStorage, one per room, so a reload or a later visit with the
// same browser continues the seat (docs/server.md, "Rooms and seats").
export const TOKEN_PREFIX = "highstakes.token.";
export const NAME_KEY = "highstakes.name";

export function tokenKey(room) {
  return TOKEN_PREFIX + room;
}

// localStorage throws in some private modes and when storage is disabled; the pages
// still work then, only without remembering the seat.
export function load(key) {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function store(key, value) {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Not remembered: see load().
  }
}

/**
 * Create an element. Children that are strings become text nodes, so text from other
 * players (display names) can never inject markup.
 */
export function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === null || value === undefined || value === false) continue;
    node.setAttribute(name, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : String(child));
  }
  return node;
}

/** A JSON request to the server; errors carry the server's message and the HTTP status. */
export async function api(path, { method = "GET", body } = {}) {
  const response = await fetch(path, {
    method,
    headers: body === undefined ? {} : { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  let data = null;
  try {
    data = await response.json();
  } catch {
    // Not JSON (a proxy's error page, say): the status alone has to do.
  }
  if (!response.ok) {
    const message = data?.error?.message ?? `${response.status} ${response.statusText}`.trim();
    const error = new Error(message);
    error.status = response.status;
    error.code = data?.error?.code;
    throw error;
  }
  return data;
}

/** An option value or view value for people: yes/no, thousands separators. */
export function formatValue(value) {
  if (value === true) return "yes";
  if (value === false) return "no";
  if (typeof value === "number") return value.toLocaleString("en");
  return String(value);
}

/**
 * The name a seat goes by: the person's display name, or which bot plays it. Bots are
 * named by seat as well, so that two bots of one strength can be told apart.
 */
export function seatName(seats, seat) {
  const info = seats?.[seat];
  if (info?.kind === "bot") return `Bot ${seat + 1}${info.bot ? ` (${info.bot})` : ""}`;
  if (info?.name) return info.name;
  return `Seat ${seat + 1}`;
}

/** True when a key press should be left to a text field or the browser (shortcuts). */
export function isTyping(event) {
  if (event.ctrlKey || event.metaKey || event.altKey) return true;
  const target = event.target;
  return target instanceof HTMLElement &&
    (target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName));
}
