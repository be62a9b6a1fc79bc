// Greed's table in the browser (RULES.md §2), served at /games/greed/renderer.js.
//
// The renderer only draws: every rule stays on the server. It reads `view` (see
// its package's README.md, "View keys") and `legal`, and sends the actions the server listed.
// It exports the renderer interface of docs/server.md:
//
//   render(container, message, send)  draw a `state` message; `send` posts to the server
//   onMessage(container, message)     the room's other messages: `hint` and `error`
//
// The helpers every page shares (building elements, names of seats, sending an action once)
// come from the server's /static/common.js; its words are Greed's own (the catalog of the
// domain "greed"), through /static/i18n.js, and its points are written as the reader's
// language writes numbers.

import {
  controlNamed, el, focusedName, followHint, formatNumber as points, isOwnSeat, isSeated, onTableKeys,
  playerRow, playersHead, ruleTitle, sameAction, seatName, requestHint, sendAction, stillPending, speak,
  toggleDetails,
} from "/static/common.js";
import { fillNodes, percent, words } from "/static/i18n.js";

const { t, tn } = words("greed");

const FACE_CLASS = { $: "dollar", G: "g", R: "r", Eb: "eb", Em: "em", D: "d" };

/** How a screen reader says a face; the colours are in RULES.md §2.1. The letters stay as printed. */
function spoken(face) {
  return { $: t("dollar"), Eb: t("ebony E"), Em: t("emerald E") }[face] ?? face;
}

function kbd(key) {
  return el("kbd", {}, key);
}
const NUMBER_KEYS = 9; // keys 1..9 pick the first nine set-asides; the rest are clicked
const NUM_DICE = 6;
const LOG_LENGTH = 60; // finished turns kept in the page's log

// One Greed table per page; the key handler works on the latest render.
const table = {
  container: null,
  message: null,
  send: null,
  gameNumber: null,
  pending: false, // an action was sent and the server has not answered yet
  hint: null, // {version, waiting} or {version, advice}
  turns: new Map(), // finished turns seen on this page, by number, for the log
  callouts: [], // the turns that ended before this player's latest roll
  seenTurnsPlayed: null,
  rollKey: "",
  announced: "",
};

// --- dice -------------------------------------------------------------------------------------

function die(face, { chip = false, fresh = false } = {}) {
  const classes = ["die", `face-${FACE_CLASS[face] ?? "dollar"}`];
  if (chip) classes.push("chip");
  if (fresh) classes.push("fresh");
  const node = el("span", { class: classes.join(" "), role: "img", "aria-label": spoken(face), title: spoken(face) });
  // The two E's differ in colour only on a real die; the small b/m tells them apart for
  // anyone who cannot tell the colours apart.
  if (face === "Eb" || face === "Em") node.append("E", el("small", {}, face[1]));
  else node.append(face);
  return node;
}

function chips(faces) {
  return el("span", { class: "chips" }, faces.map((face) => die(face, { chip: true })));
}

// --- what the player may do -------------------------------------------------------------------
// The view lists each legal set-aside with its points (`keep_choices`) and says why a bank is
// refused (`bank_refusal`), so the page needs no copy of the scoring rules.

function choicesOf(message) {
  const worth = new Map((message.view.keep_choices ?? []).map((choice) => [choice.keep.join(" "), choice]));
  const keeps = [];
  let bank = null;
  for (const entry of message.legal ?? []) {
    if (entry.action?.bank === true) bank = entry;
    else if (Array.isArray(entry.action?.keep)) {
      const choice = worth.get(entry.action.keep.join(" "));
      keeps.push({ ...entry, faces: entry.action.keep, points: choice?.points ?? 0, diceNext: choice?.dice_next });
    }
  }
  return { bank, keeps };
}

/** Why banking is refused now, in the rules' words, as the engine says it (its code is for programs). */
function bankRefusal(message) {
  return message.view.bank_refusal?.message ?? t("banking is not allowed now");
}

/** Whether play has moved on from the roll-off: a decision made, or a turn over. */
function started(message) {
  return message.version > 0 || message.view.turns_played > 0;
}

/** What banking now would score: the points set aside plus the best dice of this roll (G-5). */
function bestBank(view) {
  return view.turn_total + Math.max(0, ...(view.keep_choices ?? []).map((choice) => choice.points));
}

// --- sending ------------------------------------------------------------------------------------

function play(action) {
  if (sendAction(table, action)) drawChoices();
}

function askHint() {
  if (requestHint(table)) drawChoices();
}

function toggleRules() {
  toggleDetails(table.container?.querySelector(".greed-rules"));
}

// --- the page's skeleton ------------------------------------------------------------------------

function build(container) {
  container.dataset.renderer = "greed";
  container.replaceChildren(
    el("div", { class: "greed" },
      el("div", { class: "banner" }),
      el("div", { class: "col col-main" },
        el("section", { class: "panel play", "aria-labelledby": "greed-play-heading" },
          el("div", { class: "roll-title" },
            el("h2", { id: "greed-play-heading" }),
            el("span", { class: "muted roll-facts" })),
          el("div", { class: "callouts" }),
          el("div", { class: "dice roll", role: "group", "aria-labelledby": "greed-play-heading" }),
          el("ul", { class: "aside-list", "aria-label": t("Set aside this turn") }),
          el("div", { class: "totals" }),
          el("p", { class: "goal" }),
          el("div", { class: "choices-box" }),
          el("div", { class: "tools" }),
          el("p", { class: "keys-help" },
            // Translators: {first}, {last}, {bank}, {hint} and {rules} are the keys 1, 9, b, h and ?.
            ...fillNodes(t("Keys: {first}–{last} set dice aside · {bank} bank · {hint} hint · {rules} scoring"),
              { first: kbd("1"), last: kbd("9"), bank: kbd("b"), hint: kbd("h"), rules: kbd("?") }))),
        el("div", { class: "extras" },
          el("details", { class: "panel greed-rolloff" }, el("summary", {}, t("Roll-off")),
            el("div", { class: "rolloff-body" })),
          el("details", { class: "panel greed-rules" },
            el("summary", { "aria-keyshortcuts": "?" }, t("Scoring"), " ", kbd("?")),
            el("div", { class: "rules-body" })))),
      el("div", { class: "col col-side" },
        el("section", { class: "panel board", "aria-label": t("Scores") }),
        el("section", { class: "panel log", "aria-labelledby": "greed-log-heading" },
          el("h2", { id: "greed-log-heading" }, t("Turns")),
          el("ol", { class: "turn-list" }))),
      el("p", { class: "visually-hidden announce", "aria-live": "polite" })),
  );
}

// --- drawing ------------------------------------------------------------------------------------

export function render(container, message, send) {
  const view = message.view;
  if (!view) return;
  if (container.dataset.renderer !== "greed") build(container);
  const newGame = table.gameNumber !== message.game_number || table.container !== container;
  if (newGame) {
    Object.assign(table, {
      gameNumber: message.game_number, turns: new Map(), callouts: [], seenTurnsPlayed: null, hint: null,
      rollKey: "", announced: "", rolloffFolded: false,
    });
    container.querySelector(".greed-rolloff").open = !started(message);
  }
  if (started(message) && !table.rolloffFolded) {
    // The roll-off matters until the game starts: it folds away once the first decision is
    // made or the first turn is over (it stays in the page, to be opened again).
    container.querySelector(".greed-rolloff").open = false;
    table.rolloffFolded = true;
  }
  const previous = newGame ? null : table.message;
  Object.assign(table, { container, message, send, pending: stillPending(table, message) });
  followHint(table);

  const ended = rememberTurns(view);
  drawBanner();
  drawPlay(ended);
  drawChoices();
  drawScoreboard();
  drawLog();
  drawRolloff();
  drawRules();
  announce(previous, ended);
}

/** Hints and refusals. A refusal ends "sending…"; a hint for this position is shown. */
export function onMessage(container, message) {
  if (container !== table.container || !table.message) return;
  if (message.type === "error") {
    table.pending = false;
    if (table.hint?.waiting) table.hint = null; // the refusal may have been the hint's
    drawChoices();
  } else if (message.type === "hint" && table.hint?.version === table.message.version) {
    // A hint asked before play moved on is dropped: its advice is for an older roll.
    table.hint = { version: table.message.version, advice: message.hint };
    drawChoices();
  }
}

function part(selector) {
  return table.container.querySelector(selector);
}

/** Add the view's recent turns to the log; return the ones that ended since the last state. */
function rememberTurns(view) {
  for (const turn of view.recent_turns ?? []) table.turns.set(turn.number, turn);
  const numbers = [...table.turns.keys()].sort((a, b) => a - b);
  for (const number of numbers.slice(0, Math.max(0, numbers.length - LOG_LENGTH))) table.turns.delete(number);
  const since = table.seenTurnsPlayed;
  table.seenTurnsPlayed = view.turns_played;
  if (since === null) return view.last_turn ? [view.last_turn] : [];
  return (view.recent_turns ?? []).filter((turn) => turn.number >= since);
}

function drawBanner() {
  const { message } = table;
  const view = message.view;
  const banner = part(".banner");
  if (view.phase === "over") {
    // The page names the winner (once) in its result; the table says how the game went.
    banner.replaceChildren(el("div", { class: "banner-box over", role: "status" },
      el("strong", {}, tn("{n} turn played.", "{n} turns played.", view.turns_played))));
    return;
  }
  if (view.final_round) {
    const still = [view.current, ...view.final_turns_left].filter((seat) => seat !== null)
      .map((seat) => (isOwnSeat(message, seat) ? t("you") : seatName(message.seats, seat)));
    const params = { name: seatName(message.seats, view.triggered_by), score: points(view.winning_score),
      players: still.join(", ") };
    // Translators: {final} is "Final round." in bold; {target} is the score to beat, in bold.
    const sentence = t("{final} {name} reached {score}. Everyone else has one last turn and must finish strictly above {target} to bank. Still to play: {players}.", params);
    banner.replaceChildren(el("div", { class: "banner-box" }, ...fillNodes(sentence,
      { final: el("strong", {}, t("Final round.")), target: el("strong", {}, points(view.target)) })));
    return;
  }
  banner.replaceChildren();
}

/**
 * "Ann banked 650 → 1,850" or "Bob greeded out on [dice], losing 300": one sentence (the
 * dice and the points in it), then the score it led to. The score after the bank is today's
 * score, so only the latest turns may show it.
 */
function turnSentence(turn, { withScore = true } = {}) {
  const name = seatName(table.message.seats, turn.seat);
  const last = turn.log?.[turn.log.length - 1];
  if (turn.greed_out) {
    const params = { name, points: points(last?.lost ?? 0) };
    // Translators: {dice} is the roll that scored nothing, drawn as dice.
    const losing = t("{name} greeded out on {dice}, losing {points}", params);
    // Translators: {dice} is the roll that scored nothing, drawn as dice.
    const sentence = last?.lost ? losing : t("{name} greeded out on {dice}", params);
    return [el("span", { class: "turn-words" }, ...fillNodes(sentence, { dice: chips(last?.roll ?? []) }))];
  }
  return [el("span", { class: "turn-words" }, ...fillNodes(t("{name} banked {points}", { name }),
    { points: el("span", { class: "good" }, points(turn.banked)) })),
  withScore ? el("span", { class: "muted" }, `→ ${points(table.message.view.scores[turn.seat])}`) : null];
}

function drawPlay(ended) {
  const { message } = table;
  const view = message.view;
  const seat = view.current;
  const heading = part("#greed-play-heading");
  const facts = part(".roll-facts");
  if (view.phase === "over") {
    heading.textContent = t("Final table");
    facts.textContent = "";
  } else {
    heading.textContent = isOwnSeat(message, seat) ? t("Your roll")
      : t("{name}'s roll", { name: seatName(message.seats, seat) });
    facts.textContent = tn("{n} die · turn {turn}", "{n} dice · turn {turn}", view.roll.length || view.dice_left,
      { turn: points(view.turns_played + 1) });
  }

  // What happened since this player last saw the table: a bank, or a run of greed-outs.
  if (ended.length) table.callouts = ended.slice(-3);
  part(".callouts").replaceChildren(...table.callouts.map((turn) =>
    el("p", { class: `last-turn ${turn.greed_out ? "greed-out" : "banked"}` }, turnSentence(turn))));
  if (!table.callouts.length && view.starter !== null && view.starter !== undefined) {
    part(".callouts").replaceChildren(el("p", { class: "last-turn" },
      t("{name} won the roll-off and starts.", { name: seatName(message.seats, view.starter) })));
  }

  // The dice land again only when a new roll arrives, not on every update.
  const rollKey = `${message.game_number}:${view.turns_played}:${view.turn_log.length}:${view.roll.join(" ")}`;
  const fresh = rollKey !== table.rollKey;
  table.rollKey = rollKey;
  const dice = part(".roll");
  if (view.roll.length) dice.replaceChildren(...view.roll.map((face) => die(face, { fresh })));
  else dice.replaceChildren(el("p", { class: "muted" }, view.phase === "over" ? t("No more rolls.") : t("Rolling…")));

  const aside = view.turn_log.filter((entry) => Array.isArray(entry.keep) && !("bank" in entry));
  part(".aside-list").replaceChildren(...(aside.length
    ? [el("li", { class: "muted" }, t("Set aside:")), ...aside.map((entry) => el("li", {}, chips(entry.keep),
      el("b", {}, `+${points(entry.points)}`), entry.hot_dice ? el("span", { class: "hot" }, t("hot dice")) : null))]
    : view.phase === "over" ? [] : [el("li", { class: "muted" }, t("Nothing set aside yet this turn."))]));

  const totals = part(".totals");
  const goal = part(".goal");
  if (view.phase === "over") {
    totals.replaceChildren();
    goal.replaceChildren();
    return;
  }
  const score = view.scores[seat];
  // One total with its meaning; what banking would score is labelled as just that.
  const parts = [el("span", { class: "set-aside-total" },
    ...fillNodes(t("Set aside this turn {points}"), { points: el("b", {}, points(view.turn_total)) }))];
  if (view.roll.length) {
    parts.push(view.can_bank
      ? el("span", { class: "bank-now" }, ...fillNodes(t("Banking now would score {points} → {score}",
        { score: points(score + view.bank_value) }), { points: el("b", { class: "good" }, points(view.bank_value)) }))
      : el("span", { class: "bank-now muted" }, ...fillNodes(t("Banking now would score {points}: not allowed"),
        { points: el("b", {}, points(bestBank(view))) })));
  }
  totals.replaceChildren(...parts);
  goal.className = "goal";
  if (view.final_round) {
    goal.textContent = t("Final round: a bank must finish above {target}.", { target: points(view.target) });
  } else if (view.min_turn_points) {
    goal.textContent = view.options?.min_every_turn
      ? t("A bank needs {points}+ in this turn (every turn).", { points: points(view.min_turn_points) })
      : t("A bank needs {points}+ in this turn (to open the score).", { points: points(view.min_turn_points) });
  } else {
    goal.textContent = t("Reaching {score} starts the final round.", { score: points(view.winning_score) });
    goal.classList.add("calm");
  }
}

function hintedAction() {
  return table.hint?.advice?.action ?? null;
}

function drawChoices() {
  const { message } = table;
  const view = message.view;
  const box = part(".choices-box");
  const tools = part(".tools");
  // Redrawing replaces the buttons; remember which one had focus to give it back.
  const focused = focusedName(table.container);

  // The key list matters only while there is something to press.
  part(".keys-help").hidden = !message.legal?.length;
  if (!message.legal?.length) {
    let waiting = "";
    if (view.phase === "play") {
      const name = seatName(message.seats, view.current);
      const bot = message.seats?.[view.current]?.kind === "bot";
      waiting = bot ? t("{name} is thinking…", { name }) : t("Waiting for {name} to play…", { name });
      if (!isSeated(message)) waiting += " " + t("You are watching.");
    }
    box.replaceChildren(waiting ? el("p", { class: "muted" }, waiting) : "");
    tools.replaceChildren();
    restoreFocus(focused);
    return;
  }

  const { bank, keeps } = choicesOf(message);
  const hinted = hintedAction();
  const busy = table.pending ? "true" : null;
  const items = [];
  if (bank) {
    const takes = keeps[0]?.faces ?? [];
    const button = el("button", {
      type: "button", class: `choice bank${hinted && sameAction(hinted, bank.action) ? " hinted" : ""}`,
      "data-focus": "bank", "aria-keyshortcuts": "b", "aria-disabled": busy,
    },
    el("kbd", { class: "key" }, "b"), el("span", {}, t("Bank, taking")), chips(takes),
    hinted && sameAction(hinted, bank.action) ? el("span", { class: "star" }, t("★ hint")) : null,
    el("span", { class: "points good" }, `+${points(view.bank_value)}`),
    el("span", { class: "then" }, `→ ${points(view.scores[view.current] + view.bank_value)}`));
    button.addEventListener("click", () => play(bank.action));
    items.push(el("li", {}, button));
  }
  keeps.forEach((keep, index) => {
    const key = index < NUMBER_KEYS ? String(index + 1) : null;
    const diceNext = view.roll.length - keep.faces.length;
    const isHinted = hinted && sameAction(hinted, keep.action);
    const faces = keep.faces.map(spoken).join(", ");
    let label = diceNext === 0
      ? t("set aside {faces} for {points} points, then roll all {n} again (hot dice)",
        { faces, points: points(keep.points), n: NUM_DICE })
      : t("set aside {faces} for {points} points, then roll {n}", { faces, points: points(keep.points), n: diceNext });
    if (isHinted) label = t("{choice} (hinted)", { choice: label });
    const button = el("button", {
      type: "button", class: `choice${isHinted ? " hinted" : ""}`, "data-focus": `keep:${keep.faces.join(" ")}`,
      "aria-keyshortcuts": key, "aria-disabled": busy, "aria-label": key ? `${key}: ${label}` : label,
    },
    key ? el("kbd", { class: "key" }, key) : el("span", { class: "key", "aria-hidden": "true" }, "·"),
    chips(keep.faces),
    isHinted ? el("span", { class: "star" }, t("★ hint")) : null,
    el("span", { class: "points" }, `+${points(keep.points)}`),
    diceNext === 0
      ? el("span", { class: "then hot" }, t("roll {n}, hot dice", { n: NUM_DICE }))
      : el("span", { class: "then" }, t("roll {n}", { n: diceNext })));
    button.addEventListener("click", () => play(keep.action));
    items.push(el("li", {}, button));
  });
  const list = el("ol", { class: "choices", "aria-label": t("Your choices, best first") }, items);
  const parts = [list];
  if (!bank) {
    // Last, so that the moves one can make stay in view on a small screen.
    const rule = message.view.bank_refusal?.rule;
    parts.push(el("p", { class: "no-bank", id: "greed-no-bank", title: ruleTitle(rule) }, kbd("b"),
      " ", t("No bank: {reason}.", { reason: bankRefusal(message) })));
  }
  if (table.pending) parts.push(el("p", { class: "muted", role: "status" }, t("Sending…")));
  box.replaceChildren(...parts);

  const hintButton = el("button", { type: "button", class: "secondary", "data-focus": "hint", "aria-keyshortcuts": "h" },
    kbd("h"), t("Hint"));
  hintButton.addEventListener("click", askHint);
  const rulesButton = el("button", { type: "button", class: "secondary", "data-focus": "rules", "aria-keyshortcuts": "?" },
    kbd("?"), t("Scoring"));
  rulesButton.addEventListener("click", toggleRules);
  tools.replaceChildren(hintButton, rulesButton, el("span", { class: "hint-text", role: "status" }, hintText(keeps, bank)));
  restoreFocus(focused);
}

function hintText(keeps, bank) {
  const hint = table.hint;
  if (!hint) return "";
  if (hint.waiting) return t("Thinking about a hint (the first one can take a while)…");
  const advice = hint.advice ?? {};
  if (!advice.action) return advice.label ?? t("No hint for this position.");
  let key = "";
  if (bank && sameAction(advice.action, bank.action)) key = "b";
  const index = keeps.findIndex((keep) => sameAction(advice.action, keep.action));
  if (index >= 0 && index < NUMBER_KEYS) key = String(index + 1);
  const move = advice.label ?? JSON.stringify(advice.action);
  const text = key ? t("Hint: {move} (key {key})", { move, key }) : t("Hint: {move}", { move });
  if (typeof advice.win_probability !== "number") return text;
  // With more than two players the advisor's figure is an estimate.
  const chance = `${advice.approximate ? "≈" : ""}${percent(advice.win_probability, 1)}`;
  return t("{hint} · win chance {chance}", { hint: text, chance });
}

function restoreFocus(focused) {
  if (!focused) return;
  const again = controlNamed(table.container, focused);
  if (again) {
    again.focus();
    return;
  }
  // The focused choice is gone (a new roll): stay in the list rather than drop to the page.
  if (focused === "bank" || focused.startsWith("keep:")) {
    (table.container.querySelector(".choice") ?? table.container).focus();
  }
}

function drawScoreboard() {
  const { message } = table;
  const view = message.view;
  const rows = view.scores.map((score, seat) => {
    const current = seat === view.current && view.phase === "play";
    const tags = [];
    if (isOwnSeat(message, seat)) tags.push(el("span", { class: "tag you" }, t("you")));
    if (view.winners.includes(seat)) tags.push(el("span", { class: "tag winner" }, t("winner")));
    else if (seat === view.triggered_by) {
      tags.push(el("span", { class: "tag reached" }, t("reached {score}", { score: points(view.winning_score) })));
    } else if (view.final_round && !current && !view.final_turns_left.includes(seat)) {
      tags.push(el("span", { class: "tag done" }, t("done")));
    } else if (view.final_round) tags.push(el("span", { class: "tag to-play" }, t("last turn")));
    if (!view.opened[seat]) tags.push(el("span", { class: "tag unopened" }, t("not opened")));
    const share = Math.min(100, Math.round((100 * score) / view.winning_score));
    const progress = el("span", { class: "progress", "aria-hidden": "true" },
      el("span", { style: `width: ${share}%` }));
    return playerRow(current, [seatName(message.seats, seat), " ", ...tags], [points(score), progress]);
  });
  part(".board").replaceChildren(el("table", { class: "scoreboard" },
    el("caption", {}, t("Scores · goal {goal}", { goal: points(view.winning_score) })),
    playersHead(t("Score")),
    el("tbody", {}, rows)));
}

function logSteps(log) {
  return el("ol", { class: "steps" }, log.map((entry) => {
    // A compact notation, each piece a label of its own: "rolled [dice] → kept [dice] +150".
    const step = [el("span", { class: "muted" }, t("rolled")), chips(entry.roll ?? [])];
    if (entry.greed_out) {
      step.push(el("span", { class: "bad" }, t("greed-out")));
      if (entry.lost) step.push(el("span", {}, t("lost {points}", { points: points(entry.lost) })));
    } else if ("bank" in entry) {
      step.push(el("span", { class: "arrow", "aria-hidden": "true" }, "→"), el("span", {}, t("took")),
        chips(entry.keep ?? []), el("b", {}, `+${points(entry.points)}`),
        el("span", { class: "good" }, t("banked {points}", { points: points(entry.bank) })));
    } else if (Array.isArray(entry.keep)) {
      step.push(el("span", { class: "arrow", "aria-hidden": "true" }, "→"), el("span", {}, t("kept")),
        chips(entry.keep), el("b", {}, `+${points(entry.points)}`));
      if (entry.hot_dice) step.push(el("span", { class: "hot" }, t("hot dice")));
    } else {
      step.push(el("span", { class: "muted" }, t("deciding…")));
    }
    return el("li", { class: "step" }, step);
  }));
}

function drawLog() {
  const { message } = table;
  const view = message.view;
  const items = [];
  if (view.phase === "play" && view.turn_log.length) {
    items.push(el("li", {},
      el("strong", {}, t("Turn {number} · {name} (now)",
        { number: points(view.turns_played + 1), name: seatName(message.seats, view.current) })),
      logSteps(view.turn_log)));
  }
  const numbers = [...table.turns.keys()].sort((a, b) => b - a);
  for (const number of numbers) {
    const turn = table.turns.get(number);
    items.push(el("li", {},
      el("div", { class: "turn-head" }, el("strong", {}, t("Turn {number} ·", { number: points(number + 1) })),
        ...turnSentence(turn, { withScore: false })),
      logSteps(turn.log ?? [])));
  }
  if (!items.length) items.push(el("li", { class: "muted" }, t("No turns finished yet.")));
  const list = part(".turn-list");
  list.replaceChildren(...items);
}

function drawRolloff() {
  const { message } = table;
  const view = message.view;
  const rounds = view.rolloff?.rounds ?? [];
  const body = rounds.map((round, index) => el("div", { class: "rolloff-round" },
    el("h3", {}, rounds.length === 1 ? t("Everyone rolls six dice")
      : index ? t("Round {number} (the tied roll again)", { number: index + 1 }) : t("Round {number}", { number: 1 })),
    el("ul", { class: "steps" }, round.map((entry) => el("li", { class: "step" },
      el("span", {}, seatName(message.seats, entry.seat)), chips(entry.roll), el("b", {}, points(entry.points)))))));
  if (view.starter !== null && view.starter !== undefined) {
    body.push(el("p", {}, el("strong", {}, t("{name} starts.", { name: seatName(message.seats, view.starter) })),
      " ", el("span", { class: "muted" }, t("The roll-off scores nothing."))));
  }
  part(".rolloff-body").replaceChildren(...body);
}

function drawRules() {
  const options = table.message.view.options ?? {};
  const body = part(".rules-body");
  const key = JSON.stringify(options);
  if (body.dataset.options === key) return; // options never change within a game
  body.dataset.options = key;
  const row = (faces, worth, note) => el("tr", {},
    el("td", {}, chips(faces), note ? el("span", { class: "muted small" }, ` ${note}`) : null),
    el("td", { class: "num" }, points(worth)));
  body.replaceChildren(
    el("table", { class: "rules-table" },
      el("caption", { class: "visually-hidden" }, t("Scoring, all dice of a combination from one roll")),
      el("thead", {}, el("tr", {}, el("th", { scope: "col" }, t("Combination")), el("th", { scope: "col" }, t("Points")))),
      el("tbody", {},
        row(["D"], 100, t("each")),
        row(["G"], 50, t("each")),
        row(["G", "G", "G"], 500),
        row(["R", "R", "R"], 400),
        row(["Eb", "Eb", "Eb"], 300, t("or three emerald")),
        row(["$", "$", "$"], 600),
        row(["D", "D", "D", "D"], options.dddd ?? 1000),
        // The name of the combination is the dice's own letters: it stays as printed.
        row(["$", "G", "R", "Eb", "Em", "D"], 1000, "$GREED"),
        row(["R", "R", "R", "R", "R", "R"], options.six_of_a_kind ?? 5000, t("six of a kind")))),
    el("p", { class: "small" }, t("A single $, R or E scores nothing, nor does a pair. Three D's are just 3 × {each}, and a fourth G, R or $ adds nothing. Only scoring dice may be set aside, and dice of different rolls never combine.", { each: points(100) })),
    el("p", { class: "small" }, options.min_every_turn
      ? t("Every bank needs at least {points} points in that one turn.", { points: points(500) })
      : t("Your first bank needs at least {points} points in that one turn; after that any amount may be banked.",
        { points: points(500) })),
    el("p", { class: "small" }, t("Hot dice: when all six dice are set aside you must roll all six again. A bank reaching {goal} starts the final round: everyone else has one more turn and must finish strictly above the best score.", { goal: points(table.message.view.winning_score ?? 5000) })),
  );
}

function announce(previous, ended) {
  // One short sentence per update for screen readers; the page itself already shows it all.
  const { message } = table;
  const view = message.view;
  const sentences = ended.filter(() => previous).map((turn) => turn.greed_out
    ? t("{name} greeded out.", { name: seatName(message.seats, turn.seat) })
    : t("{name} banked {points}.", { name: seatName(message.seats, turn.seat), points: points(turn.banked) }));
  if (view.phase === "over") sentences.push(t("The game is over."));
  else if (message.legal?.length) sentences.push(t("Your roll: {dice}.", { dice: view.roll.map(spoken).join(", ") }));
  else if (!previous || previous.view.current !== view.current) {
    sentences.push(t("{name} to play.", { name: seatName(message.seats, view.current) }));
  }
  table.announced = speak(part(".announce"), sentences.join(" "), table.announced);
}

// --- keys ---------------------------------------------------------------------------------------

onTableKeys("greed", table, (event) => {
  if (event.key === "?") {
    event.preventDefault();
    toggleRules();
    return;
  }
  if (!table.message?.legal?.length) return;
  const { bank, keeps } = choicesOf(table.message);
  if (/^[1-9]$/.test(event.key)) {
    const keep = keeps[Number(event.key) - 1];
    if (keep) {
      event.preventDefault();
      play(keep.action);
    }
  } else if (event.key === "b" || event.key === "B") {
    event.preventDefault();
    if (bank) {
      play(bank.action);
      return;
    }
    // Banking is refused: say why, on screen and to screen readers.
    part("#greed-no-bank")?.animate?.([{ opacity: 0.4 }, { opacity: 1 }], { duration: 400 });
    part(".announce").textContent = t("No bank: {reason}.", { reason: bankRefusal(table.message) });
  } else if (event.key === "h" || event.key === "H") {
    event.preventDefault();
    askHint();
  }
});
