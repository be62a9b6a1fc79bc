// The lobby: lists the games the server offers, starts a game against a bot in one click,
// sets up rooms for anything else, and lists the open rooms waiting for players.
//
// Everything game-specific on this page (seat counts, bots and their names in words, options)
// comes from GET /api/games, so a new game appears here without any change to this file. Its
// words are the reader's language's (i18n.js); the server's (titles, bots, options) come in
// that language too, asked for with each request.

import {
  api, el, formatAmount, formatValue, load, NAME_KEY, parseAmount, startPage, store, tokenKey, TOKEN_PREFIX,
} from "./common.js";
import { fillNodes, numberSymbols, t, tn } from "./i18n.js";

const form = document.getElementById("create");
const gameSelect = document.getElementById("game");
const seatCountSelect = document.getElementById("seat-count");
const seatsBox = document.getElementById("seats");
const optionsBox = document.getElementById("options");
const optionsFieldset = document.getElementById("options-fieldset");
const timerSelect = document.getElementById("turn-timer");
const privateBox = document.getElementById("private-room");
const createError = document.getElementById("create-error");
const createButton = document.getElementById("create-button");
const nameInput = document.getElementById("player-name");
const nameProblem = document.getElementById("player-name-problem");
const playError = document.getElementById("play-error");

// The select value of the "custom…" entry; the choices are numbered from 0.
const CUSTOM = "custom";
// One number as people type it: 5, -2, 0.25, .5, 1e6 (but not 1,000: commas separate).
const NUMBER = /^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i;
const OPEN_ROOMS_EVERY_MS = 15_000;

let games = [];
// What each seat was set to, kept across changes of the seat count so that adding a
// seat does not reset the ones already chosen.
let seatChoices = [];

function currentGame() {
  return games.find((game) => game.id === gameSelect.value);
}

function sentence(text) {
  return text ? text[0].toUpperCase() + text.slice(1) : "";
}

/** A bot of a game in words: "best play" for optimal. */
function botWords(game, bot) {
  return game.bot_labels?.[bot] ?? bot;
}

/** The game's strongest bot: the games list their bots weakest first. */
function strongestBot(game) {
  return game.bots[game.bots.length - 1];
}

// --- your name --------------------------------------------------------------------------------

/** The name typed at the top, or null after asking for one beside the field. */
function playerName() {
  const name = nameInput.value.trim();
  if (name) return name;
  nameProblem.textContent = t("Type your name first: the other players see it at the table.");
  nameProblem.hidden = false;
  nameInput.setAttribute("aria-invalid", "true");
  nameInput.focus();
  nameInput.scrollIntoView({ behavior: "smooth", block: "center" });
  return null;
}

function nameTyped() {
  nameProblem.hidden = true;
  nameInput.removeAttribute("aria-invalid");
  store(NAME_KEY, nameInput.value.trim() || null);
}

// --- the list of games --------------------------------------------------------------------------

function playerCount(game) {
  return game.min_seats === game.max_seats
    ? tn("{n} player", "{n} players", game.min_seats)
    : t("{low}–{high} players", { low: game.min_seats, high: game.max_seats });
}

function showGames() {
  const list = document.getElementById("games");
  const status = document.getElementById("games-status");
  list.replaceChildren();
  status.textContent = games.length ? "" : t("No games are installed on this server.");
  status.hidden = games.length > 0;
  for (const game of games) {
    const play = el("button", { type: "button", "aria-label": t("Play {game} now", { game: game.title }) },
      t("Play now"));
    play.addEventListener("click", () => playNow(game, play));
    const setUp = el("button", { type: "button", class: "secondary",
      "aria-label": t("Set up a {game} room", { game: game.title }) }, t("Set up a room"));
    setUp.addEventListener("click", () => {
      gameSelect.value = game.id;
      gameChanged();
      form.focus();
      form.scrollIntoView({ behavior: "smooth", block: "start" });
    });
    const opponents = game.default_seats - 1;
    const against = game.bots.length
      ? tn("Play now: You against a bot ({bot}), standard rules.",
        "Play now: You against {n} bots ({bot}), standard rules.", opponents,
        { bot: botWords(game, strongestBot(game)) })
      : "";
    list.append(
      el("li", { class: "game-card", "data-game": game.id },
        el("h3", {}, game.title),
        el("p", {}, game.summary),
        el("p", { class: "muted small" },
          playerCount(game),
          game.bots.length
            ? [" · ", t("bots: {bots}", { bots: game.bots.map((bot) => botWords(game, bot)).join("; ") })] : ""),
        el("div", { class: "row" }, play, setUp),
        against ? el("p", { class: "muted small play-note" }, against) : null),
    );
  }
}

function markSelectedGame() {
  for (const card of document.querySelectorAll(".game-card")) {
    card.classList.toggle("selected", card.dataset.game === gameSelect.value);
  }
}

/** One click: a room with the game's default table (you and its strongest bots), then in. */
async function playNow(game, button) {
  playError.hidden = true;
  const name = playerName();
  if (!name) return;
  const bots = game.bots.length ? Array(game.default_seats - 1).fill(`bot:${strongestBot(game)}`) : [];
  const seats = ["human", ...bots];
  while (seats.length < game.default_seats) seats.push("human");
  button.disabled = true;
  button.textContent = t("Starting…");
  try {
    await createAndEnter({ game: game.id, seats, options: {}, turn_timer: null }, name);
  } catch (error) {
    playError.textContent = t("The game could not start: {reason}", { reason: error.message });
    playError.hidden = false;
    button.disabled = false;
    button.textContent = t("Play now");
  }
}

/**
 * Create the room, take its first seat when it is a person's (as `name`), and go in. Throws
 * the server's refusal; a room created but not joined is still entered, to join there.
 */
async function createAndEnter(body, name) {
  const created = await api("/api/rooms", { method: "POST", body });
  if (body.seats[0] === "human") {
    try {
      const joined = await api(`/api/rooms/${encodeURIComponent(created.room)}/join`,
        { method: "POST", body: { name, seat: 0 } });
      store(tokenKey(created.room), joined.token);
      store(NAME_KEY, name);
    } catch (error) {
      console.warn("the room was created but its first seat could not be taken here", error);
    }
  }
  window.location.assign(created.invite);
}

// --- the form ---------------------------------------------------------------------------------

function fillGameSelect() {
  gameSelect.replaceChildren(...games.map((game) => el("option", { value: game.id }, game.title)));
}

function gameChanged() {
  const game = currentGame();
  if (!game) return;
  markSelectedGame();
  // A game chosen anew starts from its usual table; the count stays when it fits the next game.
  const previous = Number(seatCountSelect.value) || game.default_seats;
  seatCountSelect.replaceChildren();
  for (let count = game.min_seats; count <= game.max_seats; count += 1) {
    seatCountSelect.append(el("option", { value: String(count) }, String(count)));
  }
  seatCountSelect.value = String(Math.min(Math.max(previous, game.min_seats), game.max_seats));
  seatChoices = [];
  showSeats();
  showOptions(game);
}

function botLabel(game, bot) {
  // The game lists its bots weakest first; saying so helps choose one.
  const index = game.bots.indexOf(bot);
  const words = botWords(game, bot);
  if (game.bots.length > 1 && index === 0) return t("Bot: {bot} (weakest)", { bot: words });
  if (game.bots.length > 1 && index === game.bots.length - 1) return t("Bot: {bot} (strongest)", { bot: words });
  return t("Bot: {bot}", { bot: words });
}

function defaultSeat(game, index) {
  // The creator plays seat 1; the others start as the strongest bot, which is the quickest
  // way to a game. Any seat can be switched to a person.
  if (index === 0 || !game.bots.length) return "human";
  return `bot:${strongestBot(game)}`;
}

function showSeats() {
  const game = currentGame();
  const count = Number(seatCountSelect.value);
  seatsBox.replaceChildren();
  for (let index = 0; index < count; index += 1) {
    const id = `seat-${index}`;
    const select = el("select", { id, name: id },
      el("option", { value: "human" }, index === 0 ? t("Person (you)") : t("Person")),
      ...game.bots.map((bot) => el("option", { value: `bot:${bot}` }, botLabel(game, bot))),
    );
    select.value = seatChoices[index] ?? defaultSeat(game, index);
    seatChoices[index] = select.value;
    select.addEventListener("change", () => {
      seatChoices[index] = select.value;
    });
    seatsBox.append(el("div", { class: "seat-row" },
      el("label", { for: id }, t("Seat {number}", { number: index + 1 })), select));
  }
}

function isYesNo(spec) {
  return spec.choices.length === 2 && spec.choices.includes(true) && spec.choices.includes(false);
}

/** A listed choice in words: the game's own words for it when it has them ("only on a keep"),
 *  else the value as people write it (1,000). */
function choiceWords(spec, index) {
  const choice = spec.choices[index];
  const words = spec.choice_labels?.[index];
  // A choice without words of its own comes labelled as itself: write that one the reader's way.
  if (words !== undefined && words !== String(choice)) return words;
  return typeof choice === "string" ? choice.replaceAll("_", " ") : formatValue(choice);
}

function showOptions(game) {
  optionsBox.replaceChildren();
  optionsFieldset.hidden = game.options.length === 0;
  for (const spec of game.options) {
    const id = `option-${spec.name}`;
    if (isYesNo(spec)) {
      const box = el("input", { type: "checkbox", id });
      box.checked = spec.default === true;
      box.dataset.option = spec.name;
      optionsBox.append(el("div", { class: "field" },
        el("div", { class: "check" }, box, el("label", { for: id }, sentence(spec.description)))));
      continue;
    }
    // Choices keep their JSON type (numbers stay numbers): the select holds their index.
    const select = el("select", { id },
      ...spec.choices.map((choice, index) =>
        el("option", { value: String(index) }, choice === spec.default
          ? t("{choice} (default)", { choice: choiceWords(spec, index) }) : choiceWords(spec, index))),
    );
    select.value = String(Math.max(0, spec.choices.indexOf(spec.default)));
    select.dataset.option = spec.name;
    const field = el("div", { class: "field" }, el("label", { for: id }, sentence(spec.description)), select);
    if (spec.also_accepts) field.append(customValueBox(spec, select));
    optionsBox.append(field);
  }
}

// An option that also takes values beyond its choices (a list of amounts, say) gets a
// "custom…" entry in its select, which reveals a text box labelled with what the server
// says it accepts. The box sits right after the select, so Tab reaches it next.
function customValueBox(spec, select) {
  const id = `option-${spec.name}-custom`;
  const helpId = `${id}-help`;
  select.append(el("option", { value: CUSTOM }, t("your own…")));
  const text = el("textarea", {
    id, rows: 3, spellcheck: "false", autocomplete: "off", autocapitalize: "off",
    "aria-describedby": helpId, inputmode: spec.amounts ? "decimal" : null,
  });
  text.dataset.custom = spec.name;
  const entry = amountsEntry(spec);
  const label = entry ? unitWords(entry, sentence(spec.also_accepts)) : sentence(spec.also_accepts);
  // How to type numbers is said only where numbers are meant: a pack's name or a list of
  // categories is typed as the label says.
  const numeric = spec.choices.some((choice) => typeof choice === "number");
  const help = entry ? amountsHelp(entry)
    : numeric ? t("Separate numbers with commas or spaces (no thousands separators), or type JSON such as [1, 2, 3].")
      : "";
  const box = el("div", { class: "custom-value" },
    el("label", { for: id }, label), text, el("span", { class: "help", id: helpId, hidden: !help }, help));
  // A default outside the choices can only be shown as a custom value.
  const defaultIsChoice = spec.choices.some((choice) => choice === spec.default);
  if (!defaultIsChoice && spec.default !== null && spec.default !== undefined) {
    select.value = CUSTOM;
    text.value = entry && Array.isArray(spec.default)
      ? spec.default.map((amount) => formatAmount(amount, entry)).join(", ") : JSON.stringify(spec.default);
  }
  const reveal = () => {
    box.hidden = select.value !== CUSTOM;
  };
  select.addEventListener("change", reveal);
  text.addEventListener("input", () => text.removeAttribute("aria-invalid"));
  reveal();
  return box;
}

/** How an option's own amounts are typed (an amount entry without bounds), or null. */
function amountsEntry(spec) {
  if (!spec.amounts) return null;
  return { kind: spec.name, label: spec.name, low: 1, high: Number.MAX_SAFE_INTEGER, step: 1, unit: "", ...spec.amounts };
}

/** An option's own amounts with the unit they are typed in: "Your own case values, in dollars". */
function unitWords(entry, what) {
  if (entry.currency === "USD") return t("{what}, in dollars", { what });
  if (entry.currency === "JPY") return t("{what}, in yen", { what });
  return entry.unit ? t("{what}, in {unit}", { what, unit: entry.unit }) : what;
}

/**
 * How to type several amounts in one box, with the language's own thousands separator: in
 * English a comma between digits groups them and ", " separates amounts; where the comma is
 * the decimal mark (Spanish, Italian) ", " still separates; where a space groups digits
 * (Uzbek) amounts are separated by ";" or lines only.
 */
function amountsHelp(entry) {
  const examples = [1, 5000, 1_000_000].map((amount) => formatAmount(entry.scale * amount, entry)).join("; ");
  const { group } = numberSymbols();
  if (group === ",") {
    return t("Separate the amounts with a comma and a space, or with spaces or lines; a comma between digits separates thousands: {examples}.", { examples });
  }
  if (group === ".") {
    return t("Separate the amounts with a comma and a space, or with spaces or lines; a dot between digits separates thousands: {examples}.", { examples });
  }
  return t("Separate the amounts with a semicolon or with lines; a space between digits separates thousands: {examples}.", { examples });
}

/** The typed amounts of one box, one string each (see amountsHelp). */
function amountPieces(text) {
  const spaced = ![",", "."].includes(numberSymbols().group);
  const separators = spaced ? /[;\n]+/ : /,\s+|[\s;]+/;
  return text.split(separators).map((piece) => piece.trim().replace(/,$/, "")).filter(Boolean);
}

/**
 * Read a typed option value. The lobby knows no game's options, so the reading is generic:
 * amounts (an option that says its values are amounts) are read as people write them, in
 * dollars say, and sent in the game's units (cents); otherwise JSON is taken as is, numbers
 * separated by commas and/or spaces become a list of numbers, and anything else is sent as
 * the text itself. The server checks the value, and its refusal says what is wrong.
 */
function readTypedValue(typed, spec) {
  const text = typed.trim();
  const entry = amountsEntry(spec);
  if (entry) {
    return amountPieces(text).map((piece) => {
      const amount = parseAmount(piece, entry);
      if (amount instanceof Error) {
        throw new BadValue(t("“{piece}” is not an amount: {reason}", { piece, reason: amount.message }));
      }
      return amount;
    });
  }
  try {
    return JSON.parse(text);
  } catch {
    // Not JSON: read it as a list of numbers, or as text.
  }
  const pieces = text.split(/[\s,]+/).filter(Boolean);
  if (pieces.length && pieces.every((piece) => NUMBER.test(piece))) return pieces.map(Number);
  return text;
}

// A custom value left empty or mistyped: the person is sent back to the box to fix it.
class BadValue extends Error {}

function chosenOptions(game) {
  const options = {};
  for (const spec of game.options) {
    const control = optionsBox.querySelector(`[data-option="${CSS.escape(spec.name)}"]`);
    if (!control) continue;
    if (control.type === "checkbox") {
      options[spec.name] = control.checked;
    } else if (control.value === CUSTOM) {
      const box = optionsBox.querySelector(`[data-custom="${CSS.escape(spec.name)}"]`);
      try {
        if (!box.value.trim()) {
          throw new BadValue(t("type your own values for “{option}”, or choose one of the listed ones",
            { option: spec.description }));
        }
        options[spec.name] = readTypedValue(box.value, spec);
      } catch (error) {
        if (error instanceof BadValue) error.box = box;
        throw error;
      }
    } else {
      options[spec.name] = spec.choices[Number(control.value)];
    }
  }
  return options;
}

async function createRoom(event) {
  event.preventDefault();
  const game = currentGame();
  if (!game) return;
  createError.hidden = true;
  let options;
  try {
    options = chosenOptions(game);
  } catch (error) {
    if (!(error instanceof BadValue)) throw error;
    createError.textContent = t("The room was not created: {reason}", { reason: error.message });
    createError.hidden = false;
    error.box.setAttribute("aria-invalid", "true");
    error.box.focus();
    return;
  }
  const seats = seatChoices.slice(0, Number(seatCountSelect.value));
  const name = seats[0] === "human" ? playerName() : "";
  if (name === null) return;
  createButton.disabled = true;
  createButton.textContent = t("Creating…");
  const timer = timerSelect.value ? Number(timerSelect.value) : null;
  try {
    await createAndEnter({ game: game.id, options, seats, turn_timer: timer, private: privateBox.checked }, name);
  } catch (error) {
    createError.textContent = t("The room was not created: {reason}", { reason: error.message });
    createError.hidden = false;
    createButton.disabled = false;
    createButton.textContent = t("Create room and play");
  }
}

// --- rooms waiting for players --------------------------------------------------------------

function waited(seconds) {
  if (seconds < 60) return t("{n} s", { n: Math.max(0, Math.round(seconds)) });
  if (seconds < 3600) return t("{n} min", { n: Math.round(seconds / 60) });
  return t("{n} h", { n: Math.round(seconds / 3600) });
}

/** Show the rooms waiting for players; false when the server keeps no such list. */
async function showOpenRooms() {
  const panel = document.getElementById("open-rooms-panel");
  let rooms;
  try {
    rooms = await api("/api/open-rooms");
  } catch (error) {
    panel.hidden = true;
    return error.status !== 404;
  }
  const list = document.getElementById("open-rooms");
  const shown = Array.isArray(rooms) ? rooms.filter((room) => room.seats_free > 0) : [];
  panel.hidden = shown.length === 0;
  list.replaceChildren(...shown.map((room) => {
    const free = tn("{free} of {n} seat free", "{free} of {n} seats free", room.seats_total,
      { free: room.seats_free });
    const waiting = waited(room.waiting_seconds ?? 0);
    return el("li", { class: "open-room", "data-room": room.room },
      el("span", { class: "open-room-game" }, room.title ?? room.game),
      el("span", { class: "muted small" }, " · ", free, " · ", t("waiting {time}", { time: waiting })),
      el("a", { class: "button secondary", href: room.invite ?? `/r/${encodeURIComponent(room.room)}`,
        "aria-label": t("Join the {game} room waiting {time}", { game: room.title ?? room.game, time: waiting }) },
      t("Join")));
  }));
  return true;
}

// --- rooms this browser holds a seat in -----------------------------------------------------

async function showMyRooms() {
  const rooms = [];
  try {
    for (let index = 0; index < localStorage.length; index += 1) {
      const key = localStorage.key(index);
      if (key && key.startsWith(TOKEN_PREFIX)) rooms.push(key.slice(TOKEN_PREFIX.length));
    }
  } catch {
    // Storage disabled: this browser holds no seats to list.
  }
  const panel = document.getElementById("my-rooms-panel");
  const list = document.getElementById("my-rooms");
  list.replaceChildren();
  panel.hidden = rooms.length === 0;
  const statusWords = { waiting: t("waiting for players"), playing: t("in play"), over: t("over") };
  for (const room of rooms) {
    const item = el("li", { class: "row" },
      el("a", { href: `/r/${encodeURIComponent(room)}` }, t("Room {room}", { room })));
    const about = el("span", { class: "muted small" }, "");
    const forget = el("button", { type: "button", class: "secondary" }, t("Forget"));
    forget.setAttribute("aria-label", t("Forget my seat in room {room}", { room }));
    forget.addEventListener("click", () => {
      store(tokenKey(room), null);
      showMyRooms();
    });
    item.append(about, forget);
    list.append(item);
    api(`/api/rooms/${encodeURIComponent(room)}`)
      .then((summary) => {
        about.textContent = `${summary.title} · ${statusWords[summary.status] ?? summary.status} · ` +
          t("game {number}", { number: summary.game_number });
      })
      .catch((error) => {
        about.textContent = error.status === 404 ? t("no longer exists") : t("could not be checked");
      });
  }
}

// --- the page's words ------------------------------------------------------------------------

/** The lobby's static text, by the data-i18n names of index.html. */
function pageWords() {
  return {
    "page-title": t("High Stakes · lobby"),
    skip: t("Skip to the games"),
    tagline: t("money games with friends and bots"),
    "games-heading": t("Play"),
    "name-label": t("Your name"),
    "name-help": t("Others see it at the table; this browser remembers it."),
    "games-loading": t("Loading the games…"),
    "open-rooms-heading": t("Open rooms"),
    "open-rooms-about": t("Rooms waiting for players: take a free seat."),
    "my-rooms-heading": t("Your seats"),
    "my-rooms-about": t("Rooms where this browser holds a seat."),
    "replays-heading": t("Replays"),
    "replays-about": fillNodes(t("Every finished game can be watched again from its room, or from a record file (the end of a game offers it to download; {command} keeps one for each game)."),
    { command: el("code", {}, "highstakes play") }),
    "watch-record": t("Watch a record file"),
    "create-heading": t("Set up a room"),
    "game-label": t("Game"),
    "players-label": t("Players"),
    "seats-legend": t("Seats"),
    "seats-about": t("You take the first person's seat; others join with the invite link. A bot plays the way you choose."),
    "options-legend": t("Options"),
    "timer-label": t("Turn timer"),
    "timer-help": t("When a person takes longer, a bot plays that turn for them. The timer stops while no player is connected."),
    "timer-off": t("Off"),
    "timer-30": t("30 seconds"),
    "timer-60": t("1 minute"),
    "timer-120": t("2 minutes"),
    "timer-300": t("5 minutes"),
    "private-label": t("Private room"),
    "private-help": t("Only people with the invite link can join: the room is not listed among the open rooms."),
    "create-button": t("Create room and play"),
  };
}

/** What is set in the options now, by option name, to be set again after a redraw. */
function optionsChosen() {
  const chosen = new Map();
  for (const control of optionsBox.querySelectorAll("[data-option]")) {
    const custom = optionsBox.querySelector(`[data-custom="${CSS.escape(control.dataset.option)}"]`);
    chosen.set(control.dataset.option, { checked: control.checked, value: control.value, custom: custom?.value });
  }
  return chosen;
}

function restoreOptions(chosen) {
  for (const control of optionsBox.querySelectorAll("[data-option]")) {
    const before = chosen.get(control.dataset.option);
    if (!before) continue;
    if (control.type === "checkbox") control.checked = before.checked;
    else control.value = before.value;
    const custom = optionsBox.querySelector(`[data-custom="${CSS.escape(control.dataset.option)}"]`);
    if (custom && before.custom !== undefined) custom.value = before.custom;
    control.dispatchEvent(new Event("change"));
  }
}

/**
 * Everything in the new language: the games as the server names them in it, the form with
 * what was chosen in it kept (game, seats, options), the rooms.
 */
async function redraw() {
  nameProblem.hidden = true;
  showMyRooms();
  showOpenRooms();
  let fresh;
  try {
    fresh = await api("/api/games");
  } catch {
    return; // the games stay as they were, in the words they came in
  }
  const chosen = { game: gameSelect.value, count: seatCountSelect.value, options: optionsChosen() };
  games = fresh;
  showGames();
  fillGameSelect();
  if (!games.some((game) => game.id === chosen.game)) {
    if (games.length) gameChanged();
    return;
  }
  gameSelect.value = chosen.game;
  markSelectedGame();
  seatCountSelect.value = chosen.count;
  showSeats();
  showOptions(currentGame());
  restoreOptions(chosen.options);
}

// --- start ------------------------------------------------------------------------------------

async function start() {
  await startPage(pageWords, redraw);
  form.addEventListener("submit", createRoom);
  gameSelect.addEventListener("change", gameChanged);
  seatCountSelect.addEventListener("change", showSeats);
  nameInput.value = load(NAME_KEY) ?? "";
  nameInput.addEventListener("input", nameTyped);
  showMyRooms();
  showOpenRooms().then((listed) => {
    if (listed) setInterval(showOpenRooms, OPEN_ROOMS_EVERY_MS);
  });
  try {
    games = await api("/api/games");
  } catch (error) {
    const status = document.getElementById("games-status");
    status.textContent = t("Could not load the games: {reason}", { reason: error.message });
    status.classList.add("alert");
    createButton.disabled = true;
    return;
  }
  showGames();
  fillGameSelect();
  createButton.disabled = games.length === 0;
  if (games.length) {
    // A link like /?game=greed preselects a game.
    const wanted = new URLSearchParams(window.location.search).get("game");
    if (games.some((game) => game.id === wanted)) gameSelect.value = wanted;
    gameChanged();
  }
}

start();
