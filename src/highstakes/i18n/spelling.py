"""Numbers and money in words, in each language the faces speak, so that a person reads back
what they are about to send: "$40,000, forty thousand dollars" / "40.000 $, cuarenta mil dólares".

Spelling numbers is grammar, not a message: it cannot be translated one string at a time
(Spanish "un millón de dólares" but "un millón cien mil dólares"; Italian writes
"quarantamila" as one word), so each language has its small speller here. The browser's
``/static/spell.js`` spells the same way; the tests hold both to the same hand-spelled amounts.
"""

from __future__ import annotations

from collections.abc import Callable

from highstakes.i18n import LANGUAGES, PSEUDO, get_language

# --- English ---------------------------------------------------------------------------------------
_EN_ONES = ("zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen "
            "fifteen sixteen seventeen eighteen nineteen").split()
_EN_TENS = "_ _ twenty thirty forty fifty sixty seventy eighty ninety".split()
_EN_GROUPS = ((10**12, "trillion"), (10**9, "billion"), (10**6, "million"), (1000, "thousand"))


def _english(number: int) -> str:
    if number < 20:
        return _EN_ONES[number]
    if number < 100:
        tens, ones = divmod(number, 10)
        return _EN_TENS[tens] + (f"-{_EN_ONES[ones]}" if ones else "")
    if number < 1000:
        hundreds, rest = divmod(number, 100)
        return f"{_EN_ONES[hundreds]} hundred" + (f" {_english(rest)}" if rest else "")
    for size, name in _EN_GROUPS:
        if number >= size:
            high, rest = divmod(number, size)
            return f"{_english(high)} {name}" + (f" {_english(rest)}" if rest else "")
    raise AssertionError("unreachable")  # every number from 1,000 up has a group


# --- Spanish ---------------------------------------------------------------------------------------
_ES_UNITS = ("cero uno dos tres cuatro cinco seis siete ocho nueve diez once doce trece catorce quince "
             "dieciséis diecisiete dieciocho diecinueve veinte veintiuno veintidós veintitrés veinticuatro "
             "veinticinco veintiséis veintisiete veintiocho veintinueve").split()
_ES_TENS = "_ _ _ treinta cuarenta cincuenta sesenta setenta ochenta noventa".split()
_ES_HUNDREDS = ("_ ciento doscientos trescientos cuatrocientos quinientos seiscientos setecientos "
                "ochocientos novecientos").split()


def _spanish_hundreds(number: int, short: bool) -> str:
    """1 to 999; ``short``: "uno" becomes "un" before a noun (veintiún mil, treinta y un dólares)."""
    if number == 100:
        return "cien"
    hundreds, rest = divmod(number, 100)
    parts = [_ES_HUNDREDS[hundreds]] if hundreds else []
    if rest:
        words = _ES_UNITS[rest] if rest < 30 else (
            _ES_TENS[rest // 10] + (f" y {_ES_UNITS[rest % 10]}" if rest % 10 else ""))
        if short and words.endswith("veintiuno"):
            words = words.removesuffix("veintiuno") + "veintiún"
        elif short and words.endswith("uno"):
            words = words.removesuffix("uno") + "un"
        parts.append(words)
    return " ".join(parts)


def _spanish(number: int, short: bool = False) -> str:
    if number == 0:
        return "cero"
    millions, below = divmod(number, 10**6)
    thousands, rest = divmod(below, 1000)
    parts = []
    if millions:
        parts.append("un millón" if millions == 1 else f"{_spanish(millions, True)} millones")
    if thousands:
        parts.append("mil" if thousands == 1 else f"{_spanish_hundreds(thousands, True)} mil")
    if rest:
        parts.append(_spanish_hundreds(rest, short))
    return " ".join(parts)


# --- Italian ---------------------------------------------------------------------------------------
_IT_UNITS = ("zero uno due tre quattro cinque sei sette otto nove dieci undici dodici tredici quattordici "
             "quindici sedici diciassette diciotto diciannove").split()
_IT_TENS = "_ _ venti trenta quaranta cinquanta sessanta settanta ottanta novanta".split()


def _italian_tens(number: int) -> str:
    if number < 20:
        return _IT_UNITS[number]
    tens, ones = divmod(number, 10)
    word = _IT_TENS[tens][:-1] if ones in (1, 8) else _IT_TENS[tens]  # ventuno, ventotto
    return word + ("tré" if ones == 3 else _IT_UNITS[ones] if ones else "")


def _italian_hundreds(number: int) -> str:
    """1 to 999, one word: duecentoquarantatré, centotto."""
    hundreds, rest = divmod(number, 100)
    head = "" if hundreds == 0 else "cento" if hundreds == 1 else f"{_IT_UNITS[hundreds]}cento"
    if not rest:
        return head
    tail = _italian_tens(rest)
    if head and tail.startswith("o"):
        head = head[:-1]  # centotto, centottanta
    return head + tail


def _italian(number: int) -> str:
    if number == 0:
        return "zero"
    millions, below = divmod(number, 10**6)
    thousands, rest = divmod(below, 1000)
    parts = []
    if millions:
        parts.append("un milione" if millions == 1 else f"{_italian(millions)} milioni")
    # Below a million Italian writes one word: quarantamilacinquecento; tré loses its accent inside.
    words = ""
    if thousands:
        head = _italian_hundreds(thousands)
        if head.endswith("tré"):
            head = head.removesuffix("tré") + "tre"
        words += "mille" if thousands == 1 else head + "mila"
    if rest:
        words += _italian_hundreds(rest)
    if words:
        parts.append(words)
    return " ".join(parts)


# --- Uzbek (Latin script) --------------------------------------------------------------------------
_UZ_UNITS = "nol bir ikki uch toʻrt besh olti yetti sakkiz toʻqqiz".split()
_UZ_TENS = "_ oʻn yigirma oʻttiz qirq ellik oltmish yetmish sakson toʻqson".split()


def _uzbek_hundreds(number: int) -> str:
    hundreds, rest = divmod(number, 100)
    tens, ones = divmod(rest, 10)
    parts = [_UZ_UNITS[hundreds], "yuz"] if hundreds else []
    if tens:
        parts.append(_UZ_TENS[tens])
    if ones:
        parts.append(_UZ_UNITS[ones])
    return " ".join(parts)


def _uzbek(number: int) -> str:
    if number == 0:
        return "nol"
    parts = []
    milliards = number // 10**9
    if milliards:
        parts.append(f"{_uzbek(milliards)} milliard")
    for size, name in ((10**6, "million"), (1000, "ming")):
        count = number // size % 1000
        if count:
            parts.append(f"{_uzbek_hundreds(count)} {name}")
    if number % 1000:
        parts.append(_uzbek_hundreds(number % 1000))
    return " ".join(parts)


# --- every language --------------------------------------------------------------------------------
_SPELLERS: dict[str, Callable[[int], str]] = {"en": _english, "es": _spanish, "it": _italian, "uz": _uzbek}
_MINUS = {"en": "minus", "es": "menos", "it": "meno", "uz": "minus"}
_AND = {"en": " and ", "es": " con ", "it": " e ", "uz": " "}
#: Each language's currency words: (one, many) for the unit and for its hundredth.
CURRENCY_WORDS: dict[str, dict[str, tuple[tuple[str, str], tuple[str, str]]]] = {
    "en": {"USD": (("dollar", "dollars"), ("cent", "cents")), "JPY": (("yen", "yen"), ("sen", "sen"))},
    "es": {"USD": (("dólar", "dólares"), ("centavo", "centavos")), "JPY": (("yen", "yenes"), ("sen", "sen"))},
    "it": {"USD": (("dollaro", "dollari"), ("centesimo", "centesimi")),
           "JPY": (("yen", "yen"), ("sen", "sen"))},
    "uz": {"USD": (("dollar", "dollar"), ("sent", "sent")), "JPY": (("iyena", "iyena"), ("sen", "sen"))},
}
assert set(_SPELLERS) == set(LANGUAGES), "every language the faces speak spells its numbers"


def _spelling_language(language: str | None) -> str:
    code = language or get_language()
    return code if code in _SPELLERS else "en"  # the pseudo-language spells in English


def _mark(words: str, language: str | None) -> str:
    return f"⟦{words}⟧" if (language or get_language()) == PSEUDO else words


def number_in_words(number: int, language: str | None = None) -> str:
    """A whole number in the reader's words: 40000 → "forty thousand", "cuarenta mil", "qirq ming"."""
    code = _spelling_language(language)
    words = _SPELLERS[code](abs(number))
    return _mark(f"{_MINUS[code]} {words}" if number < 0 else words, language)


def _counted(code: str, count: int, names: tuple[str, str]) -> str:
    """``count`` of a currency's unit in words: "one dollar", "un millón de dólares", "qirq ming dollar"."""
    one, many = names
    if code == "es":  # a round million takes "de": un millón de dólares, but un millón cien mil dólares
        of = " de" if count >= 10**6 and count % 10**6 == 0 else ""
        return f"{_spanish(count, True)}{of} {one if count == 1 else many}"
    if code == "it":
        of = " di" if count >= 10**6 and count % 10**6 == 0 else ""
        return f"{'un' if count == 1 else _italian(count)}{of} {one if count == 1 else many}"
    if code == "uz":
        return f"{_uzbek(count)} {one}"  # Uzbek counts without a plural: qirq ming dollar
    return f"{_english(count)} {one if count == 1 else many}"


def money_in_words(amount: int, currency: str, scale: int, language: str | None = None) -> str | None:
    """An amount in the currency's smallest unit in words, or None for a currency without words
    here: 4000000 cents → "forty thousand dollars"; 150 → "un dólar con cincuenta centavos"."""
    code = _spelling_language(language)
    names = CURRENCY_WORDS[code].get(currency)
    if names is None:
        return None
    whole, part = divmod(abs(amount), scale)
    big, small = _counted(code, whole, names[0]), _counted(code, part, names[1])
    words = big if not part else small if not whole else f"{big}{_AND[code]}{small}"
    return _mark(f"{_MINUS[code]} {words}" if amount < 0 else words, language)
