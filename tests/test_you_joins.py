"""No "you" glued to another person's verb: a sentence about a seat is one message for "you" and
one for another player, in every language ("Tú respondiste B", never "Tú" + "respondió B").

Under the pseudo-language ``qps`` every message is wrapped in ⟦ ⟧, so a join shows as the
message that is only the pronoun (⟦You⟧) inside another message or beside one
(``highstakes.testing.pseudo``). These tests read Millionaire's terminal table and the pages'
shared result under it, and the same sentences in Spanish; the pseudo-language walks of the
browser tables (test_browser_words) run the same check on Millionaire's and the generic table.
"""

from __future__ import annotations

from typing import Any

from textual.pilot import Pilot

from highstakes.catalog.millionaire.tui.app import MillionaireApp
from highstakes.i18n import PSEUDO, use_language
from highstakes.testing.browsers import (  # noqa: F401 (fixtures used by name)
    Visitors,
    browser_fixture,
    server_fixture,
    visitors_fixture,
)
from highstakes.testing.pseudo import ELEMENT_TEXTS_JS, page_you_joins, you_joins
from highstakes.testing.terminal import run, screen_texts, wait_for


def test_the_join_check_finds_a_you_glued_to_other_words_and_only_that() -> None:
    # Beside the rest of its sentence, as Millionaire's reveal was: "Tú" · "respondió B".
    assert you_joins("⟦You⟧ ⟦answered B⟧ · ⟦right: on to the next question⟧")
    # An argument where a name goes, as the shared result was: "{names} win!" with "You".
    assert you_joins("⟦⟦⟦You⟧ and Bob⟧ win!⟧")
    assert you_joins("⟦Ann uses 50:50; waiting for ⟦you⟧⟧")
    # Whole sentences, and the pronoun as a label by a name, are fine.
    assert you_joins("⟦You answered B: right, on to the next question.⟧") == []
    assert you_joins("⟦You share the win with ⟦Bob and Cy⟧!⟧") == []
    assert you_joins("Ann ⟦you⟧") == [] and you_joins("⟦Ann (you)⟧ · $100") == []


# --- Millionaire's terminal table -------------------------------------------------------------------


def play_to_a_reveal(app: MillionaireApp) -> Any:
    async def script(pilot: Pilot[None]) -> None:
        await wait_for(pilot, lambda: app.human_to_act)
        await pilot.press("a")  # lock in A; the bot answers, and the answers show
        await wait_for(pilot, lambda: app.game.view(None)["last_reveal"] is not None)
        app.texts = screen_texts(app)  # type: ignore[attr-defined]

    return script


def test_millionaire_s_terminal_reveal_speaks_to_you_in_whole_sentences() -> None:
    with use_language(PSEUDO):
        app = MillionaireApp(2, [None, "knower"], 3, {"hunches": "off"}, bot_delay=0)
        run(app, play_to_a_reveal(app))
    texts: dict[str, list[str]] = app.texts  # type: ignore[attr-defined]
    reveal = " ".join(text for where, shown in texts.items() if "reveal" in where for text in shown)
    assert "⟦You answered A: " in reveal  # the person's own line, one message
    assert [join for shown in texts.values() for text in shown for join in you_joins(text)] == []


def test_millionaire_s_terminal_reveal_in_spanish_conjugates_for_you() -> None:
    with use_language("es"):
        app = MillionaireApp(2, [None, "knower"], 3, {"hunches": "off"}, bot_delay=0)
        run(app, play_to_a_reveal(app))
    texts: dict[str, list[str]] = app.texts  # type: ignore[attr-defined]
    reveal = " ".join(text for where, shown in texts.items() if "reveal" in where for text in shown)
    assert "Respondiste A" in reveal and "Tú respondió" not in reveal


# --- the pages' shared result ------------------------------------------------------------------------

RESULTS_JS = """async (seat) => {
  const { resultParts } = await import("/static/common.js");
  const seats = ["Ann", "Bob", "Cy"].map((name) => ({ name, kind: "human" }));
  const lines = (node) => (node.tagName === "OL" ? [...node.children].map((item) => item.textContent)
    : [node.textContent]);
  const said = (result) => resultParts(result, seats, seat, String).flatMap(lines).join(" | ");
  return [said({ winners: [0, 1], scores: [5, 5, 1] }), said({ winners: [1, 0, 2], scores: [5, 5, 5] }),
          said({ winners: [0], scores: [5, 1, 1] })];
}"""


def open_in(visitors: Visitors, language: str) -> Any:
    context = visitors.browser.new_context(base_url=visitors.base_url)
    visitors.contexts.append(context)
    context.add_init_script(f"localStorage.setItem('highstakes.language', '{language}')")
    page = context.new_page()
    page.goto("/")
    page.wait_for_function("() => document.documentElement.dataset.words === 'ready'")
    return page


def test_a_shared_win_is_one_sentence_for_you_and_another_for_the_others(visitors: Visitors) -> None:
    page = open_in(visitors, "en")
    assert page.evaluate(RESULTS_JS, 0)[:2] == [
        "You share the win with Bob! | Ann (you): 5 | Bob: 5 | Cy: 1",
        "You share the win with Bob and Cy! | Ann (you): 5 | Bob: 5 | Cy: 5"]
    assert page.evaluate(RESULTS_JS, 2)[0].startswith("Ann and Bob win! | ")
    pseudo = open_in(visitors, PSEUDO)
    said = [*pseudo.evaluate(RESULTS_JS, 0), *pseudo.evaluate(RESULTS_JS, 2)]
    assert [join for text in said for join in you_joins(text)] == []
    assert page_you_joins(pseudo.evaluate(ELEMENT_TEXTS_JS)) == []
    spanish = open_in(visitors, "es")
    assert spanish.evaluate(RESULTS_JS, 0)[0].startswith("¡Compartes la victoria con Bob!")
    visitors.assert_no_page_errors()
