// Small helpers shared by the lobby, the room page and the renderers. Game renderers, served
// from their own packages, import them from /static/common.js (docs/server.md, "Renderers").
// Every word here goes through the translation layer (/static/i18n.js).

import {
  LARGEST_WRITTEN, beyondWritten, languageHeaders, mountLanguageSwitcher, number, numberSymbols, start, t, tn,
  translatePage, withCurrency,
} from "./i18n.js";
import { moneyInWords, numberInWords as spelled } from "./spell.js";

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

// --- the page's words ------------------------------------------------------------------------

/** What every page's header and frame say, by their data-i18n names. */
function frameWords() {
  return {
    brand: t("High Stakes"),
  };
}

/**
 * Start a page in the reader's language: load it, write the page's static text (`pageWords()`:
 * its data-i18n names and their words) and put the language switcher in the header. On a
 * switch the static text is written again and `redraw(code)` draws the rest in the new
 * language (and tells the server).
 */
export async function startPage(pageWords, redraw = async () => {}) {
  await start();
  const write = () => translatePage({ ...frameWords(), ...pageWords() });
  write();
  mountLanguageSwitcher(async (code) => {
    write();
    await redraw(code);
  });
}

/**
 * A JSON request to the server, in the reader's language (what the server says in words comes
 * back in it); errors carry the server's message and the HTTP status.
 */
export async function api(path, { method = "GET", body } = {}) {
  const headers = languageHeaders();
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const response = await fetch(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  let data = null;
  try {
    data = await response.json();
  } catch {
    // Not JSON (a proxy's error page, say): the status alone has to do.
  }
  if (!response.ok) {
    const message = data?.error?.message ?? t("the server answered {status}", { status: response.status });
    const error = new Error(message);
    error.status = response.status;
    error.code = data?.error?.code;
    throw error;
  }
  return data;
}

/** A game's entry of GET /api/games (its options, its bots in words, its renderer), or null. */
export async function loadGame(gameId) {
  try {
    return (await api("/api/games")).find((game) => game.id === gameId) ?? null;
  } catch {
    return null;
  }
}

/** A number for people, as their language writes it: 12,345 / 12.345. A missing number is 0. */
export function formatNumber(value) {
  return number(value);
}

const CURRENCY_SIGNS = { USD: "$", JPY: "¥" };

/**
 * An amount of an amount entry (see docs/server.md, `amounts`) as people read it: the game's
 * units (cents) shown in typed units (dollars), with the currency sign or unit name, as the
 * reader's language writes them ($40,000 / 40.000 $).
 */
export function formatAmount(amount, entry) {
  const scale = entry.scale || 1;
  // Past a quadrillion of the typed units: "more than $1,000,000,000,000,000" (as the server says it).
  const said = beyondWritten(Number(amount), LARGEST_WRITTEN * scale, (limit) => formatAmount(limit, entry));
  if (said !== null) return said;
  const size = Math.abs(amount);
  const whole = Math.trunc(size / scale);
  const part = size - whole * scale;
  const digits = String(scale).length - 1;
  const sign = amount < 0 ? "\u2212" : ""; // money's minus, as the server writes it
  const text = sign + number(whole) + (part ? numberSymbols().decimal + String(part).padStart(digits, "0") : "");
  if (CURRENCY_SIGNS[entry.currency]) return withCurrency(text, entry.currency);
  return entry.unit ? `${text} ${entry.unit}` : text;
}

// Characters of a typed amount that a refusal repeats.
const ECHOED = 40;

function escaped(text) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** The sentence that says how to type an amount, with the language's thousands separator. */
function typingRule(example, text) {
  const { group } = numberSymbols();
  if (group === ",") {
    return t("Type the amount in digits, with commas only between thousands (such as {example}), not “{text}”.",
      { example, text });
  }
  if (group === ".") {
    return t("Type the amount in digits, with dots only between thousands (such as {example}), not “{text}”.",
      { example, text });
  }
  return t("Type the amount in digits, with spaces only between thousands (such as {example}), not “{text}”.",
    { example, text });
}

/**
 * The amount (in the game's units) that `text` says, exactly as typed, or an Error saying
 * what is wrong: digits, the language's thousands separator only between thousands
 * ("40,000" in English, "40.000" in Spanish; never "240,00"), an optional currency sign
 * before or after, and decimals (after the language's decimal mark) only where the game
 * counts smaller units.
 */
export function parseAmount(text, entry) {
  const scale = entry.scale || 1;
  const typed = text.trim();
  // What a refusal repeats of it: the start of a long text (a thousand digits, say) and "…".
  const shown = typed.length > ECHOED ? `${typed.slice(0, ECHOED - 1)}…` : typed;
  const { group, decimal } = numberSymbols();
  const spaced = group !== "," && group !== ".";
  // Any kind of space reads as one; where spaces do not group digits they are only dropped.
  let cleaned = typed.replace(/[\s\u00a0\u202f]+/g, spaced ? " " : "");
  const sign = CURRENCY_SIGNS[entry.currency];
  if (sign && cleaned.startsWith(sign)) cleaned = cleaned.slice(sign.length);
  else if (sign && cleaned.endsWith(sign)) cleaned = cleaned.slice(0, -sign.length);
  cleaned = cleaned.trim();
  // A minus sign only where the entry goes below zero (an offset to the left, say).
  const negative = entry.low < 0 && /^[-\u2212]/.test(cleaned);
  if (negative) cleaned = cleaned.slice(1).trim();
  const separator = spaced ? " " : escaped(group);
  const pattern = new RegExp(`^(\\d+|\\d{1,3}(?:${separator}\\d{3})+)(?:${escaped(decimal)}(\\d+))?$`);
  const match = pattern.exec(cleaned);
  if (!match) return new Error(typingRule(formatAmount(40000 * scale, entry), shown));
  const decimals = [10, 100, 1000].includes(scale) ? String(scale).length - 1 : 0;
  const fraction = match[2] ?? "";
  if (fraction.length > decimals) {
    return new Error(decimals
      ? tn("At most {n} decimal, not “{text}”.", "At most {n} decimals, not “{text}”.", decimals, { text: shown })
      : t("Whole numbers only, not “{text}”.", { text: shown }));
  }
  const whole = match[1].split(spaced ? " " : group).join("");
  const amount = (negative ? -1 : 1) * (Number(whole) * scale + Number(fraction.padEnd(decimals, "0") || 0));
  if (!Number.isSafeInteger(amount)) return new Error(t("That is too large: “{text}”.", { text: shown }));
  if (amount < entry.low || amount > entry.high) {
    return new Error(t("From {low} to {high}, not {amount}.", {
      low: formatAmount(entry.low, entry), high: formatAmount(entry.high, entry), amount: formatAmount(amount, entry),
    }));
  }
  if ((amount - entry.low) % (entry.step || 1)) {
    return new Error(t("In steps of {step}, not {amount}.",
      { step: formatAmount(entry.step, entry), amount: formatAmount(amount, entry) }));
  }
  return amount;
}

// --- amounts in words ------------------------------------------------------------------------
// So that a person reads back what they are about to send: "$40,000, forty thousand dollars",
// in the reader's language (spell.js).

/** A whole number in the reader's words: 40000 → "forty thousand" ("cuarenta mil"). */
export function numberInWords(value) {
  return spelled(value);
}

/** An amount of an amount entry in words: "forty thousand dollars", "one dollar and fifty cents". */
export function amountInWords(amount, entry) {
  const scale = entry.scale || 1;
  const words = moneyInWords(amount, entry.currency, scale);
  if (words !== null) return words;
  if (amount % scale) return formatAmount(amount, entry);
  return `${spelled(amount / scale)} ${entry.unit ?? ""}`.trim();
}

// --- refusals ---------------------------------------------------------------------------------

// The server's words for a few refusals are about the protocol; people read these instead.
const REFUSAL_WORDS = {
  stale_version: () => t("that move was already made"),
};

/** What a refusal (an `error` message) says to people: the rule in words, never its code. */
export function refusalWords(message) {
  return REFUSAL_WORDS[message.code]?.() ?? message.message ?? t("the server refused that");
}

/** The tooltip that cites a refusal's rule ("Rule §2.5 (G-6)"), or null without one. */
export function ruleTitle(rule) {
  return rule ? t("Rule {rule}", { rule }) : null;
}

/** A refusal's words in an element whose tooltip cites the rule (for those who look it up). */
export function refusalNode(message, prefix = "") {
  return el("span", { title: ruleTitle(message.rule) }, prefix, refusalWords(message));
}

// --- the end of a game ------------------------------------------------------------------------

/**
 * The result of a game for people: who won (named once), then the standings. `seat` is the
 * page's own seat (null for a spectator); `scoreText` writes a score (money, say).
 */
export function resultParts(result, seats, seat, scoreText) {
  const parts = [];
  if (Array.isArray(result?.winners) && result.winners.length) {
    const winners = result.winners;
    let sentence;
    // One sentence for "you" and one for others: a language conjugates the verb for its subject.
    const others = winners.filter((winner) => winner !== seat).map((winner) => seatName(seats, winner));
    if (winners.length === 1) {
      sentence = winners[0] === seat ? t("You win!") : t("{name} wins!", { name: others[0] });
    } else if (winners.includes(seat)) {
      sentence = t("You share the win with {names}!", { names: listWords(others) });
    } else {
      sentence = t("{names} win!", { names: listWords(others) });
    }
    parts.push(el("p", { class: "big" }, el("strong", {}, sentence)));
  }
  if (Array.isArray(result?.scores)) {
    const order = result.scores.map((score, index) => ({ score, index })).sort((a, b) => b.score - a.score);
    parts.push(el("ol", { class: "standings" }, order.map(({ score, index }) => el("li", {}, index === seat
      ? t("{name} (you): {score}", { name: seatName(seats, index), score: scoreText(score) })
      : t("{name}: {score}", { name: seatName(seats, index), score: scoreText(score) })))));
  }
  return parts;
}

/** Names (or any items) as one phrase in the reader's language: "Ann, Bob and Cy". */
export function listWords(items) {
  if (items.length <= 1) return items.join("");
  return t("{first} and {last}", { first: items.slice(0, -1).join(", "), last: items[items.length - 1] });
}

/** An option value or view value for people: yes/no, numbers as their language writes them. */
export function formatValue(value) {
  if (value === true) return t("yes");
  if (value === false) return t("no");
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
  if (info?.kind === "bot") {
    return info.bot ? t("Bot {number} ({bot})", { number: seat + 1, bot: botLabel(info.bot) })
      : t("Bot {number}", { number: seat + 1 });
  }
  if (info?.name) return info.name;
  return t("Seat {number}", { number: seat + 1 });
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
 * Ask the server for advice on the position on screen (with `input`, such as a confidence the
 * player stated), once per position and input. Returns true when asked: the caller then draws
 * the hint as awaited until it comes. Nothing is asked where there is nothing to decide, or
 * where the table has no advisor (`table.noHints`).
 */
export function requestHint(table, input = null) {
  const { message, send } = table;
  if (!message?.legal?.length || table.noHints) return false;
  const asked = input ? JSON.stringify(input) : "";
  if (table.hint?.version === message.version && (table.hint.asked ?? "") === asked) return false;
  if (!send(input ? { type: "hint", input } : { type: "hint" })) return false;
  table.hint = { version: message.version, asked, input, waiting: true };
  return true;
}

/**
 * After a new state (`table.message` already set to it): a hint for another position is
 * dropped, but one still being worked out is asked again for this position while the seat has a
 * choice to make. In a game where seats choose at once another seat's move changes the position
 * without touching ours, and the server sends no advice for a position that has moved on: the
 * person who asked would otherwise wait for an answer that never comes.
 */
export function followHint(table) {
  const hint = table.hint;
  if (!hint || hint.version === table.message.version) return;
  table.hint = null;
  if (hint.waiting) requestHint(table, hint.input);
}

/**
 * A reply from the server that is not a state: a refusal (`error`) ends the wait for an answer
 * and is kept, in the rule's words, as `table.refusal` (a hint asked for may have been what was
 * refused); a hint for the position on screen is kept as `table.hint`, and one asked before
 * play moved on is dropped. Returns "refusal", "hint" or null; the renderer then draws.
 */
export function takeReply(table, message) {
  if (message.type === "error") {
    table.pending = false;
    if (table.hint?.waiting) table.hint = null;
    table.refusal = { version: table.message.version, text: refusalWords(message), rule: message.rule };
    return "refusal";
  }
  if (message.type === "hint" && table.hint?.version === table.message.version) {
    table.hint = { version: table.message.version, advice: message.hint };
    return "hint";
  }
  return null;
}

/**
 * Whether an action sent earlier still awaits its answer when `message` arrives. An update
 * about something else (a seat connecting, say) for the same position leaves it waiting, and
 * so does another seat's move that the server played first (in a game where seats move at
 * once): our own move is answered next, by its state or by a refusal. Our own move, any
 * other position, or a fresh state after a reconnection (which has no event: the action may
 * have been lost), ends the wait.
 */
export function stillPending(table, message) {
  const sent = table.sentAt;
  if (!(table.pending && sent && message.event && message.game_number === sent.game)) return false;
  if (message.version === sent.version) return true;
  const { kind, seat } = message.event;
  return kind === "acted" && seat !== message.seat && message.version > sent.version;
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
    el("th", { scope: "col" }, el("span", { class: "visually-hidden" }, t("Turn"))),
    el("th", { scope: "col" }, t("Player")),
    el("th", { scope: "col", class: "num" }, numberHeading)));
}

/** A row of a players table: ▶ marks the seat to play; `name` and `number` are cell contents. */
export function playerRow(current, name, number) {
  return el("tr", { class: current ? "current" : null, "aria-current": current ? "true" : null },
    el("td", { class: "marker" }, current ? el("span", { "aria-label": t("to play") }, "▶") : ""),
    el("th", { scope: "row" }, name),
    el("td", { class: "num" }, number));
}
