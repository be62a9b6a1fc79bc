// Deal or No Deal's table in the browser (RULES.md §3, §7.1), served at
// /games/deal_or_no_deal/renderer.js.
//
// The renderer only draws: every rule stays on the server. It reads `view` (see
// its package's README.md, "View keys") and `legal`, and sends actions. Offers and counters
// may be any amount, not only the listed ones, so people type them: read exactly as typed
// (common.js's parseAmount, commas only between thousands), read back in words, and a large
// or unusual one asks to be confirmed before it is sent. What is typed in a box is never a
// key for the table. The server alone decides whether an amount is allowed and says why
// not. It exports the renderer interface of docs/server.md:
//
//   render(container, message, send)  draw a `state` message; `send` posts to the server
//   onMessage(container, message)     the room's other messages: `hint` and `error`
//
// The helpers every page shares (building elements, names of seats, sending an action once)
// come from the server's /static/common.js; the styles of this table are its own (below).
// Its words are the game's own (the catalog of the domain "deal_or_no_deal"), through
// /static/i18n.js, and its money is written as the reader's language writes dollars. A
// sentence whose subject may be the reader comes in two messages, "You ..." and
// "{name} ...", so that each language can make its verb agree.

import {
  amountInWords, controlNamed, el, focusedName, followHint, isOwnSeat, isSeated, onTableKeys, parseAmount,
  playerRow, playersHead, refusalWords, ruleTitle, sameAction, seatName, requestHint, sendAction, stillPending,
  speak, toggleDetails,
} from "/static/common.js";
import {
  fillNodes, fixed, money, number, percent as share, signFirst, withCurrency, words,
} from "/static/i18n.js";

const { t, tn } = words("deal_or_no_deal");

const FREE_GUESS_PRIZE = 500_000; // cents: what a right free guess wins (§3.5)
const MILLION_BILL = 100_000_000; // cents: the bill spendable only after hosting (§3.5)
const ROUND_SIZES = [6, 5, 4, 3, 2, 1, 1, 1, 1];
const LOG_LENGTH = 80; // log lines kept on the page
// Keys that act, and the kinds of move each one sends (the first one legal now wins).
const KEY_ACTIONS = {
  d: ["deal"],
  x: ["no_deal", "no_guess"],
  y: ["accept"],
  k: ["keep"],
  s: ["stand", "swap"],
};
// From this amount on, an offer or a counter is read back in words before it is sent.
const LARGE_AMOUNT = 100_000 * 100;
// How a guess is typed: dollars, cents allowed ($0.01 is a value on the board).
const GUESS_ENTRY = { kind: "guess", label: "a guess", low: 1, high: 100_000_000, step: 1, scale: 100, currency: "USD" };

// One table per page; the key handler works on the latest render.
const table = {
  container: null,
  message: null,
  send: null,
  pending: false, // an action was sent and the server has not answered yet
  paid: false, // the guess controls are set to a paid guess
  hint: null, // {version, waiting} or {version, advice}
  refusal: null, // {version, text, rule}: the server refused this player's last action
  confirming: null, // {kind, amount, question}: a typed amount waiting to be confirmed
  advisorOpen: false,
  roomGame: null, // the room's game number: a rematch starts the page's memory afresh
  dismissed: 0, // the last finished game whose result banner the player closed
  announced: "",
  turnKey: "",
};

// --- small helpers ----------------------------------------------------------------------------

function button(label, { onClick, cls = "", key = null, focus = null, disabled = false, ariaLabel = null,
  pressed = null } = {}) {
  const node = el("button", {
    type: "button", class: cls || null, "data-focus": focus, "aria-keyshortcuts": key,
    "aria-disabled": disabled || table.pending ? "true" : null, "aria-label": ariaLabel,
    "aria-pressed": pressed === null ? null : String(pressed),
  }, key ? el("kbd", { "aria-hidden": "true" }, key) : null, label);
  node.addEventListener("click", () => {
    if (node.getAttribute("aria-disabled") === "true") return;
    onClick?.();
  });
  return node;
}

/** $0.01, $750, $1,000,000, $12,345.67 (0,01 $ … in Spanish): amounts as the reader writes them. */
function dollars(cents) {
  return money(cents, "USD");
}

/** A value in a few characters, for the case buttons: $0.01, $750, $75K, $1M. */
function shortDollars(cents) {
  const whole = cents / 100;
  if (whole < 1000) return dollars(cents);
  const million = whole >= 1_000_000;
  const amount = whole / (million ? 1_000_000 : 1_000);
  const figure = number(amount, Number.isInteger(amount) || amount >= 100 ? 0 : 1);
  if (million) {
    // Translators: millions of dollars in a few characters, for a case's small label ($1M); the
    // currency's sign is put where the language puts it.
    return withCurrency(t("{amount}M", { amount: figure }), "USD");
  }
  // Translators: thousands of dollars in a few characters, for a case's small label ($75K); the
  // currency's sign is put where the language puts it.
  return withCurrency(t("{amount}K", { amount: figure }), "USD");
}

function percent(part, whole) {
  return whole ? share(part / whole) : "—";
}

/** Whether `seat` is this page's own: its sentences then speak to the reader ("You ..."). */
function isMine(seat) {
  return isOwnSeat(table.message, seat);
}

function nameOf(seat) {
  return seatName(table.message.seats, seat);
}

function roleOf(view, seat) {
  if (seat === view.host) return view.version === "duo" ? "banker" : "host";
  if (seat === view.contestant) return "contestant";
  return view.holders.includes(seat) ? "holder" : "";
}

/** A role in words (roleOf gives the role's name in the page's styles). */
function roleWords(role) {
  return { banker: t("banker"), host: t("host"), contestant: t("contestant"), holder: t("holder") }[role] ?? "";
}

/** A bold amount of money, for the sentences that put one in. */
function strongMoney(cents, cls = "money") {
  return el("strong", { class: cls }, dollars(cents));
}

function ownCase(view) {
  return view.cases.find((entry) => entry.special)?.case ?? null;
}

function kindOf(action) {
  return Object.keys(action ?? {})[0];
}

/** The legal moves grouped by kind: {offer: [{action, label}, ...], deal: [...], ...}. */
function legalByKind() {
  const kinds = {};
  for (const entry of table.message.legal ?? []) (kinds[kindOf(entry.action)] ??= []).push(entry);
  return kinds;
}

function hintedAction() {
  return table.hint?.advice?.action ?? null;
}

function star(action) {
  return hintedAction() && sameAction(hintedAction(), action) ? el("span", { class: "star" }, t("★ hint")) : null;
}

// --- sending ------------------------------------------------------------------------------------

function play(action) {
  if (sendAction(table, action)) drawStage();
}

function askHint() {
  table.advisorOpen = true;
  requestHint(table);
  drawAdvisor();
}

function toggleAdvisor() {
  if (table.advisorOpen) {
    table.advisorOpen = false;
    drawAdvisor();
  } else {
    askHint();
  }
}

function toggleRules() {
  toggleDetails(part(".dond-rules"));
}

// --- the page's skeleton ------------------------------------------------------------------------

function build(container) {
  ensureStyles();
  container.dataset.renderer = "deal_or_no_deal";
  container.replaceChildren(
    el("div", { class: "dond" },
      el("div", { class: "dond-finished" }),
      el("div", { class: "col col-main" },
        el("section", { class: "panel stage", "aria-labelledby": "dond-stage-heading" },
          el("div", { class: "stage-head" },
            el("h2", { id: "dond-stage-heading" }),
            el("span", { class: "muted facts" })),
          el("p", { class: "turn-line" }),
          el("div", { class: "stage-body" }),
          el("div", { class: "tools" }),
          el("p", { class: "keys-help muted small" })),
        el("section", { class: "panel cases-panel", "aria-labelledby": "dond-cases-heading" },
          el("h2", { id: "dond-cases-heading" }, t("Cases")),
          el("div", { class: "cases-grid", role: "group", "aria-labelledby": "dond-cases-heading" }),
          el("p", { class: "muted small legend" })),
        el("section", { class: "panel advisor", "aria-labelledby": "dond-advisor-heading", hidden: true },
          el("h2", { id: "dond-advisor-heading" }, t("Advisor")),
          el("div", { class: "advisor-body", role: "status" })),
        el("details", { class: "panel dond-rules" },
          el("summary", { "aria-keyshortcuts": "?" }, t("How it works"), " ", el("kbd", {}, "?")),
          el("div", { class: "rules-body" }))),
      el("div", { class: "col col-side" },
        el("section", { class: "panel board-panel", "aria-labelledby": "dond-board-heading" },
          el("h2", { id: "dond-board-heading" }, t("Money board")),
          el("ul", { class: "money-board", "aria-labelledby": "dond-board-heading" }),
          el("p", { class: "mean" })),
        el("section", { class: "panel players-panel", "aria-labelledby": "dond-players-heading" },
          el("h2", { id: "dond-players-heading" }, t("Players")),
          el("table", { class: "players" }),
          el("div", { class: "history" })),
        el("section", { class: "panel log", "aria-labelledby": "dond-log-heading" },
          el("h2", { id: "dond-log-heading" }, t("Log")),
          el("ol", { class: "log-list", reversed: true }))),
      el("p", { class: "visually-hidden announce", "aria-live": "polite" })),
  );
}

function part(selector) {
  return table.container.querySelector(selector);
}

// --- drawing ------------------------------------------------------------------------------------

/** Scores are money in cents; the room page writes the final standings with this. */
export function formatScore(cents) {
  return dollars(cents);
}

export function render(container, message, send) {
  const view = message.view;
  if (!view) return;
  if (container.dataset.renderer !== "deal_or_no_deal") build(container);
  if (table.roomGame !== message.game_number || table.container !== container) {
    Object.assign(table, { roomGame: message.game_number, hint: null, dismissed: 0, announced: "", turnKey: "" });
  }
  // The advisor's panel closes when the match ends (asking again opens it in the next one).
  if (view.phase === "over") table.advisorOpen = false;
  const previous = table.message?.game_number === message.game_number ? table.message : null;
  Object.assign(table, { container, message, send, pending: stillPending(table, message) });
  followHint(table);
  // A new decision starts with a free guess, and the advisor (when open) speaks again.
  const turnKey = `${message.game_number}:${message.version}`;
  if (turnKey !== table.turnKey) {
    table.turnKey = turnKey;
    table.paid = false;
    table.confirming = null;
    if (table.advisorOpen && message.legal?.length) askHint();
  }

  drawFinished();
  drawStage();
  drawCases();
  drawBoard();
  drawPlayers();
  drawLog();
  drawAdvisor();
  drawRules();
  announce(previous);
}

/**
 * Hints and refusals. A refusal ends "sending…"; a hint for this position is shown. Returns
 * true when the refusal is shown here, beside the controls, so that the page does not show
 * it a second time.
 */
export function onMessage(container, message) {
  if (container !== table.container || !table.message) return false;
  if (message.type === "error") {
    table.pending = false;
    let shown = false;
    if (table.hint?.waiting) {
      table.hint = { version: table.hint.version, failed: refusalWords(message) };
    } else if (table.message.legal?.length) {
      // Right under the controls it came from, where the eyes are.
      table.refusal = { version: table.message.version, text: refusalWords(message), rule: message.rule };
      shown = true;
    }
    drawStage();
    drawAdvisor();
    return shown;
  } else if (message.type === "hint" && table.hint?.version === table.message.version) {
    // A hint asked before play moved on is dropped: its advice is for an older position.
    table.hint = { version: table.message.version, advice: message.hint };
    drawStage();
    drawAdvisor();
  }
  return false;
}

// --- the finished game's banner ------------------------------------------------------------------

/** The latest finished game with every case shown: the moment a deal is judged. */
function drawFinished() {
  const view = table.message.view;
  const box = part(".dond-finished");
  const last = view.results[view.results.length - 1];
  if (!last || last.game === table.dismissed || view.phase === "over") {
    box.replaceChildren();
    return;
  }
  const you = isMine(last.contestant);
  const params = { number: last.game, name: nameOf(last.contestant), case: last.special_case };
  const nodes = { amount: strongMoney(last.won) };
  const lines = [];
  if (last.deal) {
    lines.push(el("p", {}, el("strong", {}, ...fillNodes(you
      ? t("Game {number} over: You took the deal, {amount}.", params)
      : t("Game {number} over: {name} took the deal, {amount}.", params), nodes))));
    const difference = last.won - last.special_value;
    const verdict = difference > 0
      ? el("span", { class: "good" }, t("a good deal, {amount} more than the case", { amount: dollars(difference) }))
      : difference < 0
        ? el("span", { class: "bad" }, t("the case was worth {amount} more", { amount: dollars(-difference) }))
        : t("exactly the deal");
    lines.push(el("p", {}, ...fillNodes(t("Case {case} held {value}: {verdict}.", params),
      { value: el("strong", {}, dollars(last.special_value)), verdict })));
  } else {
    const kept = last.won === last.special_value;
    let sentence;
    if (kept) {
      sentence = you ? t("Game {number} over: You refused every offer and win {amount} with case {case}, kept to the end.", params)
        : t("Game {number} over: {name} refused every offer and wins {amount} with case {case}, kept to the end.", params);
    } else {
      sentence = you ? t("Game {number} over: You refused every offer and win {amount} by swapping cases.", params)
        : t("Game {number} over: {name} refused every offer and wins {amount} by swapping cases.", params);
    }
    lines.push(el("p", {}, el("strong", {}, ...fillNodes(sentence, nodes))));
  }
  const close = button(t("Close"), { cls: "secondary compact", focus: "close-finished",
    onClick: () => {
      table.dismissed = last.game;
      drawFinished();
    } });
  box.replaceChildren(el("section", { class: "finished-box",
    "aria-label": t("Game {number} result", { number: last.game }) },
  ...lines,
  el("details", {}, el("summary", {}, t("Every case of that game")), allCases(last)),
  el("div", { class: "row" }, close)));
}

function allCases(result) {
  return el("ol", { class: "all-cases" }, result.cases.map((value, index) => el("li", {
    class: index + 1 === result.special_case ? "special" : null,
  }, el("span", { class: "num" }, String(index + 1)), el("span", {}, dollars(value)))));
}

// --- the stage: whose turn and what they may do ---------------------------------------------------

function drawStage() {
  const { message } = table;
  const view = message.view;
  const focused = focusedName(table.container);
  // Keep what was typed when the stage is drawn again for the same position (a hint arriving).
  const typed = {};
  for (const input of table.container.querySelectorAll(".stage input[data-focus]")) typed[input.dataset.focus] = input.value;

  const heading = part("#dond-stage-heading");
  const facts = part(".facts");
  if (view.phase === "over") {
    heading.textContent = t("Match over");
    facts.textContent = tn("{n} game played", "{n} games played", view.games_total);
  } else {
    heading.textContent = t("Game {number} of {total} · round {round}",
      { number: view.game_number, total: view.games_total, round: view.round });
    const bits = [];
    if (view.to_open) bits.push(t("{n} to open", { n: view.to_open }));
    if (view.version === "party") bits.push(t("paid guess {price}", { price: dollars(view.price) }));
    facts.textContent = bits.join(" · ");
  }
  part(".turn-line").replaceChildren(...turnLine(view));

  const mine = (message.legal ?? []).length > 0;
  const body = part(".stage-body");
  const parts = mine ? myMoves(view) : watching(view);
  if (table.pending) parts.push(el("p", { class: "muted", role: "status" }, t("Sending…")));
  body.replaceChildren(...parts.filter(Boolean));
  const refusal = table.refusal;
  if (refusal && refusal.version === message.version && mine) {
    // Right under the box it came from, where the eyes are; the rule's code only as a tooltip.
    const note = el("p", { class: "typing-problem refusal", role: "alert", title: ruleTitle(refusal.rule) },
      t("Refused: {reason}", { reason: refusal.text }));
    const form = body.querySelector(".amount-form");
    if (form) form.append(note);
    else body.append(note);
  }
  for (const [key, value] of Object.entries(typed)) {
    const input = body.querySelector(`input[data-focus="${CSS.escape(key)}"]`);
    if (input && sameTurn()) input.value = value;
  }
  table.lastDrawn = table.turnKey;

  const tools = part(".tools");
  const advisorButton = button(table.advisorOpen ? t("Hide advisor") : t("Advisor"), {
    cls: "secondary", key: "a", focus: "advisor", onClick: toggleAdvisor });
  const rulesButton = button(t("How it works"), { cls: "secondary", key: "?", focus: "rules", onClick: toggleRules });
  // Hints are for players, while the match lasts.
  const advising = isSeated(table.message) && view.phase !== "over";
  tools.replaceChildren(...(advising ? [advisorButton, rulesButton] : [rulesButton]));
  part(".keys-help").replaceChildren(...keysHelp(view, mine));
  restoreFocus(focused, mine);
}

function sameTurn() {
  return table.lastDrawn === table.turnKey;
}

function turnLine(view) {
  const toAct = table.message.to_act ?? [];
  if (view.phase === "over") return [t("Every game is played; the standings are above.")];
  if (!toAct.length) return [""];
  const seat = toAct[0];
  const role = roleWords(roleOf(view, seat));
  if (isMine(seat)) {
    return [el("strong", { class: "your-turn" }, t("Your turn")), " — ",
      t("you are the {role}: {what}.", { role, what: doing(view) })];
  }
  const bot = table.message.seats?.[seat]?.kind === "bot";
  return fillNodes(bot ? t("{name} ({role}) is thinking…", { role })
    : t("{name} ({role}) is to {what}.", { role, what: doing(view) }), { name: el("strong", {}, nameOf(seat)) });
}

/** What the player to act now has to do, in words (a phrase inside a sentence). */
function doing(view) {
  const own = ownCase(view);
  switch (view.phase) {
    case "pick": return t("choose a case to keep to the end");
    case "call": return tn("open {n} more case this round", "open {n} more cases this round", view.to_open);
    case "guess": return t("guess the value in case {number}", { number: view.called });
    case "final_guess": return t("guess the value in case {number}, the last other case", { number: view.called });
    case "offer": return t("make an offer for the contestant's case");
    case "respond": return t("deal or no deal");
    case "counter": return t("answer the counter of {amount}", { amount: dollars(view.counter ?? 0) });
    case "host_guess": return t("decide whether to buy a guess of case {number}", { number: own });
    case "keep_or_swap": return t("keep case {own} or swap it for case {called}", { own, called: view.called });
    default: return view.phase;
  }
}

/** The moves the keys make, in words. */
function keyWords(kind) {
  return {
    deal: t("deal"), no_deal: t("no deal"), no_guess: t("no guess"), accept: t("accept"), keep: t("keep"),
    stand: t("stand"), swap: t("swap"),
  }[kind] ?? kind;
}

function keysHelp(view, mine) {
  const keys = [];
  if (mine) {
    const kinds = legalByKind();
    for (const [key, wanted] of Object.entries(KEY_ACTIONS)) {
      const kind = wanted.find((name) => kinds[name]);
      if (kind) keys.push([key, keyWords(kind)]);
    }
    if (["guess", "final_guess"].includes(view.phase) && kinds.paid_guess) keys.push(["p", t("paid or free")]);
  }
  if (mine || isSeated(table.message)) keys.push(["a", t("advisor")]);
  keys.push(["?", t("how it works")]);
  const help = [t("Keys:"), " "];
  keys.forEach(([key, what], index) => help.push(index ? " · " : "", el("kbd", {}, key), ` ${what}`));
  return help;
}

// Decisions made by typing first (an offer, a case number); the others are made with the
// buttons and keys (deal, no deal...), so no box takes the keys when they begin.
const TYPING_PHASES = new Set(["offer", "pick", "call"]);

function restoreFocus(focused, mine) {
  // A redraw of the same decision (a hint arriving) gives the focus back where it was. A new
  // decision never starts in a box filled for the last one: keys typed there would be text.
  const sameDecision = table.focusKey === table.turnKey;
  table.focusKey = table.turnKey;
  const again = focused ? controlNamed(table.container, focused) : null;
  if (again && (sameDecision || again.tagName !== "INPUT")) {
    again.focus();
    return;
  }
  // A new decision for this player: put the cursor where the typing goes when typing is how
  // it is made, but only with a mouse or keyboard (on a phone it would pop the keyboard up
  // over the table), and only if the focus was on the table or nowhere, never taken from
  // the rest of the page. Never on a button: a stray Enter would press it.
  const unfocused = document.activeElement === document.body || document.activeElement === null;
  if (mine && (focused !== null || unfocused) && TYPING_PHASES.has(table.message.view.phase) &&
      window.matchMedia?.("(pointer: fine)").matches) {
    table.container.querySelector(".stage input")?.focus();
  }
}

/** A digit typed at the table starts the amount or case box, as if typed there. */
function startTyping(digit) {
  const box = table.container?.querySelector(".stage input[data-amount]");
  if (!box) return false;
  box.focus();
  box.value += digit;
  box.dispatchEvent(new Event("input", { bubbles: true }));
  return true;
}

/** The offer, the counter and how the negotiation stands, for everyone to see. */
function negotiation(view) {
  if (!["offer", "respond", "counter"].includes(view.phase)) return null;
  const mean = view.mean_in_play;
  const rows = [];
  if (view.offer === null) {
    rows.push(el("p", {}, ...fillNodes(t("The values left average {mean}."), { mean: el("strong", {}, dollars(mean)) })));
  } else {
    rows.push(el("p", { class: "offer-line" }, el("span", { class: "label" }, t("Offer")),
      el("strong", { class: "amount" }, dollars(view.offer)),
      el("span", { class: "muted" }, t("{share} of the mean {mean}",
        { share: percent(view.offer, mean), mean: dollars(mean) }))));
  }
  if (view.counter !== null) {
    rows.push(el("p", { class: "offer-line counter" }, el("span", { class: "label" }, t("Counter")),
      el("strong", { class: "amount" }, dollars(view.counter)),
      el("span", { class: "muted" }, t("{share} of the mean", { share: percent(view.counter, mean) }))));
  }
  if (view.stood_firm) {
    rows.push(el("p", { class: "firm" }, view.version === "party"
      ? t("The host stands firm: deal or no deal.") : t("The banker stands firm: deal or no deal.")));
  }
  else if (view.offer !== null) {
    rows.push(el("p", { class: "muted small" },
      // The plural agrees with how many are left ("1 of 5 counter left"); {n} is the five allowed.
      tn("{left} of {n} counter left.", "{left} of {n} counters left.", view.counters_left,
        { left: number(view.counters_left), n: number(5) })));
  }
  const round = view.offers[view.offers.length - 1];
  if (round && round.offers.length > 1) {
    rows.push(el("p", { class: "muted small" },
      t("Offers this round: {offers}", { offers: round.offers.map(dollars).join(" → ") })));
  }
  rows.push(boardStrip(view));
  return el("div", { class: "dialog", role: "group", "aria-label": t("The offer") }, rows);
}

/**
 * The values still in play, compact, beside the decision: on a narrow screen the money board
 * sits far below, out of sight while one decides (wide screens show the board beside it).
 */
function boardStrip(view) {
  const half = view.board.length / 2;
  return el("ul", { class: "board-strip", "aria-label": t("Values still in play") },
    view.board.map((entry, index) => (entry.in_play
      ? el("li", { class: index < half ? "low" : "high" }, shortDollars(entry.value)) : null)));
}

function watching(view) {
  const parts = [];
  const dialog = negotiation(view);
  if (dialog) parts.push(dialog);
  if (view.phase === "over") parts.push(matchSummary(view));
  else if (!isSeated(table.message)) {
    parts.push(el("p", { class: "muted" }, t("You are watching.")));
  }
  return parts;
}

function matchSummary(view) {
  return el("ol", { class: "games-list" }, view.results.map((entry) => {
    const you = isMine(entry.contestant);
    const params = { number: entry.game, name: nameOf(entry.contestant), case: entry.special_case,
      value: dollars(entry.special_value) };
    let sentence;
    if (entry.deal) {
      sentence = you ? t("Game {number}: You won {amount} by a deal (case {case} held {value})", params)
        : t("Game {number}: {name} won {amount} by a deal (case {case} held {value})", params);
    } else if (entry.won === entry.special_value) {
      sentence = you ? t("Game {number}: You won {amount} with case {case}", params)
        : t("Game {number}: {name} won {amount} with case {case}", params);
    } else {
      sentence = you ? t("Game {number}: You won {amount} by swapping cases", params)
        : t("Game {number}: {name} won {amount} by swapping cases", params);
    }
    return el("li", {}, ...fillNodes(sentence, { amount: strongMoney(entry.won) }));
  }));
}

function myMoves(view) {
  const kinds = legalByKind();
  switch (view.phase) {
    case "pick":
    case "call":
      return caseMoves(view, kinds);
    case "offer":
      return [negotiation(view), amountForm("offer", t("Your offer"), t("Offer"), kinds.offer ?? [], view)];
    case "respond":
      return respondMoves(view, kinds);
    case "counter":
      return counterMoves(view, kinds);
    case "guess":
    case "final_guess":
    case "host_guess":
      return guessMoves(view, kinds);
    case "keep_or_swap":
      return [boardStrip(view), el("div", { class: "big-choices" },
        button(t("Keep case {number}", { number: ownCase(view) }), { cls: "big", key: "k", focus: "keep",
          onClick: () => play({ keep: true }) }),
        button(t("Swap for case {number}", { number: view.called }), { cls: "big secondary", key: "s", focus: "swap",
          onClick: () => play({ swap: true }) }))];
    default:
      return (table.message.legal ?? []).map((entry) => button(entry.label, { focus: entry.label,
        onClick: () => play(entry.action) }));
  }
}

function caseMoves(view, kinds) {
  const kind = view.phase === "pick" ? "pick" : "open";
  const verb = kind === "pick" ? t("Take") : t("Open");
  const input = el("input", {
    id: "dond-case-number", type: "text", inputmode: "numeric", autocomplete: "off", size: "4",
    "data-focus": "case-number", "data-amount": "", "aria-describedby": "dond-case-help",
  });
  const form = el("form", { class: "amount-form", novalidate: true },
    el("label", { for: "dond-case-number" }, t("Case number")),
    el("div", { class: "row" }, input, el("button", { type: "submit", "data-focus": "case-submit",
      "aria-disabled": table.pending ? "true" : null }, verb)));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const typed = input.value.trim();
    if (!/^\d+$/.test(typed) || Number(typed) < 1 || Number(typed) > 26) {
      showTypingProblem(form, t("Not sent: type a case number from {first} to {last}, not “{text}”.",
        { first: 1, last: 26, text: typed }));
      return;
    }
    play({ [kind]: Number(typed) });
  });
  const text = kind === "pick"
    ? t("Choose the case you keep to the end: click it below or type its number.")
    : tn("Open {n} more case: click one below or type its number.",
      "Open {n} more cases: click one below or type its number.", view.to_open);
  const hinted = hintedAction() && kindOf(hintedAction()) === kind ? star(hintedAction()) : null;
  return [el("p", { id: "dond-case-help" }, text, hinted ? " " : "", hinted,
    hinted ? " " : "", hinted ? t("case {number}", { number: hintedAction()[kind] }) : ""), form];
}

/**
 * A typed amount with its quick picks (the server's menu). ``kind`` is the move sent: offer
 * or counter, read as the server's amount entry for it says (whole dollars, $1 to $1,000,000).
 */
function amountForm(kind, label, submitLabel, menu, view, { chips = true } = {}) {
  const id = `dond-amount-${kind}`;
  const entry = (table.message.amounts ?? []).find((candidate) => candidate.kind === kind) ??
    { kind, label: kind, low: 100, high: 100_000_000, step: 100, scale: 100, currency: "USD" };
  const input = el("input", {
    id, type: "text", inputmode: "decimal", autocomplete: "off", placeholder: t("e.g. {amount}", { amount: number(45000) }),
    "data-focus": `amount-${kind}`, "data-amount": "", "aria-describedby": `${id}-help ${id}-reading`,
  });
  const reading = el("p", { id: `${id}-reading`, class: "amount-reading", "aria-live": "polite" });
  // The sign stands where the reader's language writes it: $ 45,000 or 45.000 $.
  const sign = el("span", { class: "dollar", "aria-hidden": "true" }, "$");
  const submit = el("button", { type: "submit", "data-focus": `submit-${kind}`,
    "aria-disabled": table.pending ? "true" : null }, submitLabel);
  const form = el("form", { class: "amount-form", novalidate: true },
    el("label", { for: id }, label),
    el("div", { class: "row" }, ...(signFirst() ? [sign, input] : [input, sign]), submit),
    reading,
    el("p", { id: `${id}-help`, class: "muted small" }, t("Any whole-dollar amount from {low} to {high}.",
      { low: dollars(entry.low), high: dollars(entry.high) })));
  const readBack = () => {
    // What the box reads, in words, as it is typed: what is sent is exactly this.
    const amount = input.value.trim() ? parseAmount(input.value, entry) : null;
    reading.textContent = typeof amount === "number"
      ? t("= {amount}, {words}", { amount: dollars(amount), words: amountInWords(amount, entry) }) : "";
  };
  input.addEventListener("input", () => {
    readBack();
    if (table.confirming?.kind === kind) {
      table.confirming = null; // the amount changed: the question was about another one
      form.querySelector(".confirm")?.remove();
    }
  });
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    if (table.pending) return;
    const amount = parseAmount(input.value, entry);
    if (amount instanceof Error) {
      showTypingProblem(form, t("Not sent: {reason}", { reason: amount.message }));
      return;
    }
    const question = needsConfirmation(view, kind, amount);
    if (question && !(table.confirming?.kind === kind && table.confirming.amount === amount)) {
      table.confirming = { kind, amount, question };
      showConfirmation(form, input);
      return;
    }
    table.confirming = null;
    play({ [kind]: amount });
  });
  queueMicrotask(readBack);
  if (table.confirming?.kind === kind) queueMicrotask(() => showConfirmation(form, input));
  if (!chips || !menu.length) return form;
  const mean = view.mean_in_play;
  const list = el("ul", { class: "chips-list", "aria-label": t("Quick picks") }, menu.map((entry) => {
    const amount = entry.action[kind];
    const onOffer = kind === "counter" && view.offer;
    const detail = onOffer ? `+${percent(amount - view.offer, view.offer)}` : percent(amount, mean);
    return el("li", {}, button(dollars(amount), {
      cls: `chip${star(entry.action) ? " hinted" : ""}`, focus: `chip-${kind}-${amount}`,
      ariaLabel: onOffer ? t("{move} ({share} on the offer)", { move: entry.label, share: detail })
        : t("{move} ({share} of the mean)", { move: entry.label, share: detail }),
      onClick: () => play(entry.action),
    }), el("span", { class: "chip-note", "aria-hidden": "true" }, detail));
  }));
  return el("div", { class: "amount-block" }, form, list);
}

/**
 * Why a typed offer or counter deserves a second look before it is sent, in words, or null.
 * Large amounts (from $100,000) are read back; so are unusual ones: an offer above the mean
 * of the values left, and a counter more than twice the offer on the table.
 */
function needsConfirmation(view, kind, amount) {
  const reasons = [];
  if (kind === "offer" && amount > view.mean_in_play) {
    reasons.push(t("That is {share} of the mean of the values left ({mean}).",
      { share: percent(amount, view.mean_in_play), mean: dollars(view.mean_in_play) }));
  }
  if (kind === "counter" && view.offer && amount > 2 * view.offer) {
    reasons.push(t("That is {times} times the offer of {offer}.",
      { times: fixed(amount / view.offer, 1), offer: dollars(view.offer) }));
  }
  if (!reasons.length && amount < LARGE_AMOUNT) return null;
  const params = { amount: dollars(amount), words: amountInWords(amount, GUESS_ENTRY) };
  const question = kind === "offer" ? t("Send an offer of {amount}, {words}?", params)
    : t("Send a counter of {amount}, {words}?", params);
  return reasons.length ? `${question} ${reasons[0]}` : question;
}

/** The question about a typed amount, with the buttons that send it or go back to change it. */
function showConfirmation(form, input) {
  const { kind, amount, question } = table.confirming;
  form.querySelector(".confirm")?.remove();
  const send = button(t("Send {amount}", { amount: dollars(amount) }), { cls: "deal", focus: `confirm-${kind}`,
    onClick: () => {
      table.confirming = null;
      play({ [kind]: amount });
    } });
  const change = button(t("Change it"), { cls: "secondary", focus: `change-${kind}`,
    onClick: () => {
      table.confirming = null;
      form.querySelector(".confirm")?.remove();
      input.focus();
      input.select();
    } });
  const box = el("div", { class: "confirm", role: "alertdialog", "aria-label": t("Check before sending") },
    el("p", { class: "question" }, question), el("div", { class: "row" }, send, change));
  form.append(box);
  if (form.isConnected) send.focus();
}

function showTypingProblem(form, text) {
  let note = form.querySelector(".typing-problem");
  if (!note) {
    note = el("p", { class: "typing-problem", role: "alert" });
    form.append(note);
  }
  note.textContent = text;
}

function respondMoves(view, kinds) {
  const parts = [negotiation(view), el("div", { class: "big-choices" },
    button(t("Deal"), { cls: "big deal", key: "d", focus: "deal", onClick: () => play({ deal: true }) }),
    button(t("No deal"), { cls: "big no-deal", key: "x", focus: "no_deal", onClick: () => play({ no_deal: true }) }))];
  const hint = hintedAction();
  if (hint && ["deal", "no_deal"].includes(kindOf(hint))) {
    parts.push(el("p", { class: "hint-line" }, el("span", { class: "star" }, "★"), " ",
      kindOf(hint) === "deal" ? t("The advisor says: deal.") : t("The advisor says: no deal.")));
  }
  if (kinds.counter) parts.push(amountForm("counter", t("Or counter with"), t("Counter"), kinds.counter, view));
  return parts;
}

function counterMoves(view, kinds) {
  return [negotiation(view),
    el("div", { class: "big-choices" },
      button(t("Accept {amount}", { amount: dollars(view.counter) }), { cls: "big deal", key: "y", focus: "accept",
        onClick: () => play({ accept: true }) }),
      button(t("Stand firm at {amount}", { amount: dollars(view.offer) }), { cls: "big secondary", key: "s",
        focus: "stand", onClick: () => play({ stand: true }) })),
    amountForm("offer", t("Or make a new offer"), t("New offer"), kinds.offer ?? [], view)];
}

function guessMoves(view, kinds) {
  const hostGuess = view.phase === "host_guess";
  const canPay = Boolean(kinds.paid_guess);
  const paid = hostGuess || (table.paid && canPay);
  const kind = paid ? "paid_guess" : "guess";
  const me = table.message.seat;
  const parts = [];
  const target = hostGuess ? ownCase(view) : view.called;
  parts.push(el("p", {}, hostGuess
    ? t("You paid the deal; you may now pay {price} to guess the value in case {number}. If you are right, the bank pays you that value.",
      { price: dollars(view.price), number: target })
    : t("If you are right, a free guess wins {prize} and a paid guess ({price}, into the kitty) wins the value in case {number}.",
      { prize: dollars(FREE_GUESS_PRIZE), price: dollars(view.price), number: target })));
  if (!hostGuess) {
    const spend = view.spendable?.[me];
    parts.push(el("div", { class: "mode", role: "group", "aria-label": t("Kind of guess") },
      button(t("Free guess"), { cls: `toggle${paid ? "" : " on"}`, focus: "mode-free", pressed: !paid,
        onClick: () => setPaid(false) }),
      button(t("Paid guess · {price}", { price: dollars(view.price) }), { cls: `toggle${paid ? " on" : ""}`, key: "p",
        focus: "mode-paid", pressed: paid, disabled: !canPay, onClick: () => setPaid(true) }),
      canPay ? null : el("span", { class: "muted small" },
        t("You can spend {amount}; the {bill} bill only once you have hosted.",
          { amount: dollars(spend ?? 0), bill: dollars(MILLION_BILL) }))));
  }
  const values = (kinds[kind] ?? []).map((entry) => entry.action[kind]);
  parts.push(el("ul", { class: "values-list",
    "aria-label": paid ? t("Paid guess: choose a value") : t("Free guess: choose a value") },
  values.map((value) => {
    const action = { [kind]: value };
    return el("li", {}, button(dollars(value), {
      cls: `value-button${value >= 100_000 ? " high" : " low"}${star(action) ? " hinted" : ""}`,
      focus: `value-${value}`,
      ariaLabel: paid ? t("paid guess {amount}", { amount: dollars(value) }) : t("guess {amount}", { amount: dollars(value) }),
      onClick: () => play(action) }));
  })));
  parts.push(el("div", { class: "row" },
    button(t("No guess"), { cls: "secondary", key: "x", focus: "no_guess", onClick: () => play({ no_guess: true }) }),
    star({ no_guess: true })));
  return parts;
}

function setPaid(paid) {
  table.paid = paid;
  drawStage();
}

// --- cases, board, players ---------------------------------------------------------------------

function drawCases() {
  const view = table.message.view;
  const kinds = legalByKind();
  const kind = kinds.pick ? "pick" : kinds.open ? "open" : null;
  const openable = new Set((kinds[kind] ?? []).map((entry) => entry.action[kind]));
  const grid = part(".cases-grid");
  const focused = focusedName(grid);
  const party = view.version === "party";
  grid.replaceChildren(...view.cases.map((entry) => {
    const number = entry.case;
    const called = number === view.called && !entry.opened;
    const classes = ["case"];
    let tag;
    let spoken;
    if (entry.value !== null) {
      // Opened in play, or shown when the match ended; the contestant's own case stays marked.
      classes.push(entry.special ? "special" : entry.opened ? "opened" : "revealed");
      tag = shortDollars(entry.value);
      spoken = entry.special ? t("case {number}, the contestant's own: {value}", { number, value: dollars(entry.value) })
        : t("case {number}: {value}", { number, value: dollars(entry.value) });
    } else if (entry.special) {
      classes.push("special");
      tag = isOwnSeat(table.message, view.contestant) ? t("yours") : t("theirs");
      spoken = t("case {number}, the contestant's own case", { number });
    } else {
      const holder = entry.holder;
      tag = holder !== null ? holderTag(holder) : party ? t("centre") : "";
      spoken = holder === null ? null : isMine(holder) ? t("case {number}, held by you", { number })
        : t("case {number}, held by {name}", { number, name: nameOf(holder) });
      spoken ??= party ? t("case {number}, in the centre", { number }) : t("case {number}", { number });
    }
    if (called) {
      classes.push("called");
      spoken = t("{case}, being guessed", { case: spoken });
    }
    const usable = openable.has(number);
    if (usable) classes.push("usable");
    if (hintedAction() && hintedAction()[kind] === number) classes.push("hinted");
    const node = el("button", {
      type: "button", class: classes.join(" "), "data-focus": `case-${number}`,
      "aria-label": !usable ? spoken : kind === "pick" ? t("take {case}", { case: spoken }) : t("open {case}", { case: spoken }),
      "aria-disabled": usable && !table.pending ? null : "true",
      title: entry.holder === null || entry.value !== null ? null
        : isMine(entry.holder) ? t("held by you") : t("held by {name}", { name: nameOf(entry.holder) }),
    }, el("span", { class: "num" }, String(number)), el("span", { class: "case-tag" }, tag));
    node.addEventListener("click", () => {
      if (usable && !table.pending) play({ [kind]: number });
    });
    return node;
  }));
  if (focused) controlNamed(grid, focused)?.focus();
  const legend = [];
  if (kind) legend.push(kind === "pick" ? t("Click a case to make it yours.") : t("Click a lit case to open it."));
  legend.push(t("Green: the contestant's own case. Red: the case called now (being guessed, or the last other case)."));
  part(".legend").textContent = legend.join(" ");
}

function holderTag(seat) {
  if (isOwnSeat(table.message, seat)) return t("you");
  const name = seatName(table.message.seats, seat);
  return table.message.seats?.[seat]?.kind === "bot" ? t("Bot {number}", { number: seat + 1 }) : name;
}

function drawBoard() {
  const view = table.message.view;
  const half = view.board.length / 2;
  const item = (entry, side) => el("li", {
    class: `${side}${entry.in_play ? "" : " gone"}`,
    "aria-label": entry.in_play ? dollars(entry.value) : t("{amount}, gone", { amount: dollars(entry.value) }),
  }, entry.in_play ? dollars(entry.value) : el("s", {}, dollars(entry.value)));
  // Row by row (low, high), so that the two columns read like the show's board.
  const items = [];
  for (let index = 0; index < half; index += 1) {
    items.push(item(view.board[index], "low"), item(view.board[index + half], "high"));
  }
  part(".money-board").replaceChildren(...items);
  const left = view.board.filter((entry) => entry.in_play).length;
  part(".mean").replaceChildren(...fillNodes(tn("{n} value left · mean {mean}", "{n} values left · mean {mean}", left),
    { mean: el("strong", {}, dollars(view.mean_in_play)) }));
}

function drawPlayers() {
  const { message } = table;
  const view = message.view;
  const party = view.version === "party";
  const money = party ? view.money : view.winnings;
  const acting = view.phase === "over" ? [] : message.to_act ?? [];
  const rows = money.map((amount, seat) => {
    const role = roleOf(view, seat);
    const current = acting.includes(seat);
    return playerRow(current, [seatName(message.seats, seat),
      isOwnSeat(message, seat) ? el("span", { class: "tag you" }, t("you")) : null,
      role ? el("span", { class: `tag role-${role}` }, roleWords(role)) : null], dollars(amount));
  });
  const foot = party ? el("tfoot", {}, el("tr", {}, el("td", {}), el("th", { scope: "row" }, t("Kitty")),
    el("td", { class: "num" }, dollars(view.kitty)))) : null;
  part(".players").replaceChildren(...[
    el("caption", {}, party ? t("Money") : t("Winnings (the score)")),
    playersHead(party ? t("Cash") : t("Won")),
    el("tbody", {}, rows), foot].filter(Boolean));
  part("#dond-players-heading").textContent = party ? t("Players and the kitty") : t("Players");

  const history = [];
  const rounds = view.offers.filter((entry) => entry.offers.length);
  if (rounds.length) {
    history.push(el("h3", {}, t("Offers this game")), el("ol", { class: "offers-list" }, rounds.map((entry) => el("li", {},
      el("span", { class: "round" }, t("Round {number}", { number: entry.round })),
      el("span", { class: "num" }, dollars(entry.offers[entry.offers.length - 1])),
      entry.outcome === "deal" ? el("span", { class: "good" }, t("deal"))
        : entry.outcome === "no_deal" ? el("span", { class: "bad" }, t("no deal"))
          : el("span", { class: "muted" }, "…")))));
  }
  if (view.results.length && view.phase !== "over") {
    history.push(el("h3", {}, t("Games played")), matchSummary(view));
  }
  part(".history").replaceChildren(...history);
}

// --- the log ------------------------------------------------------------------------------------

/** One entry of the view's log in words: strings and nodes, or null for an entry not told. */
function logLine(entry, view) {
  const you = isMine(entry.seat);
  const name = nameOf(entry.seat);
  const amount = entry.amount !== undefined ? dollars(entry.amount) : "";
  switch (entry.event) {
    case "game": {
      const params = { host: nameOf(entry.host), contestant: nameOf(entry.contestant) };
      const duo = view.version === "duo";
      let sentence;
      if (isMine(entry.host)) {
        sentence = duo ? t("You are the banker, {contestant} the contestant.", params)
          : t("You are the host, {contestant} the contestant.", params);
      } else if (isMine(entry.contestant)) {
        sentence = duo ? t("{host} is the banker, you the contestant.", params)
          : t("{host} is the host, you the contestant.", params);
      } else {
        sentence = duo ? t("{host} is the banker, {contestant} the contestant.", params)
          : t("{host} is the host, {contestant} the contestant.", params);
      }
      return [el("strong", {}, t("Game {number}:", { number: entry.number })), " ", sentence];
    }
    case "pick":
      return [you ? t("You took case {case}.", { case: entry.case }) : t("{name} took case {case}.", { name, case: entry.case })];
    case "open": {
      const value = { value: el("strong", {}, dollars(entry.value)) };
      if (entry.holder === null) return fillNodes(t("Case {case}: {value}", { case: entry.case }), value);
      if (isMine(entry.holder)) return fillNodes(t("Case {case} · yours: {value}", { case: entry.case }), value);
      return fillNodes(t("Case {case} · {holder}: {value}", { case: entry.case, holder: nameOf(entry.holder) }), value);
    }
    case "guess": {
      const params = { name, amount: dollars(entry.guess), price: dollars(entry.price ?? 0) };
      let sentence;
      if (entry.paid) {
        sentence = you ? t("You guessed {amount} (paid {price}): {result}", params)
          : t("{name} guessed {amount} (paid {price}): {result}", params);
      } else {
        sentence = you ? t("You guessed {amount}: {result}", params) : t("{name} guessed {amount}: {result}", params);
      }
      const result = entry.right
        ? el("span", { class: "good" }, t("right, wins {amount}", { amount: dollars(entry.won) }))
        : el("span", { class: "bad" }, t("wrong"));
      return fillNodes(sentence, { result });
    }
    case "kitty": {
      const card = entry.card === "holder" ? dollars(75_000) : dollars(1);
      if (!entry.amount) return [t("{card} card: the kitty was empty.", { card })];
      return fillNodes(you ? t("{card} card: You won the kitty, {amount}", { card })
        : t("{card} card: {name} won the kitty, {amount}", { card, name }), { amount: el("strong", {}, amount) });
    }
    case "offer":
      return fillNodes(t("Round {round} offer {amount}", { round: entry.round }), { amount: strongMoney(entry.amount) });
    case "counter":
      return fillNodes(you ? t("You countered {amount}") : t("{name} countered {amount}", { name }),
        { amount: el("strong", {}, amount) });
    case "stand":
      return [you ? t("You stood firm at {amount}.", { amount }) : t("{name} stood firm at {amount}.", { name, amount })];
    case "deal":
      return [el("strong", { class: "good" }, you ? t("You: DEAL") : t("{name}: DEAL", { name })), " ",
        t("at {amount}", { amount })];
    case "accept":
      return [el("strong", { class: "good" }, you ? t("You accepted the counter of {amount}", { amount })
        : t("{name} accepted the counter of {amount}", { name, amount }))];
    case "no_deal":
      return [el("strong", { class: "bad" }, you ? t("You: NO DEAL") : t("{name}: NO DEAL", { name }))];
    case "keep":
      return [you ? t("You kept the case.") : t("{name} kept the case.", { name })];
    case "swap":
      return [you ? t("You swapped the case.") : t("{name} swapped the case.", { name })];
    case "end": {
      const sentence = isMine(view.contestant) ? t("Game over: You won {amount}")
        : t("Game over: {name} won {amount}", { name: nameOf(view.contestant) });
      return [el("strong", {}, ...fillNodes(sentence, { amount: strongMoney(entry.won) }))];
    }
    default:
      return null; // "call": the opening or the guess that follows says it all
  }
}

function drawLog() {
  const view = table.message.view;
  const items = [];
  for (const entry of view.log) {
    const line = logLine(entry, view);
    if (line) items.push(el("li", {}, line));
  }
  // Earlier games of the match, each told by its result (the view's log is this game's).
  if (view.phase !== "over") {
    for (const result of [...view.results].reverse()) {
      const params = { name: nameOf(result.contestant), amount: dollars(result.won), case: result.special_case,
        value: dollars(result.special_value) };
      let sentence;
      if (result.deal) {
        sentence = isMine(result.contestant) ? t("You won {amount} by a deal; case {case} held {value}.", params)
          : t("{name} won {amount} by a deal; case {case} held {value}.", params);
      } else {
        sentence = isMine(result.contestant) ? t("You won {amount} with a case; case {case} held {value}.", params)
          : t("{name} won {amount} with a case; case {case} held {value}.", params);
      }
      items.unshift(el("li", { class: "earlier" },
        el("strong", {}, t("Game {number}:", { number: result.game })), " ", sentence));
    }
  }
  part(".log-list").replaceChildren(...items.slice(-LOG_LENGTH).reverse());
}

// --- the advisor --------------------------------------------------------------------------------

function drawAdvisor() {
  const box = part(".advisor");
  box.hidden = !table.advisorOpen;
  const tool = part('[data-focus="advisor"]');
  if (tool) tool.lastChild.textContent = table.advisorOpen ? t("Hide advisor") : t("Advisor");
  if (!table.advisorOpen) return;
  const body = part(".advisor-body");
  const hint = table.hint;
  if (!(table.message.legal ?? []).length) {
    body.replaceChildren(el("p", { class: "muted" }, t("The advisor speaks on your turn.")));
  } else if (!hint || hint.waiting) {
    body.replaceChildren(el("p", { class: "muted" }, t("Thinking…")));
  } else if (hint.failed) {
    body.replaceChildren(el("p", { class: "bad" }, t("No advice: {reason}", { reason: hint.failed })));
  } else {
    body.replaceChildren(...adviceParts(hint.advice ?? {}));
  }
}

/** The advisor's figures in words, as the bots module gives them (all money in cents). */
function adviceParts(advice) {
  const number = (key) => (typeof advice[key] === "number" ? advice[key] : null);
  const parts = [el("p", { class: "advice-move" }, el("span", { class: "star" }, "★ "),
    el("strong", {}, advice.label ?? JSON.stringify(advice.action)))];
  const facts = [];
  const mean = number("mean");
  if (mean !== null) {
    const ratio = number("offer_ratio");
    facts.push([t("Mean of the values left"), dollars(mean)]);
    if (ratio !== null) facts.push([t("The offer is"), t("{share} of that mean", { share: share(ratio) })]);
  }
  if (number("expected_value_of_refusing") !== null) {
    facts.push([t("Refusing is worth, on average"), dollars(number("expected_value_of_refusing"))]);
  }
  if (number("certainty_equivalent") !== null) {
    facts.push([t("…and to a cautious (risk-averse) player"), dollars(number("certainty_equivalent"))]);
  }
  if (number("free_ev") !== null) facts.push([t("A free guess wins, on average"), dollars(number("free_ev"))]);
  if (number("paid_ev") !== null) {
    const value = number("paid_value");
    const gain = number("paid_ev");
    facts.push([value !== null ? t("A paid guess of {value}, price paid", { value: dollars(value) })
      : t("A paid guess, price paid"),
    t("{amount} on average", { amount: `${gain >= 0 ? "+" : ""}${dollars(gain)}` })]);
  }
  if (number("guide_offer") !== null) facts.push([t("The guide's offer (the mean)"), dollars(number("guide_offer"))]);
  if (number("tv_offer") !== null) facts.push([t("The TV model's offer"), dollars(number("tv_offer"))]);
  if (facts.length) {
    parts.push(el("dl", { class: "facts-list" }, facts.flatMap(([term, value]) => [el("dt", {}, term), el("dd", {}, value)])));
  }
  if (typeof advice.reason === "string") parts.push(el("p", { class: "muted" }, advice.reason));
  return parts;
}

// --- rules ----------------------------------------------------------------------------------------

function drawRules() {
  const view = table.message.view;
  const body = part(".rules-body");
  const key = `${view.version}`;
  if (body.dataset.version === key) return; // the version never changes within a match
  body.dataset.version = key;
  const party = view.version === "party";
  const rows = ROUND_SIZES.map((size, index) => el("tr", {},
    el("td", { class: "num" }, String(index + 1)), el("td", { class: "num" }, String(size)),
    party ? el("td", { class: "num" }, dollars(500_000 * (index + 1))) : null));
  rows.push(el("tr", {}, el("td", { class: "num" }, "10"), el("td", {}, t("last 2: keep or swap")),
    party ? el("td", { class: "num" }, dollars(5_000_000)) : null));
  body.replaceChildren(
    el("p", {}, party
      ? t("26 cases hold the values of the money board, unseen by anyone. The contestant takes one case to keep to the end, then opens cases round by round. After each round the host offers to buy the contestant's case: deal, no deal, or a counter (up to 5 per round; the host may accept it, offer again or stand firm).")
      : t("26 cases hold the values of the money board, unseen by anyone. The contestant takes one case to keep to the end, then opens cases round by round. After each round the banker offers to buy the contestant's case: deal, no deal, or a counter (up to 5 per round; the banker may accept it, offer again or stand firm).")),
    el("table", { class: "rules-table" },
      el("caption", { class: "visually-hidden" }, t("Cases opened per round")),
      el("thead", {}, el("tr", {}, el("th", { scope: "col" }, t("Round")), el("th", { scope: "col" }, t("Cases opened")),
        party ? el("th", { scope: "col" }, t("Paid guess")) : null)),
      el("tbody", {}, rows)),
    party
      ? el("p", { class: "small" }, t("Before a held case opens, its holder may guess its value: free (right wins {prize}) or paid at the round's price (right wins the value; the price goes to the kitty). The {holder_card} case pays the kitty to its holder; the {host_card} case pays it to the host (not in round 10). After a deal the host may pay to guess the contestant's case. Every player starts with {cash}, and the {bill} bill can be spent only after hosting. The richest player at the end wins.", {
        prize: dollars(FREE_GUESS_PRIZE), holder_card: dollars(75_000), host_card: dollars(1),
        cash: dollars(112_500_000), bill: dollars(MILLION_BILL),
      }))
      : el("p", { class: "small" }, t("Each player is banker once and contestant once. Your score is what you won as contestant: the deal, or the value of the case you end with.")),
  );
}

function announce(previous) {
  // One short sentence per update for screen readers; the page itself already shows it all.
  const view = table.message.view;
  const sentences = [];
  if (previous && previous.view.game_number === view.game_number) {
    const fresh = view.log.slice(previous.view.log.length).map((entry) => logLine(entry, view)).filter(Boolean);
    for (const line of fresh.slice(-2)) sentences.push(line.map((bit) => (bit instanceof Node ? bit.textContent : bit)).join(""));
  }
  if (view.phase === "over") sentences.push(t("The match is over."));
  else if (table.message.legal?.length) sentences.push(t("Your turn: {what}.", { what: doing(view) }));
  table.announced = speak(part(".announce"), sentences.join(" "), table.announced);
}

// --- keys ---------------------------------------------------------------------------------------

onTableKeys("deal_or_no_deal", table, (event) => {
  const key = event.key.toLowerCase();
  if (event.key === "?") {
    event.preventDefault();
    toggleRules();
    return;
  }
  if ((key === "a" || key === "h") && isSeated(table.message) && table.message.view.phase !== "over") {
    event.preventDefault();
    toggleAdvisor();
    return;
  }
  if (!table.message?.legal?.length) return;
  const kinds = legalByKind();
  if (key === "p" && ["guess", "final_guess"].includes(table.message.view.phase)) {
    event.preventDefault();
    if (kinds.paid_guess) setPaid(!table.paid);
    return;
  }
  const wanted = KEY_ACTIONS[key]?.find((kind) => kinds[kind]);
  if (wanted) {
    event.preventDefault();
    play({ [wanted]: true });
  } else if (/^[0-9]$/.test(event.key) && startTyping(event.key)) {
    event.preventDefault();
  }
});

// --- styles -------------------------------------------------------------------------------------

// The page's stylesheet holds the shared look (panels, buttons, colours); these rules are
// this table's own. Colours reach WCAG AA contrast on the surfaces they are drawn on.
const STYLES = `
.dond { display: grid; gap: var(--gap, 1rem); grid-template-columns: minmax(0, 1fr); }
.dond .col { display: contents; }
.dond section, .dond details.panel { margin: 0; }
.dond .dond-finished { order: 0; }
.dond .dond-finished:empty { display: none; }
.dond .stage { order: 1; }
.dond .cases-panel { order: 2; }
.dond .advisor { order: 3; }
.dond .board-panel { order: 4; }
.dond .players-panel { order: 5; }
.dond .log { order: 6; }
.dond .dond-rules { order: 7; }
@media (min-width: 56rem) {
  .dond { grid-template-columns: minmax(0, 3fr) minmax(18rem, 2fr); align-items: start; }
  .dond .dond-finished { grid-column: 1 / -1; }
  .dond .col { display: flex; flex-direction: column; gap: var(--gap, 1rem); min-width: 0; }
}
.dond h3 { font-size: 0.95rem; margin: 0.8rem 0 0.3rem; }
.dond .stage-head { display: flex; flex-wrap: wrap; align-items: baseline; gap: 0.3rem 1rem; }
.dond .stage-head h2 { margin: 0; }
.dond .turn-line { font-size: 1.05rem; margin: 0.4rem 0 0.8rem; }
.dond .your-turn { color: var(--accent-strong, #ffd56b); }
.dond .stage-body { display: grid; gap: 0.8rem; }
.dond .stage-body > * { margin: 0; }
.dond .tools { display: flex; flex-wrap: wrap; gap: 0.5rem; margin-top: 1rem; }
.dond .keys-help { margin: 0.6rem 0 0; }
.dond kbd { margin-right: 0.25rem; }
.dond button kbd { background: rgba(0, 0, 0, 0.25); border-color: currentColor; color: inherit; }
.dond .money { color: var(--accent-strong, #ffd56b); }
.dond .good { color: var(--ok, #86e3a6); }
.dond .bad { color: var(--danger, #ff9b9b); }
.dond .star { color: #7fe0ff; font-weight: 700; }
.dond .compact { min-height: 2.25rem; padding: 0.2rem 0.8rem; }
.dond .finished-box { padding: 0.75rem 1rem; border: 2px solid var(--accent, #f2c14e); border-radius: var(--radius, 0.6rem);
  background: #2f2710; color: #fff3cf; }
.dond .finished-box p { margin: 0 0 0.4rem; }
.dond .finished-box summary { cursor: pointer; margin: 0.3rem 0; }
.dond .all-cases { list-style: none; padding: 0; margin: 0.4rem 0; display: grid; gap: 0.3rem;
  grid-template-columns: repeat(auto-fill, minmax(7.5rem, 1fr)); }
.dond .all-cases li { display: flex; gap: 0.5rem; padding: 0.15rem 0.4rem; border-radius: 0.3rem; background: rgba(0,0,0,0.3); }
.dond .all-cases li.special { background: #3fcf6a; color: #0b1410; font-weight: 700; }
.dond .all-cases .num { min-width: 1.6rem; text-align: right; font-variant-numeric: tabular-nums; }
.dond .dialog { padding: 0.8rem 1rem; border: 2px solid var(--accent, #f2c14e); border-radius: var(--radius, 0.6rem);
  background: var(--surface-2, #1a2d23); }
.dond .dialog p { margin: 0.15rem 0; }
.dond .offer-line { display: flex; flex-wrap: wrap; align-items: baseline; gap: 0.3rem 0.8rem; }
.dond .offer-line .label { text-transform: uppercase; letter-spacing: 0.06em; font-weight: 700; font-size: 0.9rem; }
.dond .offer-line .amount { font-size: 1.7rem; color: var(--accent-strong, #ffd56b); font-variant-numeric: tabular-nums; }
.dond .offer-line.counter .amount { color: #8fd8ff; }
.dond .firm { color: var(--warn, #ffd166); font-weight: 700; }
.dond .big-choices { display: flex; flex-wrap: wrap; gap: 0.6rem; }
.dond .big-choices button { flex: 1 1 10rem; min-height: 3.4rem; font-size: 1.15rem; }
.dond button.deal { background: #2f9e5b; border-color: #2f9e5b; color: #fff; }
.dond button.deal:hover { background: #37b368; border-color: #37b368; color: #fff; }
.dond button.no-deal { background: #c8283e; border-color: #c8283e; color: #fff; }
.dond button.no-deal:hover { background: #dc3550; border-color: #dc3550; color: #fff; }
.dond .amount-form label { display: block; margin-bottom: 0.3rem; }
.dond .amount-form .row { flex-wrap: nowrap; gap: 0.4rem; }
.dond .amount-form input { width: 10rem; min-width: 0; flex: 0 1 10rem; font-variant-numeric: tabular-nums; }
.dond .amount-form .dollar { font-weight: 700; }
.dond .amount-form p { margin: 0.3rem 0 0; }
.dond .typing-problem { color: var(--danger, #ff9b9b); font-weight: 600; }
.dond .chips-list, .dond .values-list { list-style: none; padding: 0; margin: 0.5rem 0 0; display: flex; flex-wrap: wrap; gap: 0.4rem; }
.dond .chips-list li { display: flex; flex-direction: column; align-items: center; }
.dond .chip { min-height: 2.5rem; padding: 0.2rem 0.6rem; background: transparent; color: var(--text, #eef4ef);
  border-color: var(--control-border, #6b9680); font-variant-numeric: tabular-nums; }
.dond .chip:hover { background: var(--surface-3, #23392d); color: var(--text, #eef4ef); }
.dond .chip-note { font-size: 0.75rem; color: var(--muted, #b3c4b8); }
.dond .hinted { box-shadow: 0 0 0 3px #7fe0ff; }
.dond .mode { display: flex; flex-wrap: wrap; gap: 0.4rem; align-items: center; }
.dond .toggle { background: transparent; color: var(--text, #eef4ef); border-color: var(--control-border, #6b9680); }
.dond .toggle.on { background: var(--accent, #f2c14e); border-color: var(--accent, #f2c14e); color: var(--accent-text, #1a1405); }
.dond .values-list { display: grid; grid-template-columns: repeat(auto-fill, minmax(7rem, 1fr)); }
.dond .values-list .value-button { width: 100%; font-variant-numeric: tabular-nums; }
.dond .value-button.low { background: #1d4f91; border-color: #1d4f91; color: #fff; }
.dond .value-button.high { background: #e0b422; border-color: #e0b422; color: #1a1405; }
.dond .value-button:hover { filter: brightness(1.15); }
.dond .cases-grid { display: grid; gap: 0.45rem; grid-template-columns: repeat(auto-fill, minmax(4.1rem, 1fr)); }
.dond .case { display: flex; flex-direction: column; gap: 0; min-height: 3.4rem; padding: 0.2rem; border-radius: 0.45rem;
  background: #c0c0c8; border: 2px solid #c0c0c8; color: #101010; font-weight: 800; line-height: 1.15; cursor: default; }
.dond .case:hover { background: #c0c0c8; color: #101010; border-color: #c0c0c8; }
.dond .case .num { font-size: 1.2rem; }
/* A tag wraps rather than being cut: in some languages "yours" or "$75K" take more letters. */
.dond .case .case-tag { font-size: 0.75rem; font-weight: 600; max-width: 100%; line-height: 1.1; overflow-wrap: anywhere; }
.dond .case.usable { cursor: pointer; border-color: var(--accent, #f2c14e); box-shadow: 0 0 0 1px var(--accent, #f2c14e); }
.dond .case.usable:hover { background: #e4e4ea; }
.dond .case.special { background: #3fcf6a; border-color: #3fcf6a; color: #0b1410; }
.dond .case.called { background: #c8283e; border-color: #ff9b9b; color: #fff; }
.dond .case.opened { background: var(--surface-2, #1a2d23); border-color: var(--border, #3b5c4a); color: var(--muted, #b3c4b8); }
.dond .case.opened .case-tag { color: var(--text, #eef4ef); font-size: 0.85rem; font-weight: 700; }
.dond .case.revealed .case-tag { font-size: 0.85rem; font-weight: 800; }
.dond .case.hinted { box-shadow: 0 0 0 3px #7fe0ff; }
.dond .case[aria-disabled="true"] { cursor: default; }
.dond .legend { margin: 0.6rem 0 0; }
.dond .money-board { list-style: none; margin: 0; padding: 0; display: grid; grid-template-columns: 1fr 1fr; gap: 0.3rem; }
.dond .money-board li { padding: 0.2rem 0.6rem; border-radius: 0.4rem; text-align: right; font-weight: 800;
  font-variant-numeric: tabular-nums; border: 1px solid transparent; }
.dond .money-board li.low { background: #1d4f91; color: #fff; }
.dond .money-board li.high { background: #e0b422; color: #1a1405; }
.dond .money-board li.gone { background: transparent; color: var(--muted, #b3c4b8); border: 1px dashed var(--border, #3b5c4a);
  font-weight: 500; }
.dond .mean { margin: 0.6rem 0 0; }
.dond .board-strip { display: none; list-style: none; margin: 0.6rem 0 0; padding: 0; flex-wrap: wrap; gap: 0.25rem; }
.dond .board-strip li { padding: 0 0.35rem; border-radius: 0.3rem; font-size: 0.8rem; font-weight: 800;
  font-variant-numeric: tabular-nums; }
.dond .board-strip li.low { background: #1d4f91; color: #fff; }
.dond .board-strip li.high { background: #e0b422; color: #1a1405; }
@media (max-width: 55.99rem) {
  .dond .board-strip { display: flex; }
}
.dond .amount-reading { margin: 0.3rem 0 0; font-weight: 600; min-height: 1.2em; }
.dond .confirm { margin-top: 0.6rem; padding: 0.6rem 0.8rem; border: 2px solid var(--warn, #ffd166);
  border-radius: var(--radius, 0.6rem); background: #2f2710; }
.dond .confirm .question { font-weight: 700; margin: 0 0 0.5rem; }
.dond .players { width: 100%; border-collapse: collapse; }
.dond .players caption { text-align: left; font-weight: 700; padding-bottom: 0.3rem; }
.dond .players th, .dond .players td { padding: 0.3rem; border-bottom: 1px solid var(--surface-3, #23392d); text-align: left; }
.dond .players th[scope="col"] { color: var(--muted, #b3c4b8); font-size: 0.8rem; font-weight: 600; text-transform: uppercase; }
.dond .players .num, .dond .offers-list .num { text-align: right; font-variant-numeric: tabular-nums; font-weight: 700; }
.dond .players tr.current { background: var(--surface-3, #23392d); }
.dond .players .marker { width: 1.2rem; color: var(--accent-strong, #ffd56b); }
.dond .players tfoot th, .dond .players tfoot td { border-bottom: none; color: var(--accent-strong, #ffd56b); }
.dond .tag { display: inline-block; margin-left: 0.35rem; padding: 0 0.4rem; border-radius: 999px; font-size: 0.75rem;
  font-weight: 700; border: 1px solid var(--border, #3b5c4a); }
.dond .tag.you { border-color: var(--info, #9cc8ff); color: var(--info, #9cc8ff); }
.dond .tag.role-banker, .dond .tag.role-host { border-color: var(--accent, #f2c14e); color: var(--accent-strong, #ffd56b); }
.dond .tag.role-contestant { border-color: #3fcf6a; color: #86e3a6; }
.dond .tag.role-holder { color: var(--muted, #b3c4b8); }
.dond .offers-list, .dond .games-list { margin: 0; padding-left: 0; list-style: none; }
.dond .offers-list li { display: grid; grid-template-columns: 5rem 1fr 4.5rem; gap: 0.5rem; padding: 0.15rem 0; }
.dond .games-list li { padding: 0.15rem 0; }
.dond .log-list { margin: 0; padding-left: 0; list-style: none; max-height: 24rem; overflow-y: auto; }
.dond .log-list li { padding: 0.2rem 0; border-bottom: 1px solid var(--surface-3, #23392d); }
.dond .log-list li.earlier { color: var(--muted, #b3c4b8); }
.dond .advisor { border-color: #7fe0ff; }
.dond .advice-move { font-size: 1.1rem; }
.dond .facts-list { display: grid; grid-template-columns: auto auto; gap: 0.2rem 1rem; margin: 0.4rem 0; }
.dond .facts-list dt { color: var(--muted, #b3c4b8); }
.dond .facts-list dd { margin: 0; font-weight: 700; font-variant-numeric: tabular-nums; }
.dond .rules-table { width: auto; border-collapse: collapse; margin: 0.5rem 0; }
.dond .rules-table th, .dond .rules-table td { padding: 0.15rem 0.8rem 0.15rem 0; text-align: left; }
.dond .rules-table .num { text-align: right; font-variant-numeric: tabular-nums; }
@media (max-width: 30rem) {
  .dond .facts-list { grid-template-columns: 1fr; }
  .dond .facts-list dd { margin-bottom: 0.3rem; }
  .dond .offer-line .amount { font-size: 1.45rem; }
}
`;

function ensureStyles() {
  if (document.getElementById("dond-styles")) return;
  document.head.append(el("style", { id: "dond-styles" }, STYLES));
}
