// The room page (/r/<room>): joins or watches a game, keeps the WebSocket alive and hands
// every state to the game's renderer.
//
// This page knows nothing about any game. It shows what every game shares (seats, whose
// turn, refusals, the result, rematch) and leaves the table itself to the renderer module
// the server names for the game, or to the generic renderer when there is none.
//
// Its words are the reader's language's (i18n.js). The server hears of the language with
// every request (Accept-Language) and on the WebSocket's address (lang=), so that what it
// says in words (refusals, moves, bots) comes in it; a switch of language reconnects.

import {
  api, el, formatValue, isSeated, listWords, load, loadGame, NAME_KEY, refusalNode, resultParts, seatName,
  startPage, store, tokenKey, useBotLabels,
} from "./common.js";
import * as tableRenderer from "./table.js";
import { language, number, t, tn } from "./i18n.js";

/** A score as the game writes it: a renderer may export formatScore (money in cents, say). */
function scoreText(score) {
  const format = room.renderer?.formatScore;
  return typeof format === "function" ? format(score) : formatValue(score);
}

const PING_EVERY_MS = 25_000;
// Pings are answered, so a connection silent for this long is dead even if the browser
// has not noticed yet (a phone that slept, a network switch).
const SILENCE_LIMIT_MS = 70_000;
const RETRY_FIRST_MS = 1_000;
const RETRY_MAX_MS = 30_000;
const BAD_TOKEN_CLOSE = 4403;
const NO_ROOM_CLOSE = 4404;
const GONE_CLOSE = 4410; // the room's stored game can no longer be read: the reason says why

const roomId = roomFromPath();
const elements = {
  title: document.getElementById("room-title"),
  connection: document.getElementById("connection"),
  error: document.getElementById("error"),
  notice: document.getElementById("notice"),
  turn: document.getElementById("turn"),
  timer: document.getElementById("timer"),
  seatStrip: document.getElementById("seat-strip"),
  join: document.getElementById("join"),
  joinForm: document.getElementById("join-form"),
  joinSeats: document.getElementById("join-seats"),
  playerName: document.getElementById("player-name"),
  result: document.getElementById("result"),
  resultBody: document.getElementById("result-body"),
  resultLinks: document.getElementById("result-links"),
  rematch: document.getElementById("rematch"),
  pastGames: document.getElementById("past-games"),
  pastGamesList: document.getElementById("past-games-list"),
  nameProblem: document.getElementById("name-problem"),
  table: document.getElementById("table"),
  invite: document.getElementById("invite"),
  inviteLink: document.getElementById("invite-link"),
  copyStatus: document.getElementById("copy-status"),
  roomFacts: document.getElementById("room-facts"),
};

const room = {
  summary: null,
  title: "",
  renderer: tableRenderer,
  token: null,
  socket: null,
  attempts: 0,
  retryTimer: null,
  retryAt: 0,
  countdownTimer: null,
  pingTimer: null,
  lastHeard: 0,
  state: null,
  game: null, // the game's entry of GET /api/games: its options, bots in words, renderer
  finished: [], // numbers of the room's games that are over (GET /api/rooms/<id>/games)
  watching: false, // the visitor chose to watch rather than take a free seat
  // When the turn timer acts, on this page's monotonic clock (performance.now()), or null
  // when no timer runs: the server sends seconds left, so only the local clock is needed.
  turnEndsAt: null,
  timerMessage: null, // the state message the countdown above was set from
};

function roomFromPath() {
  const parts = window.location.pathname.split("/").filter(Boolean);
  const index = parts.indexOf("r");
  const id = index >= 0 ? parts[index + 1] : parts[parts.length - 1];
  return id ? decodeURIComponent(id) : null;
}

// --- messages to the player -----------------------------------------------------------------

/** The connection's state in the header: `words` writes it (again after a change of language). */
function setConnection(kind, words) {
  Object.assign(room, { connectionKind: kind, connectionWords: words });
  elements.connection.className = `pill ${kind}`;
  elements.connection.replaceChildren(words());
}

/** A refusal from the server (an `error` message): the rule in words; its code only as a tooltip. */
function showError(message) {
  elements.error.replaceChildren(el("strong", {}, t("Refused:")), " ", refusalNode(message));
  elements.error.hidden = false;
}

/** Something this page could not do (nothing was sent), in words. */
function showProblem(text) {
  elements.error.replaceChildren(text);
  elements.error.hidden = false;
}

function clearError() {
  elements.error.hidden = true;
  elements.error.replaceChildren();
}

/** A note above the table; `words` writes it (again after a change of language); none hides it. */
function showNotice(words = null) {
  room.noticeWords = words;
  elements.notice.replaceChildren(...(words ? [words()] : []));
  elements.notice.hidden = words === null;
}

/** The page cannot go on (no such room, no server): `words` gives the heading and the detail. */
function fatal(words) {
  room.fatalWords = words;
  const [text, detail] = words();
  setConnection("offline", () => t("Not connected"));
  elements.table.replaceChildren(
    el("div", { class: "panel" },
      el("h2", {}, text),
      detail ? el("p", {}, detail) : null,
      el("p", {}, el("a", { href: "/" }, t("Back to the lobby")))),
  );
}

// --- sending ----------------------------------------------------------------------------------

/** Send one message to the server; the renderers get this as their `send`. */
function send(message) {
  const socket = room.socket;
  if (!socket || socket.readyState !== WebSocket.OPEN) {
    showProblem(t("Not connected to the server: nothing was sent. Reconnecting…"));
    reconnectNow();
    return false;
  }
  socket.send(JSON.stringify(message));
  return true;
}

// --- the connection -------------------------------------------------------------------------

function connect() {
  clearTimeout(room.retryTimer);
  clearInterval(room.countdownTimer);
  const url = new URL(`/ws/${encodeURIComponent(roomId)}`, window.location.href);
  url.protocol = window.location.protocol === "https:" ? "wss:" : "ws:";
  if (room.token) url.searchParams.set("token", room.token);
  url.searchParams.set("lang", language());
  setConnection("pending", room.attempts ? () => t("Reconnecting…") : () => t("Connecting…"));
  let socket;
  try {
    socket = new WebSocket(url);
  } catch {
    scheduleReconnect();
    return;
  }
  room.socket = socket;
  // Handlers check that their socket is still the current one: an old socket closing
  // after a deliberate reconnect (say, after taking a seat) must not start another.
  socket.addEventListener("open", () => {
    if (room.socket !== socket) return;
    room.attempts = 0;
    room.lastHeard = Date.now();
    setConnection("online", room.token ? () => t("Connected") : () => t("Connected · watching"));
    startPings(socket);
  });
  socket.addEventListener("message", (event) => {
    if (room.socket !== socket) return;
    room.lastHeard = Date.now();
    let message;
    try {
      message = JSON.parse(event.data);
    } catch {
      return; // not ours to show: the server only sends JSON
    }
    handleMessage(message);
  });
  socket.addEventListener("close", (event) => {
    if (room.socket !== socket) return;
    room.socket = null;
    stopPings();
    if (event.code === NO_ROOM_CLOSE) {
      fatal(() => [t("This room no longer exists"), t("The server does not know it any more.")]);
      return;
    }
    if (event.code === GONE_CLOSE) {
      fatal(() => [t("This room cannot be opened"), event.reason]);
      return;
    }
    if (event.code === BAD_TOKEN_CLOSE && room.token) {
      forgetToken();
      connect(); // at once, as a spectator, with the offer to take a seat again
      return;
    }
    scheduleReconnect();
  });
}

function scheduleReconnect() {
  // Exponential backoff with jitter, so that a restarted server is not hit by every
  // browser at the same instant.
  const base = Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** room.attempts);
  const delay = Math.round(base * (0.75 + Math.random() * 0.5));
  room.attempts += 1;
  room.retryAt = Date.now() + delay;
  clearTimeout(room.retryTimer);
  room.retryTimer = setTimeout(connect, delay);
  showRetryCountdown();
  clearInterval(room.countdownTimer);
  room.countdownTimer = setInterval(showRetryCountdown, 1000);
}

function showRetryCountdown() {
  const seconds = Math.max(0, Math.ceil((room.retryAt - Date.now()) / 1000));
  let countdown = elements.connection.querySelector(".countdown");
  if (!countdown) {
    // The pill is a live region: the words are announced once, while the seconds
    // ticking by are hidden from screen readers so they are not read out every second.
    setConnection("offline", () => {
      const now = el("button", { type: "button", class: "secondary compact" }, t("Retry now"));
      now.addEventListener("click", reconnectNow);
      return el("span", { class: "lost" }, t("Connection lost"),
        el("span", { class: "countdown", "aria-hidden": "true" }), now);
    });
    countdown = elements.connection.querySelector(".countdown");
  }
  countdown.textContent = " · " + t("retrying in {seconds} s", { seconds });
}

function reconnectNow() {
  if (room.socket && room.socket.readyState <= WebSocket.OPEN) return; // connecting or connected
  room.attempts = Math.min(room.attempts, 1);
  connect();
}

/** Drop the current socket (if any) and connect again at once, e.g. with a new token. */
function restartConnection() {
  const old = room.socket;
  room.socket = null;
  stopPings();
  if (old) old.close(1000, "reconnecting");
  room.attempts = 0;
  connect();
}

function startPings(socket) {
  stopPings();
  room.pingTimer = setInterval(() => {
    if (room.socket !== socket) return;
    if (Date.now() - room.lastHeard > SILENCE_LIMIT_MS) {
      socket.close(4000, "silent"); // the close handler schedules the reconnect
      return;
    }
    if (socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ type: "ping" }));
  }, PING_EVERY_MS);
}

function stopPings() {
  clearInterval(room.pingTimer);
}

// --- what the server says -------------------------------------------------------------------

function handleMessage(message) {
  switch (message.type) {
    case "state":
      showState(message);
      break;
    case "error":
      if (message.code === "bad_token") {
        forgetToken();
        showNotice(() => t("This browser's seat for the room is no longer valid: you are watching. Take a free seat below if there is one."));
        break;
      }
      // A renderer that shows the refusal beside its controls says so: it is shown once.
      if (passToRenderer(message) !== true) showError(message);
      break;
    case "presence":
      // Someone's connection came or went: only that seat's dot changes.
      if (room.state?.seats?.[message.seat]) {
        room.state.seats[message.seat].connected = message.connected;
        showStatus(room.state);
      }
      break;
    case "hint":
      if (message.preparing) {
        // The advice needs a one-off computation on the server; it follows by itself.
        room.hintNotice = true;
        const seconds = number(Math.max(1, Math.round(message.seconds)));
        showNotice(() => t("Preparing the hint: about {seconds} s. It will appear when ready.", { seconds }));
        break;
      }
      if (message.waiting) {
        // The server has much to do: the hint waits its turn (the server says so in words), and follows.
        room.hintNotice = true;
        const words = String(message.message ?? "");
        showNotice(() => words);
        break;
      }
      if (room.hintNotice) {
        room.hintNotice = false;
        showNotice();
      }
      passToRenderer(message);
      break;
    default:
      break; // pong, and anything newer than this page
  }
}

/**
 * Renderers may export onMessage(container, message) to see hints and refusals (a refusal
 * ends a "sending…" state, for instance). It returns true when it showed a refusal itself.
 */
function passToRenderer(message) {
  if (typeof room.renderer.onMessage !== "function") return false;
  try {
    return room.renderer.onMessage(elements.table, message);
  } catch (error) {
    console.error("the renderer failed on a message", error);
    return false;
  }
}

function showState(message) {
  const previous = room.state;
  room.state = message;
  if (message.seats) room.summary = { ...room.summary, seats: message.seats, status: message.status };
  const changed = !previous || previous.version !== message.version || previous.game_number !== message.game_number;
  if (changed) clearError();
  showStatus(message);
  showJoin();
  showTable(message);
  showResult(message, previous);
  // A rematch began: the game before it joins the list of earlier games.
  if (previous && previous.game_number !== message.game_number) refreshPastGames();
}

function forgetToken() {
  room.token = null;
  store(tokenKey(roomId), null);
  showJoin();
}

// --- status: whose turn, seats, timer -------------------------------------------------------

function myTurn(message) {
  return isSeated(message) && (message.to_act ?? []).includes(message.seat);
}

function showStatus(message) {
  const seats = message.seats ?? [];
  const toAct = message.to_act ?? [];
  const mine = myTurn(message);
  let turn;
  if (message.status === "waiting") {
    const people = seats.filter((seat) => seat.kind === "human");
    const joined = people.filter((seat) => seat.name).length;
    turn = tn("Waiting for players: {joined} of {n} person has joined",
      "Waiting for players: {joined} of {n} people have joined", people.length, { joined });
  } else if (message.status === "over") {
    turn = t("Game over");
  } else if (mine) {
    turn = t("Your turn");
  } else if (toAct.length) {
    turn = t("{names} to play", { names: listWords(toAct.map((seat) => seatName(seats, seat))) });
  } else {
    turn = t("Playing");
  }
  elements.turn.textContent = turn;
  elements.turn.classList.toggle("mine", mine);
  document.title = mine ? t("▶ Your turn · {room} · High Stakes", { room: room.title || t("Room") })
    : t("{room} · High Stakes", { room: room.title || t("Room") });

  elements.seatStrip.replaceChildren(...seats.map((seat, index) => {
    const connected = seat.kind === "bot" || seat.connected;
    const label = seat.kind === "human" && !seat.name ? t("Seat {number}: free", { number: index + 1 })
      : seatName(seats, index);
    return el("li", { class: toAct.includes(index) && message.status === "playing" ? "acting" : null },
      el("span", {
        class: `dot ${connected ? "on" : "off"}`,
        role: "img",
        "aria-label": seat.kind === "bot" ? t("bot") : connected ? t("online") : t("offline"),
      }),
      index === message.seat ? t("{name} (you)", { name: label }) : label);
  }));
  if (!isSeated(message)) {
    elements.seatStrip.append(el("li", {}, t("You are watching")));
  }
  updateTurnTimer(message);
  elements.invite.open = message.status === "waiting";
}

const TIMER_TICK_MS = 250; // often enough that the shown second changes on time

function updateTurnTimer(message) {
  const seconds = message.turn_deadline;
  if (typeof seconds !== "number" || !Number.isFinite(seconds)) {
    room.turnEndsAt = null;
    room.timerMessage = null;
    // The turn timer stops while no person of the room is connected (only watchers are here).
    const stopped = Boolean(room.summary?.turn_timer) && message.status === "playing" &&
      !(message.seats ?? []).some((seat) => seat.kind === "human" && seat.connected);
    elements.timer.hidden = !stopped;
    elements.timer.textContent = stopped
      ? t("The turn timer is stopped while no player is connected, and runs on when one comes back.") : "";
    return;
  }
  // Seconds left when the server sent this; counted down from its arrival here, which is
  // late only by the message's travel time. Every state message brings a fresh figure; the
  // same message shown again (a seat's presence changed) keeps the countdown where it is.
  if (room.timerMessage !== message) {
    room.timerMessage = message;
    room.turnEndsAt = performance.now() + Math.max(0, seconds) * 1000;
  }
  elements.timer.hidden = false;
  showTimerText();
}

function showTimerText() {
  if (room.turnEndsAt === null) return;
  const left = Math.max(0, Math.ceil((room.turnEndsAt - performance.now()) / 1000));
  const text = t("{seconds} s left in this turn", { seconds: left });
  // Only write when the second changes, so the tick does not touch the page in between.
  if (elements.timer.textContent !== text) elements.timer.textContent = text;
}

setInterval(showTimerText, TIMER_TICK_MS);

// --- joining ----------------------------------------------------------------------------------

function freeSeats() {
  return (room.summary?.seats ?? []).filter((seat) => seat.kind === "human" && !seat.name);
}

function showJoin() {
  const free = room.token ? [] : freeSeats();
  const offer = free.length > 0 && !room.watching;
  elements.join.hidden = !offer;
  if (!offer) return;
  // Rebuild the buttons only when the free seats change, so that focus on one survives.
  const wanted = free.map((seat) => seat.seat).join(",");
  if (elements.joinSeats.dataset.seats === wanted) return;
  elements.joinSeats.dataset.seats = wanted;
  elements.joinSeats.replaceChildren(
    // Submit buttons: Enter in the name field takes the first free seat.
    ...free.map((seat) => el("button", { type: "submit", value: String(seat.seat) },
      t("Take seat {number}", { number: seat.seat + 1 }))),
    (() => {
      const watch = el("button", { type: "button", class: "secondary" }, t("Just watch"));
      watch.addEventListener("click", () => {
        room.watching = true;
        showJoin();
        elements.table.focus();
      });
      return watch;
    })(),
  );
}

function askForName(text) {
  elements.nameProblem.textContent = text;
  elements.nameProblem.hidden = !text;
  if (text) elements.playerName.setAttribute("aria-invalid", "true");
  else elements.playerName.removeAttribute("aria-invalid");
}

async function join(event) {
  event.preventDefault();
  const seat = Number(event.submitter?.value ?? freeSeats()[0]?.seat);
  const name = elements.playerName.value.trim();
  if (!name) {
    // Nothing was refused: the page asks for what it needs, beside the field.
    askForName(t("Type your name first: the other players see it at the table."));
    elements.playerName.focus();
    return;
  }
  askForName("");
  const buttons = [...elements.joinSeats.querySelectorAll("button")];
  for (const button of buttons) button.disabled = true;
  try {
    const joined = await api(`/api/rooms/${encodeURIComponent(roomId)}/join`, {
      method: "POST",
      body: { name, seat },
    });
    room.token = joined.token;
    store(tokenKey(roomId), joined.token);
    store(NAME_KEY, name);
    clearError();
    showNotice();
    elements.join.hidden = true;
    restartConnection();
    elements.table.focus();
  } catch (error) {
    showProblem(error.status === 409 ? t("Seat {number} was just taken, or is not free: choose another.",
      { number: seat + 1 }) : t("Could not take the seat: {reason}", { reason: error.message }));
    await refreshSummary();
  } finally {
    for (const button of buttons) button.disabled = false;
    elements.joinSeats.dataset.seats = "";
    showJoin();
  }
}

async function refreshSummary() {
  try {
    room.summary = await api(`/api/rooms/${encodeURIComponent(roomId)}`);
  } catch {
    // Keep what we had; the WebSocket brings the seats again anyway.
  }
}

// --- the table --------------------------------------------------------------------------------

function showTable(message) {
  // While people are missing the game exists (the server may already have rolled for who
  // starts), but nobody can act: show how to fill the seats instead of a frozen table.
  if (message.status === "waiting" || !message.view) {
    elements.table.replaceChildren(
      el("div", { class: "panel" },
        el("p", {}, t("The game starts as soon as every person's seat is taken.")),
        el("p", { class: "muted" }, t("Share the invite link below with the other players."))),
    );
    // The renderer builds its table again when the game starts.
    delete elements.table.dataset.renderer;
    return;
  }
  try {
    room.renderer.render(elements.table, message, send);
  } catch (error) {
    // A broken game renderer must not leave the player without a table.
    console.error("the game renderer failed; using the table the server sends", error);
    if (room.renderer !== tableRenderer) {
      room.renderer = tableRenderer;
      elements.table.replaceChildren();
      showNotice(() => t("The game's own table could not be drawn, so the plain view is shown instead."));
      tableRenderer.render(elements.table, message, send);
    }
  }
}

// --- the end and the rematch ----------------------------------------------------------------

function showResult(message, previous) {
  const over = message.status === "over";
  elements.result.hidden = !over;
  if (!over) {
    elements.rematch.disabled = false;
    elements.rematch.textContent = t("Rematch");
    return;
  }
  const seats = message.seats ?? [];
  const body = resultParts(message.result, seats, message.seat, scoreText);
  if (!body.length && message.result) {
    body.push(el("pre", { class: "data" }, JSON.stringify(message.result, null, 2)));
  }
  elements.resultBody.replaceChildren(...body);
  elements.resultLinks.replaceChildren(...gameLinks(message.game_number));
  const seated = isSeated(message);
  elements.rematch.hidden = !seated;
  if (!seated && seats.some((seat) => seat.kind === "human")) {
    elements.resultBody.append(el("p", { class: "muted" }, t("A player can start a rematch in this room.")));
  }
  if (previous && previous.status !== "over") {
    // The game just ended here: bring the result into view without moving keyboard focus.
    elements.result.scrollIntoView({ behavior: "smooth", block: "nearest" });
  }
  if (!room.finished.includes(message.game_number)) refreshPastGames();
}

/** A finished game's replay and its record to download (every secret it held is shown now). */
function gameLinks(number) {
  const replay = `/static/replay.html?room=${encodeURIComponent(roomId)}&game=${number}`;
  const record = `/api/rooms/${encodeURIComponent(roomId)}/games/${number}/record`;
  const file = `${room.summary?.game ?? "game"}-${roomId}-${number}.json`;
  return [
    el("a", { class: "button secondary", href: replay }, t("Watch the replay")),
    el("a", { class: "button secondary", href: record, download: file }, t("Download the record")),
  ];
}

/** The room's earlier games, each with its replay and record, once there is one. */
async function refreshPastGames() {
  try {
    room.finished = (await api(`/api/rooms/${encodeURIComponent(roomId)}/games`)).finished ?? [];
  } catch {
    return; // an older server, or none: there is simply no list
  }
  const current = room.state?.game_number;
  const earlier = room.finished.filter((number) => number !== current || room.state?.status !== "over");
  elements.pastGames.hidden = earlier.length === 0;
  elements.pastGamesList.replaceChildren(...earlier.map((number) =>
    el("li", { class: "row" }, el("span", {}, t("Game {number}", { number })), ...gameLinks(number))));
}

function askRematch() {
  if (send({ type: "rematch" })) {
    elements.rematch.disabled = true;
    elements.rematch.textContent = t("Starting the rematch…");
  }
}

// --- invite -----------------------------------------------------------------------------------

async function copyInvite() {
  try {
    await navigator.clipboard.writeText(elements.inviteLink.value);
    elements.copyStatus.textContent = t("Link copied.");
  } catch {
    // No clipboard outside secure contexts (plain http on the network): select the text.
    elements.inviteLink.focus();
    elements.inviteLink.select();
    elements.copyStatus.textContent = t("Copy the selected link (Ctrl+C or long-press).");
  }
}

function describeRoom(summary) {
  const facts = [t("Room {room}", { room: summary.room }), t("game {number}", { number: summary.game_number })];
  // Options in words (their descriptions), the ones that differ from the game's defaults.
  const specs = room.game?.options ?? [];
  const changed = specs.filter((spec) => spec.name in (summary.options ?? {}) &&
    JSON.stringify(summary.options[spec.name]) !== JSON.stringify(spec.default));
  const options = changed.map((spec) => t("{option}: {value}",
    { option: spec.description, value: optionValueText(summary.options[spec.name]) }));
  facts.push(options.length ? t("options: {options}", { options: options.join("; ") }) : t("the standard options"));
  facts.push(summary.turn_timer
    ? t("turn timer {seconds} s, stopped while no player is connected", { seconds: summary.turn_timer })
    : t("no turn timer"));
  elements.roomFacts.textContent = facts.join(" · ");
}

function optionValueText(value) {
  if (Array.isArray(value)) return tn("{n} value of your own", "{n} values of your own", value.length);
  return typeof value === "string" ? value.replaceAll("_", " ") : formatValue(value);
}

// --- start ------------------------------------------------------------------------------------

async function loadRenderer(game) {
  // A game that declares its table is drawn from it (the `table` of every state); one that does
  // not, by its own renderer until it is ported, else by the generic table the server sends.
  const url = game?.renderer;
  if (!url || game?.declares_table) return tableRenderer;
  try {
    const module = await import(new URL(url, window.location.href).href);
    if (typeof module.render === "function") return module;
  } catch (error) {
    console.error("could not load the game's renderer", error);
  }
  showNotice(() => t("The game's own table could not be loaded, so the plain view is shown instead."));
  return tableRenderer;
}

/** The room page's static text, by the data-i18n names of room.html. */
function pageWords() {
  return {
    skip: t("Skip to the table"),
    "status-label": t("Players and turn"),
    "seats-label": t("Seats"),
    "join-heading": t("Join this game"),
    "name-label": t("Your name"),
    "join-help": t("Others see this name at the table. Take a free seat, or just watch."),
    "result-heading": t("Game over"),
    rematch: t("Rematch"),
    "back-to-lobby": t("Back to the lobby"),
    "table-label": t("Game table"),
    "loading-room": t("Loading the room…"),
    "past-games-heading": t("Earlier games in this room"),
    "past-games-about": t("Watch any of them again, move by move, with every secret shown."),
    "invite-summary": t("Invite others"),
    "invite-about": t("Anyone with this link can take a free seat or watch."),
    "invite-label": t("Invite link"),
    "copy-link": t("Copy link"),
  };
}

/**
 * The whole page in the language just chosen: its own words at once, then what the server
 * says in words (the room's title, the bots, the options) asked for again in it, the table
 * drawn afresh, and the connection made again with the new language, so that the moves,
 * refusals and hints that follow come in it.
 */
async function redraw() {
  setConnection(room.connectionKind, room.connectionWords);
  if (room.fatalWords) {
    fatal(room.fatalWords);
    return;
  }
  showNotice(room.noticeWords);
  askForName("");
  elements.copyStatus.textContent = "";
  elements.joinSeats.dataset.seats = "";
  elements.title.textContent = room.title || t("Room");
  try {
    const summary = await api(`/api/rooms/${encodeURIComponent(roomId)}`);
    room.summary = { ...room.summary, ...summary, seats: room.summary?.seats ?? summary.seats };
    room.title = summary.title ?? summary.game;
    elements.title.textContent = room.title;
  } catch {
    // The title stays in the words it came in.
  }
  room.game = (await loadGame(room.summary.game)) ?? room.game;
  useBotLabels(room.game?.bot_labels);
  describeRoom(room.summary);
  if (room.state) {
    // The renderer builds its table again, in the new words, from the latest state.
    delete elements.table.dataset.renderer;
    elements.table.replaceChildren();
    showState(room.state);
  } else {
    showJoin();
  }
  refreshPastGames();
  restartConnection();
}

async function start() {
  await startPage(pageWords, redraw);
  elements.title.textContent = t("Room");
  if (!roomId) {
    fatal(() => [t("No room in this address"), t("Room links look like /r/abc123.")]);
    return;
  }
  elements.inviteLink.value = new URL(`/r/${encodeURIComponent(roomId)}`, window.location.href).href;
  document.getElementById("copy-invite").addEventListener("click", copyInvite);
  elements.joinForm.addEventListener("submit", join);
  elements.rematch.addEventListener("click", askRematch);
  elements.playerName.value = load(NAME_KEY) ?? "";
  elements.playerName.addEventListener("input", () => askForName(""));
  window.addEventListener("online", reconnectNow);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") reconnectNow();
  });

  try {
    room.summary = await api(`/api/rooms/${encodeURIComponent(roomId)}`);
  } catch (error) {
    if (error.status === 404) {
      fatal(() => [t("This room does not exist"), t("It may have been mistyped, or the link is old.")]);
    } else if (error.status === 410) {
      fatal(() => [t("This room cannot be opened"), error.message]); // the server's reason, in words
    } else {
      fatal(() => [t("Could not reach the server"), error.message]);
    }
    return;
  }
  room.title = room.summary.title ?? room.summary.game;
  elements.title.textContent = room.title;
  document.title = t("{room} · High Stakes", { room: room.title });
  room.game = await loadGame(room.summary.game);
  useBotLabels(room.game?.bot_labels);
  describeRoom(room.summary);
  room.renderer = await loadRenderer(room.game);
  refreshPastGames();
  room.token = load(tokenKey(roomId));
  showJoin();
  connect();
}

start();
