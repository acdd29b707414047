"""The card catalogue: printed properties plus every ability in plain words, RU and EN, generated from the ability
data (:mod:`.text`; a triggered ability's opening phrase: :mod:`.triggers`). Each keyword's own words live in its
module (engine/effects/keywords/), each filter's, condition's and counter's on its typed value (engine/rules/)."""
from engine.catalogue.text import LANGS, MARKER_NAMES, WORDS, ability_text, card_text, catalogue

__all__ = ["LANGS", "MARKER_NAMES", "WORDS", "ability_text", "card_text", "catalogue"]
