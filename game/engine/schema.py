"""Typed schema pieces shared by every ruleset's level files (pydantic v2).

- ``StrictModel``: unknown keys are errors, models are frozen.
- ``LocalizedText``: a plain string or a table ``{en, es, it}`` (descriptions, card text);
  ``LocalizedName`` and ``LocalizedTitle`` the same for names and titles, shorter.
  Every length comes from ``game/engine/limits.py`` (one declaration of limits).
- ``LevelBase``: the header every level file has; a ruleset's level model
  subclasses it and adds its own fields.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, model_validator

from game.engine.limits import AUTHOR_CHARS, NAME_CHARS, TEXT_CHARS, TITLE_CHARS

Ident = Annotated[str, StringConstraints(pattern=r"^[a-z0-9][a-z0-9_\-]{0,47}$")]
ShortText = Annotated[str, StringConstraints(max_length=AUTHOR_CHARS)]
LongText = Annotated[str, StringConstraints(max_length=TEXT_CHARS)]
NameText = Annotated[str, StringConstraints(max_length=NAME_CHARS)]
TitleText = Annotated[str, StringConstraints(max_length=TITLE_CHARS)]


class StrictModel(BaseModel):
    """A frozen model that rejects unknown keys."""

    model_config = ConfigDict(extra="forbid", frozen=True, str_strip_whitespace=False)


class Translations(StrictModel):
    """Text in each language; English is required, the others fall back to it."""

    en: LongText
    es: LongText | None = None
    it: LongText | None = None

    def get(self, lang: str, default: Any = None) -> Any:
        """Mapping-style access so ``i18n.localize`` handles models and dicts alike."""
        return getattr(self, lang, None) or default


class NameTranslations(Translations):
    """A name in each language (at most ``limits.NAME_CHARS`` characters each)."""

    en: NameText
    es: NameText | None = None
    it: NameText | None = None


class TitleTranslations(Translations):
    """A title in each language (at most ``limits.TITLE_CHARS`` characters each)."""

    en: TitleText
    es: TitleText | None = None
    it: TitleText | None = None


LocalizedText = Union[LongText, Translations]
LocalizedName = Union[NameText, NameTranslations]
LocalizedTitle = Union[TitleText, TitleTranslations]


class SeatRange(StrictModel):
    """How many seats a level allows."""

    min: int = Field(1, ge=1, le=8)
    max: int = Field(4, ge=1, le=8)

    @model_validator(mode="after")
    def _ordered(self) -> "SeatRange":
        if self.max < self.min:
            raise ValueError("max must be at least min")
        return self


ArgScalar = Union[bool, int, str]


class TutorialWait(StrictModel):
    """The action a tutorial step waits for: its kind and, optionally, arguments it must have."""

    kind: Annotated[str, StringConstraints(pattern=r"^[a-z][a-z0-9_]{0,39}$")]
    args: dict[Annotated[str, StringConstraints(pattern=r"^[a-z][a-z0-9_]{0,39}$")],
               Union[ArgScalar, list[ArgScalar]]] = Field(default_factory=dict, max_length=8)
    alongside: Annotated[str, StringConstraints(pattern=r"^[a-z][a-z0-9_]{0,39}$")] | None = Field(
        None, description="the action counts only at a decision that also offers an action of this kind "
                          "(a card played in the planning step, where Done is offered, not in an action window)")


class TutorialStep(StrictModel):
    """One step of a guided tutorial (docs/LEVELS.md, "Guided tutorials")."""

    text: LocalizedText
    wait: Union[Literal["ack", "any"], TutorialWait] = "ack"
    after: LocalizedText = ""


class LevelBase(StrictModel):
    """Header fields common to every level file."""

    format: Literal[1] = 1
    ruleset: Ident
    id: Ident | None = Field(None, description="defaults to the file name without .toml")
    title: LocalizedTitle
    description: LocalizedText = ""
    difficulty: Literal["tutorial", "easy", "normal", "hard"] = "normal"
    order: int = Field(100, ge=0, le=10000, description="position in the level list")
    seats: SeatRange | None = None
    author: ShortText = ""
    include: list[Annotated[str, StringConstraints(max_length=200)]] = Field(
        default_factory=list, max_length=16,
        description="shared files merged before this one, by path relative to this file")
    tutorial: list[TutorialStep] = Field(
        default_factory=list, max_length=60,
        description="a guided tutorial: steps shown one by one over the table (docs/LEVELS.md)")


class _AssetMarker:
    """Marks a level field as the path of an image file beside the level (see ``AssetPath``)."""

    def __repr__(self) -> str:
        return "ASSET_MARKER"


ASSET_MARKER = _AssetMarker()

#: A modder's own image (.png or .svg) by path relative to the level file. The
#: loader checks at load time that it exists, stays inside the mod folder and
#: is at most 2 MB (``levels.resolve_asset``); the app caps pixels at 2048x2048.
AssetPath = Annotated[
    str,
    StringConstraints(max_length=200, pattern=r"^[^/\\~].*\.([pP][nN][gG]|[sS][vV][gG])$"),
    Field(description="image file (.png or .svg, at most 2 MB, 2048x2048) relative to this level file"),
    ASSET_MARKER,
]
