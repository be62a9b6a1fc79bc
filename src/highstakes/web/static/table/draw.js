// Every widget of a declared table (docs/table.md) as DOM, once for all games: the browser's
// drawers, as highstakes.tui.declared.draw is the terminal's. `ctx` carries the reader (the
// table's words), the page's seat, the advisor's choice, what a picker holds, and `activate`,
// which every actionable element calls when it is clicked, touched or keyed (table.js sends
// its action, or shows its refusal). An element's accessible name starts with its visible words.

import { el } from "../common.js";
import { number, t, tn } from "../i18n.js";
import { canonical } from "./compose.js";

const TONES = new Set(["info", "warn", "win", "bad"]);

/** Text with its strong parts in <strong>: nodes for el(). */
export function words(ctx, value) {
  return ctx.reader.parts(value).map((part) => (part.strong ? el("strong", {}, part.text) : part.text));
}

export function drawAll(widgets, ctx) {
  return (widgets ?? []).map((widget) => draw(widget, ctx)).filter(Boolean);
}

export function draw(widget, ctx) {
  const drawer = DRAWERS[widget?.widget];
  return drawer ? drawer(widget, ctx) : null;
}

// --- actionable elements ----------------------------------------------------------------------

function sameAct(a, b) {
  return a != null && b != null && canonical(a) === canonical(b);
}

/**
 * A button for an actionable element: its visible words first (so its accessible name starts
 * with them), then words only a screen reader needs (`spoken`), then its key. Without an action
 * it is aria-disabled and says its refusal when chosen.
 */
function actionButton(element, ctx, visible, { spoken = null, cls = "" } = {}) {
  const hinted = element.hint || sameAct(element.act, ctx.hinted);
  const refusing = element.act == null;
  const button = el("button", {
    type: "button",
    class: `table-act ${cls}`.trim(),
    "data-key": element.key ?? null,
    "data-focus": element.key ? `key-${element.key}` : null,
    "aria-keyshortcuts": element.key ?? null,
    "aria-disabled": refusing || !ctx.live ? "true" : null,
  }, visible, spoken ? el("span", { class: "visually-hidden" }, spoken) : null,
  hinted ? el("span", { class: "table-hinted" }, " ★ ", t("hint")) : null,
  element.key ? el("kbd", {}, element.key) : null);
  button.addEventListener("click", () => ctx.activate(element));
  return button;
}

// --- layout and words ------------------------------------------------------------------------

const DRAWERS = {
  panel(panel, ctx) {
    return el("section", { class: "panel table-panel" },
      panel.title ? el("h3", {}, words(ctx, panel.title)) : null, drawAll(panel.children, ctx));
  },
  row: (row, ctx) => el("div", { class: "table-row" }, drawAll(row.children, ctx)),
  column: (column, ctx) => el("div", { class: "table-column" }, drawAll(column.children, ctx)),
  note(note, ctx) {
    const tone = TONES.has(note.tone) ? note.tone : "info";
    return el("p", { class: `table-note tone-${tone}` }, words(ctx, note.text));
  },
  say: (say, ctx) => el("p", {}, words(ctx, say)),
  plain: (plain, ctx) => el("p", {}, words(ctx, plain)),
  facts(facts, ctx) {
    return el("dl", { class: "table-facts" }, (facts.rows ?? []).flatMap((fact) =>
      [el("dt", {}, words(ctx, fact.label)), el("dd", {}, words(ctx, fact.value ?? null))]));
  },
  records(records, ctx) {
    const rows = records.limit ? (records.rows ?? []).slice(-records.limit) : records.rows ?? [];
    const total = Math.max(records.total ?? 0, (records.rows ?? []).length);
    return el("table", { class: "table-records" },
      records.title ? el("caption", {}, words(ctx, records.title)) : null,
      el("thead", {}, el("tr", {}, (records.columns ?? []).map((column) => el("th", { scope: "col" }, words(ctx, column))))),
      el("tbody", {}, rows.map((row) => el("tr", {}, row.map((value) => el("td", {}, words(ctx, value)))))),
      rows.length < total ? el("tfoot", {}, el("tr", {}, el("td", { colspan: (records.columns ?? []).length || 1 },
        t("the last {shown} of {total}", { shown: rows.length, total })))) : null);
  },
  seats: drawSeats,
  dice(dice, ctx) {
    return el("div", { class: "table-dice", role: "group", "aria-label": dice.label ? ctx.reader.text(dice.label) : null },
      dice.label ? el("p", { class: "muted small" }, words(ctx, dice.label)) : null,
      (dice.dice ?? []).map((die) => drawPiece(die, ctx)));
  },
  pieces(pieces, ctx) {
    return el("div", { class: "table-pieces" },
      pieces.label ? el("p", { class: "muted small" }, words(ctx, pieces.label)) : null,
      el("div", { class: "table-piece-row" }, (pieces.pieces ?? []).map((piece) => drawPiece(piece, ctx))));
  },
  die: drawPiece,
  coin: drawPiece,
  bill: drawPiece,
  card: drawPiece,
  case: drawPiece,
  hand(hand, ctx) {
    return el("div", { class: "table-hand" },
      hand.label ? el("p", { class: "muted small" }, words(ctx, hand.label)) : null,
      (hand.groups ?? []).map((group) => el("div", { class: "table-hand-group", "data-colour": group.colour },
        group.label ? el("span", { class: "table-hand-colour" }, words(ctx, group.label)) : null,
        el("div", { class: "table-piece-row" }, (group.cards ?? []).map((card) => drawPiece(card, ctx))))));
  },
  case_grid(grid, ctx) {
    const style = grid.columns ? `--columns: ${grid.columns}` : null;
    return el("div", { class: "table-case-grid-box" },
      grid.label ? el("p", { class: "muted small" }, words(ctx, grid.label)) : null,
      el("div", { class: "table-case-grid", style }, (grid.cases ?? []).map((box) => drawPiece(box, ctx))));
  },
  ladder(ladder, ctx) {
    const rungs = ladder.rungs ?? [];
    return el("div", { class: "table-ladder-box" },
      ladder.label ? el("p", { class: "muted small" }, words(ctx, ladder.label)) : null,
      el("ol", { class: "table-ladder", reversed: true }, rungs.map((rung, index) => ({ rung, index })).reverse()
        .map(({ rung, index }) => {
          const here = index === ladder.current;
          const mark = ladder.marks?.[index] ?? ladder.marks?.[String(index)];
          return el("li", { class: [here ? "current" : "", rung.safe ? "safe" : ""].join(" ").trim() || null,
            "aria-current": here ? "step" : null },
          el("span", { class: "table-rung-number" }, number(index + 1)),
          el("span", { class: "table-rung-amount" }, words(ctx, rung.amount)),
          rung.safe ? el("span", { class: "table-safe" }, "◆", el("span", { class: "visually-hidden" }, t("safe haven"))) : null,
          mark ? el("span", { class: "table-mark" }, words(ctx, mark)) : null);
        })));
  },
  log: drawLog,
  clock(clock, ctx) {
    const seconds = Math.round(clock.seconds_left);
    return el("p", { class: "table-clock" }, clock.label ? [words(ctx, clock.label), " "] : null,
      "⏱ ", tn("{n} second", "{n} seconds", seconds), clock.of ? [" · ", ctx.reader.plain(clock.of)] : null);
  },
  bars(bars, ctx) {
    const items = bars.items ?? [];
    const top = Math.max(0, ...items.map((bar) => bar.value)) || 1;
    return el("div", { class: "table-bars" },
      bars.label ? el("p", { class: "muted small" }, words(ctx, bars.label)) : null,
      items.map((bar) => el("div", { class: `table-bar${bar.highlight ? " highlight" : ""}` },
        el("span", { class: "table-bar-label" }, words(ctx, bar.label)),
        el("span", { class: "table-bar-track", "aria-hidden": "true" },
          el("span", { class: "table-bar-fill", style: `width: ${Math.round((100 * bar.value) / top)}%` })),
        el("span", { class: "table-bar-value" }, words(ctx, bar.shown ?? bar.value)))));
  },
  menu(menu, ctx) {
    return el("div", { class: "table-menu" },
      menu.title ? el("h3", {}, words(ctx, menu.title)) : null,
      el("div", { class: "actions moves" }, (menu.items ?? []).map((item) =>
        actionButton(item, ctx, [el("span", {}, words(ctx, item.label)),
          item.detail ? el("span", { class: "muted small table-detail" }, " ", words(ctx, item.detail)) : null],
        { cls: "secondary" }))));
  },
  compose: drawCompose,
  amount_box: (box, ctx) => ctx.amountBox(box),
  custom(custom, ctx) {
    return ctx.custom(custom) ?? el("div", { class: "table-custom" }, drawAll(custom.fallback, ctx));
  },
};

// --- seats -----------------------------------------------------------------------------------

function drawSeats(seats, ctx) {
  return el("table", { class: "players table-seats" },
    el("thead", {}, el("tr", {},
      el("th", { scope: "col" }, el("span", { class: "visually-hidden" }, t("Turn"))),
      el("th", { scope: "col" }, t("Player")),
      el("th", { scope: "col" }, el("span", { class: "visually-hidden" }, t("Status"))),
      el("th", { scope: "col", class: "num" }, seats.score_label ? words(ctx, seats.score_label) : ""))),
    el("tbody", {}, (seats.rows ?? []).map((row) => {
      const name = ctx.reader.seatName(row.seat);
      const shown = row.seat === ctx.seat ? t("{name} (you)", { name }) : name;
      const notes = [row.status, ...(row.badges ?? [])].filter(Boolean);
      return el("tr", { class: row.to_act ? "current" : null, "aria-current": row.to_act ? "true" : null },
        el("td", { class: "marker" },
          row.winner ? el("span", { title: t("winner") }, "★", el("span", { class: "visually-hidden" }, t("winner")))
            : row.to_act ? el("span", { "aria-label": t("to play") }, "▶") : ""),
        el("th", { scope: "row" }, shown,
          row.side != null ? el("span", { class: "table-side-mark" }, " ◆", number(row.side + 1),
            el("span", { class: "visually-hidden" }, t("side {number}", { number: row.side + 1 }))) : null),
        el("td", {}, notes.map((note, index) => el("span", { class: "badge" }, index ? " " : "", words(ctx, note)))),
        el("td", { class: "num" }, row.score != null ? words(ctx, row.score) : ""));
    })));
}

// --- pieces ----------------------------------------------------------------------------------

/** A piece: a button when it can be chosen, else a figure with its name in words. */
export function drawPiece(piece, ctx) {
  const name = ctx.reader.pieceName(piece);
  const [visible, spoken, cls] = pieceLook(piece, ctx, name);
  const style = piece.paint ? `--paint: ${piece.paint}; --ink: ${piece.ink ?? "#101010"}` : null;
  if (piece.act != null || piece.refusal != null) {
    const button = actionButton(piece, ctx, visible, { spoken, cls: `table-piece ${cls}` });
    if (style) button.setAttribute("style", style);
    return button;
  }
  return el("span", { class: `table-piece ${cls}`, style, role: "img", "aria-label": visibleText(visible, spoken) }, visible);
}

function visibleText(visible, spoken) {
  const shown = [visible].flat().filter((node) => node != null)
    .map((node) => (node instanceof Node ? node.textContent : String(node))).join("");
  return spoken ? `${shown}${spoken}` : shown;
}

/** What a piece shows, what only a screen reader hears after it, and its class. */
function pieceLook(piece, ctx, name) {
  switch (piece.widget) {
    case "die": {
      const shown = piece.shown ?? ctx.reader.plain(piece.face);
      return [el("span", { class: "table-die-face" }, shown), `, ${name}`, `table-die${piece.held ? " held" : ""}`];
    }
    case "coin":
    case "bill": {
      const amount = ctx.reader.plain(piece.value);
      const count = (piece.count ?? 1) !== 1 ? ` ×${number(piece.count)}` : "";
      return [el("span", {}, amount + count), `, ${name}`, `table-${piece.widget}`];
    }
    case "card": {
      if (piece.face_down) return [el("span", {}, "▒"), name, "table-card face-down"];
      const sign = piece.playable ? el("span", { class: "table-playable", "aria-hidden": "true" }, "▲ ") : null;
      const playable = piece.playable ? t("playable") : null;
      return [[sign, el("span", {}, name), piece.special ? el("span", { class: "small" }, " ", words(ctx, piece.special)) : null],
        playable ? `, ${playable}` : null, `table-card${piece.playable ? " playable" : ""}`];
    }
    case "case": {
      const value = piece.value != null ? ctx.reader.plain(piece.value) : null;
      const holder = piece.holder != null ? ctx.reader.seatName(piece.holder) : null;
      const shown = [el("span", { class: "table-case-number" }, String(piece.number)),
        value ? el("span", { class: "table-case-value" }, " ", value) : null,
        holder ? el("span", { class: "small" }, " ", holder) : null];
      return [shown, piece.label ? `, ${name}` : null, `table-case status-${piece.status ?? "closed"}`];
    }
    default:
      return [name, null, ""];
  }
}

// --- the log and the picker -----------------------------------------------------------------

export function drawLog(log, ctx) {
  const entries = log.newest_first ? log.entries ?? [] : [...(log.entries ?? [])].reverse();
  return el("section", { class: "panel table-log" },
    el("h3", {}, log.title ? words(ctx, log.title) : t("Log")),
    el("ol", { class: "table-log-entries" }, entries.map((entry) => el("li", {}, words(ctx, entry)))));
}

function drawCompose(compose, ctx) {
  const held = ctx.composition[compose.kind] ?? [];
  const byValue = new Map((compose.choices ?? []).map((choice) => [canonical(choice.value), choice]));
  const chosen = held.map((value) => byValue.get(canonical(value))).filter(Boolean);
  const names = chosen.map((choice) => ctx.reader.pieceName({ ...choice.piece, count: 1 }));
  const submit = { key: compose.key, act: {}, widget: "compose", kind: compose.kind };
  const takeBack = el("button", { type: "button", class: "secondary", disabled: held.length ? null : true }, t("Take the last piece back"));
  takeBack.addEventListener("click", () => ctx.takeBack(compose));
  return el("div", { class: "table-compose" },
    compose.label ? el("h3", {}, words(ctx, compose.label)) : null,
    el("div", { class: "table-piece-row" }, (compose.choices ?? []).map((choice) => {
      const left = (choice.count ?? 1) - held.filter((value) => canonical(value) === canonical(choice.value)).length;
      const [visible] = pieceLook(choice.piece, ctx, ctx.reader.pieceName(choice.piece));
      return actionButton({ ...choice, act: choice.value }, ctx,
        [visible, el("span", { class: "muted small" }, " ", t("({n} left)", { n: number(left) }))],
        { spoken: `, ${ctx.reader.pieceName({ ...choice.piece, count: 1 })}`, cls: `table-piece table-${choice.piece.widget}` });
    })),
    el("p", { class: "table-chosen", "aria-live": "polite" }, t("Chosen: "), el("strong", {}, names.length ? names.join(" + ") : t("nothing yet"))),
    el("div", { class: "actions" }, actionButton(submit, ctx, el("span", {}, words(ctx, compose.submit))), takeBack));
}
