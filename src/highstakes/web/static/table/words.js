// A declared table's words for the reader (docs/table.md): the browser's side of
// highstakes.table.reading, with the same catalogs and the same rules, so that both faces say
// the same words. A sentence ({widget: "say"}) is translated from its domain (the table's, the
// game's; a message the game's catalog lacks comes from the platform's), its plural chosen by
// `n`, then each {name} is filled with its argument as the reader's language writes it.

import { listWords } from "../common.js";
import { money, number, percent, t, tn, words } from "../i18n.js";

const PLACEHOLDER = /\{([A-Za-z_][A-Za-z0-9_]*)\}/g;
const NOTHING = "—";

/**
 * What says a table's words: `domain` is the table's catalog (the game's id), `seatName(seat)`
 * names a seat as the page does (a person's name, "Bot 2 (steady)").
 */
export function reader({ domain = "highstakes", seatName = (seat) => t("Seat {number}", { number: seat + 1 }) } = {}) {
  const own = words(domain);
  const platform = words("highstakes");

  /** A sentence's words in the reader's language, its {name}s left to fill. */
  function template(say) {
    const catalog = say.domain === "highstakes" ? platform : say.domain && say.domain !== domain ? words(say.domain) : own;
    // The message ids are the game's data here, looked up as they are (extracted from the Python).
    const fallback = catalog === platform ? null : platform;
    if (say.plural != null && say.n != null) {
      const keep = { n: "{n}" };
      const found = catalog.has(say.msgid) || !fallback ? catalog : fallback;
      return found.tn(say.msgid, say.plural, say.n, keep);
    }
    const found = catalog.has(say.msgid) || !fallback ? catalog : fallback;
    return found.t(say.msgid);
  }

  /** `value` as stretches of text: [{ text, strong }]. */
  function parts(value, strong = false) {
    if (value && typeof value === "object") {
      if (value.widget === "say") return sentence(value, strong);
      if (value.widget === "strong") return parts(value.value, true);
      if (value.widget === "list") return listing(value, strong);
    }
    return [{ text: plain(value), strong }];
  }

  function sentence(say, strong) {
    const text = template(say);
    const out = [];
    let last = 0;
    const args = say.args ?? {};
    for (const match of text.matchAll(PLACEHOLDER)) {
      if (!(match[1] in args)) continue;
      if (match.index > last) out.push({ text: text.slice(last, match.index), strong });
      out.push(...parts(args[match[1]], strong));
      last = match.index + match[0].length;
    }
    if (last < text.length) out.push({ text: text.slice(last), strong });
    return out;
  }

  function listing(list, strong) {
    const items = (list.items ?? []).map((item) => parts(item, strong));
    if (!items.length) return [{ text: NOTHING, strong }];
    if (list.join === "dots") return joined(items, " · ", strong);
    if (items.length === 1) return items[0];
    // "{first} and {last}" as the language says it (the same message as listWords).
    const whole = listWords(["\u0000first", "\u0000last"]);
    const [before, afterFirst] = whole.split("\u0000first");
    const [middle, end] = afterFirst.split("\u0000last");
    return [{ text: before, strong }, ...joined(items.slice(0, -1), ", ", strong), { text: middle, strong },
      ...items[items.length - 1], { text: end, strong }];
  }

  /** A value without emphasis, as the reader's language writes it. */
  function plain(value) {
    if (value === null || value === undefined) return NOTHING;
    if (typeof value === "boolean") return value ? t("yes") : t("no");
    if (typeof value === "number") return number(value);
    if (typeof value === "string") return value;
    switch (value.widget) {
      case "plain": return value.text;
      case "money": return money(value.amount, value.currency ?? "USD");
      case "number": return number(value.value);
      case "percent": return percent(value.share, value.digits ?? 0);
      case "seat": return seatName(value.seat);
      case "piece": return pieceName(value.piece);
      default: return text(value);
    }
  }

  /** A piece in words: its label, else what every table calls such a piece. */
  function pieceName(piece) {
    if (piece.label) return text(piece.label);
    switch (piece.widget) {
      case "die": return t("a die showing {face}", { face: piece.shown ?? plain(piece.face) });
      case "coin": return tn("a {amount} coin", "{n} coins of {amount}", piece.count ?? 1, { amount: plain(piece.value) });
      case "bill": return tn("a {amount} bill", "{n} bills of {amount}", piece.count ?? 1, { amount: plain(piece.value) });
      case "card": return piece.face_down ? t("a face-down card") : t("a card: {value}", { value: plain(piece.value) });
      case "case":
        return piece.value == null ? t("case {number}", { number: piece.number })
          : t("case {number}: {value}", { number: piece.number, value: plain(piece.value) });
      default: return "";
    }
  }

  function text(value) {
    return parts(value).map((part) => part.text).join("");
  }

  return { parts, text, plain, pieceName, seatName };
}

function joined(items, separator, strong) {
  const out = [];
  items.forEach((item, index) => {
    if (index) out.push({ text: separator, strong });
    out.push(...item);
  });
  return out;
}
