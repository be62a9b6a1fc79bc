// Who Wants to Be a Millionaire's table in the browser (RULES.md §4, §7.1 to §7.3), served at
// /games/millionaire/renderer.js.
//
// The renderer only draws: every rule stays on the server. It reads `view` (see the
// package's README.md, "The view") and `legal`, and sends the actions the server listed.
// Answers are secret until the reveal: a seat's view holds its own answer, hunch and
// lifeline cards only, and this page shows no more than its view. It exports the renderer
// interface of docs/server.md:
//
//   render(container, message, send)  draw a `state` message; `send` posts to the server
//   onMessage(container, message)     the room's other messages: `hint` and `error`
//   formatScore(cents)                the final standings are money
//
// The helpers every page shares come from the server's /static/common.js; the styles of this
// table are its own (below). Its words are the game's own (the catalog of the domain
// "millionaire"), through /static/i18n.js, and its money is written the reader's way.

import {
  el, isOwnSeat, isSeated, listWords, onTableKeys, playerRow, playersHead, refusalWords, sameAction, seatName,
  followHint, requestHint, sendAction, speak, stillPending, toggleDetails,
} from "/static/common.js";
import { fillNodes, money, words } from "/static/i18n.js";

const { t } = words("millionaire");

const LETTERS = ["A", "B", "C", "D"];
const LIFELINES = ["fifty", "audience", "phone"];
const LOG_LENGTH = 60; // reveals kept in the page's log

// One table per page; the key handler works on the latest render.
const table = {
  container: null,
  message: null,
  send: null,
  pending: false, // an action was sent and the server has not answered yet
  gameNumber: null,
  hint: null, // {version, asked, waiting} or {version, asked, advice} or {version, asked, failed}
  sureFor: null, // the question the confidence typed in the form is about: "game-round-level"
  refusal: null, // {version, text}
  noHints: false, // the server said this game gives no hints
  confirmWalk: null, // the version at which "walk away" waits to be confirmed
  choosingFriend: null, // the version at which the friends to phone are listed
  reveals: new Map(), // every reveal seen on this page, by "round-level"
  announced: "",
};

function dollars(cents) {
  return money(cents, "USD");
}

function kbd(key) {
  return el("kbd", {}, key);
}

function part(selector) {
  return table.container.querySelector(selector);
}

function lifelineName(kind) {
  if (kind === "fifty") return t("50:50");
  if (kind === "audience") return t("Ask the Audience");
  return t("Phone a Friend");
}

/** A question's category in the reader's words (the view holds its id; an unknown one shows as it is). */
function categoryName(category) {
  const names = {
    arts: t("arts"), everyday: t("everyday"), film: t("film"), food: t("food"), geography: t("geography"),
    history: t("history"), language: t("language"), literature: t("literature"), mathematics: t("mathematics"),
    music: t("music"), nature: t("nature"), science: t("science"), sport: t("sport"), technology: t("technology"),
  };
  return category ? names[category] ?? category : "";
}

/** The legal moves now, by kind: {answer: ["A", ...], walk: [true], phone: [1, 2], ...}. */
function legalKinds() {
  const kinds = {};
  for (const entry of table.message?.legal ?? []) {
    const [kind, value] = Object.entries(entry.action)[0];
    (kinds[kind] ??= []).push(value);
  }
  return kinds;
}

// --- sending ------------------------------------------------------------------------------------

function play(action) {
  table.confirmWalk = null;
  table.choosingFriend = null;
  table.refusal = null;
  if (sendAction(table, action)) drawStage();
}

function chooseLetter(letter) {
  const kinds = legalKinds();
  if (kinds.card?.includes(letter)) play({ card: letter });
  else if (kinds.answer?.includes(letter)) play({ answer: letter });
}

function askWalk() {
  if (!legalKinds().walk) return;
  table.confirmWalk = table.message.version;
  table.choosingFriend = null;
  drawStage();
  part(".confirm-walk button.walk")?.focus();
}

function askPhone() {
  const friends = legalKinds().phone ?? [];
  if (!friends.length) return;
  table.choosingFriend = table.message.version;
  table.confirmWalk = null;
  drawStage();
  part(".friends button")?.focus();
}

/**
 * Ask the advisor about this position, telling it `input` if given (the person's confidence).
 * The same question twice at one position is asked once; a new confidence is a new question,
 * even while the last one waits: the server then answers only the latest.
 */
function askHint(input = null) {
  if (requestHint(table, input)) drawStage();
}

/** The confidence typed in the form, {A: 60, B: 40, C: 0, D: 0}; a blank or a closed field is 0.
 * Null, with the reason shown, when a field holds something other than a whole number from 0 to 100. */
function statedConfidence() {
  const confidence = {};
  for (const field of table.container.querySelectorAll(".sure input")) {
    const letter = field.dataset.letter;
    const typed = field.value.trim();
    const value = field.disabled || typed === "" ? 0 : Number(typed);
    if (field.validity.badInput || !Number.isInteger(value) || value < 0 || value > 100) {
      part(".sure-problem").textContent = t("Say how sure you are of {letter} with a whole number from 0 to 100.", { letter });
      field.focus();
      return null;
    }
    confidence[letter] = value;
  }
  part(".sure-problem").textContent = "";
  return confidence;
}

function askWithConfidence(event) {
  event.preventDefault();
  const confidence = statedConfidence();
  if (confidence) askHint({ confidence });
}

function focusConfidence() {
  part(".sure input:not(:disabled)")?.focus();
}

function toggleRules() {
  toggleDetails(part(".mill-rules"));
}

// --- the page's skeleton ------------------------------------------------------------------------

function build(container) {
  ensureStyles();
  container.dataset.renderer = "millionaire";
  container.replaceChildren(
    el("div", { class: "mill" },
      el("div", { class: "col col-main" },
        el("section", { class: "panel stage", "aria-labelledby": "mill-stage-heading" },
          el("div", { class: "stage-head" },
            el("h2", { id: "mill-stage-heading" }),
            el("span", { class: "facts" })),
          el("p", { class: "turn-line", role: "status" }),
          el("p", { class: "practice" }),
          el("p", { class: "category muted" }),
          el("p", { class: "question-text", id: "mill-question" }),
          el("div", { class: "options", role: "group", "aria-labelledby": "mill-question" }),
          el("div", { class: "secrets" }),
          el("div", { class: "moves" }),
          el("p", { class: "problem", role: "alert" }),
          el("p", { class: "hint-line", role: "status" }),
          el("div", { class: "tools" }, el("span", { class: "tool-buttons" }), confidenceForm()),
          el("p", { class: "keys-help muted small" },
            // Translators: {letters}, {walk}, {fifty}, {audience}, {phone}, {hint}, {sure} and {rules} are the keys a-d, w, f, u, p, h, s and ?.
            ...fillNodes(t("Keys: {letters} answer · {walk} walk away · {fifty} 50:50 · {audience} audience · {phone} phone · {hint} hint · {sure} how sure · {rules} rules"),
              { letters: kbd("a–d"), walk: kbd("w"), fifty: kbd("f"), audience: kbd("u"), phone: kbd("p"),
                hint: kbd("h"), sure: kbd("s"), rules: kbd("?") }))),
        el("section", { class: "panel reveal", "aria-labelledby": "mill-reveal-heading" },
          el("h2", { id: "mill-reveal-heading" }, t("Last reveal")),
          el("div", { class: "reveal-body" })),
        el("section", { class: "panel players-panel", "aria-labelledby": "mill-players-heading" },
          el("h2", { id: "mill-players-heading" }, t("Players")),
          el("table", { class: "players" }),
          el("div", { class: "rounds" })),
        el("details", { class: "panel mill-rules" },
          el("summary", { "aria-keyshortcuts": "?" }, t("How it works"), " ", kbd("?")),
          el("div", { class: "rules-body" }))),
      el("div", { class: "col col-side" },
        el("section", { class: "panel ladder-panel", "aria-labelledby": "mill-ladder-heading" },
          el("h2", { id: "mill-ladder-heading" }, t("Money tree")),
          el("ol", { class: "ladder", "aria-labelledby": "mill-ladder-heading" }),
          el("p", { class: "muted small legend" }, t("◆ safe haven: a wrong answer above it still pays it"))),
        el("section", { class: "panel log", "aria-labelledby": "mill-log-heading" },
          el("h2", { id: "mill-log-heading" }, t("Reveals")),
          el("ol", { class: "log-list" }))),
      el("p", { class: "visually-hidden announce", "aria-live": "polite" })),
  );
}

/** The form that tells the advisor how sure the person is of each option; built once, so
 * that what is typed survives the redraws of the table. */
function confidenceForm() {
  const form = el("form", { class: "sure", "aria-labelledby": "mill-sure-heading", novalidate: "" },
    el("span", { id: "mill-sure-heading", class: "sure-title" }, kbd("s"), t("How sure are you? (0 to 100)")),
    ...LETTERS.map((letter) => el("label", { class: "sure-field" },
      el("span", { class: "letter", "aria-hidden": "true" }, letter),
      el("input", {
        type: "number", min: "0", max: "100", step: "1", inputmode: "numeric", placeholder: "0",
        "data-letter": letter, "aria-label": t("How sure you are of {letter}, from 0 to 100", { letter }),
      }))),
    el("button", { type: "submit", class: "secondary compact" }, t("Hint with my confidence")),
    el("p", { class: "sure-problem", role: "alert" }));
  form.addEventListener("submit", askWithConfidence);
  return form;
}

// --- drawing ------------------------------------------------------------------------------------

/** Scores are money in cents; the room page writes the final standings with this. */
export function formatScore(cents) {
  return dollars(cents);
}

export function render(container, message, send) {
  const view = message.view;
  if (!view) return;
  if (container.dataset.renderer !== "millionaire") build(container);
  if (table.gameNumber !== message.game_number || table.container !== container) {
    Object.assign(table, { gameNumber: message.game_number, reveals: new Map(), hint: null, announced: "" });
  }
  const moved = table.message?.version !== message.version;
  Object.assign(table, { container, message, send, pending: stillPending(table, message) });
  if (moved) {
    table.confirmWalk = null;
    table.choosingFriend = null;
    table.refusal = null;
  }
  followHint(table);
  const reveal = view.last_reveal;
  const fresh = reveal && !table.reveals.has(revealKey(reveal));
  if (reveal) table.reveals.set(revealKey(reveal), reveal);
  drawStage();
  drawReveal(fresh);
  drawPlayers();
  drawLadder();
  drawLog();
  drawRules();
  announce(fresh);
}

/**
 * Hints and refusals. A refusal ends "sending…" and shows beside the controls; a hint for
 * this position is shown. Returns true when it showed the refusal itself.
 */
export function onMessage(container, message) {
  if (container !== table.container || !table.message) return false;
  if (message.type === "error") {
    table.pending = false;
    let shown = false;
    if (table.hint?.waiting) {
      table.hint = { version: table.hint.version, asked: table.hint.asked, failed: refusalWords(message) };
      if (message.code === "no_hint") table.noHints = true; // no advisor here: the button goes
    } else if (table.message.legal?.length) {
      table.refusal = { version: table.message.version, text: refusalWords(message) };
      shown = true;
    }
    drawStage();
    return shown;
  }
  if (message.type === "hint" && table.hint?.version === table.message.version) {
    table.hint = { version: table.message.version, asked: table.hint.asked, advice: message.hint };
    drawStage();
  }
  return false;
}

function revealKey(reveal) {
  return `${reveal.round}-${reveal.level}`;
}

/** The question, its options, this seat's secrets and its moves. */
function drawStage() {
  const { message } = table;
  const view = message.view;
  const over = message.status === "over" || view.winners.length > 0;
  part("#mill-stage-heading").textContent = over
    ? t("Game over")
    : t("Round {round} of {rounds} · question {level} of 15", { round: view.round, rounds: view.rounds, level: view.level });
  part(".facts").replaceChildren(over ? "" : el("span", {}, ...fillNodes(t("for {amount}"),
    { amount: el("strong", { class: "money" }, dollars(view.playing_for)) })));
  part(".turn-line").replaceChildren(turnLine(view, over));
  // A table that deals people hunches too says so while it is on (WM-5).
  part(".practice").textContent = view.options?.hunches === "everyone"
    ? t("Practice table: people are dealt a hunch for each question too, as bots are.") : "";
  const question = view.question;
  part(".category").textContent = question && !over ? categoryName(question.category) : "";
  part(".question-text").textContent = question && !over ? question.text : "";
  drawOptions(view, over);
  drawSecrets(view, over);
  drawMoves(view);
  const refusal = table.refusal?.version === message.version ? table.refusal.text : "";
  part(".problem").textContent = refusal;
  part(".hint-line").textContent = hintWords();
  drawTools(over);
}

function turnLine(view, over) {
  const { message } = table;
  if (over) return t("The game is over.");
  const kinds = legalKinds();
  const helping = view.helping;
  if (kinds.card) {
    const asker = seatName(message.seats, helping.asker);
    return el("strong", { class: "your-turn" }, helping.lifeline === "phone"
      ? t("{name} phones you: pass the card you believe is right.", { name: asker })
      : t("{name} asks the audience: pass the card you believe is right.", { name: asker }));
  }
  if (kinds.answer) return el("strong", { class: "your-turn" }, t("Your final answer? Lock in a letter, walk away or use a lifeline."));
  // Those the round waits for are others: this seat, when it must act, was told so above.
  const waiting = (message.to_act ?? []).map((seat) => seatName(message.seats, seat));
  if (helping) {
    const params = { name: seatName(message.seats, helping.asker), lifeline: lifelineName(helping.lifeline), names: listWords(waiting) };
    return isOwnSeat(message, helping.asker)
      ? t("You use {lifeline}; waiting for {names}.", params)
      : t("{name} uses {lifeline}; waiting for {names}.", params);
  }
  if (isSeated(message) && view.host === message.seat) return t("You host this round; waiting for {names}.", { names: listWords(waiting) });
  if (isSeated(message) && view.your_answer) {
    return t("You have locked in; waiting for {names}.", { names: listWords(waiting) });
  }
  if (isSeated(message) && !view.players[message.seat].in_round) {
    return t("You are out of this round; waiting for {names}.", { names: listWords(waiting) });
  }
  return waiting.length ? t("Waiting for {names}.", { names: listWords(waiting) }) : "";
}

function drawOptions(view, over) {
  const box = part(".options");
  const question = view.question;
  if (!question || over) {
    box.replaceChildren();
    return;
  }
  const kinds = legalKinds();
  const asked = Boolean(kinds.card);
  const kept = view.your_options ?? LETTERS;
  const focused = document.activeElement?.dataset?.letter;
  box.replaceChildren(...question.options.map((option) => {
    const letter = option.letter;
    const usable = asked ? kinds.card.includes(letter) : (kinds.answer ?? []).includes(letter);
    const removed = !kept.includes(letter);
    const chosen = view.your_answer === letter;
    const hinted = sameAction(table.hint?.advice?.action, asked ? { card: letter } : { answer: letter });
    const classes = ["option"];
    if (removed) classes.push("removed");
    if (chosen) classes.push("chosen");
    if (view.correct === letter) classes.push("correct");
    if (hinted) classes.push("hinted");
    let label;
    if (removed) label = t("{letter}: {text}, removed by the 50:50", { letter, text: option.text });
    else if (asked) label = t("Pass card {letter}: {text}", { letter, text: option.text });
    else if (chosen) label = t("{letter}: {text}, your final answer", { letter, text: option.text });
    else label = t("Lock in {letter}: {text}", { letter, text: option.text });
    const button = el("button", {
      type: "button", class: classes.join(" "), "data-letter": letter, "aria-label": label,
      "aria-keyshortcuts": letter.toLowerCase(), "aria-disabled": usable && !table.pending ? null : "true",
      "aria-pressed": chosen ? "true" : null,
    }, el("span", { class: "letter" }, letter), el("span", { class: "text" }, option.text),
    chosen ? el("span", { class: "tag" }, t("final answer")) : null,
    view.correct === letter ? el("span", { class: "tag good" }, t("correct")) : null);
    if (usable) button.addEventListener("click", () => chooseLetter(letter));
    return button;
  }));
  if (focused) box.querySelector(`[data-letter="${focused}"]`)?.focus();
}

/** What only this seat sees: its hunch and its lifeline cards. */
function drawSecrets(view, over) {
  const box = part(".secrets");
  const lines = [];
  if (!over && view.your_hunch) {
    lines.push(el("p", {}, ...fillNodes(t("Your hunch, four clues that lean towards the right answer: {clues}"),
      { clues: el("strong", { class: "clues" }, view.your_hunch.split("").join(" ")) })));
  }
  if (!over && view.your_audience_cards) {
    lines.push(el("p", {}, ...fillNodes(t("The audience's cards: {cards}"),
      { cards: el("strong", { class: "cards" }, view.your_audience_cards.join(", ")) })));
  }
  if (!over && view.your_phone_cards) {
    lines.push(el("p", {}, ...fillNodes(t("Your friend's cards: {cards}"),
      { cards: el("strong", { class: "cards" }, view.your_phone_cards.join(", ")) })));
  }
  if (!over && view.your_answer === "walk") lines.push(el("p", { class: "locked" }, t("You walk away: it shows at the reveal.")));
  else if (!over && view.your_answer) {
    lines.push(el("p", { class: "locked" }, t("You have locked in {letter}: it shows at the reveal.", { letter: view.your_answer })));
  }
  box.replaceChildren(...lines);
}

/** Walking away (confirmed first) and the lifelines, each with its key. */
function drawMoves(view) {
  const box = part(".moves");
  const kinds = legalKinds();
  if (!kinds.answer) {
    box.replaceChildren();
    return;
  }
  const busy = table.pending ? "true" : null;
  const you = table.message.seat;
  const reached = view.players[you].reached;
  const buttons = [];
  const walk = el("button", { type: "button", class: "secondary", "aria-keyshortcuts": "w", "aria-disabled": busy,
    "data-focus": "walk" }, kbd("w"), t("Walk away with {amount}", { amount: dollars(reached) }));
  walk.addEventListener("click", askWalk);
  buttons.push(walk);
  const used = view.players[you].lifelines_used;
  for (const kind of LIFELINES) {
    const key = { fifty: "f", audience: "u", phone: "p" }[kind];
    const available = Boolean(kinds[kind]);
    const hinted = kind !== "phone" && sameAction(table.hint?.advice?.action, { [kind]: true });
    const button = el("button", {
      type: "button", class: `lifeline${hinted ? " hinted" : ""}`, "aria-keyshortcuts": key,
      "aria-disabled": available && !busy ? null : "true", "data-focus": kind,
      title: used.includes(kind) ? t("(used)") : null,
    }, kbd(key), lifelineName(kind), used.includes(kind) ? el("span", { class: "visually-hidden" }, " ", t("(used)")) : null);
    if (available) button.addEventListener("click", kind === "phone" ? askPhone : () => play({ [kind]: true }));
    buttons.push(button);
  }
  const children = [el("div", { class: "move-row" }, ...buttons)];
  if (table.confirmWalk === table.message.version) {
    const yes = el("button", { type: "button", class: "walk" }, t("Walk away"));
    yes.addEventListener("click", () => play({ walk: true }));
    const no = el("button", { type: "button", class: "secondary" }, t("Stay"));
    no.addEventListener("click", () => {
      table.confirmWalk = null;
      drawStage();
      part('[data-focus="walk"]')?.focus();
    });
    children.push(el("div", { class: "confirm-walk", role: "group", "aria-label": t("Walk away?") },
      el("p", {}, t("Walk away with {amount}? It is final, and shows only at the reveal.", { amount: dollars(reached) })),
      el("div", { class: "move-row" }, yes, no)));
  }
  if (table.choosingFriend === table.message.version) {
    const friends = (kinds.phone ?? []).map((seat, index) => {
      const button = el("button", { type: "button", class: "secondary", "aria-keyshortcuts": String(index + 1) },
        kbd(String(index + 1)), seatName(table.message.seats, seat));
      button.addEventListener("click", () => play({ phone: seat }));
      return button;
    });
    const back = el("button", { type: "button", class: "secondary" }, t("Back"));
    back.addEventListener("click", () => {
      table.choosingFriend = null;
      drawStage();
    });
    children.push(el("div", { class: "friends", role: "group", "aria-label": t("Phone a Friend: whom do you call?") },
      el("p", {}, t("Phone a Friend: whom do you call?")), el("div", { class: "move-row" }, ...friends, back)));
  }
  box.replaceChildren(...children);
}

function drawTools(over) {
  const buttons = [];
  const hints = !over && table.message.legal?.length && !table.noHints;
  if (hints) {
    const hint = el("button", { type: "button", class: "secondary compact", "aria-keyshortcuts": "h" }, kbd("h"), t("Hint"));
    hint.addEventListener("click", () => askHint());
    buttons.push(hint);
  }
  const rules = el("button", { type: "button", class: "secondary compact", "aria-keyshortcuts": "?" }, kbd("?"), t("How it works"));
  rules.addEventListener("click", toggleRules);
  buttons.push(rules);
  part(".tool-buttons").replaceChildren(...buttons);
  drawConfidence(Boolean(hints));
}

/** The confidence form: shown while a hint can be asked, its fields blank for each new question,
 * closed for the options this seat's 50:50 removed. */
function drawConfidence(shown) {
  const form = part(".sure");
  form.hidden = !shown;
  if (!shown) return;
  const view = table.message.view;
  const question = `${table.message.game_number}-${view.round}-${view.level}`;
  const fresh = table.sureFor !== question;
  table.sureFor = question;
  const kept = view.your_options ?? LETTERS;
  for (const field of form.querySelectorAll("input")) {
    if (fresh) field.value = "";
    field.disabled = !kept.includes(field.dataset.letter);
    if (field.disabled) field.value = "";
  }
  if (fresh) part(".sure-problem").textContent = "";
}

function hintWords() {
  const hint = table.hint;
  if (!hint || hint.version !== table.message.version) return "";
  if (hint.waiting) return t("Thinking about a hint…");
  if (hint.failed) return hint.failed;
  const advice = hint.advice ?? {};
  // Refused (a confidence of 0 for every option left, say): the advisor's reason says why.
  if (advice.action === null && advice.reason) return advice.reason;
  const move = advice.label ?? JSON.stringify(advice.action);
  return advice.reason ? t("Hint: {move} · {reason}", { move, reason: advice.reason }) : t("Hint: {move}", { move });
}

// --- the reveal ---------------------------------------------------------------------------------

/**
 * One player's answer at a reveal and what came of it, as one sentence: one message for this
 * page's own seat ("You answered B") and one for another player, since a language conjugates
 * the verb for its subject.
 */
function revealSentence(entry) {
  const letter = entry.answer;
  const amount = dollars(entry.paid);
  if (isOwnSeat(table.message, entry.seat)) {
    if (entry.outcome === "walked") return t("You walked away with {amount}.", { amount });
    if (entry.outcome === "millionaire") return t("You answered {letter}: right, and you win {amount}!", { letter, amount });
    if (entry.outcome === "wrong") return t("You answered {letter}: wrong, and you leave with {amount}.", { letter, amount });
    if (entry.paid) return t("You answered {letter}: right, and you leave with {amount} as the game ends.", { letter, amount });
    return t("You answered {letter}: right, on to the next question.", { letter });
  }
  const name = seatName(table.message.seats, entry.seat);
  if (entry.outcome === "walked") return t("{name} walked away with {amount}.", { name, amount });
  if (entry.outcome === "millionaire") return t("{name} answered {letter}: right, and wins {amount}!", { name, letter, amount });
  if (entry.outcome === "wrong") return t("{name} answered {letter}: wrong, and leaves with {amount}.", { name, letter, amount });
  if (entry.paid) return t("{name} answered {letter}: right, and leaves with {amount} as the game ends.", { name, letter, amount });
  return t("{name} answered {letter}: right, on to the next question.", { name, letter });
}

const OUTCOME_CLASSES = { right: "good", millionaire: "money", walked: "walked", wrong: "bad" };

function revealLine(entry) {
  return el("li", { class: OUTCOME_CLASSES[entry.outcome] ?? null }, revealSentence(entry));
}

function revealNodes(reveal) {
  return [
    el("p", { class: "muted small" }, t("Round {round} · question {level}: {question}",
      { round: reveal.round, level: reveal.level, question: reveal.question })),
    el("p", { class: "answer" }, ...fillNodes(t("The answer is {letter}: {text}"),
      { letter: el("strong", { class: "good" }, reveal.correct), text: el("strong", { class: "good" }, reveal.answer_text) })),
    el("p", { class: "explanation" }, reveal.explanation),
    el("ul", { class: "outcomes" }, reveal.answers.map(revealLine)),
  ];
}

function drawReveal(fresh) {
  const reveal = table.message.view.last_reveal;
  const box = part(".reveal-body");
  part(".reveal").classList.toggle("fresh", Boolean(fresh));
  if (!reveal) {
    box.replaceChildren(el("p", { class: "muted" },
      t("Answers are revealed together once every player in the round has locked in.")));
    return;
  }
  box.replaceChildren(...revealNodes(reveal));
}

function drawLog() {
  const list = part(".log-list");
  const reveals = [...table.reveals.values()].slice(-LOG_LENGTH).reverse();
  part(".log").hidden = reveals.length === 0;
  list.replaceChildren(...reveals.map((reveal) => el("li", {},
    el("span", { class: "muted small" }, t("Round {round} · question {level}", { round: reveal.round, level: reveal.level })),
    " ", ...fillNodes(t("The answer is {letter}: {text}"),
      { letter: el("strong", {}, reveal.correct), text: reveal.answer_text }),
    el("ul", { class: "outcomes" }, reveal.answers.map(revealLine)))));
}

function announce(fresh) {
  const reveal = table.message.view.last_reveal;
  if (!fresh || !reveal) return;
  const said = t("The answer is {letter}: {text}", { letter: reveal.correct, text: reveal.answer_text });
  table.announced = speak(part(".announce"), said, table.announced);
}

// --- players, ladder, rounds ---------------------------------------------------------------------

function playerState(view, player) {
  if (view.winners.length) return ""; // the game is over: the standings say the rest
  if (player.seat === view.host) return el("span", { class: "tag role-host" }, t("hosts this round"));
  if (!player.in_round) return el("span", { class: "muted" }, t("out of the round"));
  if (view.helping && view.waiting_for.includes(player.seat)) return el("span", { class: "asked" }, t("asked for a card"));
  if (player.locked_in) return el("strong", {}, t("locked in"));
  return el("em", {}, t("thinking"));
}

function drawPlayers() {
  const { message } = table;
  const view = message.view;
  const toAct = new Set(message.to_act ?? []);
  const body = el("tbody", {}, view.players.map((player) => {
    const left = LIFELINES.filter((kind) => !player.lifelines_used.includes(kind)).map(lifelineName);
    const playing = player.seat !== view.host && !view.winners.length;
    const names = left.length ? listWords(left) : t("none");
    const name = el("span", {}, seatName(message.seats, player.seat),
      isOwnSeat(message, player.seat) ? el("span", { class: "tag you" }, t("you")) : null,
      view.winners.includes(player.seat) ? el("span", { class: "tag win" }, t("winner")) : null,
      // Under the name, so that the table stays narrow enough for a phone.
      playing ? el("span", { class: "lifelines-left muted small" },
        t("Lifelines left: {names}", { names })) : null);
    const row = playerRow(toAct.has(player.seat), name, dollars(player.money));
    row.insertBefore(el("td", {}, playerState(view, player)), row.lastElementChild);
    row.insertBefore(el("td", { class: "num" }, dollars(player.reached)), row.lastElementChild);
    return row;
  }));
  const head = playersHead(t("Money"));
  const headRow = head.querySelector("tr");
  const last = headRow.lastElementChild;
  headRow.insertBefore(el("th", { scope: "col" }, t("Now")), last);
  headRow.insertBefore(el("th", { scope: "col", class: "num" }, t("Reached")), last);
  part(".players").replaceChildren(el("caption", { class: "visually-hidden" }, t("Players")), head, body);
  drawRounds(view);
}

function drawRounds(view) {
  const box = part(".rounds");
  if (!view.rounds_played.length) {
    box.replaceChildren();
    return;
  }
  const seats = view.players.map((player) => player.seat);
  box.replaceChildren(el("h3", {}, t("Rounds played")), el("table", { class: "rounds-table" },
    el("thead", {}, el("tr", {}, el("th", { scope: "col" }, t("Round")),
      ...seats.map((seat) => el("th", { scope: "col", class: "num" }, seatName(table.message.seats, seat))))),
    el("tbody", {}, view.rounds_played.map((played) => el("tr", {},
      el("th", { scope: "row" }, String(played.round)),
      ...seats.map((seat) => el("td", { class: "num" },
        played.host === seat ? t("hosts") : dollars(played.paid[seat]))))))));
}

function drawLadder() {
  const { message } = table;
  const view = message.view;
  const playing = !view.winners.length && view.players.some((player) => player.in_round);
  const onStep = new Map();
  for (const player of view.players) {
    if (player.seat === view.host) continue;
    if (!onStep.has(player.step)) onStep.set(player.step, []);
    onStep.get(player.step).push(player.seat);
  }
  const marks = (step) => (onStep.get(step) ?? []).map((seat) => el("span", {
    class: `seat-mark${isOwnSeat(message, seat) ? " mine" : ""}`, title: seatName(message.seats, seat),
  }, String(seat + 1)));
  const rows = [...view.ladder].reverse().map((step) => {
    const here = playing && step.step === view.level;
    const classes = [step.safe ? "safe" : "", here ? "here" : ""].filter(Boolean).join(" ");
    const who = (onStep.get(step.step) ?? []).map((seat) => seatName(message.seats, seat));
    const spoken = [
      t("question {level}: {amount}", { level: step.step, amount: dollars(step.amount) }),
      step.safe ? t("safe haven") : "",
      here ? t("being played") : "",
      who.length ? t("reached by {names}", { names: listWords(who) }) : "",
    ].filter(Boolean).join(", ");
    return el("li", { class: classes || null, "aria-current": here ? "step" : null, "aria-label": spoken },
      el("span", { class: "step" }, String(step.step)),
      el("span", { class: "amount" }, dollars(step.amount)),
      el("span", { class: "safe-mark", "aria-hidden": "true" }, step.safe ? "◆" : ""),
      el("span", { class: "marks", "aria-hidden": "true" }, ...marks(step.step)));
  });
  const start = (onStep.get(0) ?? []).map((seat) => seatName(message.seats, seat));
  rows.push(el("li", { class: "start", "aria-label": start.length ? t("not yet on the tree: {names}", { names: listWords(start) }) : t("start") },
    el("span", { class: "step" }, ""), el("span", { class: "amount muted" }, t("start")),
    el("span", { class: "safe-mark" }, ""), el("span", { class: "marks", "aria-hidden": "true" }, ...marks(0))));
  part(".ladder").replaceChildren(...rows);
}

// --- rules ----------------------------------------------------------------------------------------

function drawRules() {
  const body = part(".rules-body");
  const options = table.message.view.options ?? {};
  const key = `${options.lifelines} ${options.hunches}`;
  if (body.dataset.drawn === key) return;
  body.dataset.drawn = key;
  body.replaceChildren(
    el("p", {}, t("Fifteen questions lead from {low} to {high}. Every player still in the round answers the same question in secret; the answers show together once the last one has locked in.",
      { low: dollars(10_000), high: dollars(100_000_000) })),
    el("p", {}, t("A right answer moves you up a step. A wrong one ends your round with the last safe haven you passed: {first} from question 6, {second} from question 11, else nothing.",
      { first: dollars(100_000), second: dollars(3_200_000) })),
    el("p", {}, t("Instead of answering you may walk away with what you have reached; nobody sees it before the reveal.")),
    el("p", {}, options.lifelines === "per_game"
      ? t("Each lifeline serves once in the whole game.")
      : t("Each lifeline serves once a round.")),
    el("ul", {},
      el("li", {}, t("50:50 takes away two wrong answers.")),
      el("li", {}, t("Ask the Audience: every other player but the host passes a card, the correct card is added, and you see them all; with the app as host and fewer than two others, a simulated audience of three votes instead.")),
      el("li", {}, t("Phone a Friend: the player you call passes a card (they may bluff), the correct card is added."))),
    el("p", {}, t("Players out of the round still pass cards when asked.")),
    el("p", {}, hunchRule(options.hunches)),
    el("p", {}, t("The game ends after the agreed rounds, or as soon as a player's total reaches {amount}. The richest wins.",
      { amount: dollars(100_000_000) })),
  );
}

/** Who is dealt hunches at this table (WM-5), in a sentence. */
function hunchRule(hunches) {
  if (hunches === "everyone") return t("Every player, people too, is dealt a private hunch for each question: four clues that lean towards the right answer.");
  if (hunches === "off") return t("Nobody is dealt a hunch: bots guess.");
  return t("Each bot is dealt a private hunch for each question, four clues it answers from; people are dealt none.");
}

// --- keys -----------------------------------------------------------------------------------------

onTableKeys("millionaire", table, (event) => {
  if (event.key === "?") {
    event.preventDefault();
    toggleRules();
    return;
  }
  if (!table.message?.legal?.length) return;
  const key = event.key.toLowerCase();
  if (table.choosingFriend === table.message.version && /^[1-9]$/.test(key)) {
    const seat = (legalKinds().phone ?? [])[Number(key) - 1];
    if (seat !== undefined) {
      event.preventDefault();
      play({ phone: seat });
    }
    return;
  }
  if (["a", "b", "c", "d"].includes(key)) {
    event.preventDefault();
    chooseLetter(key.toUpperCase());
  } else if (key === "w") {
    event.preventDefault();
    askWalk();
  } else if (key === "f" && legalKinds().fifty) {
    event.preventDefault();
    play({ fifty: true });
  } else if (key === "u" && legalKinds().audience) {
    event.preventDefault();
    play({ audience: true });
  } else if (key === "p") {
    event.preventDefault();
    askPhone();
  } else if (key === "h") {
    event.preventDefault();
    askHint();
  } else if (key === "s" && !table.noHints) {
    event.preventDefault();
    focusConfidence();
  } else if (key === "escape") {
    table.confirmWalk = null;
    table.choosingFriend = null;
    drawStage();
  }
});

// --- styles -------------------------------------------------------------------------------------

// The page's stylesheet holds the shared look (panels, buttons, colours); these rules are
// this table's own. Colours reach WCAG AA contrast on the surfaces they are drawn on.
const STYLES = `
.mill { display: grid; gap: var(--gap, 1rem); grid-template-columns: minmax(0, 1fr); }
.mill .col { display: flex; flex-direction: column; gap: var(--gap, 1rem); min-width: 0; }
.mill section, .mill details.panel { margin: 0; }
@media (min-width: 56rem) {
  .mill { grid-template-columns: minmax(0, 3fr) minmax(16rem, 1fr); align-items: start; }
}
.mill h3 { font-size: 0.95rem; margin: 0.8rem 0 0.3rem; }
.mill .stage-head { display: flex; flex-wrap: wrap; align-items: baseline; gap: 0.3rem 1rem; }
.mill .stage-head h2 { margin: 0; }
.mill .money { color: var(--accent-strong, #ffd56b); }
.mill .good { color: var(--ok, #86e3a6); }
.mill .bad { color: var(--danger, #ff9b9b); }
.mill .walked { color: var(--info, #9cc8ff); }
.mill .turn-line { font-size: 1.05rem; margin: 0.4rem 0 0.6rem; }
.mill .your-turn { color: var(--accent-strong, #ffd56b); }
.mill .category { margin: 0; text-transform: capitalize; }
.mill .question-text { font-size: 1.3rem; font-weight: 700; margin: 0.2rem 0 0.8rem; }
.mill .question-text:empty, .mill .category:empty { display: none; }
.mill .options { display: grid; gap: 0.5rem; grid-template-columns: repeat(2, minmax(0, 1fr)); }
.mill .option { display: flex; align-items: center; gap: 0.6rem; justify-content: flex-start; text-align: left;
  min-height: 3.2rem; padding: 0.4rem 0.8rem; border-radius: 999px; background: #10233f; border: 2px solid #5d86c9;
  color: #f2f6ff; font-weight: 600; font-size: 1.05rem; }
.mill .option:hover { background: #17315a; color: #fff; border-color: #8fb2ea; }
.mill .option .letter { color: var(--accent-strong, #ffd56b); font-weight: 800; min-width: 1.2rem; }
.mill .option .text { flex: 1; }
.mill .option .tag { margin-left: auto; }
.mill .option[aria-disabled="true"] { cursor: default; }
.mill .option[aria-disabled="true"]:hover { background: #10233f; border-color: #5d86c9; }
.mill .option.removed { opacity: 1; background: transparent; border-style: dashed; border-color: var(--border, #3b5c4a);
  color: var(--muted, #b3c4b8); }
.mill .option.removed .text { text-decoration: line-through; }
.mill .option.chosen, .mill .option.chosen:hover { background: #f2a33a; border-color: #ffd56b; color: #1a1405; }
.mill .option.chosen .letter { color: #1a1405; }
.mill .option.correct { border-color: #3fcf6a; box-shadow: 0 0 0 2px #3fcf6a; }
.mill .hinted { box-shadow: 0 0 0 3px #7fe0ff; }
.mill .secrets p { margin: 0.5rem 0 0; }
.mill .clues, .mill .cards { color: #7fe0ff; letter-spacing: 0.05em; }
.mill .locked { color: var(--accent-strong, #ffd56b); font-weight: 600; }
.mill .moves { margin-top: 0.8rem; display: grid; gap: 0.6rem; }
.mill .moves:empty { display: none; }
.mill .move-row { display: flex; flex-wrap: wrap; gap: 0.5rem; }
.mill .lifeline { background: #3a1f5c; border-color: #b48ce8; color: #f5eeff; }
.mill .lifeline:hover { background: #4b2a75; color: #fff; }
.mill .lifeline[aria-disabled="true"] { background: transparent; color: var(--muted, #b3c4b8); border-color: var(--border, #3b5c4a);
  text-decoration: line-through; cursor: default; }
.mill .confirm-walk, .mill .friends { padding: 0.6rem 0.8rem; border: 2px solid var(--warn, #ffd166);
  border-radius: var(--radius, 0.6rem); background: #2f2710; }
.mill .confirm-walk p, .mill .friends p { margin: 0 0 0.5rem; font-weight: 700; }
.mill button.walk { background: #c8283e; border-color: #c8283e; color: #fff; }
.mill .problem { color: var(--danger, #ff9b9b); font-weight: 600; margin: 0.4rem 0 0; }
.mill .problem:empty, .mill .hint-line:empty { display: none; }
.mill .hint-line { color: #7fe0ff; font-weight: 600; margin: 0.4rem 0 0; }
.mill .tools { display: flex; flex-wrap: wrap; align-items: center; gap: 0.5rem 1rem; margin-top: 0.8rem; }
.mill .tool-buttons { display: flex; flex-wrap: wrap; gap: 0.5rem; }
.mill .sure { display: flex; flex-wrap: wrap; align-items: center; gap: 0.4rem 0.6rem; margin: 0; }
.mill .sure[hidden] { display: none; }
.mill .sure-title { font-weight: 600; }
.mill .sure-field { display: inline-flex; align-items: center; gap: 0.25rem; }
.mill .sure-field .letter { color: var(--accent-strong, #ffd56b); font-weight: 800; }
.mill .sure-field input { width: 5.5rem; }
.mill .sure-field input:disabled { opacity: 0.6; }
.mill .sure-problem { flex-basis: 100%; margin: 0; color: var(--danger, #ff9b9b); font-weight: 600; }
.mill .sure-problem:empty { display: none; }
.mill .keys-help { margin: 0.6rem 0 0; }
.mill kbd { margin-right: 0.25rem; }
.mill button kbd { background: rgba(0, 0, 0, 0.25); border-color: currentColor; color: inherit; }
.mill .compact { min-height: 2.25rem; padding: 0.2rem 0.8rem; }
.mill .tag { display: inline-block; margin-left: 0.35rem; padding: 0 0.4rem; border-radius: 999px; font-size: 0.75rem;
  font-weight: 700; border: 1px solid currentColor; }
.mill .tag.you { color: var(--info, #9cc8ff); }
.mill .tag.win { color: var(--accent-strong, #ffd56b); }
.mill .tag.role-host { color: #e0b8ff; }
.mill .asked { color: #7fe0ff; font-weight: 700; }
.mill .reveal.fresh { border-color: var(--accent, #f2c14e); }
.mill .reveal .answer { font-size: 1.1rem; margin: 0.3rem 0; }
.mill .reveal .explanation { font-style: italic; }
.mill .outcomes { list-style: none; padding: 0; margin: 0.3rem 0 0; }
.mill .outcomes li { padding: 0.1rem 0; }
.mill .outcomes li.money { font-weight: 700; }
.mill .practice { margin: 0.2rem 0 0; color: #e0b8ff; font-style: italic; }
.mill .practice:empty { display: none; }
.mill .players, .mill .rounds-table { width: 100%; border-collapse: collapse; }
.mill .players th, .mill .players td, .mill .rounds-table th, .mill .rounds-table td { padding: 0.3rem;
  border-bottom: 1px solid var(--surface-3, #23392d); text-align: left; }
.mill .players th[scope="col"], .mill .rounds-table th[scope="col"] { color: var(--muted, #b3c4b8); font-size: 0.8rem; font-weight: 600; }
.mill .players .num, .mill .rounds-table .num { text-align: right; font-variant-numeric: tabular-nums; }
.mill .players tr.current { background: var(--surface-3, #23392d); }
.mill .players .marker { width: 1.2rem; color: var(--accent-strong, #ffd56b); }
.mill .players-panel { overflow-x: auto; }
.mill .lifelines-left { display: block; font-weight: 400; }
.mill .ladder { list-style: none; margin: 0; padding: 0; display: grid; gap: 0.1rem; }
.mill .ladder li { display: grid; grid-template-columns: 1.8rem 1fr 1rem minmax(2rem, auto); gap: 0.4rem; align-items: center;
  padding: 0.1rem 0.5rem; border-radius: 0.4rem; font-variant-numeric: tabular-nums; }
.mill .ladder .step { color: var(--muted, #b3c4b8); text-align: right; }
.mill .ladder .amount { text-align: right; font-weight: 700; }
.mill .ladder li.safe .amount, .mill .ladder .safe-mark { color: var(--accent-strong, #ffd56b); }
.mill .ladder li.here { background: #1b5e8c; color: #fff; }
.mill .ladder li.here .step { color: #fff; }
.mill .ladder .marks { display: flex; flex-wrap: wrap; gap: 0.2rem; }
.mill .seat-mark { display: inline-block; min-width: 1.3rem; padding: 0 0.25rem; border-radius: 999px; text-align: center;
  font-size: 0.8rem; font-weight: 800; background: #3fcf6a; color: #0b1410; }
.mill .seat-mark.mine { background: var(--info, #9cc8ff); }
.mill .log-list { margin: 0; padding-left: 0; list-style: none; max-height: 24rem; overflow-y: auto; }
.mill .log-list > li { padding: 0.3rem 0; border-bottom: 1px solid var(--surface-3, #23392d); }
@media (max-width: 30rem) {
  .mill .question-text { font-size: 1.15rem; }
  .mill .options { grid-template-columns: 1fr; }
  .mill .move-row button { flex: 1 1 100%; }
}
`;

function ensureStyles() {
  if (document.getElementById("mill-styles")) return;
  document.head.append(el("style", { id: "mill-styles" }, STYLES));
}
