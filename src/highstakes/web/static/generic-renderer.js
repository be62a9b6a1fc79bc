// The renderer for games without their own: the view as readable nested data and one
// button per legal action, labelled as the engine labels it. Any game is playable with
// it, if not pretty. The interface is the one every renderer exports (docs/server.md).
// The page tells it which game it draws and which view keys hold seats (`configure`), so
// seats read from 1. Its words are the platform's; the view's keys are read in the game's
// own words when its catalog has them (a game lists them like any of its messages).

import {
  amountInWords, el, followHint, formatAmount, formatNumber, listWords, onTableKeys, parseAmount, requestHint,
  seatName, sendAction, stillPending, takeReply,
} from "./common.js";
import { percent, t, tn, words } from "./i18n.js";

// The platform's catalog, read by a key looked up at run time (never extracted from here).
const platformWord = t;

const NUMBER_KEYS = 9; // keys 1..9 pick the first nine actions
const COLLAPSE_AFTER = 4; // longer lists of records start folded, to keep the page short

// One table per page: the key handler reads the latest render from here.
const current = { container: null, message: null, send: null, pending: false, hint: null };
// View keys whose values are seats (GET /api/games `seat_keys`): shown counted from 1.
let seatKeys = new Set();
// The game's own words, for its view's keys.
let gameWords = words("");

/** Which game this page draws, and which of its view keys hold seats. */
export function configure({ seatKeys: keys = [], game = "" } = {}) {
  seatKeys = new Set(keys);
  gameWords = words(game);
}

/** Draw a `state` message (docs/server.md, "Renderers"). */
export function render(container, message, send) {
  if (container.dataset.renderer !== "generic") {
    container.dataset.renderer = "generic";
    container.replaceChildren(
      el("div", { class: "generic" },
        el("section", { class: "panel", "aria-labelledby": "generic-actions-heading" },
          el("h2", { id: "generic-actions-heading" }, t("Your move")),
          el("div", { class: "moves" }),
          el("div", { class: "amounts" }),
          el("p", { class: "hint-text", role: "status" })),
        el("section", { class: "panel", "aria-labelledby": "generic-view-heading" },
          el("h2", { id: "generic-view-heading" }, t("The table")),
          el("div", { class: "data view-data" }))),
    );
  }
  if (current.message?.game_number !== message.game_number) current.hint = null;
  const repeated = current.message?.version === message.version && current.message?.game_number === message.game_number;
  Object.assign(current, { container, message, send, pending: stillPending(current, message) });
  followHint(current);
  showMoves();
  if (!repeated) showAmounts();
  container.querySelector(".view-data").replaceChildren(dataNode(message.view));
}

/** A box for each kind of move that takes any amount in a range (beyond the listed menu). */
function showAmounts() {
  const box = current.container.querySelector(".amounts");
  const entries = current.message.amounts ?? [];
  box.replaceChildren(...entries.map((entry) => {
    const id = `generic-amount-${entry.kind}`;
    const input = el("input", { id, type: "text", inputmode: "decimal", autocomplete: "off", "data-amount": "" });
    const problem = el("p", { class: "typing-problem", role: "alert" });
    const reading = el("p", { class: "amount-reading muted small", "aria-live": "polite" });
    const form = el("form", { class: "amount-form", novalidate: true },
      el("label", { for: id }, t("Or type an amount for {what}", { what: entry.label })),
      el("div", { class: "row" }, input, el("button", { type: "submit" }, t("Send"))),
      reading,
      el("p", { class: "muted small" },
        t("From {low} to {high}.", { low: formatAmount(entry.low, entry), high: formatAmount(entry.high, entry) })),
      problem);
    input.addEventListener("input", () => {
      // What the box reads, in words, before it is sent.
      const amount = input.value.trim() ? parseAmount(input.value, entry) : null;
      reading.textContent = typeof amount === "number"
        ? t("= {amount}, {words}", { amount: formatAmount(amount, entry), words: amountInWords(amount, entry) }) : "";
    });
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      const amount = parseAmount(input.value, entry);
      if (amount instanceof Error) {
        problem.textContent = amount.message;
        return;
      }
      problem.textContent = "";
      if (sendAction(current, { [entry.kind]: amount })) showMoves();
    });
    return form;
  }));
}

/** Hints and refusals from the server: a refusal re-enables the buttons. */
export function onMessage(container, message) {
  if (container !== current.container) return;
  if (current.message && takeReply(current, message)) showMoves();
}

function showMoves() {
  const { container, message } = current;
  const moves = container.querySelector(".moves");
  const focusedIndex = [...moves.querySelectorAll("button")].indexOf(document.activeElement);
  const legal = message.legal ?? [];
  const hintLine = container.querySelector(".hint-text");
  if (!legal.length) {
    const toAct = (message.to_act ?? []).map((seat) => seatName(message.seats, seat));
    const waiting = message.status === "over" ? t("The game is over.") :
      toAct.length ? t("Waiting for {names}.", { names: listWords(toAct) }) : t("Nothing to do right now.");
    moves.replaceChildren(el("p", { class: "muted" }, waiting));
    hintLine.textContent = "";
    return;
  }
  const buttons = legal.map((entry, index) => {
    const key = index < NUMBER_KEYS ? String(index + 1) : null;
    const button = el("button", {
      type: "button",
      class: "secondary",
      "aria-keyshortcuts": key,
      "aria-disabled": current.pending ? "true" : null,
    }, key ? el("kbd", {}, key) : null, entry.label);
    button.addEventListener("click", () => play(index));
    return button;
  });
  const hintButton = el("button", { type: "button", class: "secondary", "aria-keyshortcuts": "h" },
    el("kbd", {}, "h"), t("hint"));
  hintButton.addEventListener("click", askHint);
  moves.replaceChildren(el("div", { class: "actions" }, ...buttons, hintButton));
  if (focusedIndex >= 0) moves.querySelectorAll("button")[focusedIndex]?.focus();
  const hint = current.hint;
  hintLine.textContent = !hint ? "" : hint.waiting ? t("Thinking about a hint…") : hintWords(hint.advice ?? {});
}

/** A hint in words: the move, and the chance of winning when the advisor gives one. */
function hintWords(hint) {
  const move = hint.label ?? JSON.stringify(hint.action);
  if (typeof hint.win_probability !== "number") return t("Hint: {move}", { move });
  // With more than two players the advisor's figure is an estimate.
  const chance = `${hint.approximate ? "≈" : ""}${percent(hint.win_probability, 1)}`;
  return t("Hint: {move} · win chance {chance}", { move, chance });
}

function play(index) {
  const entry = current.message?.legal?.[index];
  if (entry && sendAction(current, entry.action)) showMoves();
}

function askHint() {
  if (requestHint(current)) showMoves();
}

onTableKeys("generic", current, (event) => {
  if (!current.message?.legal?.length) return;
  if (/^[1-9]$/.test(event.key)) {
    event.preventDefault();
    play(Number(event.key) - 1);
  } else if (event.key === "h") {
    event.preventDefault();
    askHint();
  }
});

// --- the view as nested data ----------------------------------------------------------------

function isPlain(value) {
  return value === null || typeof value !== "object";
}

function scalar(value, key = "") {
  if (value === null || value === undefined) return el("span", { class: "null" }, t("none"));
  if (seatKeys.has(key) && Number.isInteger(value)) {
    return el("span", { class: "seat" }, t("seat {number}", { number: value + 1 }));
  }
  // A view's text values are the game's ids (a phase, a version): read like its keys.
  if (typeof value === "string") return el("span", { class: "string" }, idWords(value));
  if (typeof value === "number") return el("span", { class: "number" }, formatNumber(value));
  if (typeof value === "boolean") return el("span", { class: "boolean" }, value ? t("yes") : t("no"));
  return el("span", {}, String(value));
}

function dataNode(value, key = "") {
  if (isPlain(value)) return scalar(value, key);
  if (Array.isArray(value)) {
    if (value.length === 0) return el("span", { class: "null" }, t("empty"));
    if (value.every(isPlain)) {
      // Short lists of plain values read best on one line: "G, D, D".
      const line = el("span", {});
      value.forEach((item, index) => {
        if (index) line.append(", ");
        line.append(scalar(item, key));
      });
      return line;
    }
    const list = el("ol", {}, value.map((item) => el("li", {}, dataNode(item, key))));
    if (value.length <= COLLAPSE_AFTER) return list;
    return el("details", {}, el("summary", {}, tn("{n} entry", "{n} entries", value.length)), list);
  }
  const entries = Object.entries(value);
  if (entries.length === 0) return el("span", { class: "null" }, t("empty"));
  return el("dl", {}, entries.flatMap(([name, item]) =>
    [el("dt", {}, idWords(name)), el("dd", {}, dataNode(item, name))]));
}

/**
 * A view's key or text value ("turn_total", "keep_only") as words: in the game's words when
 * its catalog has them, else in the platform's (a word every game shows: "seat", "you"), else
 * with spaces for "_"; looked up, so not extracted from here. The terminal's generic table
 * reads them the same way.
 */
function idWords(id) {
  const text = id.replaceAll("_", " ");
  const gameWord = gameWords.t; // a lookup, like platformWord: no message of its own to extract
  if (gameWords.has(text)) return gameWord(text);
  // "you", the key of the seat a view is for, is in every game's view: one of the platform's words.
  return text === "you" ? t("you") : platformWord(text);
}
