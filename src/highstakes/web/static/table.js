// The browser's one table for every game: it draws the `table` of a `state` message (a declared
// table, docs/table.md, or the generic one the server builds for a game that declares none)
// with the drawers of table/draw.js. It is a renderer like any game's (docs/server.md,
// "Renderers"): configure, render, onMessage. Every actionable element sends its action through
// sendAction (the room's `act` message with the version), or says its refusal in one line; its
// key (worked out by the server, the same as the terminal's) chooses it too. Digits open the
// amount box where there is one; Backspace takes a picker's last piece back; `h` asks for a hint.
// The turn line is read to screen readers once, through a polite live region.

import {
  amountInWords, el, focusedName, controlNamed, followHint, formatAmount, onTableKeys, parseAmount,
  requestHint, seatName, sendAction, speak, stillPending, takeReply,
} from "./common.js";
import { percent, t } from "./i18n.js";
import { canAdd, canonical, composedAction } from "./table/compose.js";
import { drawAll, drawLog, words } from "./table/draw.js";
import { reader } from "./table/words.js";

const NAME = "table";
// The keys the server hands out (highstakes.table.keys): a key among them that chooses nothing says so.
const TABLE_KEYS = new Set("123456789abcdefgijklmoprstuvwxyz");

// One table per page: the key handler reads the latest drawing from here.
const current = {
  container: null, message: null, send: null, pending: false, hint: null, refusal: null,
  composition: {}, byKey: new Map(), boxes: new Map(), lastSaid: null, gameNumber: null,
};
const extensions = new Map(); // a Custom kind's module, once loaded (or the promise of it)

/** Which game this page draws (for the renderer interface; the table carries its own words). */
export function configure() {}

/** Draw a `state` message that carries a `table`. */
export function render(container, message, send) {
  if (container.dataset.renderer !== NAME) {
    container.dataset.renderer = NAME;
    container.replaceChildren(el("div", { class: "htable" },
      el("p", { class: "table-turn", "aria-live": "polite" }),
      el("div", { class: "table-areas" },
        el("div", { class: "table-controls" },
          el("div", { class: "table-control-widgets" }),
          el("p", { class: "table-refusal", role: "status" }),
          el("p", { class: "hint-text", role: "status" })),
        el("div", { class: "table-main" }),
        el("div", { class: "table-side" }),
        el("div", { class: "table-log-area" }))));
    current.boxes.clear();
  }
  if (current.gameNumber !== message.game_number) {
    current.composition = {};
    current.hint = null;
    current.gameNumber = message.game_number;
  }
  const moved = current.message?.version !== message.version;
  Object.assign(current, { container, message, send, pending: stillPending(current, message) });
  if (moved) current.refusal = null;
  followHint(current);
  drawTable();
}

/** Hints and refusals from the server: a refusal ends the wait and is shown in one line. */
export function onMessage(container, message) {
  if (container !== current.container || !current.message) return false;
  const reply = takeReply(current, message);
  if (reply) drawTable();
  return reply === "refusal";
}

/** A table's JSON drawn into `container` with no actions (the replay page). */
export function drawStatic(container, table, { seat = null, seats = [], names = null } = {}) {
  const ctx = context(table, { seat, live: false, seats, names });
  container.replaceChildren(el("div", { class: "htable replayed" },
    table.turn ? el("p", { class: "table-turn" }, words(ctx, table.turn)) : null,
    el("div", { class: "table-areas" },
      el("div", { class: "table-main" }, drawAll(table.main, ctx)),
      el("div", { class: "table-side" }, drawAll(table.side, ctx)),
      el("div", { class: "table-log-area" }, table.log ? drawLog(table.log, ctx) : null))));
}

// --- drawing ---------------------------------------------------------------------------------

function context(table, { seat, live, seats, names = null }) {
  const name = names ? (index) => names[index] ?? seatName(seats, index) : (index) => seatName(seats, index);
  return {
    reader: reader({ domain: table.domain ?? "highstakes", seatName: name }),
    seat,
    live,
    hinted: current.hint?.advice?.action ?? null,
    composition: current.composition,
    activate,
    takeBack,
    amountBox,
    custom: (widget) => customNode(widget, table),
  };
}

function drawTable() {
  const { container, message } = current;
  const table = message.table;
  const live = (message.legal?.length ?? 0) + (message.amounts?.length ?? 0) > 0 && !current.pending;
  const ctx = context(table, { seat: message.seat ?? null, live, seats: message.seats });
  const focused = focusedName(container);
  const part = (selector) => container.querySelector(selector);
  const turn = table.turn ? ctx.reader.text(table.turn) : "";
  const turnLine = part(".table-turn");
  // Said once per position: a redraw of the same words says nothing again.
  current.lastSaid = speak(turnLine, turn, current.lastSaid);
  turnLine.replaceChildren(...(table.turn ? words(ctx, table.turn) : []));
  part(".table-control-widgets").replaceChildren(...drawAll(table.controls, ctx), ...hintControls(ctx));
  part(".table-main").replaceChildren(...drawAll(table.main, ctx));
  part(".table-side").replaceChildren(...drawAll(table.side, ctx));
  part(".table-log-area").replaceChildren(...(table.log ? [drawLog(table.log, ctx)] : []));
  part(".table-refusal").textContent = current.refusal?.text ?? "";
  part(".table-refusal").title = current.refusal?.rule ? t("Rule {rule}", { rule: current.refusal.rule }) : "";
  const hint = current.hint;
  part(".hint-text").textContent = !hint ? "" : hint.waiting ? t("Thinking about a hint…") : hintWords(hint.advice ?? {});
  current.byKey = keyMap(table);
  if (focused) controlNamed(container, focused)?.focus();
}

function hintControls(ctx) {
  if (!ctx.live || !current.message?.legal?.length) return [];
  const button = el("button", { type: "button", class: "secondary table-hint", "aria-keyshortcuts": "h" }, t("hint"), el("kbd", {}, "h"));
  button.addEventListener("click", askHint);
  return [el("div", { class: "actions" }, button)];
}

/** A hint in words: the move, and the chance of winning when the advisor gives one. */
function hintWords(hint) {
  const move = hint.label ?? JSON.stringify(hint.action);
  if (typeof hint.win_probability !== "number") return t("Hint: {move}", { move });
  const chance = `${hint.approximate ? "≈" : ""}${percent(hint.win_probability, 1)}`;
  return t("Hint: {move} · win chance {chance}", { move, chance });
}

function askHint() {
  if (requestHint(current)) drawTable();
}

// --- acting ----------------------------------------------------------------------------------

/** Every element with a key, with the picker it belongs to (drawing order does not matter here). */
function keyMap(table) {
  const found = new Map();
  const visit = (node, compose) => {
    if (!node || typeof node !== "object") return;
    if (Array.isArray(node)) {
      node.forEach((item) => visit(item, compose));
      return;
    }
    if (node.widget === "say" || node.widget === "plain") return;
    const inside = node.widget === "compose" ? node : compose;
    if (node.key && (node.act != null || node.refusal != null || node.widget === "compose" || node.widget === "compose_choice")) {
      if (!found.has(node.key)) found.set(node.key, { ...node, compose: inside?.kind ?? null });
    }
    for (const [name, value] of Object.entries(node)) {
      if (name !== "act" && name !== "args" && value && typeof value === "object") visit(value, inside);
    }
  };
  for (const area of [table.controls, table.main, table.side]) visit(area, null);
  return found;
}

function composes() {
  const found = [];
  const visit = (node) => {
    if (!node || typeof node !== "object") return;
    if (Array.isArray(node)) return node.forEach(visit);
    if (node.widget === "compose") found.push(node);
    for (const [name, value] of Object.entries(node)) if (name !== "act" && value && typeof value === "object") visit(value);
  };
  const table = current.message?.table ?? {};
  [table.controls, table.main, table.side].forEach(visit);
  return found;
}

/** What choosing an element does: send its action, add a piece to a picker, or say why not. */
function activate(element) {
  const message = current.message;
  if (!message) return;
  if (element.widget === "compose" || element.widget === "compose_choice") {
    const compose = composes().find((candidate) => candidate.kind === (element.kind ?? element.compose)) ??
      composes().find((candidate) => (candidate.choices ?? []).some((choice) => canonical(choice.value) === canonical(element.value)));
    if (!compose) return;
    if (element.widget === "compose") sendComposition(compose);
    else addPiece(compose, element.value);
    return;
  }
  if (element.act == null) {
    if (element.refusal) refuse(reader({ domain: message.table.domain }).text(element.refusal));
    return;
  }
  if (!(message.legal?.length || message.amounts?.length)) {
    refuse(message.status === "over" ? t("The game is over.") : t("It is not your turn."));
    return;
  }
  if (sendAction(current, element.act)) drawTable();
}

function refuse(text) {
  current.refusal = { version: current.message.version, text };
  const line = current.container.querySelector(".table-refusal");
  if (line) line.textContent = text;
}

function addPiece(compose, value) {
  const held = current.composition[compose.kind] ?? [];
  if (!canAdd(compose, held, value)) {
    refuse(t("There is no more of that piece to add."));
    return;
  }
  current.composition[compose.kind] = [...held, value];
  current.refusal = null;
  drawTable();
}

function takeBack(compose) {
  const held = current.composition[compose.kind] ?? [];
  current.composition[compose.kind] = held.slice(0, -1);
  drawTable();
}

function sendComposition(compose) {
  const action = composedAction(compose, current.composition[compose.kind] ?? []);
  if (!action) {
    refuse(compose.refusal ? reader({ domain: current.message.table.domain }).text(compose.refusal)
      : t("That choice of pieces cannot be sent now."));
    return;
  }
  if (sendAction(current, action)) {
    current.composition[compose.kind] = [];
    drawTable();
  }
}

// --- the amount box --------------------------------------------------------------------------

/** A box for an amount entry: typed with the strict parser, read back in words, sent on Enter. */
function amountBox(box) {
  const entry = box.entry;
  const id = `table-amount-${entry.kind}`;
  const known = current.boxes.get(entry.kind);
  if (known && canonical(known.entry) === canonical(entry)) return known.form;
  const ctx = context(current.message.table, { seat: current.message.seat, live: true, seats: current.message.seats });
  const input = el("input", { id, type: "text", inputmode: "decimal", autocomplete: "off", "data-amount": "", "data-focus": id });
  const reading = el("p", { class: "amount-reading muted small", "aria-live": "polite" });
  const problem = el("p", { class: "typing-problem", role: "alert" });
  const quick = (box.quick ?? []).map((amount) => {
    const button = el("button", { type: "button", class: "secondary" }, formatAmount(amount, entry));
    button.addEventListener("click", () => {
      input.value = formatAmount(amount, entry).replace(/[^\d.,\s-]/g, "").trim();
      input.dispatchEvent(new Event("input"));
      input.focus();
    });
    return button;
  });
  const form = el("form", { class: "amount-form amounts", novalidate: true },
    el("label", { for: id }, words(ctx, box.label)),
    el("div", { class: "row" }, input, el("button", { type: "submit" }, t("Send"))),
    quick.length ? el("div", { class: "actions" }, quick) : null,
    reading,
    el("p", { class: "muted small" },
      t("From {low} to {high}.", { low: formatAmount(entry.low, entry), high: formatAmount(entry.high, entry) })),
    problem);
  let confirmed = null;
  input.addEventListener("input", () => {
    const amount = input.value.trim() ? parseAmount(input.value, entry) : null;
    reading.textContent = typeof amount === "number"
      ? t("= {amount}, {words}", { amount: formatAmount(amount, entry), words: amountInWords(amount, entry) }) : "";
    problem.textContent = "";
  });
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const amount = parseAmount(input.value, entry);
    if (amount instanceof Error) {
      problem.textContent = amount.message;
      return;
    }
    if (box.confirm_above != null && amount > box.confirm_above && confirmed !== amount) {
      confirmed = amount;
      problem.textContent = t("{amount} is unusually high: press Enter again to send it.", { amount: formatAmount(amount, entry) });
      return;
    }
    problem.textContent = "";
    if (sendAction(current, { [entry.kind]: amount })) {
      input.value = "";
      reading.textContent = "";
      drawTable();
    }
  });
  current.boxes.set(entry.kind, { entry, form });
  return form;
}

// --- the escape hatch ------------------------------------------------------------------------

/** A Custom widget drawn by the game's own module (loaded once); null draws its fallback. */
function customNode(widget, table) {
  const url = table.extensions?.[widget.kind];
  if (!url) return null;
  const loaded = extensions.get(url);
  if (loaded && typeof loaded.draw === "function") {
    try {
      return loaded.draw(widget.data, { send: (action) => sendAction(current, action) && drawTable() });
    } catch (error) {
      console.error(`the table's ${widget.kind} drawer failed`, error);
      return null;
    }
  }
  if (!loaded) {
    extensions.set(url, import(new URL(url, window.location.href).href).then((module) => {
      extensions.set(url, module);
      if (current.message) drawTable();
    }, (error) => console.error(`could not load the table's ${widget.kind} drawer`, error)));
  }
  return null;
}

// --- keys ------------------------------------------------------------------------------------

onTableKeys(NAME, current, (event) => {
  const message = current.message;
  if (!message?.table) return;
  const key = event.key;
  const element = current.byKey.get(key);
  if (element) {
    event.preventDefault();
    activate(element);
    return;
  }
  const box = current.container.querySelector("input[data-amount]");
  if (/^[0-9]$/.test(key) && box) {
    event.preventDefault();
    box.focus();
    box.value += key;
    box.dispatchEvent(new Event("input"));
    return;
  }
  if (key === "Backspace") {
    const compose = composes().find((candidate) => (current.composition[candidate.kind] ?? []).length);
    if (compose) {
      event.preventDefault();
      takeBack(compose);
    }
    return;
  }
  if (key === "h" && message.legal?.length) {
    event.preventDefault();
    askHint();
    return;
  }
  if (TABLE_KEYS.has(key) && (message.legal?.length || message.amounts?.length)) {
    refuse(t("No choice on the table has the key {key}.", { key }));
  }
});
