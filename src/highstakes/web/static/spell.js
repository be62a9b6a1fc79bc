// Amounts in words, in each language the pages speak, so that a person reads back what they
// are about to send: "$40,000, forty thousand dollars" / "40.000 $, cuarenta mil dólares".
//
// Spelling numbers is grammar, not a message: it cannot be translated one string at a time
// (Spanish "un millón de dólares" but "un millón cien mil dólares"; Italian writes
// "quarantamila" as one word), so each language has its small speller here. The tests'
// pseudo-language spells in English, marked as translated.

import { isPseudo, language } from "./i18n.js";

// --- English ------------------------------------------------------------------------------------

const EN_ONES = ("zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen " +
  "fifteen sixteen seventeen eighteen nineteen").split(" ");
const EN_TENS = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"];
const EN_GROUPS = [[1e12, "trillion"], [1e9, "billion"], [1e6, "million"], [1e3, "thousand"]];

function english(number) {
  if (number < 20) return EN_ONES[number];
  if (number < 100) {
    const ones = number % 10;
    return EN_TENS[Math.floor(number / 10)] + (ones ? `-${EN_ONES[ones]}` : "");
  }
  if (number < 1000) {
    const rest = number % 100;
    return `${EN_ONES[Math.floor(number / 100)]} hundred${rest ? ` ${english(rest)}` : ""}`;
  }
  for (const [size, name] of EN_GROUPS) {
    if (number >= size) {
      const rest = number % size;
      return `${english(Math.floor(number / size))} ${name}${rest ? ` ${english(rest)}` : ""}`;
    }
  }
  return String(number);
}

// --- Spanish ------------------------------------------------------------------------------------

const ES_UNITS = ("cero uno dos tres cuatro cinco seis siete ocho nueve diez once doce trece catorce quince " +
  "dieciséis diecisiete dieciocho diecinueve veinte veintiuno veintidós veintitrés veinticuatro veinticinco " +
  "veintiséis veintisiete veintiocho veintinueve").split(" ");
const ES_TENS = ["", "", "", "treinta", "cuarenta", "cincuenta", "sesenta", "setenta", "ochenta", "noventa"];
const ES_HUNDREDS = ["", "ciento", "doscientos", "trescientos", "cuatrocientos", "quinientos", "seiscientos",
  "setecientos", "ochocientos", "novecientos"];

/** 1 to 999; `short`: "uno" becomes "un" before a noun (veintiún mil, treinta y un dólares). */
function spanishHundreds(number, short) {
  if (number === 100) return "cien";
  const parts = [];
  const hundreds = Math.floor(number / 100);
  const rest = number % 100;
  if (hundreds) parts.push(ES_HUNDREDS[hundreds]);
  if (rest) {
    let words = rest < 30 ? ES_UNITS[rest]
      : ES_TENS[Math.floor(rest / 10)] + (rest % 10 ? ` y ${ES_UNITS[rest % 10]}` : "");
    if (short) words = words.replace(/veintiuno$/, "veintiún").replace(/uno$/, "un");
    parts.push(words);
  }
  return parts.join(" ");
}

function spanish(number, short = false) {
  if (number === 0) return "cero";
  const millions = Math.floor(number / 1e6);
  const thousands = Math.floor((number % 1e6) / 1000);
  const rest = number % 1000;
  const parts = [];
  if (millions) parts.push(millions === 1 ? "un millón" : `${spanish(millions, true)} millones`);
  if (thousands) parts.push(thousands === 1 ? "mil" : `${spanishHundreds(thousands, true)} mil`);
  if (rest) parts.push(spanishHundreds(rest, short));
  return parts.join(" ");
}

// --- Italian ------------------------------------------------------------------------------------

const IT_UNITS = ("zero uno due tre quattro cinque sei sette otto nove dieci undici dodici tredici quattordici " +
  "quindici sedici diciassette diciotto diciannove").split(" ");
const IT_TENS = ["", "", "venti", "trenta", "quaranta", "cinquanta", "sessanta", "settanta", "ottanta", "novanta"];

function italianTens(number) {
  if (number < 20) return IT_UNITS[number];
  const ones = number % 10;
  let tens = IT_TENS[Math.floor(number / 10)];
  if (ones === 1 || ones === 8) tens = tens.slice(0, -1); // ventuno, ventotto
  return tens + (ones === 3 ? "tré" : ones ? IT_UNITS[ones] : "");
}

/** 1 to 999, one word: duecentoquarantatré, centotto. */
function italianHundreds(number) {
  const hundreds = Math.floor(number / 100);
  const rest = number % 100;
  let head = hundreds === 0 ? "" : hundreds === 1 ? "cento" : `${IT_UNITS[hundreds]}cento`;
  if (!rest) return head;
  const tail = italianTens(rest);
  if (head && tail.startsWith("o")) head = head.slice(0, -1); // centotto, centottanta
  return head + tail;
}

function italian(number) {
  if (number === 0) return "zero";
  const millions = Math.floor(number / 1e6);
  const thousands = Math.floor((number % 1e6) / 1000);
  const rest = number % 1000;
  const parts = [];
  if (millions) parts.push(millions === 1 ? "un milione" : `${italian(millions)} milioni`);
  // Below a million Italian writes one word: quarantamilacinquecento; tré loses its accent inside.
  let below = "";
  if (thousands) below += thousands === 1 ? "mille" : `${italianHundreds(thousands).replace(/tré$/, "tre")}mila`;
  if (rest) below += italianHundreds(rest);
  if (below) parts.push(below);
  return parts.join(" ");
}

// --- Uzbek (Latin script) -----------------------------------------------------------------------

const UZ_UNITS = ["nol", "bir", "ikki", "uch", "toʻrt", "besh", "olti", "yetti", "sakkiz", "toʻqqiz"];
const UZ_TENS = ["", "oʻn", "yigirma", "oʻttiz", "qirq", "ellik", "oltmish", "yetmish", "sakson", "toʻqson"];

function uzbekHundreds(number) {
  const hundreds = Math.floor(number / 100);
  const tens = Math.floor((number % 100) / 10);
  const ones = number % 10;
  const parts = [];
  if (hundreds) parts.push(UZ_UNITS[hundreds], "yuz");
  if (tens) parts.push(UZ_TENS[tens]);
  if (ones) parts.push(UZ_UNITS[ones]);
  return parts.join(" ");
}

function uzbek(number) {
  if (number === 0) return "nol";
  const parts = [];
  const milliards = Math.floor(number / 1e9);
  if (milliards) parts.push(`${uzbek(milliards)} milliard`);
  for (const [size, name] of [[1e6, "million"], [1e3, "ming"]]) {
    const count = Math.floor(number / size) % 1000;
    if (count) parts.push(`${uzbekHundreds(count)} ${name}`);
  }
  if (number % 1000) parts.push(uzbekHundreds(number % 1000));
  return parts.join(" ");
}

// --- money ----------------------------------------------------------------------------------------

// Each language's currency words: [one, many] for the unit and for its hundredth.
const CURRENCY_WORDS = {
  en: { USD: [["dollar", "dollars"], ["cent", "cents"]], JPY: [["yen", "yen"], ["sen", "sen"]] },
  es: { USD: [["dólar", "dólares"], ["centavo", "centavos"]], JPY: [["yen", "yenes"], ["sen", "sen"]] },
  it: { USD: [["dollaro", "dollari"], ["centesimo", "centesimi"]], JPY: [["yen", "yen"], ["sen", "sen"]] },
  uz: { USD: [["dollar", "dollar"], ["sent", "sent"]], JPY: [["iyena", "iyena"], ["sen", "sen"]] },
};

function spelledLanguage() {
  const code = language();
  return code in CURRENCY_WORDS && !isPseudo() ? code : "en";
}

/** A whole number in the reader's words: 40000 → "forty thousand", "cuarenta mil", "qirq ming". */
export function numberInWords(number) {
  const code = spelledLanguage();
  const whole = Math.trunc(Math.abs(number));
  const minus = { en: "minus", es: "menos", it: "meno", uz: "minus" }[code];
  const spell = { en: english, es: spanish, it: italian, uz: uzbek }[code];
  const words = `${number < 0 ? `${minus} ` : ""}${spell(whole)}`;
  return isPseudo() ? `⟦${words}⟧` : words;
}

/** `count` of a currency's unit (or hundredth, `small`) in words: "one dollar", "un millón de dólares". */
function countedInWords(code, count, [one, many]) {
  switch (code) {
    case "es": {
      // A round million takes "de": un millón de dólares, but un millón cien mil dólares.
      const of = count >= 1e6 && count % 1e6 === 0 ? " de" : "";
      return `${spanish(count, true)}${of} ${count === 1 ? one : many}`;
    }
    case "it": {
      const of = count >= 1e6 && count % 1e6 === 0 ? " di" : "";
      return `${count === 1 ? "un" : italian(count)}${of} ${count === 1 ? one : many}`;
    }
    case "uz":
      return `${uzbek(count)} ${one}`; // Uzbek counts without a plural: qirq ming dollar
    default:
      return `${english(count)} ${count === 1 ? one : many}`;
  }
}

/**
 * An amount of money (in the currency's smallest unit: cents) in words, or null for a
 * currency without words here: "forty thousand dollars", "one dollar and fifty cents".
 */
export function moneyInWords(amount, currency, scale) {
  const code = spelledLanguage();
  const names = CURRENCY_WORDS[code][currency];
  if (!names) return null;
  const value = Math.abs(amount);
  const whole = Math.trunc(value / scale);
  const part = value - whole * scale;
  const big = countedInWords(code, whole, names[0]);
  const small = countedInWords(code, part, names[1]);
  const and = { en: "and", es: "con", it: "e", uz: "" }[code];
  let words = !part ? big : !whole ? small : `${big} ${and} ${small}`.replace("  ", " ");
  if (amount < 0) words = `${{ en: "minus", es: "menos", it: "meno", uz: "minus" }[code]} ${words}`;
  return isPseudo() ? `⟦${words}⟧` : words;
}
