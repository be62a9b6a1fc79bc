"""Checks on what a face shows under the tests' pseudo-language (``qps``), where every message
comes back wrapped in ⟦ ⟧.

**A "you" glued to other words.** A sentence about a seat is one message for "you" and one
for another player, since a language conjugates a verb for its subject ("Tú respondiste",
"Ana respondió"): never the pronoun as a message of its own put where a name goes, or set
beside the rest of the sentence. Under the pseudo-language such a join shows: the message
that is only the pronoun (⟦You⟧, ⟦you⟧) sits inside another message (an argument of it) or
right beside one. The pronoun alone is fine as a label (a "you" tag by a name).
"""

from __future__ import annotations

import re

from highstakes.i18n import PSEUDO_CLOSE, PSEUDO_OPEN

#: The messages that are only the pronoun, as the pseudo-language marks them.
PRONOUN = re.compile(f"{PSEUDO_OPEN}([Yy]ou){PSEUDO_CLOSE}")
#: What may stand between two pieces of one sentence: spaces and punctuation.
BETWEEN = " \u00a0·:,;—-"


def you_joins(text: str) -> list[str]:
    """Where ``text`` glues a "you" message to other words, each shown with its surroundings."""
    found = []
    for match in PRONOUN.finditer(text):
        before, after = text[: match.start()], text[match.end():]
        inside = before.count(PSEUDO_OPEN) > before.count(PSEUDO_CLOSE)
        beside = (after.lstrip(BETWEEN).startswith(PSEUDO_OPEN)
                  or before.rstrip(BETWEEN).endswith(PSEUDO_CLOSE))
        if inside or beside:
            found.append(text[max(0, match.start() - 30): match.end() + 30])
    return found


#: For a browser page: the text of every visible element with text of its own (its children's
#: too, but not labels, class ``tag``, nor keys and code), and its attributes people read.
ELEMENT_TEXTS_JS = r"""() => {
  const SKIP = "code, kbd, script, style, .tag";
  const textOf = (node) => [...node.childNodes].map((child) => {
    if (child.nodeType === Node.TEXT_NODE) return child.textContent;
    if (child.nodeType !== Node.ELEMENT_NODE || child.matches(SKIP)) return " ";
    return textOf(child);
  }).join("");
  const texts = [];
  for (const node of document.body.querySelectorAll("*")) {
    if (node.closest(SKIP) || !node.checkVisibility({ checkVisibilityCSS: true })) continue;
    if ([...node.childNodes].some((child) => child.nodeType === Node.TEXT_NODE && child.textContent.trim())) {
      texts.push(textOf(node));
    }
    for (const attribute of ["aria-label", "title"]) {
      if (node.hasAttribute(attribute)) texts.push(node.getAttribute(attribute));
    }
  }
  return texts;
}"""


def page_you_joins(texts: list[str]) -> list[str]:
    """The joins in the texts :data:`ELEMENT_TEXTS_JS` gives."""
    return [join for text in texts for join in you_joins(text)]


__all__ = ["ELEMENT_TEXTS_JS", "page_you_joins", "you_joins"]
