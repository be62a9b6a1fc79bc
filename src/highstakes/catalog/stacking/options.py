"""The stacking game's options (RULES.md §5.3, §7.4): their one home."""

from __future__ import annotations

from dataclasses import dataclass

from highstakes.catalog.stacking.words import N_
from highstakes.engine.options import GameOptions, option


@dataclass(frozen=True)
class StackingOptions(GameOptions):
    GAME_ID = "stacking"

    longer: bool = option(
        False, (False, True),
        N_("longer game: all the currency, the bag's pieces too, is dealt out equally by kind"),
        labels={False: N_("the usual starting money"), True: N_("deal all the currency")},
    )
    companion: bool = option(
        False, (False, True),
        N_("companion mode: stack real pieces at a real table and enter how each placement went"),
        labels={False: N_("stack on the screen"), True: N_("stack real pieces")},
    )
    bill_width: int = option(
        76, (76, 40, 150),
        N_("how wide a bill lies on the stack, in millimetres: folded to its short side, folded small, "
           "or flat and long"),
        labels={76: N_("76 mm (a bill's short side)"), 40: N_("40 mm (folded small)"),
                150: N_("150 mm (flat and long)")},
    )
    bag: int = option(
        10, (10, 5, 20),
        N_("pieces of each kind in the bag at the start, before any longer-game deal"),
    )
