// The pages' words in the reader's language: the browser's side of the translation layer.
//
//   await start();                          // once, before drawing: picks and loads the language
//   t("Your move")                          // the platform's words
//   tn("{n} seat free", "{n} seats free", n, { n })
//   const { t, tn } = words("greed");       // a game's own words, in its renderer
//   money(125000, "USD"), number(5000)      // written as the language writes them
//
// The language is the reader's choice (kept in this browser), else the best of the browser's
// languages the project ships, else English. Catalogs come from /i18n/<language>.json, made
// from the same compiled catalogs the server and the terminal use. "qps" is the tests'
// pseudo-language: every translated message comes back wrapped in ⟦ ⟧.

export const LANGUAGES = { en: "English", es: "Español", it: "Italiano", uz: "Oʻzbekcha" };
const STORAGE_KEY = "highstakes.language";
const PSEUDO = "qps";
// The CLDR locale that writes each language's numbers.
const NUMBER_LOCALES = { en: "en", es: "es", it: "it", uz: "uz-Latn", qps: "en" };
const CURRENCIES = { USD: 100, JPY: 1 };

const state = { language: "en", pseudo: false, domains: {} };

/** The language this page reads in. */
export function language() {
  return state.language;
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

/** Pick and load the language; call once before drawing anything. */
export async function start(code = preferredLanguage()) {
  state.language = code;
  state.pseudo = code === PSEUDO;
  state.domains = {};
  document.documentElement.lang = code === PSEUDO ? "en" : code;
  if (code === "en" || code === PSEUDO) return;
  try {
    const response = await fetch(`/i18n/${encodeURIComponent(code)}.json`);
    if (response.ok) state.domains = (await response.json()).domains ?? {};
  } catch (error) {
    console.warn("the translations could not be loaded; the page stays in English", error);
  }
}

function fill(text, params) {
  if (!params) return text;
  return text.replace(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
}

function mark(text) {
  return state.pseudo ? `⟦${text}⟧` : text;
}

function lookup(domain, message) {
  const found = state.domains[domain]?.[message];
  return typeof found === "string" && found ? found : null;
}

/** A domain's translate functions: the platform's ("highstakes") or a game's (its id). */
export function words(domain) {
  return {
    t(message, params) {
      return fill(mark(lookup(domain, message) ?? message), params);
    },
    tn(singular, plural, n, params) {
      // Every shipped language has two forms: one, and every other count.
      const forms = state.domains[domain]?.[singular];
      const index = n === 1 ? 0 : 1;
      const chosen = Array.isArray(forms) && forms[index] ? forms[index] : (index === 0 ? singular : plural);
      return fill(mark(chosen), { n, ...params });
    },
  };
}

const platform = words("highstakes");
export const t = platform.t;
export const tn = platform.tn;

/** A number as the reader's language writes it: 12,345 / 12.345 / 12 345. */
export function number(value) {
  return new Intl.NumberFormat(NUMBER_LOCALES[state.language] ?? "en").format(Number(value ?? 0));
}

/** An amount in the currency's smallest unit (cents, yen) as the language writes money. */
export function money(amount, currency = "USD") {
  const scale = CURRENCIES[currency] ?? 1;
  const value = Number(amount ?? 0) / scale;
  const fraction = Number.isInteger(value) ? 0 : String(scale).length - 1;
  return new Intl.NumberFormat(NUMBER_LOCALES[state.language] ?? "en", {
    style: "currency", currency, currencyDisplay: "narrowSymbol",
    minimumFractionDigits: fraction, maximumFractionDigits: fraction,
  }).format(value);
}
