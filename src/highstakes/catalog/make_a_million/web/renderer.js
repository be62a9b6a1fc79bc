// Make-A-Million's table in the browser (RULES.md §1), served at /games/make_a_million/renderer.js.
//
// The renderer only draws: every rule stays on the server. It reads `view` (see its package's
// README.md, "View keys") and `legal`, and sends the actions the server listed. Cards are
// buttons named in words for screen readers ("red $40,000"); the cards the rules allow now are
// enabled, the others are marked unavailable and dimmed, and choosing one anyway asks the
// server, whose refusal (the rule in words) is shown under the hand. Every variant plays here:
// the partnership game, Silent Partner and the trick-count Variation. It exports the renderer
// interface of docs/server.md:
//
//   render(container, message, send)  draw a `state` message; `send` posts to the server
//   onMessage(container, message)     the room's other messages: `hint` and `error`
//   formatScore(score)                a final score: dollars, or points in the Variation
//
// The helpers every page shares come from the server's /static/common.js; the styles of this
// table are its own (below). Its words are the game's own (the catalog of the domain
// "make_a_million"), through /static/i18n.js, and its money is written as the reader's language
// writes dollars. A sentence whose subject may be the reader comes in two messages.

import {
  amountInWords, controlNamed, el, focusedName, isOwnSeat, isSeated, onTableKeys, parseAmount, refusalWords,
  ruleTitle, sameAction, seatName, followHint, requestHint, sendAction, speak, stillPending, toggleDetails,
} from "/static/common.js";
import { fillNodes, money, number, words } from "/static/i18n.js";

const { t, tn } = words("make_a_million");

const COLOURS = ["red", "yellow", "black", "green"];
const LETTERS = { R: "red", Y: "yellow", K: "black", G: "green" };
const ANIMALS = ["tiger", "bull", "bear"];
const MONEY_RANKS = { 40: 40000, 30: 30000, 15: 15000, 10: 10000, 5: 5000 };
// The keys that pick a card of the hand, in hand order: h (hint), n and q are left out, as at the
// terminal's table, so that a card has the same key in both.
const CARD_KEYS = "1234567890abcdefgijklmoprstuvwxyz";
const CARD_KINDS = ["play", "discard", "call"];
const BID_STEP = 5000;
// Where the other seats sit, clockwise from the reader's left (the reader sits at the bottom).
const PLACES = {
  1: ["t"],
  2: ["l", "r"],
  3: ["l", "t", "r"],
  4: ["l", "tl", "tr", "r"],
  5: ["l", "tl", "t", "tr", "r"],
  6: ["ll", "ul", "tl", "tr", "ur", "lr"],
  7: ["ll", "ul", "tl", "t", "tr", "ur", "lr"],
};
// More seats than this (the trick-count Variation seats up to 12: A-20) sit closer: the corners
// beside the reader are taken too, and the sides have two or three seats each.
const CROWDED = 8;

/** Nine to twelve seats, clockwise from the reader's left: the corner beside the reader, up the
 *  left side, along the top (two or three seats, to keep the sides even), down the right side,
 *  and the corner on the reader's right; and how many rows each side has. */
function crowdedPlaces(others) {
  const top = (others - 2) % 2 ? ["tl", "t", "tr"] : ["tl", "tr"];
  const rows = (others - 2 - top.length) / 2;
  const left = [];
  const right = [];
  for (let row = 1; row <= rows; row += 1) {
    left.unshift(`l${row}`);
    right.push(`r${row}`);
  }
  return { places: ["bl", ...left, ...top, ...right, "br"], rows };
}

// One table per page; the key handler works on the latest render.
const table = {
  container: null,
  message: null,
  send: null,
  pending: false, // an action was sent and the server has not answered yet
  sent: null, // {kind, card}: what was sent last, to put its refusal beside it
  refusal: null, // {version, text, rule, where}: the server refused this player's last action
  hint: null, // {version, waiting} or {version, advice} or {version, failed}
  noHints: false, // the server said this game gives no hints
  gameNumber: null,
  announced: "",
};

// --- cards in words ------------------------------------------------------------------------------

function colourOf(card) {
  return ANIMALS.includes(card) ? null : LETTERS[card[0]];
}

function colourWords(colour) {
  return { red: t("red"), yellow: t("yellow"), black: t("black"), green: t("green") }[colour] ?? colour;
}

function dollars(amount) {
  return money(amount * 100, "USD");
}

/** A card's face as printed: "$40,000", "11", or the animal's name. */
function faceText(card) {
  if (card === "tiger") return t("Tiger");
  if (card === "bull") return t("Bull");
  if (card === "bear") return t("Bear");
  const rank = Number(card.slice(1));
  return MONEY_RANKS[rank] ? dollars(MONEY_RANKS[rank]) : number(rank);
}

/** A card as people say it: "red $40,000", "green 11", "the Tiger". */
function cardName(card) {
  if (card === "tiger") return t("the Tiger");
  if (card === "bull") return t("the Bull");
  if (card === "bear") return t("the Bear");
  // Translators: a card: its colour and its rank ("red $40,000", "green 11").
  return t("{colour} {rank}", { colour: colourWords(colourOf(card)), rank: faceText(card) });
}

function cardChip(card, extra = "") {
  return el("span", { class: `card-chip ${colourOf(card) ?? "animal"}${extra}` }, cardName(card));
}

function trumpWords(view) {
  if (view.trump) return colourWords(view.trump);
  if (view.no_trump === "high") return t("no trump, the Tiger high");
  if (view.no_trump === "low") return t("no trump, the Tiger low");
  return null;
}

function pointsWords(points) {
  return tn("{n} point", "{n} points", points, { n: number(points) });
}

/** Scores are dollars, or points in the Variation; the room page writes the standings with this. */
export function formatScore(score) {
  return table.message?.view?.variant === "variation" ? pointsWords(score) : dollars(score);
}

// --- names ----------------------------------------------------------------------------------------

function isMine(seat) {
  return isOwnSeat(table.message, seat);
}

/** Whose view is drawn: the page's own seat, else the seat a replay shows, else nobody's. */
function viewer(message) {
  if (isSeated(message)) return message.seat;
  return Number.isInteger(message.view?.you) ? message.view.you : null;
}

function nameOf(seat) {
  return seatName(table.message.seats, seat);
}

/** A seat in a few words, for the places around the table. */
function shortName(seat) {
  if (isMine(seat)) return t("You");
  const info = table.message.seats?.[seat];
  return info?.kind === "bot" ? t("Bot {number}", { number: seat + 1 }) : nameOf(seat);
}

/** The seats of a partnership, counted from 1: "1, 3". */
function sideNumbers(view, side) {
  const numbers = [];
  for (let seat = side; seat < view.seats; seat += 2) numbers.push(number(seat + 1));
  return numbers.join(", ");
}

/** A partnership by its seats, heading a row: "Seats 1, 3". */
function sideLabel(view, side) {
  return t("Seats {numbers}", { numbers: sideNumbers(view, side) });
}

/** A bid and who made it: "$190,000 by Bot 2", or "$190,000 by you" (a message of its own). */
function amountBy(amount, seat) {
  return isMine(seat) ? t("{amount} by you", { amount: dollars(amount) })
    : t("{amount} by {name}", { amount: dollars(amount), name: shortName(seat) });
}

// --- what the player may do ----------------------------------------------------------------------

function kindOf(action) {
  return Object.keys(action ?? {})[0];
}

/** The card decision under way (play, discard or call) and the cards it allows, or null. */
function cardChoice(message) {
  const legal = message.legal ?? [];
  for (const kind of CARD_KINDS) {
    const cards = legal.filter((entry) => kindOf(entry.action) === kind);
    if (cards.length) return { kind, allowed: new Set(cards.map((entry) => entry.action[kind])) };
  }
  return null;
}

/** The decisions that are not a card (bids, trump, trick bids, the misdeal), each with its key. */
function menuOf(message) {
  let numberKey = 1;
  return (message.legal ?? []).filter((entry) => !CARD_KINDS.includes(kindOf(entry.action))).map((entry) => {
    const kind = kindOf(entry.action);
    let key = null;
    if (kind === "pass") key = "p";
    else if (kind === "tricks") key = entry.action.tricks <= 9 ? String(entry.action.tricks) : null;
    else {
      key = numberKey <= 9 ? String(numberKey) : null;
      numberKey += 1;
    }
    return { ...entry, key, kind };
  });
}

function hintedAction() {
  return table.hint?.advice?.action ?? null;
}

// --- sending --------------------------------------------------------------------------------------

function play(action) {
  table.sent = { kind: kindOf(action), card: action[kindOf(action)] };
  table.refusal = null;
  if (sendAction(table, action)) drawControls();
}

function chooseCard(card) {
  const choice = cardChoice(table.message);
  if (!choice || table.pending) return;
  // A card the rules do not allow is sent too: the server says which rule forbids it.
  play({ [choice.kind]: card });
}

function askHint() {
  if (requestHint(table)) drawControls();
}

function toggleRules() {
  toggleDetails(table.container?.querySelector(".mam-rules"));
}

// --- the page's skeleton --------------------------------------------------------------------------

function build(container) {
  ensureStyles();
  container.dataset.renderer = "make_a_million";
  container.replaceChildren(
    el("div", { class: "mam" },
      el("div", { class: "col col-main" },
        el("section", { class: "panel mam-table", "aria-labelledby": "mam-table-heading" },
          el("div", { class: "table-head" },
            el("h2", { id: "mam-table-heading" }),
            el("span", { class: "muted facts" })),
          el("p", { class: "turn-line" }),
          el("div", { class: "ring", role: "group", "aria-label": t("The table: each seat and its card in the trick") })),
        el("section", { class: "panel mam-hand", "aria-labelledby": "mam-hand-heading" },
          el("h2", { id: "mam-hand-heading" }),
          el("p", { class: "prompt" }),
          el("div", { class: "hand" }),
          el("p", { class: "refusal", role: "alert" }),
          el("div", { class: "decide" }),
          el("div", { class: "tools" }),
          el("p", { class: "keys-help muted small" })),
        el("details", { class: "panel mam-rules" },
          el("summary", { "aria-keyshortcuts": "?" }, t("How to play"), " ", el("kbd", {}, "?")),
          el("div", { class: "rules-body" }))),
      el("div", { class: "col col-side" },
        el("section", { class: "panel scores-panel", "aria-labelledby": "mam-scores-heading" },
          el("h2", { id: "mam-scores-heading" }, t("Scores")),
          el("div", { class: "scores" })),
        el("section", { class: "panel deal-panel", "aria-labelledby": "mam-deal-heading" },
          el("h2", { id: "mam-deal-heading" }, t("This deal")),
          el("div", { class: "deal-body" })),
        el("section", { class: "panel history-panel", "aria-labelledby": "mam-history-heading" },
          el("h2", { id: "mam-history-heading" }, t("Deals played")),
          el("ol", { class: "history" }),
          el("div", { class: "last-tricks" }))),
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
  if (container.dataset.renderer !== "make_a_million") build(container);
  if (table.gameNumber !== message.game_number || table.container !== container) {
    Object.assign(table, { gameNumber: message.game_number, hint: null, refusal: null, announced: "" });
  }
  const previous = table.message;
  Object.assign(table, { container, message, send, pending: stillPending(table, message) });
  followHint(table);
  if (table.refusal && table.refusal.version !== message.version) table.refusal = null;
  drawHeading();
  drawRing();
  drawControls();
  drawScores();
  drawDeal();
  drawHistory();
  drawRules();
  announce(previous);
}

/** Hints and refusals. A refusal ends "sending…" and is shown where it was asked for. */
export function onMessage(container, message) {
  if (container !== table.container || !table.message) return false;
  if (message.type === "error") {
    table.pending = false;
    if (table.hint?.waiting) {
      if (message.code === "no_hint") table.noHints = true;
      table.hint = { version: table.hint.version, failed: refusalWords(message) };
      drawControls();
      return true;
    }
    if (table.message.legal?.length) {
      table.refusal = { version: table.message.version, text: refusalWords(message), rule: message.rule,
        card: table.sent?.card ?? null, kind: table.sent?.kind ?? null };
      drawControls();
      return true;
    }
    drawControls();
    return false;
  }
  if (message.type === "hint" && table.hint?.version === table.message.version) {
    // A hint asked before play moved on is dropped: its advice is for an older position.
    table.hint = { version: table.message.version, advice: message.hint };
    drawControls();
  }
  return false;
}

function stageWords(view) {
  switch (view.phase) {
    case "misdeal": return t("Misdeal?");
    case "bid": return t("Auction");
    case "discard": return t("The widow");
    case "trump": return t("Naming trump");
    case "call": return t("Calling partners");
    case "tricks": return t("Bidding tricks");
    case "play": return t("Trick {number}", { number: number(view.trick_number || 1) });
    default: return "";
  }
}

function drawHeading() {
  const { message } = table;
  const view = message.view;
  const heading = part("#mam-table-heading");
  const facts = part(".table-head .facts");
  if (view.phase === "over") {
    heading.textContent = t("Game over");
    facts.textContent = tn("{n} deal played", "{n} deals played", view.history.length);
  } else {
    heading.textContent = t("Deal {number} · {stage}", { number: number(view.deal_number), stage: stageWords(view) });
    const trump = trumpWords(view);
    const parts = [isMine(view.dealer) ? t("dealer: you") : t("dealer: {name}", { name: shortName(view.dealer) })];
    if (trump) parts.push(t("trump: {trump}", { trump }));
    if (view.variant === "variation") {
      parts.push(tn("{n} card each", "{n} cards each", view.cards_this_deal, { n: view.cards_this_deal }));
    }
    facts.textContent = parts.join(" · ");
  }
  part(".turn-line").replaceChildren(...turnLine(view));
}

function turnLine(view) {
  const { message } = table;
  if (view.phase === "over") return [t("Every deal is played.")];
  const toAct = message.to_act ?? [];
  if (message.legal?.length) return [el("strong", {}, t("Your turn."))];
  if (!toAct.length) return [t("Dealing…")];
  const names = toAct.map(shortName).join(", ");
  if (view.phase === "tricks") return [t("Waiting for the bids of {names}.", { names })];
  const bot = toAct.length === 1 && message.seats?.[toAct[0]]?.kind === "bot";
  const line = bot ? t("{name} is thinking…", { name: nameOf(toAct[0]) }) : t("Waiting for {names}.", { names });
  return [line, isSeated(message) ? "" : " " + t("You are watching.")];
}

// --- the seats around the trick ---------------------------------------------------------------------

function seatFacts(view, seat) {
  const facts = [];
  if (seat === view.dealer) facts.push(t("dealer"));
  if (view.variant === "variation") {
    const bid = view.trick_bids?.[seat];
    if (bid !== null && bid !== undefined) {
      facts.push(t("bid {bid} · took {taken}", { bid: number(bid), taken: number(view.tricks_taken[seat]) }));
    } else if (view.have_bid?.[seat]) facts.push(t("has bid"));
    else if (view.phase !== "tricks") facts.push(t("took {taken}", { taken: number(view.tricks_taken[seat]) }));
  } else {
    if (view.phase === "bid") {
      const calls = (view.auction ?? []).filter((entry) => entry.seat === seat);
      if (calls.length) {
        const last = calls[calls.length - 1].bid;
        facts.push(last === null ? t("has passed") : dollars(last));
      }
    } else if (seat === view.bidder) {
      // Translators: under the highest bidder's name at the table: the bid it plays for.
      facts.push(t("bidder · {amount}", { amount: dollars(view.bid) }));
    }
    if (view.variant === "silent_partner" && (view.partners_revealed ?? []).includes(seat)) facts.push(t("partner"));
    if (view.variant === "silent_partner" && view.phase === "play") {
      facts.push(t("took {taken}", { taken: number(view.tricks_won[seat]) })); // a count only (A-18)
    }
  }
  if (view.hand_sizes) {
    facts.push(tn("{n} card", "{n} cards", view.hand_sizes[seat], { n: number(view.hand_sizes[seat]) }));
  }
  return facts.join(" · ");
}

function seatBox(view, seat, place) {
  const { message } = table;
  const toAct = (message.to_act ?? []).includes(seat);
  const played = (view.trick ?? []).find((entry) => entry.seat === seat);
  const won = view.trick_complete && view.trick_winner === seat;
  let cardNode;
  if (played) {
    cardNode = el("span", { class: "played" }, cardChip(played.card, won ? " won" : ""),
      won ? el("span", { class: "took" }, t("takes the trick")) : null);
  } else {
    cardNode = el("span", { class: "played empty" }, view.phase === "play" ? t("no card yet") : "");
  }
  const side = view.variant === "partnership" ? ` side-${view.sides[seat]}` : "";
  return el("div", {
    class: `seat place-${place}${toAct ? " to-act" : ""}${isMine(seat) ? " mine" : ""}${side}`,
    "aria-current": toAct ? "true" : null,
  },
  el("div", { class: "seat-name" }, toAct ? el("span", { class: "marker", "aria-label": t("to play") }, "▶ ") : null,
    shortName(seat)),
  cardNode,
  el("div", { class: "seat-facts muted small" }, seatFacts(view, seat)));
}

function drawRing() {
  const { message } = table;
  const view = message.view;
  const bottom = viewer(message) ?? 0;
  const ring = part(".ring");
  const boxes = [seatBox(view, bottom, "b")];
  const crowded = view.seats > CROWDED ? crowdedPlaces(view.seats - 1) : null;
  const places = crowded ? crowded.places : PLACES[view.seats - 1];
  places.forEach((place, index) => boxes.push(seatBox(view, (bottom + index + 1) % view.seats, place)));
  const middle = [];
  if (view.phase === "play" && view.trick_number) {
    middle.push(el("strong", {}, t("Trick {number}", { number: number(view.trick_number) })));
    if (view.trick_colour && !view.trick_complete) {
      middle.push(el("span", {}, t("{colour} led", { colour: colourWords(view.trick_colour) })));
    }
  }
  const trump = trumpWords(view);
  if (trump) middle.push(el("span", {}, t("Trump: {trump}", { trump })));
  boxes.push(el("div", { class: "middle" }, middle));
  ring.className = `ring seats-${view.seats}${crowded ? ` crowded rows-${crowded.rows}` : ""}`;
  ring.replaceChildren(...boxes);
}

// --- the hand and the decisions ---------------------------------------------------------------------

function handHeading(view, choice) {
  if (!isSeated(table.message)) {
    // A replay may show a seat's view to a spectator: that seat's hand, named.
    const seat = viewer(table.message);
    return seat === null ? t("You are watching: no hand") : t("Hand of {name}", { name: nameOf(seat) });
  }
  if (!choice) return t("Your hand");
  if (choice.kind === "discard") {
    return t("Your hand: discard a card ({n} of 3)", { n: number((view.discards ?? []).length + 1) });
  }
  if (choice.kind === "call") return t("Your hand: call a card");
  return t("Your hand: play a card");
}

function promptWords(view, choice) {
  if (!table.message.legal?.length) return "";
  if (choice?.kind === "discard") {
    return t("Discard three cards: number cards first, a Money card only when you hold no number card; never an animal.");
  }
  if (choice?.kind === "call") {
    return t("Call a card of your hand: whoever holds its other copy is your silent partner.");
  }
  if (choice?.kind === "play") {
    return view.trick_colour && view.trick?.length && !view.trick_complete
      ? t("Your card to the trick: {colour} was led.", { colour: colourWords(view.trick_colour) })
      : t("Your lead.");
  }
  switch (view.phase) {
    case "misdeal": return t("Play this deal, or call a misdeal if your Money cards total $15,000 or less.");
    case "bid": return t("Bid at least {amount} for the right to name trump, or pass (a pass is final).",
      { amount: dollars(view.min_bid) });
    case "trump": return t("Name trump: its colour beats the others, and the Tiger is its highest card.");
    case "tricks": return t("How many tricks will you take? Bids stay hidden until everyone has bid.");
    default: return "";
  }
}

function drawHand(view, choice) {
  const hand = view.hand ?? [];
  const rows = [];
  const hinted = hintedAction();
  const groups = COLOURS.map((colour) => [colour, colourWords(colour)]).concat([[null, t("animals")]]);
  for (const [colour, label] of groups) {
    const indexes = hand.map((card, index) => index).filter((index) => colourOf(hand[index]) === colour);
    if (!indexes.length) continue;
    const buttons = indexes.map((index) => {
      const card = hand[index];
      const key = choice && index < CARD_KEYS.length ? CARD_KEYS[index] : null;
      const allowed = !choice || choice.allowed.has(card);
      const isHinted = hinted && sameAction(hinted, { [choice?.kind]: card });
      const called = (view.called ?? []).includes(card);
      let name = cardName(card);
      if (called) name = t("{card} (called)", { card: name });
      if (choice && !allowed) name = t("{card}, not allowed now", { card: name });
      if (isHinted) name = t("{card} (hinted)", { card: name });
      const button = el("button", {
        type: "button",
        class: `card ${colour ?? "animal"}${allowed ? "" : " dimmed"}${isHinted ? " hinted" : ""}`,
        "data-focus": `card:${index}:${card}`,
        "aria-keyshortcuts": key,
        "aria-disabled": !choice || !allowed || table.pending ? "true" : null,
        "aria-label": key ? `${key}: ${name}` : name,
        title: choice && !allowed ? t("Not allowed now: choose it to hear why.") : null,
      },
      key ? el("kbd", { "aria-hidden": "true" }, key) : null,
      el("span", { class: "face", "aria-hidden": "true" }, faceText(card), called ? "*" : ""));
      button.addEventListener("click", () => {
        if (choice) chooseCard(card);
      });
      return button;
    });
    rows.push(el("div", { class: "hand-row", role: "group", "aria-label": label },
      el("span", { class: "row-label", "aria-hidden": "true" }, label), ...buttons));
  }
  if (!rows.length) rows.push(el("p", { class: "muted" }, t("No cards in hand.")));
  part(".hand").replaceChildren(...rows);
}

function drawRefusal() {
  const box = part(".refusal");
  const refusal = table.refusal;
  if (!refusal) {
    box.replaceChildren();
    box.removeAttribute("title");
    return;
  }
  const text = refusal.card && CARD_KINDS.includes(refusal.kind)
    ? t("{card} refused: {reason}", { card: cardName(refusal.card), reason: refusal.text })
    : t("Refused: {reason}", { reason: refusal.text });
  box.replaceChildren(text);
  const title = ruleTitle(refusal.rule);
  if (title) box.setAttribute("title", title);
}

function drawDecisions(view) {
  const box = part(".decide");
  const menu = menuOf(table.message);
  if (!menu.length) {
    box.replaceChildren();
    return;
  }
  const hinted = hintedAction();
  const buttons = menu.map((entry) => {
    const isHinted = hinted && sameAction(hinted, entry.action);
    const button = el("button", {
      type: "button", class: `move${entry.kind === "pass" ? " secondary" : ""}${isHinted ? " hinted" : ""}`,
      "data-focus": `move:${JSON.stringify(entry.action)}`, "aria-keyshortcuts": entry.key,
      "aria-disabled": table.pending ? "true" : null,
      "aria-label": isHinted ? t("{choice} (hinted)", { choice: entry.label }) : null,
    }, entry.key ? el("kbd", { "aria-hidden": "true" }, entry.key) : null, entry.label);
    button.addEventListener("click", () => {
      if (!table.pending) play(entry.action);
    });
    return button;
  });
  const parts = [el("div", { class: "moves", role: "group", "aria-label": t("Your choices") }, buttons)];
  const entry = (table.message.amounts ?? []).find((amount) => amount.kind === "bid");
  if (entry && view.phase === "bid") parts.push(bidForm(entry));
  box.replaceChildren(...parts);
}

function bidForm(entry) {
  const input = el("input", {
    id: "mam-bid", type: "text", inputmode: "numeric", autocomplete: "off", "data-focus": "bid",
    "aria-describedby": "mam-bid-reading",
  });
  const reading = el("p", { id: "mam-bid-reading", class: "reading", "aria-live": "polite" });
  const form = el("form", { class: "bid-form" },
    el("label", { for: "mam-bid" }, t("Any bid from {low} to {high}, in steps of {step}:", {
      low: dollars(entry.low), high: dollars(entry.high), step: dollars(BID_STEP) }), " ", el("kbd", {}, "t")),
    el("div", { class: "row" }, input,
      el("button", { type: "submit", "aria-disabled": table.pending ? "true" : null }, t("Bid"))),
    reading);
  input.addEventListener("input", () => {
    const amount = parseAmount(input.value, entry);
    reading.classList.remove("problem");
    reading.textContent = !input.value.trim() || amount instanceof Error ? ""
      : t("{amount}: {words}", { amount: dollars(amount), words: amountInWords(amount, entry) });
  });
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const amount = parseAmount(input.value, entry);
    if (amount instanceof Error) {
      reading.classList.add("problem");
      reading.textContent = t("Not sent: {reason}", { reason: amount.message });
      return;
    }
    play({ bid: amount });
  });
  return form;
}

function drawTools() {
  const tools = part(".tools");
  if (!table.message.legal?.length) {
    tools.replaceChildren();
    return;
  }
  const parts = [];
  if (!table.noHints) {
    const hintButton = el("button", { type: "button", class: "secondary", "data-focus": "hint", "aria-keyshortcuts": "h" },
      el("kbd", { "aria-hidden": "true" }, "h"), t("Hint"));
    hintButton.addEventListener("click", askHint);
    parts.push(hintButton);
  }
  parts.push(el("span", { class: "hint-text", role: "status" }, hintText()));
  if (table.pending) parts.push(el("span", { class: "muted", role: "status" }, t("Sending…")));
  tools.replaceChildren(...parts);
}

function hintText() {
  const hint = table.hint;
  if (!hint) return "";
  if (hint.waiting) return t("Thinking about a hint…");
  if (hint.failed) return hint.failed;
  const advice = hint.advice ?? {};
  const move = advice.label ?? JSON.stringify(advice.action);
  if (typeof advice.value !== "number") return t("Hint: {move}", { move });
  const worth = table.message.view.variant === "variation" ? pointsWords(advice.value) : dollars(Math.round(advice.value));
  return t("Hint: {move} · worth about {value}", { move, value: worth });
}

function drawControls() {
  const { message } = table;
  const view = message.view;
  const focused = focusedName(table.container);
  const choice = cardChoice(message);
  part("#mam-hand-heading").textContent = handHeading(view, choice);
  part(".prompt").textContent = promptWords(view, choice);
  drawHand(view, choice);
  drawRefusal();
  drawDecisions(view);
  drawTools();
  const help = part(".keys-help");
  help.hidden = !message.legal?.length;
  if (choice) {
    // Translators: {keys} are the keys of the cards (1 to 9, 0, then letters); {arrows} the arrow keys.
    help.replaceChildren(...fillNodes(t("Keys: {keys} choose a card · {arrows} move between cards · {hint} hint · {rules} rules"),
      { keys: el("kbd", {}, "1–9 a–z"), arrows: el("kbd", {}, "← →"), hint: el("kbd", {}, "h"), rules: el("kbd", {}, "?") }));
  } else {
    help.replaceChildren(...fillNodes(t("Keys: {keys} choose · {hint} hint · {rules} rules"),
      { keys: el("kbd", {}, view.phase === "bid" ? "p 1–4 t" : "1–9"), hint: el("kbd", {}, "h"), rules: el("kbd", {}, "?") }));
  }
  if (focused) {
    const again = controlNamed(table.container, focused);
    if (again) again.focus();
    else if (focused.startsWith("card:") || focused.startsWith("move:")) {
      (table.container.querySelector(".card:not(.dimmed), .move") ?? table.container).focus();
    }
  }
}

// --- beside the table ---------------------------------------------------------------------------------

function drawScores() {
  const { message } = table;
  const view = message.view;
  const rows = [];
  if (view.variant === "partnership") {
    view.scores.forEach((score, side) => {
      const mine = isSeated(message) && view.sides[message.seat] === side;
      rows.push(el("tr", { class: mine ? "mine" : null },
        el("th", { scope: "row" }, sideLabel(view, side), mine ? el("span", { class: "tag you" }, t("you")) : null),
        el("td", { class: "num" }, dollars(score)),
        el("td", { class: "num muted" }, view.phase === "play" || view.phase === "over"
          ? tn("{n} trick", "{n} tricks", view.tricks_won[side], { n: number(view.tricks_won[side]) }) : "")));
    });
  } else {
    view.scores.forEach((score, seat) => {
      const taken = view.variant === "variation" ? view.tricks_taken[seat] : view.tricks_won[seat];
      rows.push(el("tr", { class: isMine(seat) ? "mine" : null },
        el("th", { scope: "row" }, nameOf(seat), isMine(seat) ? el("span", { class: "tag you" }, t("you")) : null),
        el("td", { class: "num" }, view.variant === "variation" ? pointsWords(score) : dollars(score)),
        el("td", { class: "num muted" }, tn("{n} trick", "{n} tricks", taken, { n: number(taken) }))));
    });
  }
  const caption = view.variant === "variation"
    ? t("Points after each deal; the highest total after the one-card deal wins.")
    : t("First to {target} wins.", { target: dollars(view.target) });
  part(".scores").replaceChildren(el("table", { class: "score-table" },
    el("caption", {}, caption),
    el("thead", {}, el("tr", {},
      el("th", { scope: "col" }, view.variant === "partnership" ? t("Side") : t("Player")),
      el("th", { scope: "col", class: "num" }, t("Score")),
      el("th", { scope: "col", class: "num" }, t("This deal")))),
    el("tbody", {}, rows)), ...[dealLimit(view)].filter(Boolean));
}

/** The deal limit a table set, said on screen: an option for simulations, not a rule (§1.10). */
function dealLimit(view) {
  const limit = view.options?.hand_limit;
  if (!Number.isInteger(limit) || view.variant === "variation") return null;
  return el("p", { class: "deal-limit" }, tn(
    "Deal limit, not in the rules: the game ends after {n} deal, and the higher score wins.",
    "Deal limit, not in the rules: the game ends after {n} deals, and the higher score wins.",
    limit, { n: number(limit) }));
}

function factRow(label, ...value) {
  return [el("dt", {}, label), el("dd", {}, ...value)];
}

function chips(cards) {
  return cards.length ? cards.flatMap((card, index) => (index ? [" ", cardChip(card)] : [cardChip(card)])) : ["—"];
}

function drawDeal() {
  const view = table.message.view;
  const facts = [];
  if (view.variant !== "variation") {
    if (view.phase === "bid") {
      facts.push(...factRow(t("High bid"), view.high_bid === null
        ? t("no bid yet")
        : amountBy(view.high_bid, view.high_bidder)));
      if (view.min_bid !== null) facts.push(...factRow(t("Next bid"), t("at least {amount}", { amount: dollars(view.min_bid) })));
    }
    if (view.bidder !== null) {
      facts.push(...factRow(t("Bid"), amountBy(view.bid, view.bidder)));
    }
  }
  const trump = trumpWords(view);
  if (trump) facts.push(...factRow(t("Trump"), trump));
  if (view.widow) facts.push(...factRow(t("Widow"), ...chips(view.widow)));
  if (view.discards?.length) facts.push(...factRow(t("Your discards"), ...chips(view.discards)));
  if (view.money_discarded?.length) facts.push(...factRow(t("Money discarded"), ...chips(view.money_discarded)));
  if (view.called?.length) facts.push(...factRow(t("Called"), ...chips(view.called)));
  if (view.partner) facts.push(...factRow(t("Partner"), t("You hold a called card: you are the bidder's silent partner.")));
  if (view.turned?.length) facts.push(...factRow(t("Turned up"), ...chips(view.turned)));
  if (view.last_trick) {
    const cards = view.last_trick.cards.flatMap((entry, index) => [index ? " · " : "",
      ...fillNodes(t("{name}: {card}", { name: shortName(entry.seat) }), { card: cardChip(entry.card) })]);
    facts.push(...factRow(t("Last trick"), ...cards, " → ", shortName(view.last_trick.winner)));
  }
  const parts = [];
  if (facts.length) parts.push(el("dl", { class: "facts-list" }, facts));
  if (view.variant !== "variation" && view.auction?.length) {
    const calls = view.auction.map((entry) => {
      const call = entry.bid === null ? t("pass") : dollars(entry.bid);
      // Translators: one call of the auction: a seat's name and its bid, or "pass".
      return t("{name}: {call}", { name: shortName(entry.seat), call });
    });
    parts.push(el("p", { class: "small muted auction" }, t("Auction: {calls}", { calls: calls.join(" · ") })));
  }
  if (!parts.length) parts.push(el("p", { class: "muted" }, t("Nothing to show yet.")));
  part(".deal-body").replaceChildren(...parts);
}

/** One finished deal in a sentence (from the view's history). A sentence whose subject is the
 *  reader is a message of its own, and so is each subject a verb agrees with (a side, a team). */
function dealSentence(view, entry) {
  const deal = number(entry.deal);
  if (entry.all_passed) return t("Deal {number}: everyone passed; the cards were thrown in.", { number: deal });
  if (Number.isInteger(entry.misdeal)) {
    return isMine(entry.misdeal) ? t("Deal {number}: you called a misdeal.", { number: deal })
      : t("Deal {number}: {name} called a misdeal.", { number: deal, name: shortName(entry.misdeal) });
  }
  if (entry.bids) {
    const results = entry.bids.map((bid, seat) => {
      const said = { bid: number(bid), taken: number(entry.taken[seat]), points: pointsWords(entry.scored[seat]) };
      return isMine(seat) ? t("you bid {bid}, took {taken}: {points}", said)
        : t("{name} bid {bid}, took {taken}: {points}", { ...said, name: shortName(seat) });
    });
    return t("Deal {number}: {results}", { number: deal, results: results.join("; ") });
  }
  const mine = isMine(entry.bidder);
  const said = { number: deal, name: shortName(entry.bidder), bid: dollars(entry.bid) };
  if (view.variant === "silent_partner") {
    said.took = dollars(entry.captured[0]);
    let sentence;
    if (mine) {
      sentence = entry.made ? t("Deal {number}: you bid {bid}; the bidding team took {took} and made it.", said)
        : t("Deal {number}: you bid {bid}; the bidding team took only {took} and is set back {bid}.", said);
    } else {
      sentence = entry.made ? t("Deal {number}: {name} bid {bid}; the bidding team took {took} and made it.", said)
        : t("Deal {number}: {name} bid {bid}; the bidding team took only {took} and is set back {bid}.", said);
    }
    const names = (entry.team ?? []).map((seat) => (isMine(seat) ? t("you") : shortName(seat))).join(", ");
    const team = t("Team: {names}.", { names });
    return `${sentence} ${team}`;
  }
  said.took = dollars(entry.captured[entry.bidder % 2]);
  if (mine) {
    return entry.made ? t("Deal {number}: you bid {bid}; your side took {took} and made it.", said)
      : t("Deal {number}: you bid {bid}; your side took only {took} and is set back {bid}.", said);
  }
  said.seats = sideNumbers(view, entry.bidder % 2);
  return entry.made ? t("Deal {number}: {name} bid {bid}; seats {seats} took {took} and made it.", said)
    : t("Deal {number}: {name} bid {bid}; seats {seats} took only {took} and are set back {bid}.", said);
}

/** A finished deal's widow and discards where the view shows them (to its bidder, and to everyone
 *  once the game is over: A-19), else said to be hidden; null for a deal nobody bid. */
function widowAndDiscards(entry) {
  if (!("widow" in entry)) return null;
  const cards = (list) => el("span", {}, ...chips(list));
  const parts = [];
  if (entry.widow) parts.push(fillNodes(t("Widow: {cards}"), { cards: cards(entry.widow) }));
  if (entry.discards) parts.push(fillNodes(t("Discards: {cards}"), { cards: cards(entry.discards) }));
  else if (entry.widow) parts.push([t("The discards stay hidden until the game ends.")]);
  else parts.push([t("The widow and the discards stay hidden until the game ends.")]);
  if (!entry.discards && entry.money_discarded?.length) {
    parts.push(fillNodes(t("Money discarded: {cards}"), { cards: cards(entry.money_discarded) }));
  }
  return el("div", { class: "small muted secrets" }, ...parts.flatMap((nodes, index) => (index ? [" · ", ...nodes] : nodes)));
}

function drawHistory() {
  const view = table.message.view;
  const items = [...view.history].reverse().map((entry) =>
    el("li", { class: entry.made === false ? "set" : entry.made ? "made" : null }, dealSentence(view, entry),
      widowAndDiscards(entry)));
  if (!items.length) items.push(el("li", { class: "muted" }, t("No deal finished yet.")));
  part(".history").replaceChildren(...items);
  drawLastTricks(view);
}

/** The tricks of the last deal played out: they may be looked at once it is over (A-18). */
function drawLastTricks(view) {
  const box = part(".last-tricks");
  const tricks = view.previous_tricks ?? [];
  if (!tricks.length) {
    box.replaceChildren();
    return;
  }
  const deal = [...view.history].reverse().find((entry) => "bid" in entry || "bids" in entry)?.deal;
  const money = view.variant !== "variation";
  const rows = tricks.map((trick, index) => el("tr", {},
    el("td", { class: "num muted" }, number(index + 1)),
    el("td", {}, trick.cards.flatMap((entry, at) => [at ? " " : "", cardChip(entry.card)])),
    el("td", {}, shortName(trick.winner)),
    money ? el("td", { class: "num" }, dollars(trick.value)) : null));
  const open = box.querySelector("details")?.open ?? false;
  box.replaceChildren(el("details", { open },
    el("summary", {}, t("The tricks of deal {number}", { number: number(deal ?? view.history.length) })),
    el("table", { class: "tricks-table" },
      el("thead", {}, el("tr", {},
        el("th", { scope: "col", class: "num" }, "#"),
        el("th", { scope: "col" }, t("Cards played")),
        el("th", { scope: "col" }, t("Taken by")),
        money ? el("th", { scope: "col", class: "num" }, t("Worth")) : null)),
      el("tbody", {}, rows))));
}

function drawRules() {
  const body = part(".rules-body");
  if (body.childElementCount) return;
  body.replaceChildren(
    el("p", {}, t("Bid for the right to name trump: the highest bidder takes the widow, discards three cards and names trump, then leads the first trick.")),
    el("p", {}, t("Follow the colour led if you can; otherwise play any card. The highest trump takes the trick, else the highest card of the colour led.")),
    el("p", {}, t("The Tiger is the highest trump. The Bull doubles a trick's Money and the Bear cancels it; they are played only when you cannot follow, and led only when nothing else is left.")),
    el("p", {}, t("A side that takes Money worth its bid scores all it took; otherwise it loses its bid. The other side scores what it took.")),
  );
}

function announce(previous) {
  // One short sentence per update for screen readers; the page itself already shows it all.
  const { message } = table;
  const view = message.view;
  const sentences = [];
  if (view.trick_complete && Number.isInteger(view.trick_winner)
    && (!previous || !previous.view.trick_complete || previous.view.trick_number !== view.trick_number)) {
    sentences.push(isMine(view.trick_winner) ? t("You take the trick.")
      : t("{name} takes the trick.", { name: shortName(view.trick_winner) }));
  }
  if (view.phase === "over") sentences.push(t("The game is over."));
  else if (message.legal?.length) sentences.push(promptWords(view, cardChoice(message)));
  table.announced = speak(part(".announce"), sentences.join(" "), table.announced);
}

// --- keys -------------------------------------------------------------------------------------------

function moveAmongCards(step) {
  const cards = [...table.container.querySelectorAll(".hand .card")];
  if (!cards.length) return;
  const index = cards.indexOf(document.activeElement);
  const next = index < 0 ? (step > 0 ? 0 : cards.length - 1) : (index + step + cards.length) % cards.length;
  cards[next].focus();
}

onTableKeys("make_a_million", table, (event) => {
  if (event.key === "?") {
    event.preventDefault();
    toggleRules();
    return;
  }
  const message = table.message;
  if (!message?.legal?.length) return;
  if (event.key === "h" || event.key === "H") {
    event.preventDefault();
    askHint();
    return;
  }
  if (event.key === "ArrowLeft" || event.key === "ArrowRight") {
    if (table.container.contains(document.activeElement) || document.activeElement === document.body) {
      event.preventDefault();
      moveAmongCards(event.key === "ArrowLeft" ? -1 : 1);
    }
    return;
  }
  const choice = cardChoice(message);
  const key = event.key.toLowerCase();
  if (choice) {
    const index = CARD_KEYS.indexOf(key);
    const card = message.view.hand?.[index];
    if (index >= 0 && card) {
      event.preventDefault();
      chooseCard(card);
    }
    return;
  }
  if (key === "t" && part("#mam-bid")) {
    event.preventDefault();
    part("#mam-bid").focus();
    return;
  }
  const entry = menuOf(message).find((item) => item.key === key);
  if (entry) {
    event.preventDefault();
    play(entry.action);
  }
});

// --- styles -----------------------------------------------------------------------------------------

const STYLES = `
.mam { display: grid; gap: var(--gap, 1rem); grid-template-columns: minmax(0, 1fr); }
@media (min-width: 56rem) {
  .mam { grid-template-columns: minmax(0, 2fr) minmax(16rem, 1fr); }
}
.mam .col { display: flex; flex-direction: column; gap: var(--gap, 1rem); min-width: 0; }
.mam .table-head { display: flex; flex-wrap: wrap; align-items: baseline; justify-content: space-between; gap: 0.2rem 1rem; }
.mam .turn-line { margin: 0.2rem 0 0.6rem; }
.mam .ring { display: grid; gap: 0.4rem; grid-template-columns: repeat(3, minmax(0, 1fr));
  grid-template-areas: "tl t tr" "ul m ur" "l m r" "ll m lr" ". b ."; align-items: center;
  background: radial-gradient(ellipse at center, #1f5a3a 0%, #15402a 70%); border-radius: 1.2rem; padding: 0.6rem; }
.mam .ring .place-tl { grid-area: tl; } .mam .ring .place-t { grid-area: t; } .mam .ring .place-tr { grid-area: tr; }
.mam .ring .place-ul { grid-area: ul; } .mam .ring .place-ur { grid-area: ur; }
.mam .ring .place-l { grid-area: l; } .mam .ring .place-r { grid-area: r; }
.mam .ring .place-ll { grid-area: ll; } .mam .ring .place-lr { grid-area: lr; }
.mam .ring .place-b { grid-area: b; }
.mam .ring.crowded { grid-template-areas: "tl t tr" "l1 m r1" "l2 m r2" "bl b br"; }
.mam .ring.crowded.rows-3 { grid-template-areas: "tl t tr" "l1 m r1" "l2 m r2" "l3 m r3" "bl b br"; }
.mam .ring .place-l1 { grid-area: l1; } .mam .ring .place-l2 { grid-area: l2; } .mam .ring .place-l3 { grid-area: l3; }
.mam .ring .place-r1 { grid-area: r1; } .mam .ring .place-r2 { grid-area: r2; } .mam .ring .place-r3 { grid-area: r3; }
.mam .ring .place-bl { grid-area: bl; } .mam .ring .place-br { grid-area: br; }
.mam .ring .middle { grid-area: m; display: flex; flex-direction: column; align-items: center; gap: 0.2rem; text-align: center; }
.mam .seat { text-align: center; padding: 0.35rem 0.3rem; border-radius: 0.6rem; background: rgba(0,0,0,0.28);
  border: 2px solid transparent; min-width: 0; overflow-wrap: anywhere; }
.mam .seat.to-act { border-color: var(--accent, #f2c14e); }
.mam .seat.mine .seat-name { color: var(--info, #9cc8ff); }
.mam .seat-name { font-weight: 700; }
.mam .seat .marker { color: var(--accent-strong, #ffd56b); }
.mam .played { display: flex; flex-direction: column; align-items: center; gap: 0.1rem; min-height: 1.6rem; margin: 0.2rem 0; }
.mam .played.empty { color: var(--muted, #b3c4b8); font-size: 0.85rem; }
.mam .took { color: var(--ok, #86e3a6); font-size: 0.8rem; font-weight: 700; }
.mam .card-chip { display: inline-block; padding: 0.05rem 0.45rem; border-radius: 0.35rem; font-weight: 700;
  font-variant-numeric: tabular-nums; border: 2px solid transparent; }
.mam .card-chip.won { border-color: var(--ok, #86e3a6); }
.mam .red { background: #c8283e; color: #fff; }
.mam .yellow { background: #e0b422; color: #1a1405; }
.mam .black { background: #1b1b1b; color: #fff; border-color: #8a8a8a; }
.mam .green { background: #2f9e5b; color: #04140a; }
.mam .animal { background: #6b3fa0; color: #fff; }
.mam .hand { display: flex; flex-direction: column; gap: 0.4rem; }
.mam .hand-row { display: flex; flex-wrap: wrap; align-items: center; gap: 0.35rem; }
.mam .row-label { min-width: 4.5rem; color: var(--muted, #b3c4b8); font-size: 0.85rem; }
.mam button.card { display: inline-flex; align-items: center; gap: 0.3rem; min-height: 2.75rem; min-width: 2.75rem;
  padding: 0.2rem 0.5rem; border-radius: 0.45rem; font-weight: 800; font-variant-numeric: tabular-nums; }
.mam button.card kbd { font-size: 0.75rem; background: rgba(0,0,0,0.35); color: #fff; border-color: rgba(255,255,255,0.4); }
.mam button.card.red:hover { background: #dc3550; color: #fff; }
.mam button.card.yellow:hover { background: #f0c53a; color: #1a1405; }
.mam button.card.black:hover { background: #333; color: #fff; }
.mam button.card.green:hover { background: #37b368; color: #04140a; }
.mam button.card.animal:hover { background: #7d4fb8; color: #fff; }
.mam button.card.dimmed { opacity: 0.45; filter: saturate(0.4); }
.mam button.card[aria-disabled="true"] { cursor: default; }
.mam button.card.dimmed[aria-disabled="true"] { cursor: help; }
.mam .hinted { box-shadow: 0 0 0 3px #7fe0ff; }
.mam .refusal { margin: 0.5rem 0 0; color: var(--danger, #ff9b9b); font-weight: 700; min-height: 0; }
.mam .refusal:empty { display: none; }
.mam .decide { margin-top: 0.5rem; }
.mam .moves { display: flex; flex-wrap: wrap; gap: 0.4rem; }
.mam .moves button { min-height: 2.75rem; }
.mam .bid-form { margin-top: 0.6rem; }
.mam .bid-form label { display: block; margin-bottom: 0.3rem; }
.mam .bid-form .row { display: flex; flex-wrap: nowrap; gap: 0.4rem; }
.mam .bid-form input { width: 10rem; min-width: 0; flex: 0 1 10rem; font-variant-numeric: tabular-nums; }
.mam .reading { margin: 0.3rem 0 0; min-height: 1.2em; font-weight: 600; }
.mam .reading.problem { color: var(--danger, #ff9b9b); }
.mam .tools { display: flex; flex-wrap: wrap; align-items: center; gap: 0.5rem; margin-top: 0.6rem; }
.mam .score-table { width: 100%; border-collapse: collapse; }
.mam .score-table caption { text-align: left; color: var(--muted, #b3c4b8); padding-bottom: 0.3rem; }
.mam .score-table th, .mam .score-table td { padding: 0.3rem; border-bottom: 1px solid var(--surface-3, #23392d); text-align: left; }
.mam .score-table .num { text-align: right; font-variant-numeric: tabular-nums; }
.mam .score-table tr.mine { background: var(--surface-3, #23392d); }
.mam .tag { display: inline-block; margin-left: 0.35rem; padding: 0 0.4rem; border-radius: 999px; font-size: 0.75rem;
  font-weight: 700; border: 1px solid var(--info, #9cc8ff); color: var(--info, #9cc8ff); }
.mam .facts-list { display: grid; grid-template-columns: auto 1fr; gap: 0.3rem 0.8rem; margin: 0; }
.mam .facts-list dt { color: var(--muted, #b3c4b8); }
.mam .facts-list dd { margin: 0; }
.mam .auction { margin: 0.6rem 0 0; }
.mam .history { margin: 0; padding-left: 1.2rem; max-height: 18rem; overflow-y: auto; }
.mam .history li { padding: 0.15rem 0; }
.mam .history li.muted { list-style: none; margin-left: -1.2rem; }
.mam .history .secrets { margin-top: 0.15rem; color: var(--muted, #b3c4b8); }
.mam .history .secrets .card-chip { font-size: 0.8rem; }
.mam .deal-limit { margin: 0.5rem 0 0; color: var(--accent-strong, #ffd56b); font-weight: 700; }
.mam .last-tricks details { margin-top: 0.6rem; }
.mam .tricks-table { width: 100%; border-collapse: collapse; font-size: 0.9rem; }
.mam .tricks-table th, .mam .tricks-table td { padding: 0.2rem 0.3rem; text-align: left; vertical-align: top;
  border-bottom: 1px solid var(--surface-3, #23392d); }
.mam .tricks-table .num { text-align: right; font-variant-numeric: tabular-nums; }
.mam .tricks-table .card-chip { margin: 0.1rem 0; font-size: 0.85rem; }
.mam .history li.made { color: var(--ok, #86e3a6); }
.mam .history li.set { color: var(--danger, #ff9b9b); }
@media (max-width: 30rem) {
  .mam .ring { padding: 0.35rem; gap: 0.25rem; font-size: 0.85rem; }
  .mam .row-label { min-width: 100%; }
  .mam .facts-list { grid-template-columns: 1fr; }
  .mam .facts-list dd { margin-bottom: 0.3rem; }
}
`;

function ensureStyles() {
  if (document.getElementById("mam-styles")) return;
  document.head.append(el("style", { id: "mam-styles" }, STYLES));
}
