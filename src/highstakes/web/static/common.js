// Small helpers shared by the lobby, the room page and the renderers. Game renderers, served
// from their own packages, import them from /static/common.js (docs/server.md, "Renderers").

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

/** A number for people, with thousands separators: 12,345. A missing number is 0. */
export function formatNumber(value) {
  return Number(value ?? 0).toLocaleString("en");
}

const CURRENCY_SIGNS = { USD: "$", JPY: "¥" };

/**
 * An amount of an amount entry (see docs/server.md, `amounts`) as people read it: the game's
 * units (cents) shown in typed units (dollars), with the currency sign or unit name.
 */
export function formatAmount(amount, entry) {
  const scale = entry.scale || 1;
  const whole = Math.trunc(amount / scale);
  const part = amount - whole * scale;
  const digits = String(scale).length - 1;
  let text = formatNumber(whole);
  if (part) text += `.${String(part).padStart(digits, "0")}`;
  const sign = CURRENCY_SIGNS[entry.currency];
  if (sign) return sign + text;
  return entry.unit ? `${text} ${entry.unit}` : text;
}

/**
 * The amount (in the game's units) that `text` says, exactly as typed, or an Error saying
 * what is wrong: digits, commas only between thousands ("40,000", never "240,00"), an
 * optional currency sign, and decimals only where the game counts smaller units.
 */
export function parseAmount(text, entry) {
  const scale = entry.scale || 1;
  let cleaned = text.trim().replaceAll(" ", "");
  const sign = CURRENCY_SIGNS[entry.currency];
  if (sign && cleaned.startsWith(sign)) cleaned = cleaned.slice(sign.length);
  const match = /^(\d+|\d{1,3}(?:,\d{3})+)(?:\.(\d+))?$/.exec(cleaned);
  if (!match) {
    return new Error(`Type the amount in digits, with commas only between thousands (such as ${
      formatAmount(40000 * scale, entry)}), not “${text.trim()}”.`);
  }
  const decimals = [10, 100, 1000].includes(scale) ? String(scale).length - 1 : 0;
  const fraction = match[2] ?? "";
  if (fraction.length > decimals) {
    return new Error(decimals ? `At most ${decimals} decimals, not “${text.trim()}”.`
      : `Whole numbers only, not “${text.trim()}”.`);
  }
  const amount = Number(match[1].replaceAll(",", "")) * scale + Number(fraction.padEnd(decimals, "0") || 0);
  if (!Number.isSafeInteger(amount)) return new Error(`That is too large: “${text.trim()}”.`);
  if (amount < entry.low || amount > entry.high) {
    return new Error(`From ${formatAmount(entry.low, entry)} to ${formatAmount(entry.high, entry)}, not ${
      formatAmount(amount, entry)}.`);
  }
  if ((amount - entry.low) % (entry.step || 1)) {
    return new Error(`In steps of ${formatAmount(entry.step, entry)}, not ${formatAmount(amount, entry)}.`);
  }
  return amount;
}

// --- amounts in words ------------------------------------------------------------------------
// So that a person reads back what they are about to send: "$40,000, forty thousand dollars".

const ONES = ("zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen " +
  "fifteen sixteen seventeen eighteen nineteen").split(" ");
const TENS = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"];
const GROUPS = [[1e12, "trillion"], [1e9, "billion"], [1e6, "million"], [1e3, "thousand"]];
const CURRENCY_WORDS = { USD: [["dollar", "dollars"], ["cent", "cents"]], JPY: [["yen", "yen"], ["sen", "sen"]] };

/** A whole number in English words: 40000 → "forty thousand". */
export function numberInWords(number) {
  if (number < 0) return `minus ${numberInWords(-number)}`;
  if (number < 20) return ONES[number];
  if (number < 100) {
    const ones = number % 10;
    return TENS[Math.floor(number / 10)] + (ones ? `-${ONES[ones]}` : "");
  }
  if (number < 1000) {
    const rest = number % 100;
    return `${ONES[Math.floor(number / 100)]} hundred${rest ? ` ${numberInWords(rest)}` : ""}`;
  }
  for (const [size, name] of GROUPS) {
    if (number >= size) {
      const rest = number % size;
      return `${numberInWords(Math.floor(number / size))} ${name}${rest ? ` ${numberInWords(rest)}` : ""}`;
    }
  }
  return String(number);
}

/** An amount of an amount entry in words: "forty thousand dollars", "one dollar and fifty cents". */
export function amountInWords(amount, entry) {
  const scale = entry.scale || 1;
  const whole = Math.trunc(amount / scale);
  const part = amount - whole * scale;
  const words = CURRENCY_WORDS[entry.currency];
  if (!words) return part ? formatAmount(amount, entry) : `${numberInWords(whole)} ${entry.unit ?? ""}`.trim();
  const [[one, many], [smallOne, smallMany]] = words;
  const big = `${numberInWords(whole)} ${whole === 1 ? one : many}`;
  const small = `${numberInWords(part)} ${part === 1 ? smallOne : smallMany}`;
  if (!part) return big;
  return whole ? `${big} and ${small}` : small;
}

// --- refusals ---------------------------------------------------------------------------------

// The server's words for a few refusals are about the protocol; people read these instead.
const REFUSAL_WORDS = {
  stale_version: "that move was already made",
};

/** What a refusal (an `error` message) says to people: the rule in words, never its code. */
export function refusalWords(message) {
  return REFUSAL_WORDS[message.code] ?? message.message ?? "the server refused that";
}

/** A refusal's words in an element whose tooltip cites the rule (for those who look it up). */
export function refusalNode(message, prefix = "") {
  return el("span", { title: message.rule ? `Rule ${message.rule}` : null }, prefix, refusalWords(message));
}

// --- the end of a game ------------------------------------------------------------------------

/**
 * The result of a game for people: who won (named once), then the standings. `seat` is the
 * page's own seat (null for a spectator); `scoreText` writes a score (money, say).
 */
export function resultParts(result, seats, seat, scoreText) {
  const parts = [];
  if (Array.isArray(result?.winners) && result.winners.length) {
    const names = result.winners.map((winner) => (winner === seat ? "You" : seatName(seats, winner)));
    const verb = result.winners.length === 1 && names[0] !== "You" ? "wins" : "win";
    parts.push(el("p", { class: "big" }, el("strong", {}, `${names.join(" and ")} ${verb}!`)));
  }
  if (Array.isArray(result?.scores)) {
    const order = result.scores.map((score, index) => ({ score, index })).sort((a, b) => b.score - a.score);
    parts.push(el("ol", { class: "standings" }, order.map(({ score, index }) =>
      el("li", {}, `${seatName(seats, index)}${index === seat ? " (you)" : ""}: ${scoreText(score)}`))));
  }
  return parts;
}

/** An option value or view value for people: yes/no, thousands separators. */
export function formatValue(value) {
  if (value === true) return "yes";
  if (value === false) return "no";
  if (typeof value === "number") return formatNumber(value);
  return String(value);
}

// The bots' names in words, by their short ids ("best play" for optimal): GET /api/games
// gives them per game, and the page showing a game's seats says which to use.
const botLabels = new Map();

/** Use these names in words for the bots (a game's `bot_labels` from GET /api/games). */
export function useBotLabels(labels) {
  botLabels.clear();
  for (const [bot, label] of Object.entries(labels ?? {})) botLabels.set(bot, label);
}

/** A bot as people read it: its name in words when known, else its short id. */
export function botLabel(bot) {
  return botLabels.get(bot) ?? bot;
}

/**
 * The name a seat goes by: the person's display name, or which bot plays it, in words. Bots
 * are named by seat as well, so that two bots of one kind can be told apart.
 */
export function seatName(seats, seat) {
  const info = seats?.[seat];
  if (info?.kind === "bot") return `Bot ${seat + 1}${info.bot ? ` (${botLabel(info.bot)})` : ""}`;
  if (info?.name) return info.name;
  return `Seat ${seat + 1}`;
}

/** True when this page plays a seat of the `state` message, false for a spectator. */
export function isSeated(message) {
  return message.seat !== null && message.seat !== undefined;
}

/** True when `seat` is the one this page plays. */
export function isOwnSeat(message, seat) {
  return isSeated(message) && seat === message.seat;
}

/** True when two actions are the same move (legal actions, a hint's advice). */
export function sameAction(a, b) {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** True when a key press should be left to a text field or the browser (shortcuts). */
export function isTyping(event) {
  if (event.ctrlKey || event.metaKey || event.altKey) return true;
  const target = event.target;
  return target instanceof HTMLElement &&
    (target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName));
}

// --- for the renderers ---------------------------------------------------------------------
// A renderer keeps its one table in an object with at least `container`, `message` (the
// latest state), `send` and `pending` (an action was sent and the server has not answered).

/**
 * Send `action` for the position on screen, unless an earlier action still waits for the
 * server's answer. Returns true when it was sent: the caller then draws its controls as
 * busy, until the next state or a refusal clears `table.pending`.
 */
export function sendAction(table, action) {
  const { message, send } = table;
  if (!message || table.pending) return false;
  if (!send({ type: "act", action, version: message.version })) return false;
  // Until the server answers, another click could only be refused as stale.
  table.pending = true;
  table.sentAt = { version: message.version, game: message.game_number };
  return true;
}

/**
 * Whether an action sent earlier still awaits its answer when `message` arrives. An update
 * about something else (a seat connecting, say) for the same position leaves it waiting; the
 * next position, or a fresh state after a reconnection (which has no event: the action may
 * have been lost), ends the wait.
 */
export function stillPending(table, message) {
  const sent = table.sentAt;
  return Boolean(table.pending && sent && message.event &&
    message.version === sent.version && message.game_number === sent.game);
}

/**
 * Listen for a renderer's keys: `handle(event)` runs only while the renderer named `name`
 * draws `table.container` on the page, and never while the player is typing (`typing`
 * decides; isTyping unless the renderer knows better).
 */
export function onTableKeys(name, table, handle, typing = isTyping) {
  document.addEventListener("keydown", (event) => {
    const container = table.container;
    if (!container?.isConnected || container.dataset.renderer !== name || typing(event)) return;
    handle(event);
  });
}

/**
 * The `data-focus` name of the focused control inside `container`, to give focus back to
 * it after a redraw: null when the focus is elsewhere, undefined when it is inside on an
 * element without a name.
 */
export function focusedName(container) {
  return container.contains(document.activeElement) ? document.activeElement?.dataset?.focus : null;
}

/** The control inside `container` with this `data-focus` name, or null. */
export function controlNamed(container, name) {
  return container.querySelector(`[data-focus="${CSS.escape(name)}"]`);
}

/** Open or close a <details> panel (the rules, say); opened, it comes into view with focus. */
export function toggleDetails(details) {
  if (!details) return;
  details.open = !details.open;
  if (details.open) {
    details.scrollIntoView({ behavior: "smooth", block: "nearest" });
    details.querySelector("summary").focus();
  }
}

/**
 * Put `text` in a live region for screen readers, unless it is what was said last
 * (`lastSaid`): a redraw of the same position says nothing again. Returns the new last.
 */
export function speak(region, text, lastSaid) {
  if (text && text !== lastSaid) region.textContent = text;
  return text;
}

/** The head of a players table: the turn marker's column, the player, and their number. */
export function playersHead(numberHeading) {
  return el("thead", {}, el("tr", {},
    el("th", { scope: "col" }, el("span", { class: "visually-hidden" }, "Turn")),
    el("th", { scope: "col" }, "Player"),
    el("th", { scope: "col", class: "num" }, numberHeading)));
}

/** A row of a players table: ▶ marks the seat to play; `name` and `number` are cell contents. */
export function playerRow(current, name, number) {
  return el("tr", { class: current ? "current" : null, "aria-current": current ? "true" : null },
    el("td", { class: "marker" }, current ? el("span", { "aria-label": "to play" }, "▶") : ""),
    el("th", { scope: "row" }, name),
    el("td", { class: "num" }, number));
}
