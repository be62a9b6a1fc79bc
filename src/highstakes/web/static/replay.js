// The replay page (/static/replay.html): a finished game watched again, move by move.
//
// It knows no game. The record comes from a room (?room=<id>&game=<n>, GET
// /api/rooms/<id>/games/<n>/record) or from a file the visitor picks; the server turns it
// into positions (POST /api/replay: the record's outline, then each position as the game
// was after that many decisions, from any seat's place), and the game's own renderer draws
// each position exactly as it drew the live table (the generic renderer for games without
// one). A record is seen only once its game is over, so every seat's view may be shown.

import { api, el, formatValue, resultParts, seatName, useBotLabels } from "./common.js";
import * as genericRenderer from "./generic-renderer.js";

const params = new URLSearchParams(window.location.search);
const roomId = params.get("room");
const gameNumber = Number(params.get("game")) || null;

const elements = Object.fromEntries([
  "replay-title", "back-to-room", "error", "pick", "record-file", "controls", "to-start", "back", "play",
  "forward", "to-end", "position", "position-text", "speed", "viewer", "last-move", "result", "result-body",
  "table", "moves-panel", "moves",
].map((id) => [id.replace(/-(\w)/g, (_, letter) => letter.toUpperCase()), document.getElementById(id)]));

const replay = {
  record: null,
  outline: null, // POST /api/replay with the record: the game, its seats, every move in words
  seats: [], // the seats as the room pages name them
  renderer: genericRenderer,
  position: 0,
  seat: null, // whose view is shown: null is a spectator's
  steps: new Map(), // positions already fetched, by "position:seat"
  playing: null, // the timer while playing
  shown: null, // {position, seat} drawn in the current container
  loading: 0, // the latest position asked for: an older answer arriving late is not drawn
};

function showError(text) {
  elements.error.replaceChildren(text);
  elements.error.hidden = !text;
}

// --- the record -------------------------------------------------------------------------------

async function recordFromRoom() {
  const room = encodeURIComponent(roomId);
  let summary = null;
  try {
    summary = await api(`/api/rooms/${room}`);
  } catch {
    // The names are a nicety: the record alone is enough to watch.
  }
  const record = await api(`/api/rooms/${room}/games/${gameNumber}/record`);
  elements.backToRoom.href = `/r/${room}`;
  elements.backToRoom.hidden = false;
  return { record, seats: summary?.seats ?? null };
}

function recordFromFile(file) {
  return file.text().then((text) => {
    let record;
    try {
      record = JSON.parse(text);
    } catch {
      throw new Error(`${file.name} is not a game record: it is not JSON.`);
    }
    if (!record || typeof record !== "object" || Array.isArray(record) || !Array.isArray(record.actions)) {
      throw new Error(`${file.name} is not a game record: a record is a JSON object with a game, seats and actions.`);
    }
    return record;
  });
}

async function begin(record, seats) {
  replay.record = record;
  replay.steps.clear();
  try {
    replay.outline = await api("/api/replay", { method: "POST", body: { record } });
  } catch (error) {
    showError(error.status === 404
      ? "This server does not replay games. The record can still be watched in a terminal: highstakes replay FILE."
      : `This record cannot be replayed: ${error.message}`);
    return;
  }
  const outline = replay.outline;
  const game = await loadGame(outline.game);
  useBotLabels(game?.bot_labels);
  genericRenderer.configure({ seatKeys: game?.seat_keys ?? [] });
  replay.renderer = await loadRenderer(game);
  replay.seats = seats ?? outline.seat_names.map((name, seat) => ({ seat, kind: "human", name, connected: true }));
  elements.replayTitle.textContent = `${outline.title} · replay${gameNumber ? ` of game ${gameNumber}` : ""}`;
  document.title = `${outline.title} · replay · High Stakes`;
  elements.pick.hidden = true;
  elements.controls.hidden = false;
  elements.movesPanel.hidden = false;
  elements.position.max = String(outline.positions - 1);
  elements.viewer.replaceChildren(el("option", { value: "" }, "a spectator"),
    ...replay.seats.map((seat, index) => el("option", { value: String(index) }, seatName(replay.seats, index))));
  elements.moves.replaceChildren(el("li", {}, moveButton(0, "The start")),
    ...outline.moves.map((move, index) =>
      el("li", {}, moveButton(index + 1, `${seatName(replay.seats, move.seat)}: ${move.label}`))));
  await show(0);
}

function moveButton(position, text) {
  const button = el("button", { type: "button", class: "link-button", "data-position": String(position) }, text);
  button.addEventListener("click", () => jump(position));
  return button;
}

// --- the game's renderer ----------------------------------------------------------------------

async function loadGame(gameId) {
  try {
    return (await api("/api/games")).find((game) => game.id === gameId) ?? null;
  } catch {
    return null;
  }
}

async function loadRenderer(game) {
  if (!game?.renderer) return genericRenderer;
  try {
    const module = await import(new URL(game.renderer, window.location.href).href);
    if (typeof module.render === "function") return module;
  } catch (error) {
    console.error("could not load the game's renderer", error);
  }
  return genericRenderer;
}

function scoreText(score) {
  const format = replay.renderer.formatScore;
  return typeof format === "function" ? format(score) : formatValue(score);
}

// --- positions --------------------------------------------------------------------------------

async function stepAt(position, seat) {
  const key = `${position}:${seat}`;
  if (!replay.steps.has(key)) {
    const step = await api("/api/replay", { method: "POST", body: { record: replay.record, position, seat } });
    replay.steps.set(key, step);
  }
  return replay.steps.get(key);
}

/** Draw ``position`` from the chosen seat's place. */
async function show(position) {
  const last = replay.outline.positions - 1;
  const target = Math.max(0, Math.min(position, last));
  replay.loading = target;
  let step;
  try {
    step = await stepAt(target, replay.seat);
  } catch (error) {
    stop();
    showError(`This position could not be shown: ${error.message}`);
    return;
  }
  if (replay.loading !== target) return; // a later request won
  showError("");
  // The renderers keep what they saw (a log of turns): one step forward continues the same
  // table; any other move starts a fresh one, so nothing from another point of the game stays.
  const shown = replay.shown;
  const continues = shown && shown.seat === replay.seat && (target === shown.position + 1 || target === shown.position);
  if (!continues) elements.table.replaceChildren(el("div", { class: "replay-table" }));
  const container = elements.table.firstElementChild;
  const message = {
    type: "state", room: roomId, game: replay.outline.game, game_number: 1, seat: null,
    status: step.over ? "over" : "playing", version: target, to_act: step.to_act, view: step.view, legal: [],
    amounts: [], seats: replay.seats, result: step.result, event: { kind: "replay" }, turn_deadline: null,
  };
  try {
    replay.renderer.render(container, message, () => false);
  } catch (error) {
    console.error("the game renderer failed; using the generic one", error);
    replay.renderer = genericRenderer;
    elements.table.replaceChildren(el("div", { class: "replay-table" }));
    genericRenderer.render(elements.table.firstElementChild, message, () => false);
  }
  replay.position = target;
  replay.shown = { position: target, seat: replay.seat };
  showControls(step);
}

function showControls(step) {
  const last = replay.outline.positions - 1;
  const position = replay.position;
  elements.position.value = String(position);
  elements.positionText.textContent = `${position} of ${last}`;
  const move = step.last_move;
  elements.lastMove.replaceChildren(...(move
    ? [el("strong", {}, `Move ${position}: `), `${seatName(replay.seats, move.seat)}: ${move.label}`]
    : ["The start: nobody has moved yet."]));
  for (const [id, disabled] of [["toStart", position === 0], ["back", position === 0], ["forward", position === last],
    ["toEnd", position === last]]) {
    elements[id].disabled = disabled;
  }
  elements.play.textContent = replay.playing ? "Pause" : "▶ Play";
  for (const button of elements.moves.querySelectorAll("button")) {
    const current = Number(button.dataset.position) === position;
    button.classList.toggle("current", current);
    if (current) button.setAttribute("aria-current", "step");
    else button.removeAttribute("aria-current");
  }
  elements.result.hidden = !step.over;
  if (step.over) elements.resultBody.replaceChildren(...resultParts(step.result, replay.seats, null, scoreText));
}

function jump(position) {
  stop();
  show(position);
}

function stop() {
  clearInterval(replay.playing);
  replay.playing = null;
  elements.play.textContent = "▶ Play";
}

function togglePlay() {
  if (replay.playing) {
    stop();
    return;
  }
  const last = replay.outline.positions - 1;
  if (replay.position >= last) show(0); // at the end, play starts again from the start
  replay.playing = setInterval(advance, Number(elements.speed.value));
  elements.play.textContent = "Pause";
}

async function advance() {
  const last = replay.outline.positions - 1;
  if (replay.position >= last) {
    stop();
    return;
  }
  await show(replay.position + 1);
  if (replay.position >= last) stop();
}

// --- start ------------------------------------------------------------------------------------

function listen() {
  elements.toStart.addEventListener("click", () => jump(0));
  elements.back.addEventListener("click", () => jump(replay.position - 1));
  elements.forward.addEventListener("click", () => jump(replay.position + 1));
  elements.toEnd.addEventListener("click", () => jump(replay.outline.positions - 1));
  elements.play.addEventListener("click", togglePlay);
  elements.position.addEventListener("input", () => jump(Number(elements.position.value)));
  elements.speed.addEventListener("change", () => {
    if (!replay.playing) return;
    stop();
    togglePlay();
  });
  elements.viewer.addEventListener("change", () => {
    replay.seat = elements.viewer.value === "" ? null : Number(elements.viewer.value);
    replay.shown = null;
    show(replay.position);
  });
  document.addEventListener("keydown", (event) => {
    if (!replay.outline || event.ctrlKey || event.metaKey || event.altKey) return;
    const target = event.target;
    if (target instanceof HTMLElement && ["INPUT", "SELECT", "TEXTAREA"].includes(target.tagName)) return;
    const moves = { ArrowRight: 1, ArrowLeft: -1 };
    if (event.key in moves) {
      event.preventDefault();
      jump(replay.position + moves[event.key]);
    } else if (event.key === "Home" || event.key === "End") {
      event.preventDefault();
      jump(event.key === "Home" ? 0 : replay.outline.positions - 1);
    } else if (event.key === " " && !(target instanceof HTMLButtonElement)) {
      event.preventDefault();
      togglePlay();
    }
  });
  elements.recordFile.addEventListener("change", async () => {
    const file = elements.recordFile.files?.[0];
    if (!file) return;
    try {
      await begin(await recordFromFile(file), null);
    } catch (error) {
      showError(error.message);
    }
  });
}

async function start() {
  listen();
  if (roomId && gameNumber) {
    try {
      const { record, seats } = await recordFromRoom();
      await begin(record, seats);
    } catch (error) {
      showError(error.status === 409 ? "That game is not over yet: its replay opens once it ends."
        : `That game's record could not be loaded: ${error.message}`);
    }
    return;
  }
  elements.pick.hidden = false;
}

start();
