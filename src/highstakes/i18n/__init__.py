"""The translation layer: every word a person reads goes through here.

English is the source language; Spanish (``es``), Italian (``it``) and Uzbek (``uz``, Latin
script) ship complete. Messages live in gettext catalogs managed with Babel: the platform's
in ``highstakes/locale`` (domain ``highstakes``), each game's in its own package
(``<package>/locale``, domain = the game's id), so a game brings its own words.

In code::

    from highstakes.i18n import _, ngettext, N_

    _("Your move")                                   # translated for the current language
    ngettext("{n} case left", "{n} cases left", n).format(n=n)
    LABEL = N_("best play")                          # marked now, translated where shown: _(LABEL)

The current language is a context variable: the command line sets it once from ``--lang``
or the locale variables, the server per connection from ``Accept-Language`` or the
player's choice (:func:`use_language`). Numbers, money and points are written for that
language with Babel (:mod:`highstakes.i18n.numbers`).

``qps`` is a pseudo-language for tests: every translated message comes back wrapped in
``⟦`` and ``⟧``, so a test that walks a face under it finds any text that bypassed the layer.
"""

from __future__ import annotations

import contextlib
import contextvars
import gettext as _gettext
import os
from collections.abc import Iterator, Mapping
from functools import cache
from importlib.resources import files
from pathlib import Path

#: The languages that ship complete, English first (the source).
LANGUAGES: tuple[str, ...] = ("en", "es", "it", "uz")
DEFAULT = "en"
#: The pseudo-language of the tests: every translated message is marked.
PSEUDO = "qps"
PSEUDO_OPEN, PSEUDO_CLOSE = "⟦", "⟧"
PLATFORM_DOMAIN = "highstakes"

#: Each language's name in itself, for language switchers.
NATIVE_NAMES: Mapping[str, str] = {"en": "English", "es": "Español", "it": "Italiano", "uz": "Oʻzbekcha"}
#: The Babel (CLDR) locale that writes each language's numbers and dates.
BABEL_LOCALES: Mapping[str, str] = {"en": "en", "es": "es", "it": "it", "uz": "uz_Latn", PSEUDO: "en"}

_language: contextvars.ContextVar[str] = contextvars.ContextVar("highstakes_language", default=DEFAULT)


class UnknownLanguage(ValueError):
    """A language the project does not ship; the message names the ones it does."""


def check_language(code: str) -> str:
    """``code`` as a shipped language (``es``, ``es-MX``, ``ES`` all give ``es``), or UnknownLanguage."""
    base = code.strip().replace("_", "-").split("-")[0].lower()
    if base in LANGUAGES or base == PSEUDO:
        return base
    raise UnknownLanguage(f"unknown language {code!r}; available: {', '.join(LANGUAGES)}")


def get_language() -> str:
    return _language.get()


def set_language(code: str) -> str:
    """Make ``code`` the language of this context (a command-line run, say); returns it."""
    language = check_language(code)
    _language.set(language)
    return language


@contextlib.contextmanager
def use_language(code: str) -> Iterator[str]:
    """Speak ``code`` inside the block (a server handling one player's message, say)."""
    language = check_language(code)
    token = _language.set(language)
    try:
        yield language
    finally:
        _language.reset(token)


# --- choosing the language ------------------------------------------------------------------------
def negotiate(accept_language: str | None) -> str:
    """The best shipped language for an ``Accept-Language`` header; English when none fits."""
    if not accept_language:
        return DEFAULT
    weighted: list[tuple[float, int, str]] = []
    for index, part in enumerate(accept_language.split(",")[:32]):
        tag, _, params = part.strip().partition(";")
        quality = 1.0
        for param in params.split(";"):
            name, _, value = param.strip().partition("=")
            if name == "q":
                try:
                    quality = float(value)
                except ValueError:
                    quality = 0.0
        if tag and quality > 0:
            weighted.append((-quality, index, tag))
    for _quality, _index, tag in sorted(weighted):
        with contextlib.suppress(UnknownLanguage):
            language = check_language(tag)
            if language != PSEUDO:  # a browser never asks for the test language
                return language
    return DEFAULT


def from_environment(explicit: str | None = None, environ: Mapping[str, str] | None = None) -> str:
    """The language of a command-line run: ``--lang``, else the usual locale variables, else English.

    ``explicit`` is checked (UnknownLanguage names the available ones); the variables
    (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``, as gettext reads them) are not:
    an unshipped language there simply means English.
    """
    if explicit:
        return check_language(explicit)
    environ = os.environ if environ is None else environ
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(variable)
        if not value:
            continue
        for candidate in value.split(":"):
            code = candidate.split(".")[0].split("@")[0]
            if code in ("C", "POSIX", ""):
                continue
            with contextlib.suppress(UnknownLanguage):
                return check_language(code)
        if variable != "LANGUAGE":
            break  # the first of LC_ALL, LC_MESSAGES, LANG that is set decides, as in gettext
    return DEFAULT


# --- catalogs -------------------------------------------------------------------------------------
def locale_dir(package: str) -> Path:
    """Where a package keeps its catalogs: ``<package>/locale``."""
    return Path(str(files(package).joinpath("locale")))


class _Pseudo(_gettext.NullTranslations):
    def gettext(self, message: str) -> str:
        return f"{PSEUDO_OPEN}{message}{PSEUDO_CLOSE}"

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return f"{PSEUDO_OPEN}{singular if n == 1 else plural}{PSEUDO_CLOSE}"


@cache
def translations(domain: str, package: str, language: str) -> _gettext.NullTranslations:
    """The compiled catalog of ``domain`` in ``package`` for ``language`` (English: the source)."""
    if language == PSEUDO:
        return _Pseudo()
    if language == DEFAULT:
        return _gettext.NullTranslations()
    return _gettext.translation(domain, locale_dir(package), languages=[language], fallback=True)


class Domain:
    """The words of one package: the platform's, or one game's.

    A game module makes its own: ``_ = Domain("greed", "highstakes.catalog.greed").gettext``.
    """

    def __init__(self, domain: str, package: str) -> None:
        self.domain = domain
        self.package = package

    def catalog(self, language: str | None = None) -> _gettext.NullTranslations:
        return translations(self.domain, self.package, language or get_language())

    def gettext(self, message: str) -> str:
        return self.catalog().gettext(message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return self.catalog().ngettext(singular, plural, n)


PLATFORM = Domain(PLATFORM_DOMAIN, "highstakes")


def _(message: str) -> str:
    """``message`` in the current language (the platform's words)."""
    return PLATFORM.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The singular or plural of a message for ``n``, in the current language's plural rules."""
    return PLATFORM.ngettext(singular, plural, n)


def N_(message: str) -> str:
    """Mark ``message`` for translation without translating it now (module constants)."""
    return message


__all__ = [
    "BABEL_LOCALES",
    "DEFAULT",
    "LANGUAGES",
    "NATIVE_NAMES",
    "N_",
    "PLATFORM",
    "PSEUDO",
    "Domain",
    "UnknownLanguage",
    "_",
    "check_language",
    "from_environment",
    "get_language",
    "locale_dir",
    "negotiate",
    "ngettext",
    "set_language",
    "translations",
    "use_language",
]
