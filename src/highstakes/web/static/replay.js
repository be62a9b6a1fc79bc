// The replay page (/static/replay.html): a finished game watched again, move by move.
//
// It knows no game. The record comes from a room (?room=<id>&game=<n>, GET
// /api/rooms/<id>/games/<n>/record) or from a file the visitor picks; the server turns it
// into positions (POST /api/replay: the record's outline, then each position as the game
// was after that many decisions, from any seat's place), and the game's own renderer draws
// each position exactly as it drew the live table (the generic renderer for games without
// one). A record is seen only once its game is over, so every seat's view may be shown.
// Its words are the reader's language's (i18n.js); the server's (the moves in words) come in
// that language too.

import { api, el, formatValue, loadGame, resultParts, seatName, startPage, useBotLabels } from "./common.js";
import * as tableRenderer from "./table.js";
import { fillNodes, number, t } from "./i18n.js";

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
  renderer: tableRenderer,
  position: 0,
  seat: null, // whose view is shown: null is a spectator's
  steps: new Map(), // positions already fetched, by "position:seat"
  playing: null, // the timer while playing
  shown: null, // {position, seat} drawn in the current container
  loading: 0, // the latest position asked for: an older answer arriving late is not drawn
};

/** A problem in words, or none; `words` writes it (again after a change of language). */
function showError(words) {
  replay.errorWords = words;
  const text = words ? words() : "";
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
      throw new Error(t("{file} is not a game record: it is not JSON.", { file: file.name }));
    }
    if (!record || typeof record !== "object" || Array.isArray(record) || !Array.isArray(record.actions)) {
      throw new Error(t("{file} is not a game record: a record is a JSON object with a game, seats and actions.",
        { file: file.name }));
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
    showError(() => t("This record cannot be replayed: {reason}", { reason: error.message }));
    return;
  }
  const outline = replay.outline;
  const game = await loadGame(outline.game);
  useBotLabels(game?.bot_labels);
  replay.renderer = await loadRenderer(game);
  replay.seats = seats ?? outline.seat_names.map((name, seat) => ({ seat, kind: "human", name, connected: true }));
  elements.pick.hidden = true;
  elements.controls.hidden = false;
  elements.movesPanel.hidden = false;
  elements.position.max = String(outline.positions - 1);
  drawOutline();
  await show(0);
}

/** The title, the seats to watch from and the list of every move, in the page's language. */
function drawOutline() {
  const outline = replay.outline;
  elements.replayTitle.textContent = gameNumber
    ? t("{game} · replay of game {number}", { game: outline.title, number: gameNumber })
    : t("{game} · replay", { game: outline.title });
  document.title = t("{game} · replay · High Stakes", { game: outline.title });
  const viewer = elements.viewer.value;
  elements.viewer.replaceChildren(el("option", { value: "" }, t("a spectator")),
    ...replay.seats.map((seat, index) => el("option", { value: String(index) }, seatName(replay.seats, index))));
  elements.viewer.value = viewer;
  elements.moves.replaceChildren(el("li", {}, moveButton(0, t("The start"))),
    ...outline.moves.map((move, index) => el("li", {}, moveButton(index + 1,
      t("{name}: {move}", { name: seatName(replay.seats, move.seat), move: move.label })))));
}

function moveButton(position, text) {
  const button = el("button", { type: "button", class: "link-button", "data-position": String(position) }, text);
  button.addEventListener("click", () => jump(position));
  return button;
}

// --- the game's renderer ----------------------------------------------------------------------

async function loadRenderer(game) {
  if (!game?.renderer || game.declares_table) return tableRenderer;
  try {
    const module = await import(new URL(game.renderer, window.location.href).href);
    if (typeof module.render === "function") return module;
  } catch (error) {
    console.error("could not load the game's renderer", error);
  }
  return tableRenderer;
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
    showError(() => t("This position could not be shown: {reason}", { reason: error.message }));
    return;
  }
  if (replay.loading !== target) return; // a later request won
  showError(null);
  // The renderers keep what they saw (a log of turns): one step forward continues the same
  // table; any other move starts a fresh one, so nothing from another point of the game stays.
  const shown = replay.shown;
  const continues = shown && shown.seat === replay.seat && (target === shown.position + 1 || target === shown.position);
  if (!continues) elements.table.replaceChildren(el("div", { class: "replay-table" }));
  const container = elements.table.firstElementChild;
  const message = {
    type: "state", room: roomId, game: replay.outline.game, game_number: 1, seat: null,
    status: step.over ? "over" : "playing", version: target, to_act: step.to_act, view: step.view, legal: [],
    amounts: [], table: step.table, seats: replay.seats, result: step.result, event: { kind: "replay" },
    turn_deadline: null,
  };
  try {
    replay.renderer.render(container, message, () => false);
  } catch (error) {
    console.error("the game renderer failed; using the table the server sends", error);
    replay.renderer = tableRenderer;
    elements.table.replaceChildren(el("div", { class: "replay-table" }));
    tableRenderer.render(elements.table.firstElementChild, message, () => false);
  }
  replay.position = target;
  replay.shown = { position: target, seat: replay.seat };
  showControls(step);
}

function showControls(step) {
  const last = replay.outline.positions - 1;
  const position = replay.position;
  elements.position.value = String(position);
  elements.positionText.textContent = t("{position} of {last}", { position: number(position), last: number(last) });
  const move = step.last_move;
  elements.lastMove.replaceChildren(...(move
    ? [el("strong", {}, t("Move {number}:", { number: position })), " ",
      t("{name}: {move}", { name: seatName(replay.seats, move.seat), move: move.label })]
    : [t("The start: nobody has moved yet.")]));
  for (const [id, disabled] of [["toStart", position === 0], ["back", position === 0], ["forward", position === last],
    ["toEnd", position === last]]) {
    elements[id].disabled = disabled;
  }
  elements.play.textContent = replay.playing ? t("Pause") : t("▶ Play");
  for (const button of elements.moves.querySelectorAll("button")) {
    const current = Number(button.dataset.position) === position;
    button.classList.toggle("current", current);
    if (current) button.setAttribute("aria-current", "step");
    else button.removeAttribute("aria-current");
  }
  elements.result.hidden = !step.over;
  if (step.over) elements.resultBody.replaceChildren(...resultParts(step.result, replay.seats, null, scoreText));
}

/** The position shown, or the one on its way: steps count from where the viewer is going. */
function heading() {
  return replay.loading ?? replay.position;
}

function jump(position) {
  stop();
  show(position);
}

function stop() {
  clearInterval(replay.playing);
  replay.playing = null;
  elements.play.textContent = t("▶ Play");
}

function togglePlay() {
  if (replay.playing) {
    stop();
    return;
  }
  const last = replay.outline.positions - 1;
  if (replay.position >= last) show(0); // at the end, play starts again from the start
  replay.playing = setInterval(advance, Number(elements.speed.value));
  elements.play.textContent = t("Pause");
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
  elements.back.addEventListener("click", () => jump(heading() - 1));
  elements.forward.addEventListener("click", () => jump(heading() + 1));
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
    show(heading());
  });
  document.addEventListener("keydown", (event) => {
    if (!replay.outline || event.ctrlKey || event.metaKey || event.altKey) return;
    const target = event.target;
    if (target instanceof HTMLElement && ["INPUT", "SELECT", "TEXTAREA"].includes(target.tagName)) return;
    const moves = { ArrowRight: 1, ArrowLeft: -1 };
    if (event.key in moves) {
      event.preventDefault();
      jump(heading() + moves[event.key]);
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
      showError(() => error.message);
    }
  });
}

/** The replay page's static text, by the data-i18n names of replay.html. */
function pageWords() {
  return {
    "page-title": t("Replay · High Stakes"),
    skip: t("Skip to the table"),
    "back-to-room": t("Back to the room"),
    "pick-heading": t("Watch a game record"),
    "record-file-label": t("A record file"),
    "record-file-help": fillNodes(t("The JSON file of a finished game: downloaded from the end of a game in a room, or saved by {command}."), { command: el("code", {}, "highstakes play") }),
    "controls-label": t("Replay controls"),
    "to-start": t("◀◀ Start"),
    back: t("◀ Back"),
    forward: t("Next ▶"),
    "to-end": t("End ▶▶"),
    "position-label": t("Move"),
    "speed-label": t("Speed"),
    "speed-2000": t("slow (a move every 2 s)"),
    "speed-1000": t("a move a second"),
    "speed-500": t("2 moves a second"),
    "speed-250": t("4 moves a second"),
    "viewer-label": t("Shown as"),
    "result-heading": t("Game over"),
    "table-label": t("Game table"),
    "moves-summary": t("Every move (choose one to jump to it)"),
  };
}

/**
 * The page in the language just chosen: its own words at once; the record's outline (the
 * moves in words) asked for again in it; the position drawn afresh by the renderer.
 */
async function redraw() {
  elements.replayTitle.textContent = t("Replay");
  elements.play.textContent = replay.playing ? t("Pause") : t("▶ Play");
  showError(replay.errorWords);
  if (!replay.outline) return;
  const game = await loadGame(replay.outline.game);
  useBotLabels(game?.bot_labels);
  try {
    replay.outline = await api("/api/replay", { method: "POST", body: { record: replay.record } });
  } catch {
    // The moves stay in the words they came in.
  }
  replay.steps.clear();
  replay.shown = null;
  drawOutline();
  await show(replay.position);
}

async function start() {
  await startPage(pageWords, redraw);
  elements.replayTitle.textContent = t("Replay");
  elements.play.textContent = t("▶ Play");
  listen();
  if (roomId && gameNumber) {
    try {
      const { record, seats } = await recordFromRoom();
      await begin(record, seats);
    } catch (error) {
      showError(() => (error.status === 409 ? t("That game is not over yet: its replay opens once it ends.")
        : t("That game's record could not be loaded: {reason}", { reason: error.message })));
    }
    return;
  }
  elements.pick.hidden = false;
}

start();
