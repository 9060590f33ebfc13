"""The bot's languages: gettext catalogs managed with Babel, and the language of the moment.

Every word a player reads goes through :func:`_` (or :func:`ngettext`; :func:`N_` marks a
constant translated later). The language is a :class:`contextvars.ContextVar`: the bot sets it
with :func:`using` around everything it writes for one reader (a DM, an ephemeral reply, a
private image: the reader's Discord language) or for one channel (the server's language), so
a presentation that calls ``_()`` gets the reader's language without being told.

The catalogs are ``locales/<lang>/LC_MESSAGES/vesuvius.po`` (``locales/vesuvius.pot`` is the
template ``make messages`` extracts from the code). They are read with Babel's ``read_po`` and
compiled in memory at import (a few milliseconds), so there is no ``.mo`` file to build or to
forget: a ``.po`` edited by a translator is what the bot speaks at its next start.
``docs/i18n.md`` says how to add a language.
"""

from __future__ import annotations

import contextvars
import io
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from datetime import timedelta
from functools import cache
from gettext import NullTranslations
from pathlib import Path
from typing import Any, TypeVar

from babel import Locale
from babel.dates import format_timedelta
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.numbers import format_decimal
from babel.support import Translations
from babel.units import format_unit

from engine.text import ONE, One, Term, Text

LOCALES_DIR = Path(__file__).resolve().parent.parent / "locales"
T = TypeVar("T")
DOMAIN = "vesuvius"
DEFAULT = "en"
LANGUAGES: tuple[str, ...] = ("en", "es", "nl", "de")
"""The languages the bot speaks, English (the source language and the fallback) first."""

_current: contextvars.ContextVar[str] = contextvars.ContextVar("vesuvius_language", default=DEFAULT)


def negotiate(locale: object) -> str:
    """A Discord locale (``es-ES``, ``es-419``, ``en-GB``, ``nl``, ``de``, a ``discord.Locale``
    or ``None``) as one of :data:`LANGUAGES`; English for anything else."""
    text = str(getattr(locale, "value", locale) or "").strip().lower().replace("_", "-")
    lang = text.split("-", 1)[0]
    return lang if lang in LANGUAGES else DEFAULT


def language_name(lang: str) -> str:
    """A language named in itself: ``es`` -> ``Español``, ``nl`` -> ``Nederlands``."""
    name = Locale.parse(lang).get_display_name(lang) or lang
    return name[:1].upper() + name[1:]


@cache
def translations(lang: str) -> NullTranslations:
    """The compiled catalog of ``lang`` (English, the source language, translates nothing)."""
    path = LOCALES_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"
    if lang == DEFAULT or not path.is_file():
        return NullTranslations()
    with path.open("rb") as f:
        catalog = read_po(f, locale=lang, domain=DOMAIN)
    buffer = io.BytesIO()
    write_mo(buffer, catalog, use_fuzzy=False)
    buffer.seek(0)
    return Translations(buffer, domain=DOMAIN)


def load_all() -> None:
    """Compile every catalog now (at import), so a broken ``.po`` fails the start, not a move."""
    for lang in LANGUAGES:
        translations(lang)


def current() -> str:
    """The language of the moment (``en`` unless :func:`using` chose one)."""
    return _current.get()


@contextmanager
def using(lang: str | None) -> Iterator[str]:
    """Write in ``lang`` (negotiated: ``es-ES`` is ``es``) inside the ``with`` block."""
    chosen = negotiate(lang)
    token = _current.set(chosen)
    try:
        yield chosen
    finally:
        _current.reset(token)


def set_current(lang: str | None) -> str:
    """Write in ``lang`` from now on in this task (an interaction's handler: its reader's
    language; a task started from it inherits it). Returns the negotiated language."""
    chosen = negotiate(lang)
    _current.set(chosen)
    return chosen


def call_in(lang: str, function: Callable[..., T], /, *args: Any) -> T:
    """``function(*args)`` in ``lang``: what a worker process runs, since a context variable
    does not cross into another process (a thread started by ``asyncio.to_thread`` copies it)."""
    with using(lang):
        return function(*args)


def pgettext(context: str, message: str) -> str:
    """``message`` in the current language, told apart by ``context`` (a command's name)."""
    return translations(_current.get()).pgettext(context, message)


def _(message: str) -> str:
    """``message`` in the current language (itself where the catalog has no translation)."""
    return translations(_current.get()).gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of ``singular``/``plural`` for ``n`` by the current language's plural rule."""
    return translations(_current.get()).ngettext(singular, plural, n)


def N_(message: str) -> str:
    """Mark ``message`` for the catalog without translating it now (``_()`` it when shown)."""
    return message


def NC_(context: str, message: str) -> str:
    """Mark ``message`` for the catalog in ``context`` (a word's form for one,
    :class:`engine.text.One`) without translating it now."""
    return message


class Counted(str):
    """A catalog message with its plural (:func:`NP_`): said with the form its ``{count}``
    asks for when it is shown (:func:`fill`)."""

    plural: str

    def __new__(cls, singular: str, plural: str) -> Counted:
        out = super().__new__(cls, singular)
        out.plural = plural
        return out

    def english(self, count: object) -> str:
        """The English form for ``count``."""
        return str(self) if count == 1 else self.plural


def NP_(singular: str, plural: str) -> Counted:
    """Mark a counted message and its plural for the catalog (``ngettext`` when shown: the
    value named ``count`` chooses the form)."""
    return Counted(singular, plural)


class Lazy(str):
    """Words given as a value of another message (``L_("start it")``): translated when the
    message is shown (:func:`fill`), not where they were written."""

    __slots__ = ()


def L_(message: str) -> Lazy:
    """Mark ``message`` for the catalog as a value translated when its message is shown."""
    return Lazy(message)


def translate_in(lang: str, message: str) -> str:
    """``message`` in ``lang`` whatever the current language (command localisations)."""
    return translations(negotiate(lang)).gettext(message)


def number(value: float, lang: str | None = None, *, decimals: int | None = None) -> str:
    """``1234.5`` as the language writes it (``1,234.5``; ``1.234,5`` in Spanish);
    ``decimals``: exactly that many (``12.0``)."""
    pattern = None if decimals is None else "#,##0" + ("." + "0" * decimals if decimals else "")
    return format_decimal(value, format=pattern, locale=lang or _current.get())


def duration(seconds: float, lang: str | None = None) -> str:
    """A span of time as words, in whole units: ``86400`` -> ``24 hours`` (``24 horas``),
    ``300`` -> ``5 minutes``, ``259200`` -> ``3 days`` (days only when whole, from two)."""
    total = max(0, round(seconds))
    if total >= 2 * 86400 and total % 86400 == 0:
        count, unit = total // 86400, "day"
    elif total >= 3600:
        count, unit = round(total / 3600), "hour"
    elif total >= 60:
        count, unit = round(total / 60), "minute"
    else:
        count, unit = total, "second"
    return format_unit(count, f"duration-{unit}", length="long", locale=lang or _current.get())


def relative(seconds: float, lang: str | None = None) -> str:
    """A time from now as words: ``in 3 days`` / ``3 days ago`` (``seconds`` < 0)."""
    return format_timedelta(
        timedelta(seconds=seconds),
        add_direction=True,
        threshold=1.0,
        locale=lang or _current.get(),
    )


class Catalog:
    """A game's own catalog, beside the bot's: ``<directory>/<lang>/LC_MESSAGES/<domain>.po``
    (a game keeps it in its presentation package: ``render/<game>/locales``, domain = the
    game's key). Its words are looked up there first, then in the bot's catalog. A game's
    modules bind its methods to the usual names so that ``make messages`` finds them::

        CATALOG = Catalog("downfall", Path(__file__).parent / "locales")
        _, ngettext, N_ = CATALOG.gettext, CATALOG.ngettext, N_
    """

    def __init__(self, domain: str, directory: Path) -> None:
        self.domain = domain
        self.directory = directory
        CATALOGS[domain] = self

    def __repr__(self) -> str:
        return f"Catalog({self.domain!r})"

    @cache  # noqa: B019 (a catalog lives as long as the process)
    def translations(self, lang: str) -> NullTranslations:
        """This catalog in ``lang``, falling back to the bot's."""
        path = self.directory / lang / "LC_MESSAGES" / f"{self.domain}.po"
        if lang == DEFAULT or not path.is_file():
            return translations(lang)
        with path.open("rb") as f:
            catalog = read_po(f, locale=lang, domain=self.domain)
        buffer = io.BytesIO()
        write_mo(buffer, catalog, use_fuzzy=False)
        buffer.seek(0)
        own = Translations(buffer, domain=self.domain)
        own.add_fallback(translations(lang))
        return own

    def gettext(self, message: str) -> str:
        """``message`` in the current language."""
        return self.translations(_current.get()).gettext(message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return self.translations(_current.get()).ngettext(singular, plural, n)

    def pgettext(self, context: str, message: str) -> str:
        return self.translations(_current.get()).pgettext(context, message)

    def say(self, text: str) -> str:
        """Words an engine wrote (:class:`engine.text.Text`) in the current language: the
        template translated, its :class:`~engine.text.Term` values translated, its ``Text``
        values said the same way; a plain string as it is."""
        return _say(text, self.gettext)


CATALOGS: dict[str, Catalog] = {}
"""Every game's catalog by its domain (the game's key), as the games' packages made them."""


def catalog_of(domain: str | None) -> Catalog | None:
    """The catalog of the game ``domain`` (``None`` when it has none)."""
    return CATALOGS.get(domain or "")


def say(text: str, domain: str | None = None) -> str:
    """Words an engine wrote (:class:`engine.text.Text`), in the current language: by the
    catalog of the game ``domain`` (and the bot's) first, then by any game's that knows the
    message (a label read back from the log names no game; a game's messages are its own)."""
    return _say(text, lambda message: _lookup(message, domain))


def translate(message: str, domain: str | None) -> str:
    """A game's own message (words a presentation gives as data, marked ``N_()``: a title, a
    picture's label, a rules topic) in the current language, by the game's catalog first."""
    return _lookup(message, domain)


def _lookup(message: str, domain: str | None) -> str:
    lang = _current.get()
    if lang == DEFAULT:
        return message
    first = catalog_of(domain)
    said = (first.translations(lang) if first else translations(lang)).gettext(message)
    if said != message:
        return said
    for catalog in CATALOGS.values():
        if catalog is not first:
            said = catalog.translations(lang).gettext(message)
            if said != message:
                return said
    return message


def _say(text: str, gettext: Callable[[str], str]) -> str:
    if isinstance(text, One):  # looked up in its context (gettext's "context\x04message")
        key = f"{ONE}\x04{text}"
        said = gettext(key)
        return str(text) if said == key else said
    if isinstance(text, Term):
        return gettext(str(text))
    if not isinstance(text, Text):
        return str(text)
    values = {k: _say(v, gettext) if isinstance(v, str) else v for k, v in text.values.items()}
    template = gettext(text.template)
    if not values:
        return template
    try:
        return template.format_map(values)
    except (KeyError, IndexError, ValueError):
        return text.template.format_map(values)


def fill(message: str, values: Mapping[str, object]) -> str:
    """``_(message)`` with its ``{placeholders}`` filled (words given as :func:`L_` or as an
    engine's :class:`~engine.text.Text` said in the current language too; a translation that
    lost one falls back to the English, never to a crash)."""
    filled = {
        k: _(v) if isinstance(v, Lazy) else say(v) if isinstance(v, Text | Term) else v
        for k, v in values.items()
    }
    if isinstance(message, Counted):
        count = filled.get("count")
        said = ngettext(message, message.plural, count if isinstance(count, int) else 0)
        english = message.english(count)
    else:
        said, english = _(message), message
    if not filled:
        return said
    try:
        return said.format_map(filled)
    except (KeyError, IndexError, ValueError):
        return english.format_map(filled)


load_all()
