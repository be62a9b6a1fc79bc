// The pages' words in the reader's language: the browser's side of the translation layer.
//
//   await start();                          // once, before drawing: picks and loads the language
//   t("Your move")                          // the platform's words
//   tn("{n} seat free", "{n} seats free", n, { n })
//   const { t, tn } = words("greed");       // a game's own words, in its renderer
//   money(125000, "USD"), number(5000)      // written as the language writes them
//   translatePage({ heading: t("Play") })   // the page's own text, by its data-i18n names
//   mountLanguageSwitcher(redraw)           // the header's choice of language
//
// The language is the reader's choice (kept in this browser), else the best of the browser's
// languages the project ships, else English. Catalogs come from /i18n/<language>.json, made
// from the same compiled catalogs the server and the terminal use. "qps" is the tests'
// pseudo-language: every translated message comes back wrapped in ⟦ ⟧.
//
// Only string literals inside t( and tn( are extracted into the catalogs: values go in by
// {name} placeholders, never by joining strings.

export const LANGUAGES = { en: "English", es: "Español", it: "Italiano", uz: "Oʻzbekcha" };
const STORAGE_KEY = "highstakes.language";
const PSEUDO = "qps";
const NBSP = "\u00a0";

// How each language writes numbers and money, as the server's Babel (CLDR) data does (see
// docs/glossary.md): browsers' own number data is not used, since Chromium ships none for
// Uzbek and groups Spanish and Italian thousands only from five digits. The sign follows
// the amount, after a no-break space, in every language but English.
const NUMBER_FORMS = {
  en: { group: ",", decimal: ".", money: "{sign}{amount}", percent: "{number}%" },
  es: { group: ".", decimal: ",", money: `{amount}${NBSP}{sign}`, percent: `{number}${NBSP}%` },
  it: { group: ".", decimal: ",", money: `{amount}${NBSP}{sign}`, percent: "{number}%" },
  uz: { group: NBSP, decimal: ",", money: `{amount}${NBSP}{sign}`, percent: "{number}%" },
};
// Each currency's sign as players write it, and how many of its smallest unit make one.
const CURRENCIES = { USD: { sign: "$", scale: 100 }, JPY: { sign: "¥", scale: 1 } };
const MINUS = "−"; // money's minus, as the server writes it
// The largest number written in figures, of anything or of a currency's units: beyond it a
// number is "more than" this, as the server says it (highstakes.i18n.numbers.LARGEST_WRITTEN).
// Every whole number up to it is exact in JavaScript.
export const LARGEST_WRITTEN = 1e15;

const state = { language: "en", pseudo: false, domains: {} };

/** The language this page reads in. */
export function language() {
  return state.language;
}

/** Whether the page speaks the tests' pseudo-language. */
export function isPseudo() {
  return state.pseudo;
}

/** The reader's stored choice, else the best of the browser's languages, else English. */
export function preferredLanguage() {
  let stored = null;
  try {
    stored = localStorage.getItem(STORAGE_KEY);
  } catch {
    // Storage may be off (private windows): the browser's languages decide.
  }
  if (stored && (stored in LANGUAGES || stored === PSEUDO)) return stored;
  for (const tag of navigator.languages ?? [navigator.language]) {
    const base = String(tag).toLowerCase().split("-")[0];
    if (base in LANGUAGES) return base;
  }
  return "en";
}

/** Remember the reader's choice for every page of this site. */
export function rememberLanguage(code) {
  try {
    localStorage.setItem(STORAGE_KEY, code);
  } catch {
    // Not kept: the page still switches.
  }
}

/** Pick and load the language; call once before drawing anything (and again to switch). */
export async function start(code = preferredLanguage()) {
  const domains = {};
  if (code !== "en" && code !== PSEUDO) {
    try {
      const response = await fetch(`/i18n/${encodeURIComponent(code)}.json`);
      if (response.ok) Object.assign(domains, (await response.json()).domains ?? {});
      else console.warn(`the ${code} translations are not served (${response.status}); the page stays in English`);
    } catch (error) {
      console.warn("the translations could not be loaded; the page stays in English", error);
    }
  }
  state.language = code;
  state.pseudo = code === PSEUDO;
  state.domains = domains;
  document.documentElement.lang = code === PSEUDO ? "en" : code;
}

function fill(text, params) {
  if (!params) return text;
  return text.replace(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
}

function mark(text) {
  return state.pseudo ? `⟦${text}⟧` : text;
}

const pluralRulesByLanguage = new Map();
function pluralRules() {
  if (!pluralRulesByLanguage.has(state.language)) {
    pluralRulesByLanguage.set(state.language, new Intl.PluralRules(state.pseudo ? "en" : state.language));
  }
  return pluralRulesByLanguage.get(state.language);
}

function lookup(domain, message) {
  const found = state.domains[domain]?.[message];
  return typeof found === "string" && found ? found : null;
}

/** A domain's translate functions: the platform's ("highstakes") or a game's (its id). */
export function words(domain) {
  return {
    /** Whether this domain's catalog translates `message` (in the language read now), plurals too. */
    has(message) {
      const found = state.domains[domain]?.[message];
      return lookup(domain, message) !== null || (found !== null && typeof found === "object");
    },
    t(message, params) {
      return fill(mark(lookup(domain, message) ?? message), params);
    },
    tn(singular, plural, n, params) {
      // A translation's forms come by CLDR category (Spanish has "one", "many" and "other"):
      // the browser's own plural rules say which one this count takes.
      const forms = state.domains[domain]?.[singular];
      const category = pluralRules().select(n);
      const chosen = forms && typeof forms === "object"
        ? forms[category] ?? forms.other ?? plural
        : (n === 1 ? singular : plural);
      return fill(mark(chosen), { n: number(n), ...params });
    },
  };
}

const platform = words("highstakes");
export const t = platform.t;
export const tn = platform.tn;

// --- numbers and money ----------------------------------------------------------------------------

function forms() {
  return NUMBER_FORMS[state.language] ?? NUMBER_FORMS.en;
}

/** The language's thousands separator and decimal mark (for reading what people type). */
export function numberSymbols() {
  const { group, decimal } = forms();
  return { group, decimal };
}

function grouped(digits) {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, forms().group);
}

/**
 * A figure past `largest` either way (infinities too) said in words, "more than `write(largest)`"
 * or "less than `write(-largest)`", NaN as "not a number"; null for a figure to write in digits.
 */
export function beyondWritten(figure, largest, write) {
  if (Number.isNaN(figure)) return t("not a number");
  if (figure > largest) return t("more than {amount}", { amount: write(largest) });
  if (figure < -largest) return t("less than {amount}", { amount: write(-largest) });
  return null;
}

/**
 * A number as the reader's language writes it: 12,345 / 12.345 / 12 345; 0.5 / 0,5. Up to
 * `digits` decimals (three by default, as the server writes them), none when they are zeros;
 * past a quadrillion, "more than 1,000,000,000,000,000".
 */
export function number(value, digits = 3) {
  const figure = Number(value ?? 0);
  const said = beyondWritten(figure, LARGEST_WRITTEN, (limit) => number(limit, digits));
  if (said !== null) return said;
  const [whole, fraction = ""] = Math.abs(figure).toFixed(digits).split(".");
  const decimals = fraction.replace(/0+$/, "");
  const text = grouped(whole) + (decimals ? forms().decimal + decimals : "");
  return figure < 0 && /[1-9]/.test(text) ? `-${text}` : text;
}

/** A number with exactly `digits` decimals: 52.7 / 52,7 (a chance, an average). */
export function fixed(value, digits) {
  const figure = Number(value ?? 0);
  const said = beyondWritten(figure, LARGEST_WRITTEN, (limit) => fixed(limit, digits));
  if (said !== null) return said;
  const [whole, fraction = ""] = Math.abs(figure).toFixed(digits).split(".");
  const text = grouped(whole) + (fraction ? forms().decimal + fraction : "");
  return figure < 0 && /[1-9]/.test(text) ? `-${text}` : text;
}

/** A share (0.45) as the language writes a percentage: 45% / 45 %. */
export function percent(share, digits = 0) {
  return forms().percent.replace("{number}", fixed(Number(share ?? 0) * 100, digits));
}

/** `text` (an amount already written, "75K" say) with the currency's sign where the language puts it. */
export function withCurrency(text, currency = "USD") {
  const sign = CURRENCIES[currency]?.sign ?? "";
  return forms().money.replace("{sign}", sign).replace("{amount}", text);
}

/** Whether the language writes the currency's sign before the amount ($5) or after it (5 $). */
export function signFirst() {
  return forms().money.startsWith("{sign}");
}

/**
 * An amount in the currency's smallest unit (cents, yen) as the language writes money:
 * $1,250 / 1.250 $ / 1 250 $; cents only when there are some ($0.01, 10,50 $); past a
 * quadrillion dollars, "more than $1,000,000,000,000,000".
 */
export function money(amount, currency = "USD") {
  const scale = CURRENCIES[currency]?.scale ?? 1;
  const said = beyondWritten(Number(amount ?? 0), LARGEST_WRITTEN * scale, (limit) => money(limit, currency));
  if (said !== null) return said;
  const value = Math.round(Math.abs(Number(amount ?? 0)));
  const whole = Math.floor(value / scale);
  const part = value - whole * scale;
  const digits = String(scale).length - 1;
  const text = grouped(String(whole)) + (part ? forms().decimal + String(part).padStart(digits, "0") : "");
  const written = withCurrency(text, currency);
  return Number(amount) < 0 && value ? MINUS + written : written;
}

// --- the page's own text ----------------------------------------------------------------------------

/**
 * `text` with each {name} replaced by a node (a link, a <code>): an array for `el()` or
 * `replaceChildren`. Translate first, then put the nodes in: fillNodes(t("Run {command}"), {command}).
 */
export function fillNodes(text, nodes) {
  const parts = [];
  let last = 0;
  for (const match of text.matchAll(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g)) {
    if (!(match[1] in nodes)) continue;
    if (match.index > last) parts.push(text.slice(last, match.index));
    parts.push(nodes[match[1]]);
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}

const ATTRIBUTES = ["aria-label", "title", "placeholder"];

/**
 * Write the page's static text: each element marked `data-i18n="name"` gets `table[name]`
 * (a string, or an array of strings and nodes), and `data-i18n-aria-label`, `-title` and
 * `-placeholder` name the text of those attributes. A name missing from the table is a
 * mistake in the page, reported in the console. Then the page is shown (until its words are
 * in, the stylesheet keeps it hidden).
 */
export function translatePage(table, root = document) {
  const missing = [];
  const text = (name) => {
    if (!(name in table)) missing.push(name);
    return table[name] ?? "";
  };
  for (const node of root.querySelectorAll("[data-i18n]")) {
    const value = text(node.dataset.i18n);
    node.replaceChildren(...(Array.isArray(value) ? value : [value]));
  }
  for (const attribute of ATTRIBUTES) {
    for (const node of root.querySelectorAll(`[data-i18n-${attribute}]`)) {
      node.setAttribute(attribute, text(node.getAttribute(`data-i18n-${attribute}`)));
    }
  }
  if (missing.length) console.error(`the page has no words for: ${missing.join(", ")}`);
  document.documentElement.dataset.words = "ready";
}

// --- the reader's choice ------------------------------------------------------------------------------

/**
 * The header's language switcher, put in the element marked `data-language-switcher`: the
 * languages by their own names. A choice is remembered for every page and applied at once:
 * the language is loaded, then `apply(code)` redraws the page in it (and tells the server).
 */
export function mountLanguageSwitcher(apply) {
  const slot = document.querySelector("[data-language-switcher]");
  if (!slot) return;
  const select = document.createElement("select");
  select.id = "language";
  select.setAttribute("aria-label", "Language");
  // A globe, the sign people look for to change a page's language whatever it is in.
  const label = document.createElement("label");
  label.htmlFor = "language";
  label.className = "language-label";
  label.setAttribute("aria-hidden", "true");
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("width", "20");
  svg.setAttribute("height", "20");
  svg.innerHTML = '<g fill="none" stroke="currentColor" stroke-width="1.6"><circle cx="12" cy="12" r="9.2"/>' +
    '<ellipse cx="12" cy="12" rx="4" ry="9.2"/><path d="M3 12h18M4.6 7h14.8M4.6 17h14.8"/></g>';
  label.append(svg);
  for (const [code, name] of Object.entries(LANGUAGES)) {
    const option = document.createElement("option");
    option.value = code;
    option.lang = code;
    option.textContent = name;
    select.append(option);
  }
  if (!(state.language in LANGUAGES)) {
    const option = document.createElement("option");
    option.value = state.language;
    option.textContent = mark(state.language === PSEUDO ? "Pseudo" : state.language);
    select.append(option);
  }
  const describe = () => {
    // The control's name is in the words of the page; each language in its own.
    select.setAttribute("aria-label", t("Language"));
    select.title = t("Language");
  };
  describe();
  select.value = state.language;
  select.addEventListener("change", async () => {
    const code = select.value;
    rememberLanguage(code);
    select.disabled = true;
    try {
      await start(code);
      describe();
      await apply(code);
    } finally {
      select.disabled = false;
      select.value = state.language;
    }
  });
  slot.replaceChildren(label, select);
}

/** Headers for API requests, so that what the server says in words comes in the reader's language. */
export function languageHeaders() {
  return { "Accept-Language": state.language };
}
