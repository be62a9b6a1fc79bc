// The stacking game's table in the browser (RULES.md §5.1, §5.3, §7.4), served at
// /games/stacking/renderer.js.
//
// The renderer only draws: every rule stays on the server. It reads `view` (see its package's
// README.md, "View (JSON)") and `legal`, and sends actions. The stack is drawn to scale in side
// view (an SVG: widths and positions in the model's hundredths of a millimetre, thicknesses
// exaggerated, which the caption says), with a plumb line from its centre of mass to show its
// lean. Bids are typed or stepped with − and +, and sent as typed: the server alone decides
// whether a bid is allowed, and its refusal is shown in words beside the controls.
//
// Placing a piece is the aim-and-release mini-game of sway.py: the piece in hand swings over the
// top of the stack, offset(t) = round(amplitude × sin(2π t / period_ms)) from the centre of the
// top piece, t counted from the moment the swing began; the drop button, a press on the drawing
// or Space lets it go, and the offset at that instant is sent as {"place": offset}. The swing is
// the game, so it moves even when the reader prefers reduced motion; nothing else does. The
// clock is `performance.now()`, or `window.__stackingClock()` when a page defines it (so that a
// test can fix the time of a release).
//
// It exports the renderer interface of docs/server.md:
//
//   render(container, message, send)  draw a `state` message; `send` posts to the server
//   onMessage(container, message)     the room's other messages: `hint` and `error`
//   formatScore(score)                the final standings: pieces left (rounds, in solo)
//
// The helpers every page shares come from the server's /static/common.js; the styles of this
// table are its own (below). Its words are the game's own (the catalog of the domain
// "stacking"), through /static/i18n.js. A sentence whose subject may be the reader comes in two
// messages.

import {
  controlNamed, el, focusedName, onTableKeys, playerRow, playersHead, ruleTitle,
  seatName, followHint, requestHint, sendAction, takeReply, speak, stillPending, toggleDetails,
} from "/static/common.js";
import { fillNodes, money, number, words } from "/static/i18n.js";

const { t, tn } = words("stacking");

const KINDS = [100, 500, 1000, 5000]; // the pieces, smallest first (RULES.md §5.1)
const COINS = new Set([100, 500]);
const STRAIGHT = 5; // a lean under 0.05 mm is drawn and said as straight
const TAP_SLOP = 12; // CSS pixels a finger may move and still be a tap on the drawing
const SVG_NS = "http://www.w3.org/2000/svg";
// The drawing's fills: silver and gold coins, blue and purple bills (as the bills are printed).
const FILLS = { 100: "#c5c9d2", 500: "#d8ae3f", 1000: "#3d86bd", 5000: "#9a6cc7" };
const EDGES = { 100: "#6d7280", 500: "#7d5e12", 1000: "#16476b", 5000: "#4f2f73" };

// One table per page; the key handler and the swing's frames work on the latest render.
const table = {
  container: null,
  message: null,
  send: null,
  pending: false, // an action was sent and the server has not answered yet
  gameNumber: null,
  hint: null, // {version, waiting} or {version, advice}
  refusal: null, // {version, text, rule}: the server refused this player's last action
  bidText: null, // what the bid box holds, kept across redraws of one bidding turn
  bidKey: "",
  swing: null, // {key, start}: the swing of the piece in hand, started at `start` (ms)
  frame: 0, // the pending animation frame
  touch: null, // {id, x, y, at}: a finger on the drawing, which lets go if it lifts without moving
  level: null, // where the piece in hand goes: null on top, else slid in above that many pieces
  swingBase: 0, // the centre the piece in hand swings about (hundredths of a mm from the axis)
  announced: "",
};

export function formatScore(score) {
  if (table.message?.view?.solo) return tn("{n} round", "{n} rounds", score);
  return tn("{n} piece", "{n} pieces", score);
}

/** The swing's clock in milliseconds: a page (a test) may supply its own. */
function now() {
  return typeof window.__stackingClock === "function" ? window.__stackingClock() : performance.now();
}

/** The offset of the swinging piece `elapsed` ms into its swing: sway.py's `sway_offset`. */
export function swayOffset(elapsed, amplitude, periodMs) {
  return Math.round(amplitude * Math.sin((2 * Math.PI * elapsed) / periodMs));
}

function isMine(seat) {
  const you = table.message?.view?.you;
  return you !== null && you !== undefined && you === seat;
}

/** The table's last round and the misses in a row that bring the stack down: limits the rulebook
 * does not have (RULES.md §5.3), 0 unless the table sets them, and then always said on screen. */
function limits(view) {
  return { rounds: view.options?.round_limit ?? 0, misses: view.options?.miss_limit ?? 0 };
}

function yen(amount) {
  return money(amount, "JPY");
}

function name(seat) {
  return seatName(table.message.seats, seat);
}

/** One piece in words: "¥500 coin", "¥1,000 bill". */
function pieceName(piece) {
  return COINS.has(piece) ? t("{amount} coin", { amount: yen(piece) }) : t("{amount} bill", { amount: yen(piece) });
}

/** A length in hundredths of a millimetre, in millimetres as the reader's language writes them. */
function mm(hundredths) {
  return t("{number} mm", { number: number(Math.abs(hundredths) / 100, 2) });
}

/** Where a piece went relative to the centre of the one beneath, in words. */
function offsetWords(offset) {
  if (offset === 0) return t("centred");
  return offset < 0 ? t("{distance} left of centre", { distance: mm(offset) })
    : t("{distance} right of centre", { distance: mm(offset) });
}

function pieceFace(piece) {
  const shape = COINS.has(piece) ? "coin" : "bill";
  return el("span", { class: `piece ${shape} p${piece}`, "aria-hidden": "true" }, yen(piece));
}

/** Pieces side by side in the given order, named in words for screen readers. */
function piecesRow(pieces, emptyWords) {
  return el("span", { class: "pieces-row", role: "img", "aria-label": pieces.map(pieceName).join(", ") || emptyWords },
    pieces.length ? pieces.map(pieceFace) : el("span", { class: "muted", "aria-hidden": "true" }, "–"));
}

/** A hand or the bag by kind: "¥100 ×5 · ¥500 ×2". */
function countsText(mapping) {
  return KINDS.filter((kind) => Number(mapping?.[String(kind)] ?? 0) > 0)
    .map((kind) => `${yen(kind)}\u00a0×\u00a0${number(mapping[String(kind)])}`).join(" · ");
}

// --- what the player may do ---------------------------------------------------------------------

/** The phase in which the reader decides now, or null. */
function decision(message = table.message) {
  return message?.legal?.length ? message.view.phase : null;
}

function swinging(message = table.message) {
  const view = message?.view;
  return decision(message) === "stack" && !view.companion && !!view.sway;
}

function play(action) {
  if (sendAction(table, action)) {
    table.refusal = null;
    draw();
    return true;
  }
  return false;
}

/** The bids the rules allow now, lowest and highest (the legal list holds every one). */
function bidRange() {
  const counts = (table.message.legal ?? []).map((item) => item.action?.bid).filter((count) => typeof count === "number");
  return counts.length ? [Math.min(...counts), Math.max(...counts)] : null;
}

function bidBox() {
  return table.container.querySelector("input.bid-count");
}

/** Send the count in the box, as typed: a count the rules refuse is refused in their words. */
function bid() {
  if (decision() !== "bid") return;
  const text = (bidBox()?.value ?? "").trim();
  const count = Number(text);
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(count)) {
    table.refusal = { version: table.message.version, text: t("type a whole number of pieces"), rule: null };
    draw({ focus: "bid-count" });
    return;
  }
  play({ bid: count });
}

function step(delta) {
  const range = bidRange();
  if (!range || table.pending) return;
  const current = Number(bidBox()?.value);
  const base = Number.isFinite(current) ? current : range[0];
  table.bidText = String(Math.min(range[1], Math.max(range[0], base + delta)));
  table.refusal = null;
  draw({ focus: delta < 0 ? "bid-less" : "bid-more" });
}

/** Let go of the swinging piece: the offset at this instant (or at `at`, a moment on the swing's
 * clock) is the move. */
function release(at = now()) {
  const { message } = table;
  if (!swinging(message) || table.pending || !table.swing) return false;
  const { amplitude, period_ms: period } = message.view.sway;
  const offset = swayOffset(at - table.swing.start, amplitude, period);
  table.released = offset;
  const level = slidLevel();
  if (!play(level === null ? { place: offset } : { place: offset, level })) table.released = null;
  return true;
}

function askHint() {
  if (requestHint(table)) draw();
}

// --- the page's skeleton ------------------------------------------------------------------------

function build(container) {
  ensureStyles();
  container.dataset.renderer = "stacking";
  container.replaceChildren(
    el("div", { class: "stk" },
      el("div", { class: "banner" }),
      el("div", { class: "col col-main" },
        el("section", { class: "panel stack-panel", "aria-labelledby": "stk-stack-heading" },
          el("div", { class: "head-line" },
            el("h2", { id: "stk-stack-heading" }),
            el("span", { class: "muted stack-facts" })),
          el("figure", { class: "drawing" },
            el("div", { class: "svg-box" }),
            el("figcaption", { class: "muted small" }))),
        el("section", { class: "panel controls", "aria-labelledby": "stk-controls-heading" },
          el("h2", { id: "stk-controls-heading" }),
          el("p", { class: "instruction" }),
          el("div", { class: "moves" }),
          el("div", { class: "feedback" }),
          el("div", { class: "tools" }),
          el("p", { class: "keys-help muted small" })),
        el("details", { class: "panel stk-rules" },
          el("summary", { "aria-keyshortcuts": "?" }, t("Rules"), " ", el("kbd", {}, "?")),
          el("div", { class: "rules-body" }))),
      el("div", { class: "col col-side" },
        el("section", { class: "panel facts", "aria-labelledby": "stk-facts-heading" },
          el("h2", { id: "stk-facts-heading" }),
          el("dl", { class: "fact-list" })),
        el("section", { class: "panel board", "aria-labelledby": "stk-board-heading" },
          el("h2", { id: "stk-board-heading" }, t("Players and their rows")),
          el("div", { class: "board-body" })),
        el("section", { class: "panel log", "aria-labelledby": "stk-log-heading" },
          el("h2", { id: "stk-log-heading" }),
          el("ol", { class: "event-list", reversed: true })),
        el("section", { class: "panel rounds", "aria-labelledby": "stk-rounds-heading" },
          el("h2", { id: "stk-rounds-heading" }, t("Rounds")),
          el("ol", { class: "round-list" }))),
      el("p", { class: "visually-hidden announce", "aria-live": "polite" })),
  );
  // A mouse press lets go at once. A finger's touch may be the start of a scroll: it lets go when
  // the finger lifts without having moved, at the moment it touched.
  const box = container.querySelector(".svg-box");
  box.addEventListener("pointerdown", (event) => {
    if (!swinging()) return;
    if (event.pointerType === "touch" || event.pointerType === "pen") {
      table.touch = { id: event.pointerId, x: event.clientX, y: event.clientY, at: now() };
    } else if (release()) {
      event.preventDefault();
    }
  });
  box.addEventListener("pointerup", (event) => {
    const touch = table.touch;
    table.touch = null;
    if (!touch || touch.id !== event.pointerId) return;
    if (Math.hypot(event.clientX - touch.x, event.clientY - touch.y) <= TAP_SLOP && release(touch.at)) event.preventDefault();
  });
  box.addEventListener("pointercancel", () => {
    table.touch = null;
  });
}

function part(selector) {
  return table.container.querySelector(selector);
}

// --- drawing --------------------------------------------------------------------------------------

export function render(container, message, send) {
  const view = message.view;
  if (!view) return;
  if (container.dataset.renderer !== "stacking") build(container);
  const newGame = table.container !== container || table.gameNumber !== message.game_number;
  const previous = newGame ? null : table.message;
  if (newGame) Object.assign(table, { gameNumber: message.game_number, hint: null, refusal: null, announced: "", swing: null });
  Object.assign(table, { container, message, send, pending: stillPending(table, message) });
  followHint(table);
  if (table.refusal && table.refusal.version !== message.version) table.refusal = null;
  if (!table.pending) table.released = null;
  const bidKey = `${message.game_number}:${message.version}:${decision(message)}`;
  if (bidKey !== table.bidKey && !(table.pending || table.refusal)) {
    table.bidKey = bidKey;
    table.bidText = null;
  }
  // A new try at a placement (a new position) swings afresh; a redraw of the same one does not.
  const swingKey = `${message.game_number}:${message.version}`;
  if (swinging(message)) {
    if (table.swing?.key !== swingKey) {
      table.swing = { key: swingKey, start: now() };
      table.level = null;
    }
  } else {
    table.swing = null;
    table.level = null;
  }
  draw();
  announce(previous);
}

/** Hints and refusals: a refusal is shown beside the controls; a hint for this position too. */
export function onMessage(container, message) {
  if (container !== table.container || !table.message) return false;
  const reply = takeReply(table, message);
  if (reply === "refusal") {
    table.released = null;
    draw();
    part(".announce").textContent = table.refusal.text;
    return true;
  }
  if (reply === "hint") {
    const advised = message.hint?.action?.bid;
    if (typeof advised === "number" && decision() === "bid") table.bidText = String(advised);
    draw();
  }
  return false;
}

function draw({ focus = null } = {}) {
  const focused = focus ?? focusedName(table.container);
  const bidding = bidBox();
  if (bidding && document.activeElement === bidding) table.bidText = bidding.value;
  drawBanner();
  drawStack();
  drawControls();
  drawFacts();
  drawPlayers();
  drawLog();
  drawRounds();
  drawRules();
  if (focused) controlNamed(table.container, focused)?.focus();
  animate();
}

function drawBanner() {
  const { message } = table;
  const view = message.view;
  let sentence;
  if (view.phase === "over") {
    const winners = view.winners ?? [];
    const others = winners.filter((seat) => !isMine(seat)).map(name).join(", ");
    if (view.solo && view.pieces_held[0]) {
      sentence = tn("The game is over after {n} round.", "The game is over after {n} rounds.", view.round);
    } else if (view.solo) {
      sentence = isMine(0) ? tn("Your hands are empty after {n} round.", "Your hands are empty after {n} rounds.", view.round)
        : tn("{name} emptied their hands in {n} round.", "{name} emptied their hands in {n} rounds.", view.round,
          { name: name(0) });
    } else if (winners.some(isMine)) {
      sentence = others ? t("The game is over: you share the win with {names}.", { names: others })
        : t("The game is over: you win.");
    } else sentence = t("The game is over: {names} won.", { names: others });
  } else {
    const mine = isMine(view.turn);
    const round = number(view.round);
    const who = name(view.turn);
    if (view.phase === "bid") sentence = mine ? t("Round {round}: your bid.", { round })
      : t("Round {round}: {name} bids.", { round, name: who });
    else if (view.phase === "lay") sentence = mine ? t("Round {round}: lay the pieces of your bid.", { round })
      : t("Round {round}: {name} lays a row.", { round, name: who });
    else sentence = mine ? t("Round {round}: your piece to place.", { round })
      : t("Round {round}: {name} places a piece.", { round, name: who });
  }
  const latest = latestEvent(view);
  part(".banner").replaceChildren(el("div", { class: `banner-box${decision() ? " your-turn" : ""}`, role: "status" },
    el("strong", {}, sentence),
    latest ? el("span", { class: "latest" }, t("Last: {event}", { event: eventWords(latest) })) : null));
}

// --- the stack, to scale --------------------------------------------------------------------------

function svg(tag, attributes = {}, ...children) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [key, value] of Object.entries(attributes)) {
    if (value !== null && value !== undefined) node.setAttribute(key, String(value));
  }
  for (const child of children.flat()) if (child) node.append(child);
  return node;
}

/** The stack's facts for the drawing and its words: height, centre of mass, lean. */
function stackFacts(view) {
  const plates = view.plates;
  const stack = view.stack ?? [];
  let height = 0;
  let mass = 0;
  let moment = 0;
  for (const placed of stack) {
    const plate = plates[String(placed.piece)];
    height += plate.thickness;
    mass += plate.mass;
    moment += plate.mass * placed.centre;
  }
  const centre = mass ? moment / mass : 0;
  const lean = stack.length ? centre - stack[0].centre : 0;
  return { height, centre, lean, top: stack.length ? stack[stack.length - 1] : null };
}

function leanWords(lean) {
  if (Math.abs(lean) < STRAIGHT) return t("its weight is centred over the bottom piece");
  return lean < 0 ? t("its weight leans {distance} to the left of the bottom piece's centre", { distance: mm(lean) })
    : t("its weight leans {distance} to the right of the bottom piece's centre", { distance: mm(lean) });
}

/** The piece in hand: the first of the row of the seat to place, while a piece is to be placed. */
function pieceInHand(view) {
  if (view.phase !== "stack" || view.turn === null) return null;
  return view.rows?.[view.turn]?.[0] ?? null;
}

function drawStack() {
  const { message } = table;
  const view = message.view;
  const stack = view.stack ?? [];
  const facts = stackFacts(view);
  const inHand = pieceInHand(view);
  const plate = (piece) => view.plates[String(piece)];
  part("#stk-stack-heading").textContent = t("The stack");
  part(".stack-facts").textContent = stack.length
    ? tn("{n} piece, {height} tall", "{n} pieces, {height} tall", stack.length, { height: mm(facts.height) })
    : t("no stack yet");

  // The piece in hand swings over the top piece, or between two pieces where it is slid in.
  const slid = slidLevel();
  const base = slid === null ? facts.top?.centre ?? 0 : slid ? stack[slid - 1].centre : 0;
  table.swingBase = base;
  // Horizontal scale: everything that may be drawn fits, the swing's whole reach included.
  const reach = view.sway && !view.companion ? view.sway.amplitude : 0;
  let half = 3000;
  for (const placed of stack) half = Math.max(half, Math.abs(placed.centre) + plate(placed.piece).width / 2);
  if (inHand !== null) half = Math.max(half, Math.abs(base) + reach + plate(inHand).width / 2);
  half += 400;
  const span = 2 * half;
  // Vertical: thicknesses drawn `stretch` times real, less for a tall stack so it stays in view.
  const stretch = Math.max(1, Math.min(6, Math.floor((span * 0.9) / Math.max(facts.height, 1))));
  const drawnHeight = facts.height * stretch;
  const handHeight = inHand !== null ? plate(inHand).thickness * stretch : 0;
  const hover = slid === null && inHand !== null ? handHeight + 900 : 300;
  const gap = 150; // around a piece being slid in, on each side
  const top = drawnHeight + hover + 300 + (slid === null ? 0 : handHeight + 2 * gap);
  const below = 500;
  const shapes = [];
  shapes.push(svg("rect", { x: -half, y: 0, width: span, height: below, class: "table-top" }));
  shapes.push(svg("line", { x1: -half, y1: 0, x2: half, y2: 0, class: "table-line" }));
  let y = 0;
  let slot = null; // the top of the piece being slid in
  stack.forEach((placed, index) => {
    if (index === slid) {
      y -= gap + handHeight;
      slot = y;
      y -= gap;
    }
    const { width, thickness } = plate(placed.piece);
    const h = thickness * stretch;
    y -= h;
    shapes.push(svg("rect", {
      x: placed.centre - width / 2, y, width, height: h, rx: COINS.has(placed.piece) ? Math.min(h / 3, 60) : 0,
      class: `plate p${placed.piece}`, fill: FILLS[placed.piece], stroke: EDGES[placed.piece],
      "data-piece": placed.piece, "data-centre": placed.centre, "data-level": index,
    }));
  });
  if (stack.length) {
    // The plumb line: from the stack's centre of mass straight down to the table.
    const x = facts.centre;
    const leaning = Math.abs(facts.lean) >= STRAIGHT;
    shapes.push(svg("line", { x1: stack[0].centre, y1: 0, x2: stack[0].centre, y2: 220, class: "base-mark" }));
    shapes.push(svg("line", { x1: x, y1: y - 150, x2: x, y2: 0, class: `plumb${leaning ? " leaning" : ""}` }));
    shapes.push(svg("circle", { cx: x, cy: y / 2, r: 130, class: `com${leaning ? " leaning" : ""}` }));
  }
  const hinted = table.hint?.advice?.standing;
  if (inHand !== null && facts.top && Array.isArray(hinted) && slid === null) {
    // The hint's standing offsets, as a band over the top piece.
    shapes.push(svg("rect", { x: facts.top.centre + hinted[0], y: y - 160, width: Math.max(20, hinted[1] - hinted[0]),
      height: 120, class: "standing" }));
  }
  if (inHand !== null) {
    const { width } = plate(inHand);
    const h = handHeight;
    const swings = swinging(message) && table.swing;
    const offset = table.released ?? (swings ? currentOffset() : 0);
    const at = slot ?? y - hover;
    shapes.push(svg("g", { class: `in-hand${swings ? " swinging" : ""}`, transform: `translate(${base + offset} 0)` },
      slot === null ? svg("line", { x1: 0, y1: at + h, x2: 0, y2: y - 60, class: "aim" }) : null,
      svg("rect", {
        x: -width / 2, y: at, width, height: h, rx: COINS.has(inHand) ? Math.min(h / 3, 60) : 0,
        fill: FILLS[inHand], stroke: EDGES[inHand], class: `plate p${inHand}`,
      })));
  }
  const words = [];
  words.push(stack.length
    ? tn("The stack, seen from the side: {n} piece, {height} tall; {lean}.",
      "The stack, seen from the side: {n} pieces, {height} tall; {lean}.", stack.length,
      { height: mm(facts.height), lean: leanWords(facts.lean) })
    : t("The stack, seen from the side: nothing is stacked yet."));
  if (stack.length) words.push(t("From the bottom: {pieces}.", { pieces: stack.map((placed) => pieceName(placed.piece)).join(", ") }));
  if (inHand !== null) {
    if (!swinging(message)) words.push(t("The piece in hand: {piece}.", { piece: pieceName(inHand) }));
    else if (slid === null) {
      words.push(t("Your {piece} swings over the top piece: let it go when it is where you want it.", { piece: pieceName(inHand) }));
    } else {
      words.push(t("Your {piece} swings where you slide it in: let it go when it is where you want it.", { piece: pieceName(inHand) }));
    }
  }
  const picture = svg("svg", {
    viewBox: `${-half} ${-top} ${span} ${top + below}`, class: `stack-svg${swinging(message) ? " live" : ""}`,
    role: "img", "aria-labelledby": "stk-svg-title stk-svg-desc", preserveAspectRatio: "xMidYMax meet",
  }, svg("title", { id: "stk-svg-title" }), svg("desc", { id: "stk-svg-desc" }), shapes);
  picture.querySelector("title").textContent = t("The stack");
  picture.querySelector("desc").textContent = words.join(" ");
  picture.dataset.lean = String(Math.round(facts.lean));
  part(".svg-box").replaceChildren(picture);
  part(".drawing figcaption").textContent = t(
    "Side view: widths and positions to scale, thicknesses drawn {factor} times real. The dashed line drops from the stack's centre of mass.",
    { factor: number(stretch) });
}

/** The level the reader slides the piece in at (RULES.md §5.3, stacking, step 5), or null: on top. */
function slidLevel() {
  const height = table.message?.view?.stack?.length ?? 0;
  return swinging() && table.level !== null && table.level < height ? table.level : null;
}

function currentOffset() {
  const { amplitude, period_ms: period } = table.message.view.sway;
  return swayOffset(now() - table.swing.start, amplitude, period);
}

/** Move the swinging piece every frame while the reader's piece is in hand. */
function animate() {
  if (table.frame) return;
  const tick = () => {
    table.frame = 0;
    const group = table.container?.isConnected ? table.container.querySelector(".in-hand.swinging") : null;
    if (!group || !swinging() || !table.swing || table.pending) return;
    group.setAttribute("transform", `translate(${table.swingBase + currentOffset()} 0)`);
    table.frame = requestAnimationFrame(tick);
  };
  if (swinging() && table.swing && !table.pending) table.frame = requestAnimationFrame(tick);
}

// --- the controls -----------------------------------------------------------------------------------

function button(label, { focus, onClick, kind = "", key = null, disabled = false, extra = {} } = {}) {
  const node = el("button", {
    type: "button", class: kind || null, "data-focus": focus, "aria-keyshortcuts": key,
    "aria-disabled": disabled || table.pending ? "true" : null, ...extra,
  }, key ? el("kbd", { "aria-hidden": "true" }, key === "Space" ? t("Space") : key) : null, label);
  node.addEventListener("click", onClick);
  return node;
}

function drawControls() {
  const { message } = table;
  const view = message.view;
  const phase = decision();
  const seated = view.you !== null && view.you !== undefined;
  const heading = part("#stk-controls-heading");
  const instruction = part(".instruction");
  const moves = [];
  if (phase === "bid") {
    heading.textContent = t("Your bid");
    const range = bidRange();
    const row = view.rows[view.you].length;
    if (range) {
      const low = range[0];
      const text = table.bidText ?? String(low);
      instruction.textContent = view.has_bid[view.you]
        ? t("Your row holds {row}. Raise to {low}–{high} pieces, or pass: a pass is final.",
          { row: number(row), low: number(low), high: number(range[1]) })
        : t("Match or raise the highest bid: {low}–{high} pieces, or pass: a pass is final.",
          { low: number(low), high: number(range[1]) });
      const box = el("input", {
        type: "number", inputmode: "numeric", class: "bid-count", "data-focus": "bid-count", min: 0, step: 1,
        value: text, "aria-label": t("Pieces to bid"), id: "stk-bid-count",
      });
      box.addEventListener("keydown", (event) => {
        if (event.key === "Enter") {
          event.preventDefault();
          bid();
        }
      });
      box.addEventListener("input", () => {
        table.bidText = box.value;
      });
      moves.push(el("div", { class: "bid-row" },
        el("label", { for: "stk-bid-count" }, t("Pieces")),
        button("−", { focus: "bid-less", onClick: () => step(-1), kind: "secondary step", extra: { "aria-label": t("One fewer") } }),
        box,
        button("+", { focus: "bid-more", onClick: () => step(1), kind: "secondary step", extra: { "aria-label": t("One more") } }),
        button(t("Bid"), { focus: "bid", onClick: bid, kind: "primary bid-button", key: "b" }),
        button(t("Pass"), { focus: "pass", onClick: () => play({ pass: true }), kind: "secondary pass-button", key: "p" })));
    } else {
      instruction.textContent = t("You cannot match the highest bid: pass.");
      moves.push(button(t("Pass"), { focus: "pass", onClick: () => play({ pass: true }), kind: "secondary pass-button", key: "p" }));
    }
  } else if (phase === "lay") {
    heading.textContent = t("Lay your row");
    // Your own pieces first, then the bag's (RULES.md §5.3, "Order in a bid row").
    const own = view.to_lay - view.from_bag;
    if (!view.from_bag) {
      instruction.textContent = tn("Lay {n} more piece toward the centre.", "Lay {n} more pieces toward the centre.", view.to_lay);
    } else if (own) {
      instruction.textContent = tn("Lay your own piece first, toward the centre; the bag's come after it.",
        "Lay your own {n} pieces first, toward the centre; the bag's come after them.", own) + " "
        + tn("Then take {n} piece from the bag.", "Then take {n} pieces from the bag.", view.from_bag);
    } else {
      instruction.textContent = tn("Your own pieces are laid: take {n} more piece from the bag.",
        "Your own pieces are laid: take {n} more pieces from the bag.", view.from_bag);
    }
    const choices = message.legal.filter((item) => (item.action.lay ?? item.action.take) && !item.action.count);
    // Beside each kind, the most of it that may be laid at once (the server's words name the move).
    const most = (single) => message.legal.filter((item) => item.action.count
      && (item.action.lay ?? item.action.take) === (single.action.lay ?? single.action.take)
      && ("take" in item.action) === ("take" in single.action))
      .reduce((best, item) => (!best || item.action.count > best.action.count ? item : best), null);
    moves.push(el("ul", { class: "lay-list" }, choices.map((item, index) => {
      const piece = item.action.lay ?? item.action.take;
      const fromBag = "take" in item.action;
      const many = most(item);
      return el("li", {},
        button([pieceFace(piece), el("span", {}, item.label)], {
          focus: `${fromBag ? "take" : "lay"}:${piece}`, onClick: () => play(item.action),
          kind: `secondary lay-button${fromBag ? " from-bag" : ""}`, key: index < 9 ? String(index + 1) : null,
        }),
        many ? button(`×\u00a0${number(many.action.count)}`, {
          focus: `${fromBag ? "take" : "lay"}-many:${piece}`, onClick: () => play(many.action), kind: "secondary lay-many",
          extra: { "aria-label": many.label, title: many.label },
        }) : null);
    })));
  } else if (phase === "stack" && view.companion) {
    heading.textContent = t("Your piece");
    instruction.textContent = t("Place your real {piece} on the real stack, then say how it went.", { piece: pieceName(pieceInHand(view)) });
    moves.push(el("div", { class: "report-row" }, message.legal.map((item, index) => button(item.label, {
      focus: `report:${item.action.report}`, onClick: () => play(item.action), kind: `secondary report report-${item.action.report}`,
      key: String(index + 1),
    }))));
  } else if (phase === "stack") {
    heading.textContent = t("Your piece");
    instruction.textContent = t("Your {piece} swings over the stack. Let it go when it is where you want it: press Drop, the drawing, or Space.",
      { piece: pieceName(pieceInHand(view)) });
    const height = view.stack.length;
    const where = el("select", { id: "stk-level", class: "level", "data-focus": "level" },
      el("option", { value: "" }, t("on top")),
      Array.from({ length: height }, (_, index) => height - 1 - index).map((level) => el("option", { value: String(level) },
        level ? tn("slid in above {n} piece", "slid in above {n} pieces", level) : t("slid in under the whole stack"))));
    where.value = slidLevel() === null ? "" : String(table.level);
    where.addEventListener("change", () => {
      table.level = where.value === "" ? null : Number(where.value);
      draw({ focus: "level" });
    });
    moves.push(el("div", { class: "drop-row" },
      button(t("Drop"), { focus: "drop", onClick: () => release(), kind: "primary drop", key: "Space" }),
      height ? el("label", { class: "where" }, t("Where"), " ", where) : null));
  } else {
    heading.textContent = seated ? t("Your pieces") : t("Watching");
    if (!seated) instruction.textContent = t("You are watching this table.");
    else if (view.phase === "over") instruction.textContent = "";
    else instruction.textContent = t("Wait for {name}.", { name: name(view.turn) });
  }
  if (seated && view.your_pieces) {
    const row = view.your_row ?? [];
    moves.push(el("p", { class: "small mine" },
      ...fillNodes(t("In hand: {pieces}"), { pieces: el("b", {}, countsText(view.your_pieces) || t("nothing")) }),
      row.length ? el("span", {}, " · ", ...fillNodes(t("your row: {pieces}"), { pieces: piecesRow(row, t("empty")) })) : null));
  }
  if (phase === "stack" && view.misses) {
    const most = limits(view).misses;
    moves.push(el("p", { class: "misses" }, most
      ? [tn("This piece has missed {n} time.", "This piece has missed {n} times.", view.misses), " ",
        tn("At this table a miss brings the stack down.", "At this table {n} misses in a row bring the stack down.", most)]
      : tn("This piece has missed {n} time: no penalty, place it again.",
        "This piece has missed {n} times: no penalty, place it again.", view.misses)));
  }
  part(".moves").replaceChildren(...moves);

  const feedback = [];
  if (table.refusal) {
    feedback.push(el("p", { class: "refusal", role: "alert", title: table.refusal.rule ? ruleTitle(table.refusal.rule) : null },
      t("Not accepted: {reason}", { reason: table.refusal.text })));
  }
  if (table.pending) {
    feedback.push(el("p", { class: "muted", role: "status" }, typeof table.released === "number"
      ? t("Let go {where}…", { where: offsetWords(table.released) }) : t("Sending…")));
  }
  part(".feedback").replaceChildren(...feedback);

  const tools = part(".tools");
  if (phase) {
    tools.replaceChildren(button(t("Hint"), { focus: "hint", onClick: askHint, kind: "secondary", key: "h" }),
      el("span", { class: "hint-text", role: "status" }, hintText()));
  } else {
    tools.replaceChildren();
  }
  const help = part(".keys-help");
  help.hidden = !phase;
  const keys = { hint: el("kbd", {}, "h"), rules: el("kbd", {}, "?") };
  let helpParts;
  if (swinging()) helpParts = fillNodes(t("Keys: {space} let go · {hint} hint · {rules} rules"), { space: el("kbd", {}, t("Space")), ...keys });
  else if (phase === "bid") {
    helpParts = fillNodes(t("Keys: {fewer} {more} one fewer or more · {bid} bid · {pass} pass · {hint} hint · {rules} rules"),
      { fewer: el("kbd", {}, "−"), more: el("kbd", {}, "+"), bid: el("kbd", {}, "b"), pass: el("kbd", {}, "p"), ...keys });
  } else if (phase) {
    const count = part(".moves").querySelectorAll("button[aria-keyshortcuts]").length;
    helpParts = fillNodes(t("Keys: {first}–{last} the buttons in order · {hint} hint · {rules} rules"),
      { first: el("kbd", {}, "1"), last: el("kbd", {}, number(Math.max(1, count))), ...keys });
  } else helpParts = [];
  help.replaceChildren(...helpParts);
}

function hintText() {
  const hint = table.hint;
  if (!hint) return "";
  if (hint.waiting) return t("Thinking about a hint…");
  const advice = hint.advice ?? {};
  if (!advice.action) return advice.label ?? t("No hint for this position.");
  const parts = [t("Hint: {move}", { move: advice.label ?? JSON.stringify(advice.action) })];
  if (Array.isArray(advice.standing)) {
    parts.push(t("it stands from {low} to {high} (the band over the top piece)",
      { low: offsetWords(advice.standing[0]), high: offsetWords(advice.standing[1]) }));
  }
  if (advice.reason) parts.push(advice.reason);
  return parts.join(" · ");
}

// --- around the stack ------------------------------------------------------------------------------

function drawFacts() {
  const view = table.message.view;
  const { rounds: lastRound, misses: mostMisses } = limits(view);
  part("#stk-facts-heading").textContent = lastRound
    ? t("Round {number} of {last}", { number: number(view.round), last: number(lastRound) })
    : t("Round {number}", { number: number(view.round) });
  const facts = [
    [t("Highest bid"), view.phase === "bid" || view.phase === "lay" || view.high_bid
      ? tn("{n} piece", "{n} pieces", view.high_bid) : "–"],
    [t("The bag"), el("span", {}, el("b", {}, tn("{n} piece", "{n} pieces", view.bag_pieces)),
      view.bag_pieces ? el("span", { class: "muted small" }, ` (${countsText(view.bag)})`) : null)],
    [t("Opened by"), name(view.opener)],
  ];
  if (lastRound) facts.push([t("Last round"), number(lastRound)]);
  if (mostMisses) facts.push([t("Miss limit"), tn("{n} miss", "{n} misses in a row", mostMisses)]);
  if (view.phase === "stack") {
    facts.push([t("Misses of this piece"), mostMisses ? `${number(view.misses)} / ${number(mostMisses)}` : number(view.misses)]);
  }
  if (view.companion) facts.push([t("Mode"), t("companion: real pieces at a real table")]);
  part(".fact-list").replaceChildren(...facts.flatMap(([term, value]) => [el("dt", {}, term), el("dd", {}, value)]));
}

function seatState(view, seat) {
  if (view.phase === "over") return view.winners.includes(seat) ? t("winner") : "";
  if (view.passed[seat]) return t("passed");
  if (view.has_bid[seat]) return tn("bid {n}", "bid {n}", view.rows[seat].length);
  return view.phase === "bid" ? t("to bid") : "";
}

function drawPlayers() {
  const { message } = table;
  const view = message.view;
  const rows = view.pieces_held.map((held, seat) => {
    const tags = [];
    if (isMine(seat)) tags.push(el("span", { class: "tag you" }, t("you")));
    const state = seatState(view, seat);
    if (state) tags.push(el("span", { class: `tag state${view.passed[seat] ? " passed" : ""}` }, state));
    const row = view.rows[seat];
    const cell = [name(seat), " ", ...tags,
      el("span", { class: "seat-row" }, el("span", { class: "muted small" }, t("Row, nearest the centre first:")), " ",
        piecesRow(row, t("empty row"))),
      el("span", { class: "seat-hand muted small" }, countsText(view.hands[seat]) || t("no piece in hand"))];
    return playerRow(view.turn === seat && view.phase !== "over", cell, tn("{n} piece", "{n} pieces", held));
  });
  part(".board-body").replaceChildren(el("table", { class: "players" },
    playersHead(t("In hand")), el("tbody", {}, rows)));
}

/** One event of a round in words (the view's `events`). */
function eventWords(event) {
  const you = isMine(event.seat);
  const who = name(event.seat);
  if (event.kind === "bid") {
    if (event.count === 0) return you ? t("You bid nothing for now.") : t("{name} bids nothing for now.", { name: who });
    return you ? tn("You bid {n} piece.", "You bid {n} pieces.", event.count)
      : tn("{name} bids {n} piece.", "{name} bids {n} pieces.", event.count, { name: who });
  }
  if (event.kind === "pass") {
    return you ? tn("You pass with {n} piece in your row.", "You pass with {n} pieces in your row.", event.count)
      : tn("{name} passes with {n} piece in the row.", "{name} passes with {n} pieces in the row.", event.count, { name: who });
  }
  if (event.kind === "base") {
    return you ? t("You lay your {piece} on the table: it starts the stack.", { piece: pieceName(event.piece) })
      : t("{name} lays a {piece} on the table: it starts the stack.", { name: who, piece: pieceName(event.piece) });
  }
  const piece = pieceName(event.piece);
  const where = typeof event.offset === "number" ? offsetWords(event.offset) : null;
  let placed;
  if (typeof event.level === "number" && where) {
    const level = event.level;
    if (!level) {
      placed = you ? t("You slide your {piece} in under the whole stack, {where}", { piece, where })
        : t("{name} slides a {piece} in under the whole stack, {where}", { name: who, piece, where });
    } else {
      placed = you ? tn("You slide your {piece} in above {n} piece, {where}", "You slide your {piece} in above {n} pieces, {where}", level, { piece, where })
        : tn("{name} slides a {piece} in above {n} piece, {where}", "{name} slides a {piece} in above {n} pieces, {where}", level, { name: who, piece, where });
    }
  } else if (where) {
    placed = you ? t("You place your {piece} {where}", { piece, where }) : t("{name} places a {piece} {where}", { name: who, piece, where });
  } else {
    placed = you ? t("You place your {piece}", { piece }) : t("{name} places a {piece}", { name: who, piece });
  }
  let outcome;
  if (event.outcome === "stood") outcome = t("it stands.");
  else if (event.outcome === "miss") outcome = tn("it slides off to the table (miss {n}); it is placed again.",
    "it slides off to the table (miss {n}); it is placed again.", event.misses ?? 1);
  else if (event.outcome === "touched") {
    outcome = you ? tn("another piece moved: you take {n} piece.", "another piece moved: you take {n} pieces.", event.took ?? 0)
      : tn("another piece moved: {name} takes {n} piece.", "another piece moved: {name} takes {n} pieces.", event.took ?? 0, { name: who });
  } else if (event.misses) { // only at a table that sets a miss limit
    outcome = you ? tn("it slides off again, and the table's miss limit brings the stack down: you take {n} piece.",
      "it slides off again, and the table's miss limit brings the stack down: you take {n} pieces.", event.took ?? 0)
      : tn("it slides off again, and the table's miss limit brings the stack down: {name} takes {n} piece.",
        "it slides off again, and the table's miss limit brings the stack down: {name} takes {n} pieces.",
        event.took ?? 0, { name: who });
  } else {
    outcome = you ? tn("the stack falls and you take {n} piece.", "the stack falls and you take {n} pieces.", event.took ?? 0)
      : tn("the stack falls and {name} takes {n} piece.", "the stack falls and {name} takes {n} pieces.", event.took ?? 0, { name: who });
  }
  return t("{placed}: {outcome}", { placed, outcome });
}

function drawLog() {
  const view = table.message.view;
  const current = view.events ?? [];
  const showing = current.length ? current : view.previous_events ?? [];
  const round = current.length ? view.round : view.history?.[view.history.length - 1]?.round;
  part("#stk-log-heading").textContent = showing.length ? t("Round {number}: what happened", { number: number(round) })
    : t("What happened");
  const items = [...showing].reverse().map((event) => el("li", { class: `event ${event.kind} ${event.outcome ?? ""}`.trim() },
    eventWords(event)));
  part(".event-list").replaceChildren(...(items.length ? items : [el("li", { class: "muted" }, t("Nothing yet this round."))]));
}

function roundWords(entry) {
  const parts = [tn("{n} piece went into the bag.", "{n} pieces went into the bag.", entry.to_bag)];
  for (const [seat, taken] of entry.penalties) {
    parts.push(isMine(seat) ? tn("You took {n} piece.", "You took {n} pieces.", taken)
      : tn("{name} took {n} piece.", "{name} took {n} pieces.", taken, { name: name(seat) }));
  }
  if (entry.emptied.length) {
    const others = entry.emptied.filter((seat) => !isMine(seat)).map(name).join(", ");
    if (!entry.emptied.some(isMine)) parts.push(t("Hands emptied: {names}.", { names: others }));
    else parts.push(others ? t("Your hands are empty, and so are those of {names}.", { names: others })
      : t("Your hands are empty."));
  }
  return parts.join(" ");
}

function drawRounds() {
  const history = [...(table.message.view.history ?? [])].reverse();
  const items = history.map((entry) => el("li", {},
    el("strong", {}, t("Round {number}", { number: number(entry.round) })), " ", roundWords(entry)));
  part(".round-list").replaceChildren(...(items.length ? items : [el("li", { class: "muted" }, t("No round finished yet."))]));
}

function drawRules() {
  const body = part(".rules-body");
  const { rounds: lastRound, misses: mostMisses } = limits(table.message.view);
  const key = `${lastRound}:${mostMisses}`;
  if (body.childElementCount && body.dataset.limits === key) return;
  body.dataset.limits = key;
  body.replaceChildren(el("ol", { class: "small" },
    el("li", {}, t("Each round, in turn, bid how many pieces your row will hold: match or raise the highest bid, or pass. A pass is final.")),
    el("li", {}, t("A player who has not bid yet and holds too few pieces to match takes the missing ones from the bag, after laying all of their own.")),
    el("li", {}, t("When everyone has passed, stack your row's pieces in turn, nearest the centre first, on one shared stack.")),
    el("li", {}, t("A piece that slides off is placed again, however many times, with no penalty. A stack that falls gives you the whole stack and the piece in hand.")),
    el("li", {}, t("When every row is empty the stack goes into the bag, and whoever holds no piece wins. There is no last round.")),
    el("li", {}, t("To place a piece, let it go as it swings over the stack: where it is then is where it lands.")),
    lastRound ? el("li", { class: "limit" }, table.message.view.solo
      ? t("This table ends the game after round {n}.", { n: number(lastRound) })
      : t("This table ends the game after round {n}: then the fewest pieces win.", { n: number(lastRound) })) : null,
    mostMisses ? el("li", { class: "limit" }, tn("At this table a miss brings the stack down, as a fall does.",
      "At this table {n} misses in a row bring the stack down, as a fall does.", mostMisses)) : null));
}

/** The latest event of the game in view: this round's, else the last finished round's. */
function latestEvent(view) {
  const events = view.events?.length ? view.events : view.previous_events ?? [];
  return events.length ? events[events.length - 1] : null;
}

function announce(previous) {
  // One short sentence per update for screen readers; the page itself already shows it all.
  const view = table.message.view;
  const sentences = [];
  const latest = latestEvent(view);
  const before = previous ? latestEvent(previous.view) : null;
  const moved = previous && (view.round !== previous.view.round || (view.events?.length ?? 0) !== (previous.view.events?.length ?? 0));
  // Every placement is said, the reader's own too (where it landed is news); others' bids and passes.
  if (latest && moved && JSON.stringify(latest) !== JSON.stringify(before) && (latest.kind === "place" || !isMine(latest.seat))) {
    sentences.push(eventWords(latest));
  }
  const phase = decision();
  if (phase === "bid") sentences.push(t("Your bid."));
  else if (phase === "lay") sentences.push(t("Lay your row."));
  else if (phase === "stack") sentences.push(view.companion ? t("Your piece: say how it went.") : t("Your piece swings: press Space to let go."));
  table.announced = speak(part(".announce"), sentences.join(" "), table.announced);
}

// --- keys -----------------------------------------------------------------------------------------

onTableKeys("stacking", table, (event) => {
  if (event.key === "?") {
    event.preventDefault();
    toggleDetails(table.container?.querySelector(".stk-rules"));
    return;
  }
  if (!table.message?.legal?.length) return;
  const phase = decision();
  if (event.key === " " && swinging()) {
    // Space lets go wherever the focus is; the focused button must not be pressed as well.
    event.preventDefault();
    release();
  } else if (phase === "bid" && ["+", "=", "-", "−"].includes(event.key)) {
    event.preventDefault();
    step(event.key === "+" || event.key === "=" ? 1 : -1);
  } else if (phase === "bid" && (event.key === "b" || event.key === "B")) {
    event.preventDefault();
    bid();
  } else if (phase === "bid" && (event.key === "p" || event.key === "P")) {
    event.preventDefault();
    play({ pass: true });
  } else if ((phase === "lay" || phase === "stack") && /^[1-9]$/.test(event.key)) {
    const control = part(".moves").querySelector(`button[aria-keyshortcuts="${event.key}"]`);
    if (control) {
      event.preventDefault();
      control.click();
    }
  } else if (event.key === "h" || event.key === "H") {
    event.preventDefault();
    askHint();
  }
});

// --- styles -----------------------------------------------------------------------------------------

// The page's stylesheet holds the shared look (panels, buttons, colours); these rules are this
// table's own. Colours reach WCAG AA contrast on the surfaces they are drawn on.
const STYLES = `
.stk { display: grid; gap: var(--gap, 1rem); grid-template-columns: minmax(0, 1fr); }
.stk .col { display: contents; }
.stk .banner { order: 0; }
.stk .stack-panel { order: 1; }
.stk .controls { order: 2; }
.stk .facts { order: 3; }
.stk .board { order: 4; }
.stk .log { order: 5; }
.stk .rounds { order: 6; }
.stk .stk-rules { order: 7; }
@media (min-width: 56rem) {
  .stk { grid-template-columns: minmax(0, 3fr) minmax(18rem, 2fr); align-items: start; }
  .stk .banner { grid-column: 1 / -1; }
  .stk .col { display: flex; flex-direction: column; gap: var(--gap, 1rem); min-width: 0; }
}
.stk section, .stk details.panel { margin: 0; min-width: 0; }
.stk h2 { margin: 0 0 0.5rem; }
.stk .banner-box { padding: 0.6rem 1rem; border-radius: var(--radius, 0.6rem); background: var(--surface-2, #1a2d23); }
.stk .banner-box.your-turn { border: 2px solid var(--accent, #f2c14e); }
.stk .banner-box .latest { display: block; margin-top: 0.2rem; font-size: 0.9rem; }
.stk .head-line { display: flex; flex-wrap: wrap; align-items: baseline; gap: 0.3rem 1rem; }
.stk .drawing { margin: 0; }
.stk .svg-box { touch-action: manipulation; }
.stk .stack-svg { display: block; width: 100%; height: auto; max-height: 60vh; }
.stk .stack-svg.live { cursor: pointer; }
.stk .stack-svg .table-top { fill: #5a3d22; }
.stk .stack-svg .table-line { stroke: #c79a66; stroke-width: 40; }
.stk .stack-svg .plate { stroke-width: 1.5; vector-effect: non-scaling-stroke; }
.stk .stack-svg .plumb { stroke: #7fe0ff; stroke-width: 2; stroke-dasharray: 6 4; vector-effect: non-scaling-stroke; }
.stk .stack-svg .plumb.leaning { stroke: #ffb86b; }
.stk .stack-svg .com { fill: #7fe0ff; }
.stk .stack-svg .com.leaning { fill: #ffb86b; }
.stk .stack-svg .base-mark { stroke: #fff6e3; stroke-width: 2; vector-effect: non-scaling-stroke; }
.stk .stack-svg .aim { stroke: #fff6e3; stroke-width: 1; stroke-dasharray: 3 3; vector-effect: non-scaling-stroke; opacity: 0.7; }
.stk .stack-svg .in-hand:not(.swinging) { opacity: 0.75; }
.stk .stack-svg .standing { fill: rgba(110, 231, 140, 0.45); }
.stk .instruction { margin: 0.2rem 0 0.6rem; }
.stk .lay-list { list-style: none; margin: 0; padding: 0; display: grid; gap: 0.4rem; }
.stk .lay-list li { display: flex; flex-wrap: wrap; align-items: center; gap: 0.4rem; }
.stk .bid-row, .stk .report-row, .stk .drop-row { display: flex; flex-wrap: wrap; align-items: center; gap: 0.5rem; }
.stk .bid-row label { font-weight: 600; }
.stk input.bid-count { width: 4.5rem; font-size: 1.1rem; text-align: center; }
.stk button.step { min-width: 2.6rem; font-size: 1.2rem; font-weight: 800; }
.stk button.drop { font-size: 1.2rem; padding: 0.7rem 2rem; }
.stk .where { display: inline-flex; flex-wrap: wrap; align-items: center; gap: 0.4rem; font-weight: 600; }
.stk select.level { max-width: 100%; }
.stk button.lay-button { display: inline-flex; align-items: center; gap: 0.5rem; text-align: left; }
.stk button kbd { background: rgba(0, 0, 0, 0.25); border-color: currentColor; color: inherit; margin-right: 0.4rem; }
.stk .piece { display: inline-flex; align-items: center; justify-content: center; font-weight: 800; font-size: 0.62rem;
  line-height: 1; white-space: nowrap; font-variant-numeric: tabular-nums; }
.stk .piece.coin { width: 2.2rem; height: 2.2rem; border-radius: 50%; box-shadow: inset 0 0 0 2px rgba(0, 0, 0, 0.25); }
.stk .piece.bill { min-width: 3.4rem; height: 1.7rem; padding: 0 0.3rem; border-radius: 0.25rem;
  box-shadow: inset 0 0 0 2px rgba(255, 255, 255, 0.35); }
.stk .piece.p100 { background: radial-gradient(circle at 35% 30%, #f4f4f4, #a9a9b0); color: #14161a; }
.stk .piece.p500 { background: radial-gradient(circle at 35% 30%, #ffe9a3, #c99a2e); color: #1a1405; }
.stk .piece.p1000 { background: linear-gradient(135deg, #2b6f9e, #1d4f72); color: #fff; }
.stk .piece.p5000 { background: linear-gradient(135deg, #7a4fa6, #563479); color: #fff; }
.stk .pieces-row { display: inline-flex; flex-wrap: wrap; gap: 0.2rem; vertical-align: middle; }
.stk .mine { margin: 0.7rem 0 0; }
.stk .misses { color: var(--warn, #ffd166); font-weight: 700; }
.stk .refusal { color: var(--danger, #ff9b9b); font-weight: 700; margin: 0.4rem 0; }
.stk .tools { display: flex; flex-wrap: wrap; align-items: center; gap: 0.5rem; margin-top: 0.8rem; }
.stk .hint-text { color: #7fe0ff; }
.stk .keys-help { margin: 0.6rem 0 0; }
.stk .fact-list { display: grid; grid-template-columns: auto minmax(0, 1fr); gap: 0.25rem 0.8rem; margin: 0; }
.stk .fact-list dt { font-weight: 600; }
.stk .fact-list dd { margin: 0; overflow-wrap: anywhere; }
.stk .players { width: 100%; border-collapse: collapse; }
.stk .players th, .stk .players td { padding: 0.3rem; border-bottom: 1px solid var(--surface-3, #23392d); text-align: left;
  vertical-align: top; }
.stk .players .num { text-align: right; font-variant-numeric: tabular-nums; font-weight: 700; white-space: nowrap; }
.stk .players tr.current { background: var(--surface-3, #23392d); }
.stk .players .marker { width: 1.2rem; color: var(--accent-strong, #ffd56b); }
.stk .seat-row, .stk .seat-hand { display: block; font-weight: 500; margin-top: 0.2rem; }
.stk .tag { display: inline-block; margin-left: 0.35rem; padding: 0 0.4rem; border-radius: 999px; font-size: 0.75rem;
  font-weight: 700; border: 1px solid var(--border, #3b5c4a); }
.stk .tag.you { border-color: var(--info, #9cc8ff); color: var(--info, #9cc8ff); }
.stk .tag.passed { color: var(--muted, #b7c9bd); }
.stk .event-list, .stk .round-list { margin: 0; padding-left: 0; list-style: none; max-height: 22rem; overflow-y: auto; }
.stk .event-list li, .stk .round-list li { padding: 0.25rem 0; border-bottom: 1px solid var(--surface-3, #23392d);
  overflow-wrap: anywhere; }
.stk .event.collapse, .stk .event.touched { color: var(--danger, #ff9b9b); }
.stk .event.miss { color: var(--warn, #ffd166); }
.stk .small { font-size: 0.9rem; }
`;

function ensureStyles() {
  if (document.getElementById("stk-styles")) return;
  document.head.append(el("style", { id: "stk-styles" }, STYLES));
}
