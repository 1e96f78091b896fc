"""Card names that a face cannot hold whole between words: broken inside a long word, at a syllable, with "-".

Why a module of its own: a card's name band is narrow (70 px on a hand card), and at huge text a one-word
name of the shipped decks ("Llamatormentas", "Portaestandarte", "Decomposizione") is wider than the band
even at the smallest readable size, so ``text.fit_name`` (which breaks only between words) had to cut it
with "…" where the band has room for a second line. Issue 15 asks that names are never cut where there is
room to wrap: here a name that would be cut is laid out on two lines broken inside a word at a syllable
boundary ("Llama-" / "tormentas"), the way print breaks long words. The syllable rule is the simple one
Spanish and Italian share (a consonant between vowels starts the next syllable, two consonants split
unless they are a cluster like "tr" or "ch"); English names get the same rule, which is good enough for
a line break (each part keeps at least three letters).
"""

from __future__ import annotations

from typing import Iterator

from game.ui import text as uitext

HYPHEN = "-"
VOWELS = frozenset("aeiouáéíóúàèìòùâêîôûäëïöüy")
#: consonant pairs that start a syllable together (never split)
CLUSTERS = frozenset(("bl", "br", "cl", "cr", "dr", "fl", "fr", "gl", "gr", "pl", "pr", "tr", "ch", "ll", "rr",
                      "gn", "gh", "sh", "th", "ph", "ck"))
#: the strong vowels: two of them side by side belong to two syllables
STRONG = frozenset("aeoáéóàèòíú")
#: the fewest letters on either side of a break inside a word
MIN_PART = 3


def _is_vowel(c: str) -> bool:
    return c.lower() in VOWELS


def syllable_breaks(word: str) -> list[int]:
    """Indices ``i`` where ``word`` may be broken as ``word[:i] + "-"`` / ``word[i:]`` (at a syllable)."""
    letters = word.lower()
    n = len(letters)
    out: list[int] = []
    i = 0
    while i < n:
        if not _is_vowel(letters[i]):
            i += 1
            continue
        j = i + 1  # the consonants after this vowel run up to the next vowel
        while j < n and not _is_vowel(letters[j]) and letters[j].isalpha():
            j += 1
        if j >= n or not letters[j].isalpha():
            i = j + 1
            continue
        cons = letters[i + 1:j]
        if not cons:  # two vowels side by side: a hiatus of two strong vowels splits (ca-er), others do not
            cut = j if letters[i] in STRONG and letters[j] in STRONG else -1
        elif len(cons) == 1:
            cut = i + 1                       # vo-cal
        elif len(cons) >= 2 and cons[-2:] in CLUSTERS:
            cut = j - 2                       # ma-dre, an-tro
        else:
            cut = j - 1                       # tor-men, cam-po, ins-tan
        if MIN_PART <= cut <= n - MIN_PART:
            out.append(cut)
        i = j
    return out


def _two_line_splits(name: str) -> Iterator[tuple[str, str]]:
    """Every way to put ``name`` on two lines: between words, or inside a word at a syllable (with "-")."""
    words = name.split()
    for k in range(1, len(words)):
        yield " ".join(words[:k]), " ".join(words[k:])
    for k, word in enumerate(words):
        if not word.isalpha():
            # a word with an apostrophe or a hyphen: break at it, or inside its letter runs
            for i, c in enumerate(word):
                if c in "-'’" and MIN_PART - 1 <= i < len(word) - MIN_PART:
                    yield " ".join(words[:k] + [word[:i + 1]]), " ".join([word[i + 1:]] + words[k + 1:])
        for cut in syllable_breaks(word):
            if word[:cut].isalpha() and word[cut:].isalpha():
                yield " ".join(words[:k] + [word[:cut] + HYPHEN]), " ".join([word[cut:]] + words[k + 1:])


def _greedy(name: str, width: int, size: int) -> list[str] | None:
    """``name`` wrapped into lines of ``width`` px at ``size``, a word too long for a line broken at the
    syllable that fills the line most (None when a piece still does not fit)."""
    lines: list[str] = []
    words = []
    for word in name.split():  # "dell'Intendente" may break after its apostrophe, with no hyphen
        while (k := max(word.find("'"), word.find("’"))) > 0 and k < len(word) - 1:
            words.append(word[:k + 1] + "\0")
            word = word[k + 1:]
        words.append(word)
    while words:
        word = words.pop(0)
        glued = lines and lines[-1].endswith("\0")
        joined = (lines[-1][:-1] + word) if glued else (lines[-1] + " " + word if lines else word)
        if lines and uitext.width_of(joined.replace("\0", ""), size, True) <= width:
            lines[-1] = joined
            continue
        if glued:
            lines[-1] = lines[-1][:-1]
        word = word.replace("\0", "") if not word.endswith("\0") else word
        if uitext.width_of(word.rstrip("\0"), size, True) <= width:
            lines.append(word)
            continue
        cuts = [c for c in syllable_breaks(word) if word[:c].isalpha()
                and uitext.width_of(word[:c] + HYPHEN, size, True) <= width]
        if not cuts:
            return None
        lines.append(word[:cuts[-1]] + HYPHEN)
        words.insert(0, word[cuts[-1]:])
    return [line.rstrip("\0") for line in lines]


def hyphenated(name: str, width: int, height: int, start: int, min_px: float = 8,
               max_lines: int = 3) -> tuple[list[str], int] | None:
    """``name`` on two (or up to ``max_lines``) lines in ``width`` x ``height`` px at the largest size from
    ``start`` down to the readable minimum (``min_px`` screen px: at larger text a long name may go below the
    size ``text.fit_name`` stops at, never below what normal text allows), broken between words or inside a
    word at a syllable; None when no such layout fits."""
    lowest = uitext.readable_min(min_px)
    for size in range(max(start, lowest), lowest - 1, -1):
        pitch = uitext.name_pitch(size)
        if 2 * pitch > height + 1:
            continue
        best: tuple[int, list[str]] | None = None
        for a, b in _two_line_splits(name):
            m = max(uitext.width_of(a, size, True), uitext.width_of(b, size, True))
            # prefer a break between words, then the most even lines
            score = m + (0 if not a.endswith(HYPHEN) else width // 4)
            if m <= width and (best is None or score < best[0]):
                best = (score, [a, b])
        if best is not None:
            return best[1], size
        lines = _greedy(name, width, size)
        if lines is not None and len(lines) <= max_lines and len(lines) * pitch <= height + 1:
            return lines, size
    return None


def fit_card_name(name: str, width: int, height: int, start: int, min_px: float = 8) -> tuple[list[str], int]:
    """``text.fit_name``'s layout (one line, or two between words), or, where that would cut the name with
    "…", two or three lines with a long word broken at a syllable; cut only when none fits. Returns
    (lines, size)."""
    lines, size = uitext.fit_name(name, width, height, start, min_px)
    if not any(line.endswith(uitext.ELLIPSIS) for line in lines):
        return lines, size
    return hyphenated(name, width, height, start, min_px) or (lines, size)
