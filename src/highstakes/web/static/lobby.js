// The lobby: lists the games the server offers and creates rooms.
//
// Everything game-specific on this page (seat counts, bot strengths, options) comes
// from GET /api/games, so a new game appears here without any change to this file.

import { api, el, formatValue, store, tokenKey, TOKEN_PREFIX } from "./common.js";

const form = document.getElementById("create");
const gameSelect = document.getElementById("game");
const seatCountSelect = document.getElementById("seat-count");
const seatsBox = document.getElementById("seats");
const optionsBox = document.getElementById("options");
const optionsFieldset = document.getElementById("options-fieldset");
const timerSelect = document.getElementById("turn-timer");
const createError = document.getElementById("create-error");
const createButton = document.getElementById("create-button");

// The select value of the "custom…" entry; the choices are numbered from 0.
const CUSTOM = "custom";
// One number as people type it: 5, -2, 0.25, .5, 1e6 (but not 1,000: commas separate).
const NUMBER = /^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i;

let games = [];
// What each seat was set to, kept across changes of the seat count so that adding a
// seat does not reset the ones already chosen.
let seatChoices = [];

function currentGame() {
  return games.find((game) => game.id === gameSelect.value);
}

// --- the list of games ---------------------------------------------------------------------

function playerCount(game) {
  return game.min_seats === game.max_seats
    ? `${game.min_seats} players`
    : `${game.min_seats}–${game.max_seats} players`;
}

function showGames() {
  const list = document.getElementById("games");
  const status = document.getElementById("games-status");
  list.replaceChildren();
  status.textContent = games.length ? "" : "No games are installed on this server.";
  status.hidden = games.length > 0;
  for (const game of games) {
    const choose = el("button", { type: "button", class: "secondary" }, `Set up a ${game.title} room`);
    choose.addEventListener("click", () => {
      gameSelect.value = game.id;
      gameChanged();
      form.focus();
      form.scrollIntoView({ behavior: "smooth", block: "start" });
    });
    list.append(
      el("li", { class: "game-card", "data-game": game.id },
        el("h3", {}, game.title),
        el("p", {}, game.summary),
        el("p", { class: "muted small" },
          playerCount(game),
          game.bots.length ? ` · bots: ${game.bots.join(", ")}` : ""),
        choose),
    );
  }
}

function markSelectedGame() {
  for (const card of document.querySelectorAll(".game-card")) {
    card.classList.toggle("selected", card.dataset.game === gameSelect.value);
  }
}

// --- the form ---------------------------------------------------------------------------------

function fillGameSelect() {
  gameSelect.replaceChildren(...games.map((game) => el("option", { value: game.id }, game.title)));
}

function gameChanged() {
  const game = currentGame();
  if (!game) return;
  markSelectedGame();
  const previous = Number(seatCountSelect.value) || game.min_seats;
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
  // The game lists its bots weakest first; saying so helps choose a strength.
  const index = game.bots.indexOf(bot);
  if (game.bots.length > 1 && index === 0) return `Bot: ${bot} (weakest)`;
  if (game.bots.length > 1 && index === game.bots.length - 1) return `Bot: ${bot} (strongest)`;
  return `Bot: ${bot}`;
}

function defaultSeat(game, index) {
  // The creator usually plays seat 1; the others start as the strongest bot, which is
  // the quickest way to a game. Any seat can be switched to a person.
  if (index === 0 || !game.bots.length) return "human";
  return `bot:${game.bots[game.bots.length - 1]}`;
}

function showSeats() {
  const game = currentGame();
  const count = Number(seatCountSelect.value);
  seatsBox.replaceChildren();
  for (let index = 0; index < count; index += 1) {
    const id = `seat-${index}`;
    const select = el("select", { id, name: id },
      el("option", { value: "human" }, "Person"),
      ...game.bots.map((bot) => el("option", { value: `bot:${bot}` }, botLabel(game, bot))),
    );
    select.value = seatChoices[index] ?? defaultSeat(game, index);
    seatChoices[index] = select.value;
    select.addEventListener("change", () => {
      seatChoices[index] = select.value;
    });
    seatsBox.append(el("div", { class: "seat-row" }, el("label", { for: id }, `Seat ${index + 1}`), select));
  }
}

function isYesNo(spec) {
  return spec.choices.length === 2 && spec.choices.includes(true) && spec.choices.includes(false);
}

function showOptions(game) {
  optionsBox.replaceChildren();
  optionsFieldset.hidden = game.options.length === 0;
  for (const spec of game.options) {
    const id = `option-${spec.name}`;
    const helpId = `${id}-help`;
    if (isYesNo(spec)) {
      const box = el("input", { type: "checkbox", id, "aria-describedby": helpId });
      box.checked = spec.default === true;
      box.dataset.option = spec.name;
      optionsBox.append(
        el("div", { class: "field" },
          el("div", { class: "check" }, box, el("label", { for: id }, sentence(spec.description))),
          el("span", { class: "help", id: helpId },
            `option ${spec.name}, ${spec.default ? "on" : "off"} by default`)),
      );
      continue;
    }
    // Choices keep their JSON type (numbers stay numbers): the select holds their index.
    const select = el("select", { id, "aria-describedby": helpId },
      ...spec.choices.map((choice, index) =>
        el("option", { value: String(index) },
          formatValue(choice) + (choice === spec.default ? " (default)" : ""))),
    );
    select.value = String(Math.max(0, spec.choices.indexOf(spec.default)));
    select.dataset.option = spec.name;
    const field = el("div", { class: "field" },
      el("label", { for: id }, sentence(spec.description)),
      select,
      el("span", { class: "help", id: helpId }, `option ${spec.name}`));
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
  select.append(el("option", { value: CUSTOM }, "custom…"));
  const text = el("textarea", {
    id, rows: 3, spellcheck: "false", autocomplete: "off", autocapitalize: "off",
    "aria-describedby": helpId,
  });
  text.dataset.custom = spec.name;
  const box = el("div", { class: "custom-value" },
    el("label", { for: id }, sentence(spec.also_accepts)),
    text,
    el("span", { class: "help", id: helpId },
      "Separate numbers with commas or spaces (no thousands separators), or type JSON such as [1, 2, 3]."));
  // A default outside the choices can only be shown as a custom value.
  const defaultIsChoice = spec.choices.some((choice) => choice === spec.default);
  if (!defaultIsChoice && spec.default !== null && spec.default !== undefined) {
    select.value = CUSTOM;
    text.value = JSON.stringify(spec.default);
  }
  const reveal = () => {
    box.hidden = select.value !== CUSTOM;
  };
  select.addEventListener("change", reveal);
  text.addEventListener("input", () => text.removeAttribute("aria-invalid"));
  reveal();
  return box;
}

/**
 * Read a typed option value. The lobby knows no game's options, so the reading is generic:
 * JSON is taken as is, so any value can be given exactly; otherwise numbers separated by
 * commas and/or spaces (the easiest way to type a list of amounts) become a list of
 * numbers; anything else is sent as the text itself. Units are whatever the option's label
 * says (cents, say): nothing is converted. The server checks the value, and its refusal
 * says what is wrong.
 */
function readTypedValue(typed) {
  const text = typed.trim();
  try {
    return JSON.parse(text);
  } catch {
    // Not JSON: read it as a list of numbers, or as text.
  }
  const pieces = text.split(/[\s,]+/).filter(Boolean);
  if (pieces.length && pieces.every((piece) => NUMBER.test(piece))) return pieces.map(Number);
  return text;
}

function sentence(text) {
  return text ? text[0].toUpperCase() + text.slice(1) : "";
}

// A custom value left empty: the person is sent back to the box to fill it in.
class MissingValue extends Error {
  constructor(box, name) {
    super(`type a value for option ${name}, or choose one of its listed values`);
    this.box = box;
  }
}

function chosenOptions(game) {
  const options = {};
  for (const spec of game.options) {
    const control = optionsBox.querySelector(`[data-option="${CSS.escape(spec.name)}"]`);
    if (!control) continue;
    if (control.type === "checkbox") {
      options[spec.name] = control.checked;
    } else if (control.value === CUSTOM) {
      const box = optionsBox.querySelector(`[data-custom="${CSS.escape(spec.name)}"]`);
      if (!box.value.trim()) throw new MissingValue(box, spec.name);
      options[spec.name] = readTypedValue(box.value);
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
    if (!(error instanceof MissingValue)) throw error;
    createError.textContent = `The room was not created: ${error.message}`;
    createError.hidden = false;
    error.box.setAttribute("aria-invalid", "true");
    error.box.focus();
    return;
  }
  createButton.disabled = true;
  createButton.textContent = "Creating…";
  const timer = timerSelect.value ? Number(timerSelect.value) : null;
  try {
    const created = await api("/api/rooms", {
      method: "POST",
      body: { game: game.id, options, seats: seatChoices.slice(0, Number(seatCountSelect.value)),
        turn_timer: timer },
    });
    showCreated(created);
  } catch (error) {
    createError.textContent = `The room was not created: ${error.message}`;
    createError.hidden = false;
  } finally {
    createButton.disabled = false;
    createButton.textContent = "Create room";
  }
}

function showCreated(created) {
  const panel = document.getElementById("created");
  const link = new URL(created.invite, window.location.href).href;
  document.getElementById("invite-link").value = link;
  document.getElementById("join-room").href = created.invite;
  document.getElementById("copy-status").textContent = "";
  panel.hidden = false;
  panel.focus();
  panel.scrollIntoView({ behavior: "smooth", block: "nearest" });
}

async function copyInvite() {
  const input = document.getElementById("invite-link");
  const status = document.getElementById("copy-status");
  try {
    await navigator.clipboard.writeText(input.value);
    status.textContent = "Link copied.";
  } catch {
    // The clipboard API needs a secure context (https or localhost); on a plain-http
    // address on the network, select the text so the player can copy it by hand.
    input.focus();
    input.select();
    status.textContent = "Copy the selected link (Ctrl+C or long-press).";
  }
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
  for (const room of rooms) {
    const item = el("li", { class: "row" }, el("a", { href: `/r/${encodeURIComponent(room)}` }, `Room ${room}`));
    const about = el("span", { class: "muted small" }, "");
    const forget = el("button", { type: "button", class: "secondary" }, "Forget");
    forget.setAttribute("aria-label", `Forget my seat in room ${room}`);
    forget.addEventListener("click", () => {
      store(tokenKey(room), null);
      showMyRooms();
    });
    item.append(about, forget);
    list.append(item);
    api(`/api/rooms/${encodeURIComponent(room)}`)
      .then((summary) => {
        about.textContent = `${summary.title} · ${summary.status} · game ${summary.game_number}`;
      })
      .catch((error) => {
        about.textContent = error.status === 404 ? "no longer exists" : "could not be checked";
      });
  }
}

// --- start ------------------------------------------------------------------------------------

async function start() {
  form.addEventListener("submit", createRoom);
  gameSelect.addEventListener("change", gameChanged);
  seatCountSelect.addEventListener("change", showSeats);
  document.getElementById("copy-invite").addEventListener("click", copyInvite);
  showMyRooms();
  try {
    games = await api("/api/games");
  } catch (error) {
    const status = document.getElementById("games-status");
    status.textContent = `Could not load the games: ${error.message}`;
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
