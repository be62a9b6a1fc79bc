// It's in the Bag's table in the browser (RULES.md §5.1, §5.2, §7.3, §7.5), served at
// /games/in_the_bag/renderer.js.
//
// The renderer only draws: every rule stays on the server. It reads `view` (see its package's
// README.md, "View (JSON)") and `legal`, and sends actions. Your pieces are drawn as coins and
// bills in a piece picker: in the feed phase a click (or a key 1–4) feeds one piece; in the bid
// phase each piece is a toggle that puts it in your fist or takes it back, with the running
// total, and "Seal the bid" sends the pieces in the fist. Only pieces you hold can be chosen;
// whether a bid is allowed (the ¥100 minimum, a different amount after a tie) the server alone
// decides, and its refusal is shown in words beside the fist. It exports the renderer interface
// of docs/server.md:
//
//   render(container, message, send)  draw a `state` message; `send` posts to the server
//   onMessage(container, message)     the room's other messages: `hint` and `error`
//   formatScore(score)                the final standings' yen
//
// The helpers every page shares come from the server's /static/common.js; the styles of this
// table are its own (below). Its words are the game's own (the catalog of the domain
// "in_the_bag"), through /static/i18n.js, and its yen are written as the reader's language
// writes money. A sentence whose subject may be the reader comes in two messages.

import {
  controlNamed, el, focusedName, onTableKeys, playerRow, playersHead,
  ruleTitle, sameAction, seatName, followHint, requestHint, sendAction, speak, stillPending, takeReply, toggleDetails,
} from "/static/common.js";
import { fillNodes, money, number, words } from "/static/i18n.js";

const { t, tn } = words("in_the_bag");

const KINDS = [100, 500, 1000, 5000]; // the pieces, smallest first (RULES.md §5.1)
const COINS = new Set([100, 500]);
const MIN_BID = 100;
const CONSOLATION = 200;
const LOG_LENGTH = 40; // rounds kept in the page's log

// One table per page; the key handler works on the latest render.
const table = {
  container: null,
  message: null,
  send: null,
  pending: false, // an action was sent and the server has not answered yet
  fistKey: "", // the decision the fist is composed for
  fist: [], // the pieces in the fist, in the order they were put in: "kind:index"
  hint: null, // {version, waiting} or {version, advice}
  refusal: null, // {version, text, rule}: the server refused this player's last action
  announced: "",
  roundsSeen: -1,
};

export function formatScore(score) {
  return yen(score);
}

/**
 * Whether `seat` is the one whose view is drawn: the page's own seat in a room, the seat chosen
 * in a replay (whose messages name no seat of the page's own).
 */
function isMine(seat) {
  const you = table.message?.view?.you;
  return you !== null && you !== undefined && you === seat;
}

function yen(amount) {
  return money(amount, "JPY");
}

function isOver(view) {
  return view.phase === "over" || Boolean(view.final_yen);
}

/** Whether this table shows every fed piece (option `feeds`, RULES.md §5.2). */
function feedsShown(view) {
  return view.options?.feeds === "shown";
}

/** Whether `seat` is called back by a tie to bid again this round. */
function rebidding(view, seat) {
  return seat !== null && seat !== undefined && Array.isArray(view.previous_bids) && view.previous_bids[seat] !== null;
}

/** Whether `seat`'s revealed bid stands while the tied players bid again (RULES.md §5.2). */
function bidStands(view, seat) {
  const reveals = view.reveals ?? [];
  return seat !== null && seat !== undefined && Boolean(view.rebid) && !rebidding(view, seat)
    && reveals.length > 0 && reveals[reveals.length - 1][seat].length > 0;
}

/** "Round 3", or "Round 3 of 20" at a table with a round limit. */
function roundWords(view) {
  return typeof view.round_limit === "number"
    ? t("Round {number} of {limit}", { number: number(view.round), limit: number(view.round_limit) })
    : t("Round {number}", { number: number(view.round) });
}

// --- pieces -------------------------------------------------------------------------------------

/** One piece in words, for buttons and screen readers: "¥500 coin", "¥1,000 bill". */
function pieceName(amount) {
  return COINS.has(amount) ? t("{amount} coin", { amount: yen(amount) }) : t("{amount} bill", { amount: yen(amount) });
}

/** How many pieces of each kind a view's map holds, smallest first. */
function countsOf(mapping) {
  return KINDS.map((kind) => Number(mapping?.[String(kind)] ?? 0));
}

function pieceFace(amount, { small = false } = {}) {
  const shape = COINS.has(amount) ? "coin" : "bill";
  return el("span", { class: `piece ${shape} p${amount}${small ? " small" : ""}`, "aria-hidden": "true" },
    el("span", { class: "face" }, yen(amount)));
}

/** Pieces drawn side by side, largest first, with their amount in words for screen readers. */
function piecesRow(pieces) {
  const sorted = [...pieces].sort((a, b) => b - a);
  return el("span", { class: "pieces-row", role: "img", "aria-label": sorted.map(pieceName).join(", ") || t("no piece") },
    sorted.map((amount) => pieceFace(amount, { small: true })));
}

function fistCounts() {
  const counts = [0, 0, 0, 0];
  for (const key of table.fist) counts[KINDS.indexOf(Number(key.split(":")[0]))] += 1;
  return counts;
}

function fistPieces() {
  return KINDS.flatMap((kind, index) => Array(fistCounts()[index]).fill(kind)).sort((a, b) => b - a);
}

function fistTotal() {
  return fistPieces().reduce((sum, amount) => sum + amount, 0);
}

// --- what the player may do -----------------------------------------------------------------------

function phaseOf(message) {
  return message.legal?.length ? message.view.phase : null;
}

function play(action) {
  if (sendAction(table, action)) {
    table.refusal = null;
    draw();
  }
}

function feed(kind) {
  if (phaseOf(table.message) !== "feed") return;
  const entry = table.message.legal.find((item) => item.action?.feed === kind);
  if (entry) play(entry.action);
}

function togglePiece(key) {
  if (phaseOf(table.message) !== "bid" || table.pending) return;
  const at = table.fist.indexOf(key);
  if (at >= 0) table.fist.splice(at, 1);
  else table.fist.push(key);
  table.refusal = null;
  draw({ focus: `piece:${key}` });
}

/** Key 1–4: feed the n-th kind held, or put one more of it in the fist. */
function pickKind(number) {
  const counts = countsOf(table.message?.view?.your_pieces);
  const kinds = KINDS.filter((kind, index) => counts[index] > 0);
  const kind = kinds[number - 1];
  if (kind === undefined) return false;
  const phase = phaseOf(table.message);
  if (phase === "feed") {
    feed(kind);
    return true;
  }
  if (phase !== "bid") return false;
  const held = counts[KINDS.indexOf(kind)];
  for (let index = 0; index < held; index += 1) {
    const key = `${kind}:${index}`;
    if (!table.fist.includes(key)) {
      togglePiece(key);
      return true;
    }
  }
  part(".announce").textContent = t("No other {piece} to put in your fist.", { piece: pieceName(kind) });
  return true;
}

function takeBackLast() {
  if (phaseOf(table.message) !== "bid" || !table.fist.length || table.pending) return;
  table.fist.pop();
  table.refusal = null;
  draw();
}

function clearFist() {
  if (phaseOf(table.message) !== "bid" || table.pending) return;
  table.fist = [];
  table.refusal = null;
  draw({ focus: "clear" });
}

/** Send the pieces in the fist; the server says in the rule's words why a bid is refused. */
function seal() {
  if (phaseOf(table.message) !== "bid") return;
  play({ bid: fistPieces() });
}

function askHint() {
  if (requestHint(table)) draw();
}

function toggleRules() {
  toggleDetails(table.container?.querySelector(".bag-rules"));
}

// --- the page's skeleton --------------------------------------------------------------------------

function build(container) {
  ensureStyles();
  container.dataset.renderer = "in_the_bag";
  container.replaceChildren(
    el("div", { class: "bagt" },
      el("div", { class: "banner" }),
      el("div", { class: "col col-main" },
        el("section", { class: "panel picker", "aria-labelledby": "bag-picker-heading" },
          el("div", { class: "head-line" },
            el("h2", { id: "bag-picker-heading" }),
            el("span", { class: "muted hand-total" })),
          el("p", { class: "instruction" }),
          el("div", { class: "hand" }),
          el("div", { class: "fist-box" }),
          el("div", { class: "tools" }),
          el("p", { class: "keys-help muted" })),
        el("section", { class: "panel reveal", "aria-labelledby": "bag-reveal-heading", "aria-live": "polite" },
          el("h2", { id: "bag-reveal-heading" }),
          el("div", { class: "reveal-body" })),
        el("details", { class: "panel bag-rules" },
          el("summary", { "aria-keyshortcuts": "?" }, t("Rules"), " ", el("kbd", {}, "?")),
          el("div", { class: "rules-body" }))),
      el("div", { class: "col col-side" },
        el("section", { class: "panel bag-panel", "aria-labelledby": "bag-bag-heading" },
          el("h2", { id: "bag-bag-heading" }),
          el("div", { class: "bag-body" })),
        el("section", { class: "panel board", "aria-label": t("Players") }),
        el("section", { class: "panel log", "aria-labelledby": "bag-log-heading" },
          el("h2", { id: "bag-log-heading" }, t("Rounds")),
          el("ol", { class: "round-list" }))),
      el("p", { class: "visually-hidden announce", "aria-live": "polite" })),
  );
}

function part(selector) {
  return table.container.querySelector(selector);
}

// --- drawing --------------------------------------------------------------------------------------

export function render(container, message, send) {
  const view = message.view;
  if (!view) return;
  if (container.dataset.renderer !== "in_the_bag") build(container);
  const newGame = table.container !== container || table.gameNumber !== message.game_number;
  const previous = newGame ? null : table.message;
  if (newGame) Object.assign(table, { gameNumber: message.game_number, hint: null, refusal: null, announced: "" });
  Object.assign(table, { container, message, send, pending: stillPending(table, message) });
  followHint(table);
  // A refusal stays while the same choice is still ours: another seat's sealed bid, arriving
  // meanwhile, does not wipe the reason off the screen.
  const fistKey = `${message.game_number}:${view.round}:${view.rebid}:${phaseOf(message)}`;
  if (fistKey !== table.fistKey) {
    table.fistKey = fistKey;
    table.fist = [];
    table.refusal = null;
  }
  draw();
  announce(previous);
}

/** Hints and refusals: a refusal is shown beside the fist; a hint for this position fills it. */
export function onMessage(container, message) {
  if (container !== table.container || !table.message) return false;
  const reply = takeReply(table, message);
  if (reply === "refusal") {
    draw();
    part(".announce").textContent = table.refusal.text;
    return true;
  }
  if (reply === "hint") {
    const advised = message.hint?.action?.bid;
    if (Array.isArray(advised) && phaseOf(table.message) === "bid") {
      const used = new Map();
      table.fist = advised.map((kind) => {
        const index = used.get(kind) ?? 0;
        used.set(kind, index + 1);
        return `${kind}:${index}`;
      });
    }
    draw();
  }
  return false;
}

function draw({ focus = null } = {}) {
  const focused = focus ?? focusedName(table.container);
  drawBanner();
  drawPicker();
  drawBag();
  drawPlayers();
  drawReveal();
  drawLog();
  drawRules();
  if (focused) controlNamed(table.container, focused)?.focus();
}

function drawBanner() {
  const { message } = table;
  const view = message.view;
  const banner = part(".banner");
  if (view.phase === "over" || view.final_yen) {
    const rounds = view.history?.length ?? 0;
    banner.replaceChildren(el("div", { class: "banner-box over", role: "status" },
      el("strong", {}, tn("The game is over after {n} round.", "The game is over after {n} rounds.", rounds))));
    return;
  }
  const phase = phaseOf(message);
  let sentence;
  if (phase === "feed") sentence = t("Round {round}: feed one piece to the bag.", { round: number(view.round) });
  else if (phase === "bid") sentence = t("Round {round}: put pieces in your fist and seal your bid.", { round: number(view.round) });
  else {
    const waiting = (message.to_act ?? []).map((seat) => seatName(message.seats, seat));
    sentence = waiting.length
      ? t("Round {round}: waiting for {names}.", { round: number(view.round), names: waiting.join(", ") })
      : roundWords(view);
  }
  banner.replaceChildren(el("div", { class: `banner-box${phase ? " your-turn" : ""}` }, el("strong", {}, sentence)));
}

function drawPicker() {
  const { message } = table;
  const view = message.view;
  const phase = phaseOf(message);
  const seated = view.your_pieces !== null && view.your_pieces !== undefined;
  const heading = part("#bag-picker-heading");
  const counts = countsOf(view.your_pieces);
  const held = counts.reduce((sum, count) => sum + count, 0);
  heading.textContent = phase === "feed" ? t("Feed the bag") : phase === "bid" ? t("Your bid") : t("Your pieces");
  part(".hand-total").textContent = seated
    ? tn("{n} piece, {amount}", "{n} pieces, {amount}", held, { amount: yen(view.your_yen ?? 0) }) : "";
  const instruction = part(".instruction");
  if (!seated) instruction.textContent = t("You are watching: every player's pieces are secret.");
  else if (phase === "feed") {
    instruction.textContent = feedsShown(view)
      ? t("Pick the piece to slip into the bag. Everyone sees it once every piece is in; whoever takes the bag gets it.")
      : t("Pick the piece to slip into the bag. Nobody sees which; whoever takes the bag gets it.");
  }
  else if (phase === "bid") instruction.textContent = t("Pick the pieces of your bid: each one goes into your fist, and back with another click.");
  // The game's end first: the last round's fist stays sealed in the view, but nothing waits for it.
  else if (view.phase === "over" || view.final_yen) instruction.textContent = "";
  else if (bidStands(view, view.you)) instruction.textContent = t("Your bid stands while the tied players bid again.");
  else if (view.your_bid) instruction.textContent = t("Your bid is sealed. The fists open together when the last one is sealed.");
  else if (view.your_feed && feedsShown(view) && !view.fed_pieces) {
    instruction.textContent = t("Every fed piece is shown when the last one is in; then everyone bids.");
  } else instruction.textContent = t("Wait for the others.");

  const hand = part(".hand");
  if (!seated) {
    hand.replaceChildren();
  } else {
    const chosen = fistCounts();
    const hinted = table.hint?.advice?.action;
    const groups = [];
    let kindNumber = 0;
    KINDS.forEach((kind, kindIndex) => {
      if (!counts[kindIndex]) return;
      kindNumber += 1;
      const key = kindNumber <= 4 ? String(kindNumber) : null;
      const buttons = [];
      for (let index = 0; index < counts[kindIndex]; index += 1) {
        const pieceKey = `${kind}:${index}`;
        if (phase === "feed") {
          const isHinted = hinted && sameAction(hinted, { feed: kind });
          const button = el("button", {
            type: "button", class: `piece-button${isHinted ? " hinted" : ""}`, "data-focus": `piece:${pieceKey}`,
            "aria-label": t("Feed a {piece}", { piece: pieceName(kind) }), "aria-disabled": table.pending ? "true" : null,
            "aria-keyshortcuts": key,
          }, pieceFace(kind));
          button.addEventListener("click", () => feed(kind));
          buttons.push(button);
        } else if (phase === "bid") {
          const pressed = table.fist.includes(pieceKey);
          const button = el("button", {
            type: "button", class: `piece-button${pressed ? " chosen" : ""}`, "data-focus": `piece:${pieceKey}`,
            "aria-pressed": String(pressed), "aria-label": pieceName(kind), "aria-disabled": table.pending ? "true" : null,
          }, pieceFace(kind), pressed ? el("span", { class: "check", "aria-hidden": "true" }, "✓") : null);
          button.addEventListener("click", () => togglePiece(pieceKey));
          buttons.push(button);
        } else {
          buttons.push(el("span", { class: "piece-still" }, pieceFace(kind)));
        }
      }
      groups.push(el("li", { class: "kind" },
        el("span", { class: "kind-label" }, key && phase ? el("kbd", { "aria-hidden": "true" }, key) : null,
          pieceName(kind), el("span", { class: "muted" }, `\u00a0×\u00a0${number(counts[kindIndex])}`),
          phase === "bid" && chosen[kindIndex]
            ? el("span", { class: "in-fist" }, t("{n} in your fist", { n: number(chosen[kindIndex]) })) : null),
        el("span", { class: "kind-pieces", role: "group", "aria-label": pieceName(kind) }, buttons)));
    });
    hand.replaceChildren(groups.length
      ? el("ul", { class: "kinds", "aria-label": t("Your pieces") }, groups)
      : el("p", { class: "muted" }, t("You hold no piece.")));
  }

  const box = part(".fist-box");
  const tools = part(".tools");
  const parts = [];
  if (phase === "bid") {
    const total = fistTotal();
    parts.push(el("p", { class: "fist-total", role: "status" },
      ...fillNodes(t("In your fist: {amount}"), { amount: el("b", { class: "money" }, yen(total)) }),
      " ", fistPieces().length ? piecesRow(fistPieces()) : null));
    parts.push(el("p", { class: "rule small" }, t("A bid is at least {amount}, made of pieces you hold: no change is given.",
      { amount: yen(MIN_BID) })));
    if (typeof view.must_differ_from === "number") {
      parts.push(el("p", { class: "rule rebid" }, t("After the tie, bid an amount other than {amount}.",
        { amount: yen(view.must_differ_from) })));
    }
    const sealButton = el("button", {
      type: "button", class: "seal", "data-focus": "seal", "aria-keyshortcuts": "s",
      "aria-disabled": table.pending ? "true" : null,
    }, el("kbd", { "aria-hidden": "true" }, "s"), t("Seal the bid of {amount}", { amount: yen(total) }));
    sealButton.addEventListener("click", seal);
    const clearButton = el("button", { type: "button", class: "secondary", "data-focus": "clear", "aria-keyshortcuts": "c" },
      el("kbd", { "aria-hidden": "true" }, "c"), t("Empty the fist"));
    clearButton.addEventListener("click", clearFist);
    parts.push(el("div", { class: "row seal-row" }, sealButton, clearButton));
  } else if (view.your_bid && seated && !view.final_yen) {
    parts.push(el("p", { class: "fist-total" },
      ...fillNodes(t("Your sealed bid: {amount}"), { amount: el("b", { class: "money" }, yen(view.your_bid.reduce((a, b) => a + b, 0))) }),
      " ", piecesRow(view.your_bid)));
  }
  if (table.refusal) {
    parts.push(el("p", { class: "refusal", role: "alert", title: ruleTitle(table.refusal.rule) },
      t("Not accepted: {reason}", { reason: table.refusal.text })));
  }
  if (table.pending) parts.push(el("p", { class: "muted", role: "status" }, t("Sending…")));
  box.replaceChildren(...parts);

  if (phase) {
    const hintButton = el("button", { type: "button", class: "secondary", "data-focus": "hint", "aria-keyshortcuts": "h" },
      el("kbd", { "aria-hidden": "true" }, "h"), t("Hint"));
    hintButton.addEventListener("click", askHint);
    tools.replaceChildren(hintButton, el("span", { class: "hint-text", role: "status" }, hintText()));
  } else {
    tools.replaceChildren();
  }
  const help = part(".keys-help");
  help.hidden = !phase;
  help.replaceChildren(...(phase === "bid"
    ? fillNodes(t("Keys: {first}–{last} a piece into your fist · {back} take the last back · {seal} seal · {hint} hint · {rules} rules"),
      { first: el("kbd", {}, "1"), last: el("kbd", {}, "4"), back: el("kbd", {}, "⌫"), seal: el("kbd", {}, "s"),
        hint: el("kbd", {}, "h"), rules: el("kbd", {}, "?") })
    : fillNodes(t("Keys: {first}–{last} feed that piece · {hint} hint · {rules} rules"),
      { first: el("kbd", {}, "1"), last: el("kbd", {}, "4"), hint: el("kbd", {}, "h"), rules: el("kbd", {}, "?") })));
}

function hintText() {
  const hint = table.hint;
  if (!hint) return "";
  if (hint.waiting) return t("Thinking about a hint…");
  const advice = hint.advice ?? {};
  if (!advice.action) return advice.label ?? t("No hint for this position.");
  const text = t("Hint: {move}", { move: advice.label ?? JSON.stringify(advice.action) });
  const filled = advice.action.bid && phaseOf(table.message) === "bid" ? t("in your fist now: seal it or change it") : "";
  return [text, advice.reason, filled].filter(Boolean).join(" · ");
}

/** What is known of the bag's contents: all of it at the end or with every piece seen, else the bids. */
function bagContents(view) {
  const known = view.bag_known ?? [];
  const amount = el("b", {}, yen(known.reduce((a, b) => a + b, 0)));
  if (isOver(view)) {
    return el("p", { class: "small bag-left" }, ...fillNodes(t("Left in the bag: {amount}"), { amount }), " ", piecesRow(known));
  }
  if (!known.length) return null;
  if (view.fed_pieces) {
    return el("p", { class: "small" }, ...fillNodes(t("Every piece inside was seen: {amount}"), { amount }), " ", piecesRow(known));
  }
  return el("p", { class: "small" }, ...fillNodes(t("Known inside: {amount} of revealed bids"), { amount }));
}

/** With feeds shown: each player's fed piece once all are in; before, that they will be. */
function fedList(view) {
  if (!feedsShown(view) || isOver(view)) return [];
  if (!view.fed_pieces) return [el("p", { class: "small muted" }, t("Every fed piece is shown when the last one is in."))];
  return [el("h3", {}, t("Fed this round:")), el("ul", { class: "reveal-list fed-list" }, view.fed_pieces.map((piece, seat) =>
    el("li", {}, el("span", { class: "who" }, seatName(table.message.seats, seat)),
      piece ? piecesRow([piece]) : el("span", { class: "muted" }, t("no piece")))))];
}

function drawBag() {
  const view = table.message.view;
  part("#bag-bag-heading").textContent = typeof view.round_limit === "number"
    ? t("The bag · round {round} of {limit}", { round: number(view.round), limit: number(view.round_limit) })
    : t("The bag · round {round}", { round: number(view.round) });
  const count = view.bag_pieces ?? 0;
  const lines = [
    el("div", { class: "bag-picture", role: "img",
      "aria-label": tn("{n} piece in the bag", "{n} pieces in the bag", count) },
    el("span", { class: "bag-tie", "aria-hidden": "true" }),
    el("span", { class: "bag-count", "aria-hidden": "true" }, number(count))),
    el("p", { class: "bag-words" }, el("strong", {}, tn("{n} piece in the bag", "{n} pieces in the bag", count))),
  ];
  const contents = bagContents(view);
  if (contents) lines.push(contents);
  if (typeof view.your_feed === "number" && !isOver(view)) {
    lines.push(el("p", { class: "small" }, ...fillNodes(t("You fed {piece}"), { piece: piecesRow([view.your_feed]) })));
  }
  lines.push(...fedList(view));
  if (typeof view.round_limit === "number") {
    lines.push(el("p", { class: "small round-limit" },
      t("This table ends the game after round {limit} at the latest.", { limit: number(view.round_limit) })));
  }
  part(".bag-body").replaceChildren(...lines);
}

function seatState(view, seat) {
  if (isOver(view)) return "";
  if (!view.pieces_held[seat] && !view.fed[seat]) return t("no piece");
  if (view.sealed[seat]) return t("bid sealed");
  if (bidStands(view, seat)) return t("bid stands");
  if (rebidding(view, seat)) return t("bids again");
  if (view.fed[seat] && feedsShown(view) && !view.fed_pieces) return t("fed");
  if (view.fed[seat]) return t("to bid");
  return t("to feed");
}

function drawPlayers() {
  const { message } = table;
  const view = message.view;
  const toAct = new Set(message.to_act ?? []);
  const rows = view.pieces_held.map((pieces, seat) => {
    const tags = [];
    if (isMine(seat)) tags.push(el("span", { class: "tag you" }, t("you")));
    if (view.winners?.includes(seat)) tags.push(el("span", { class: "tag winner" }, t("winner")));
    const state = seatState(view, seat);
    const name = [seatName(message.seats, seat), " ", ...tags,
      state ? el("span", { class: "seat-state muted" }, state) : null];
    const figure = view.final_yen
      ? yen(view.final_yen[seat])
      : tn("{n} piece", "{n} pieces", pieces, { n: number(pieces) });
    return playerRow(toAct.has(seat), name, figure);
  });
  part(".board").replaceChildren(el("table", { class: "players" },
    el("caption", {}, t("Players · pieces held, never which")),
    playersHead(view.final_yen ? t("Yen") : t("Pieces")),
    el("tbody", {}, rows)));
}

function revealList(reveal, { winner = null, tie = false } = {}) {
  const { message } = table;
  const amounts = reveal.map((bid) => bid.reduce((a, b) => a + b, 0));
  const top = Math.max(0, ...amounts);
  return el("ul", { class: "reveal-list" }, reveal.map((bid, seat) => {
    const name = seatName(message.seats, seat);
    if (!bid.length) return el("li", {}, el("span", { class: "who" }, name), el("span", { class: "muted" }, t("no bid")));
    const best = amounts[seat] === top && (tie || seat === winner);
    return el("li", { class: best ? "best" : null },
      el("span", { class: "who" }, name),
      el("b", { class: "amount" }, yen(amounts[seat])),
      piecesRow(bid),
      best ? el("span", { class: "star", "aria-label": tie ? t("tied") : t("highest") }, "★") : null);
  }));
}

function takenSentence(entry) {
  const { message } = table;
  const count = entry.bag_pieces;
  if (entry.outcome === "tied") {
    return t("Still tied after five re-bids: everyone takes back their bid, and the bag goes on untouched to the next round.");
  }
  if (entry.winner === null) return t("Nobody had a piece to bid: the bag goes on to the next round.");
  if (isMine(entry.winner)) {
    const took = entry.you_took ?? [];
    return tn("You take the bag: {n} piece, {amount}.", "You take the bag: {n} pieces, {amount}.", count,
      { amount: yen(took.reduce((a, b) => a + b, 0)) });
  }
  return tn("{name} takes the bag: {n} piece.", "{name} takes the bag: {n} pieces.", count,
    { name: seatName(message.seats, entry.winner) });
}

function consoledSentences(entry) {
  const { message } = table;
  return (entry.consoled ?? []).map((seat) => (isMine(seat)
    ? t("You had no piece left and get {amount} from the reserve.", { amount: yen(CONSOLATION) })
    : t("{name} had no piece left and gets {amount} from the reserve.",
      { name: seatName(message.seats, seat), amount: yen(CONSOLATION) })));
}

/** What a tie under way asks of the reader: to bid again, or to wait while the tied do (RULES.md §5.2). */
function tieSentences(view, reveal) {
  const amount = yen(Math.max(...reveal.map((bid) => bid.reduce((a, b) => a + b, 0))));
  if (rebidding(view, view.you)) return [t("A tie for the highest bid at {amount}: bid again with a different amount.", { amount })];
  const sentences = [view.options?.tie_rebid === "all"
    ? t("A tie for the highest bid at {amount}: everyone who bid bids again, each with a different amount.", { amount })
    : t("A tie for the highest bid at {amount}: the tied players bid again, each with a different amount.", { amount })];
  if (bidStands(view, view.you)) sentences.push(t("Your bid stands."));
  return sentences;
}

function drawReveal() {
  const view = table.message.view;
  const heading = part("#bag-reveal-heading");
  const body = part(".reveal-body");
  // This round's reveals are ties still being bid again; at the end they are the last round's.
  const current = isOver(view) ? [] : view.reveals ?? [];
  if (current.length) {
    const reveal = current[current.length - 1];
    heading.textContent = t("Round {number} · the bids", { number: number(view.round) });
    body.replaceChildren(revealList(reveal, { tie: true }),
      ...tieSentences(view, reveal).map((sentence) => el("p", { class: "tie" }, sentence)));
    return;
  }
  const history = view.history ?? [];
  if (!history.length) {
    heading.textContent = t("The bids");
    body.replaceChildren(el("p", { class: "muted" }, t("Every bid is shown here when the last fist is sealed.")));
    return;
  }
  const entry = history[history.length - 1];
  heading.textContent = t("Round {number} · the bids", { number: number(entry.round) });
  const parts = [];
  if (entry.reveals.length > 1) {
    const ties = entry.reveals.slice(0, -1).map((reveal) => yen(Math.max(...reveal.map((bid) => bid.reduce((a, b) => a + b, 0)))));
    parts.push(el("p", { class: "tie small" }, t("Tied at {amounts}, then bid again.", { amounts: ties.join(", ") })));
  }
  parts.push(revealList(entry.reveals[entry.reveals.length - 1], { winner: entry.winner }));
  parts.push(el("p", { class: "taken" }, el("strong", {}, takenSentence(entry))));
  if (entry.you_took?.length) parts.push(el("p", { class: "small" }, ...fillNodes(t("The bag held {pieces}"), { pieces: piecesRow(entry.you_took) })));
  for (const sentence of consoledSentences(entry)) parts.push(el("p", { class: "small" }, sentence));
  if (view.final_pieces) {
    parts.push(el("h3", {}, t("Everyone's pieces, counted in the open")));
    parts.push(el("ul", { class: "reveal-list" }, view.final_pieces.map((mapping, seat) => {
      const counts = countsOf(mapping);
      const pieces = KINDS.flatMap((kind, index) => Array(counts[index]).fill(kind));
      return el("li", {}, el("span", { class: "who" }, seatName(table.message.seats, seat)),
        el("b", { class: "amount" }, yen(view.final_yen[seat])), piecesRow(pieces));
    })));
  }
  body.replaceChildren(...parts);
}

function drawLog() {
  const { message } = table;
  const history = (message.view.history ?? []).slice(-LOG_LENGTH).reverse();
  const items = history.map((entry) => {
    const bids = entry.bids.map((amount, seat) => (amount ? t("{name} {amount}", { name: seatName(message.seats, seat), amount: yen(amount) }) : null))
      .filter(Boolean).join(", ");
    return el("li", {},
      el("strong", {}, t("Round {number}", { number: number(entry.round) })), " ",
      el("span", {}, bids), " · ", el("span", {}, takenSentence(entry)),
      entry.you_fed ? el("span", { class: "muted" }, " · ", t("you fed {piece}", { piece: pieceName(entry.you_fed) })) : null);
  });
  part(".round-list").replaceChildren(...(items.length ? items : [el("li", { class: "muted" }, t("No round finished yet."))]));
}

function drawRules() {
  const body = part(".rules-body");
  const view = table.message.view;
  // Drawn once per table: its options do not change during a game, but a new game may have others.
  const key = JSON.stringify(view.options ?? {});
  if (body.dataset.options === key) return;
  body.dataset.options = key;
  const everyone = view.options?.tie_rebid === "all";
  body.replaceChildren(el("ol", { class: "small" },
    el("li", {}, feedsShown(view)
      ? t("Each round, every player slips one piece into the bag; at this table every fed piece is shown to everyone once the last one is in.")
      : t("Each round, every player slips one piece into the bag in secret.")),
    el("li", {}, t("Then every player bids with pieces from their own hand, in a closed fist: at least {amount}, and no change is ever given.", { amount: yen(MIN_BID) })),
    el("li", {}, everyone
      ? t("The fists open together. A tie for the highest bid sends everyone who bid back to bid a different amount; a player who can make no other amount may repeat it.")
      : t("The fists open together. A tie for the highest bid sends the tied players back to bid a different amount, and the other bids stand; a player who can make no other amount may repeat it.")),
    el("li", {}, t("If the re-bids tie five times in a row, everyone takes back their bid, nobody pays, and the bag goes on untouched to the next round.")),
    el("li", {}, t("The highest bidder takes the whole bag; then every bid, the winner's too, goes into the bag.")),
    el("li", {}, t("A player left with no piece gets {amount} from the reserve.", { amount: yen(CONSOLATION) })),
    el("li", {}, t("The game ends after the round in which someone holds {amount} or more; the most yen wins.", { amount: yen(10000) })),
    typeof view.round_limit === "number"
      ? el("li", {}, t("This table ends the game after round {limit} at the latest.", { limit: number(view.round_limit) })) : null));
}

function announce(previous) {
  // One short sentence per update for screen readers; the page itself already shows it all.
  const { message } = table;
  const view = message.view;
  const sentences = [];
  const rounds = view.history?.length ?? 0;
  if (previous && rounds > (previous.view.history?.length ?? 0)) sentences.push(takenSentence(view.history[rounds - 1]));
  if (previous && (view.reveals?.length ?? 0) > (previous.view.reveals?.length ?? 0)) sentences.push(t("A tie: bid again."));
  const phase = phaseOf(message);
  if (view.final_yen) sentences.push(t("The game is over."));
  else if (phase === "feed") sentences.push(t("Round {round}: feed one piece to the bag.", { round: number(view.round) }));
  else if (phase === "bid") sentences.push(t("Compose your bid."));
  table.announced = speak(part(".announce"), sentences.join(" "), table.announced);
}

// --- keys -----------------------------------------------------------------------------------------

onTableKeys("in_the_bag", table, (event) => {
  if (event.key === "?") {
    event.preventDefault();
    toggleRules();
    return;
  }
  if (!table.message?.legal?.length) return;
  if (/^[1-4]$/.test(event.key)) {
    if (pickKind(Number(event.key))) event.preventDefault();
  } else if (event.key === "s" || event.key === "S") {
    event.preventDefault();
    seal();
  } else if (event.key === "Backspace" || event.key === "-") {
    event.preventDefault();
    takeBackLast();
  } else if (event.key === "c" || event.key === "C") {
    event.preventDefault();
    clearFist();
  } else if (event.key === "h" || event.key === "H") {
    event.preventDefault();
    askHint();
  }
});

// --- styles -----------------------------------------------------------------------------------------

// The page's stylesheet holds the shared look (panels, buttons, colours); these rules are this
// table's own. Colours reach WCAG AA contrast on the surfaces they are drawn on.
const STYLES = `
.bagt { display: grid; gap: var(--gap, 1rem); grid-template-columns: minmax(0, 1fr); }
.bagt .col { display: contents; }
.bagt .banner { order: 0; }
.bagt .picker { order: 1; }
.bagt .bag-panel { order: 2; }
.bagt .reveal { order: 3; }
.bagt .board { order: 4; }
.bagt .log { order: 5; }
.bagt .bag-rules { order: 6; }
@media (min-width: 56rem) {
  .bagt { grid-template-columns: minmax(0, 3fr) minmax(17rem, 2fr); align-items: start; }
  .bagt .banner { grid-column: 1 / -1; }
  .bagt .col { display: flex; flex-direction: column; gap: var(--gap, 1rem); min-width: 0; }
}
.bagt section, .bagt details.panel { margin: 0; }
.bagt h2 { margin: 0 0 0.5rem; }
.bagt h3 { font-size: 0.95rem; margin: 0.8rem 0 0.3rem; }
.bagt .banner-box { padding: 0.6rem 1rem; border-radius: var(--radius, 0.6rem); background: var(--surface-2, #1a2d23); }
.bagt .banner-box.your-turn { border: 2px solid var(--accent, #f2c14e); }
.bagt .head-line { display: flex; flex-wrap: wrap; align-items: baseline; gap: 0.3rem 1rem; }
.bagt .instruction { margin: 0.2rem 0 0.6rem; }
.bagt .kinds { list-style: none; margin: 0; padding: 0; display: grid; gap: 0.6rem; }
.bagt .kind { display: grid; gap: 0.3rem; }
.bagt .kind-label { font-weight: 600; }
.bagt .kind-label kbd { margin-right: 0.35rem; }
.bagt .kind-pieces { display: flex; flex-wrap: wrap; gap: 0.4rem; }
.bagt .piece { display: inline-flex; align-items: center; justify-content: center; font-weight: 800;
  font-variant-numeric: tabular-nums; line-height: 1; white-space: nowrap; }
.bagt .piece.coin { width: 3.4rem; height: 3.4rem; border-radius: 50%; font-size: 0.78rem;
  box-shadow: inset 0 0 0 3px rgba(0, 0, 0, 0.25); }
.bagt .piece.bill { min-width: 5.2rem; height: 2.7rem; padding: 0 0.4rem; border-radius: 0.3rem; font-size: 0.85rem;
  box-shadow: inset 0 0 0 2px rgba(255, 255, 255, 0.35); }
.bagt .piece.p100 { background: radial-gradient(circle at 35% 30%, #f4f4f4, #a9a9b0); color: #14161a; }
.bagt .piece.p500 { background: radial-gradient(circle at 35% 30%, #ffe9a3, #c99a2e); color: #1a1405; }
.bagt .piece.p1000 { background: linear-gradient(135deg, #2b6f9e, #1d4f72); color: #fff; }
.bagt .piece.p5000 { background: linear-gradient(135deg, #7a4fa6, #563479); color: #fff; }
.bagt .piece.small.coin { width: 2.3rem; height: 2.3rem; font-size: 0.6rem; }
.bagt .piece.small.bill { min-width: 3.6rem; height: 1.8rem; font-size: 0.68rem; }
.bagt .pieces-row { display: inline-flex; flex-wrap: wrap; gap: 0.2rem; vertical-align: middle; }
.bagt .piece-button { position: relative; padding: 0.15rem; min-height: 0; background: transparent;
  border: 2px solid transparent; border-radius: 0.6rem; }
.bagt .piece-button:hover { background: var(--surface-3, #23392d); border-color: var(--control-border, #6b9680); }
.bagt .piece-button:focus-visible { outline: 3px solid #7fe0ff; outline-offset: 1px; }
.bagt .piece-button.chosen { border-color: var(--accent, #f2c14e); background: #2f2710; transform: translateY(-0.3rem); }
.bagt .piece-button.hinted { box-shadow: 0 0 0 3px #7fe0ff; }
.bagt .piece-button .check { position: absolute; top: -0.3rem; right: -0.3rem; background: var(--accent, #f2c14e);
  color: #1a1405; border-radius: 50%; width: 1.2rem; height: 1.2rem; font-size: 0.8rem; line-height: 1.2rem; }
.bagt .piece-still { padding: 0.15rem; }
.bagt .fist-box { margin-top: 0.8rem; }
.bagt .fist-total { font-size: 1.1rem; margin: 0.3rem 0; display: flex; flex-wrap: wrap; align-items: center; gap: 0.4rem; }
.bagt .money { color: var(--accent-strong, #ffd56b); }
.bagt .rule { margin: 0.2rem 0; }
.bagt .rule.rebid { color: var(--warn, #ffd166); font-weight: 700; }
.bagt .refusal { color: var(--danger, #ff9b9b); font-weight: 700; margin: 0.4rem 0; }
.bagt .seal-row { display: flex; flex-wrap: wrap; gap: 0.5rem; margin-top: 0.5rem; }
.bagt button.seal { background: #2f9e5b; border-color: #2f9e5b; color: #fff; }
.bagt button.seal:hover { background: #37b368; border-color: #37b368; }
.bagt .tools { display: flex; flex-wrap: wrap; align-items: center; gap: 0.5rem; margin-top: 0.8rem; }
.bagt .hint-text { color: #7fe0ff; }
.bagt button kbd { background: rgba(0, 0, 0, 0.25); border-color: currentColor; color: inherit; margin-right: 0.3rem; }
.bagt .keys-help { margin: 0.6rem 0 0; }
.bagt .bag-picture { position: relative; width: 6.5rem; height: 6rem; margin: 0.3rem auto 0.2rem; border-radius: 45% 45% 40% 40%;
  background: radial-gradient(circle at 40% 35%, #b98a52, #7a5228); display: flex; align-items: center; justify-content: center; }
.bagt .bag-tie { position: absolute; top: -0.5rem; left: 50%; width: 2.6rem; height: 1rem; margin-left: -1.3rem;
  border-radius: 0.4rem; background: #5c3b1a; }
.bagt .bag-count { font-size: 2rem; font-weight: 800; color: #fff6e3; text-shadow: 0 1px 2px #000; }
.bagt .bag-words { text-align: center; margin: 0.3rem 0; }
.bagt .players { width: 100%; border-collapse: collapse; }
.bagt .players caption { text-align: left; font-weight: 700; padding-bottom: 0.3rem; }
.bagt .players th, .bagt .players td { padding: 0.3rem; border-bottom: 1px solid var(--surface-3, #23392d); text-align: left; }
.bagt .players .num { text-align: right; font-variant-numeric: tabular-nums; font-weight: 700; white-space: nowrap; }
.bagt .players tr.current { background: var(--surface-3, #23392d); }
.bagt .players .marker { width: 1.2rem; color: var(--accent-strong, #ffd56b); }
.bagt .seat-state { display: block; font-size: 0.8rem; font-weight: 500; }
.bagt .tag { display: inline-block; margin-left: 0.35rem; padding: 0 0.4rem; border-radius: 999px; font-size: 0.75rem;
  font-weight: 700; border: 1px solid var(--border, #3b5c4a); }
.bagt .tag.you { border-color: var(--info, #9cc8ff); color: var(--info, #9cc8ff); }
.bagt .tag.winner { border-color: var(--accent, #f2c14e); color: var(--accent-strong, #ffd56b); }
.bagt .reveal-list { list-style: none; margin: 0; padding: 0; display: grid; gap: 0.35rem; }
.bagt .reveal-list li { display: grid; grid-template-columns: minmax(6rem, 12rem) 4.5rem minmax(0, 1fr) auto;
  align-items: center; gap: 0.3rem 0.6rem; padding: 0.2rem 0.3rem; border-radius: 0.4rem; }
.bagt .reveal-list li.best { background: #2f2710; }
.bagt .reveal-list .who { font-weight: 600; overflow-wrap: anywhere; }
.bagt .reveal-list .amount { text-align: right; font-variant-numeric: tabular-nums; }
.bagt .in-fist { margin-left: 0.6rem; color: var(--accent-strong, #ffd56b); }
.bagt .star { color: var(--accent-strong, #ffd56b); font-weight: 800; }
.bagt .tie { color: var(--warn, #ffd166); font-weight: 700; }
.bagt .taken { margin: 0.5rem 0 0.2rem; }
.bagt .round-list { margin: 0; padding-left: 0; list-style: none; max-height: 22rem; overflow-y: auto; }
.bagt .round-list li { padding: 0.25rem 0; border-bottom: 1px solid var(--surface-3, #23392d); overflow-wrap: anywhere; }
.bagt .small { font-size: 0.9rem; }
@media (max-width: 30rem) {
  .bagt .piece.coin { width: 3rem; height: 3rem; font-size: 0.7rem; }
  .bagt .piece.bill { min-width: 4.6rem; height: 2.5rem; font-size: 0.78rem; }
  .bagt .reveal-list li { grid-template-columns: minmax(0, 1fr) auto; }
  .bagt .reveal-list .pieces-row { grid-column: 1 / -1; }
}
@media (prefers-reduced-motion: reduce) {
  .bagt .piece-button.chosen { transform: none; }
}
`;

function ensureStyles() {
  if (document.getElementById("bag-styles")) return;
  document.head.append(el("style", { id: "bag-styles" }, STYLES));
}
