"""Level problems in the player's language: ``Msg``, an English problem line that knows its catalogue key.

``LevelError`` keeps English lines (``python -m game validate``, logs and tools read them), but the level
list shows a broken mod's problem to a player who may read Spanish or Italian. A ``Msg`` is a ``str``
whose text is the English line, built from the engine catalogue (game/engine/strings.toml, keys
``levelerr.*``), so the English has one source; it also carries the key, its arguments and a verbatim
prefix (a field path, an include's file name), and ``Msg.text(lang)`` says the same in another language.
Arguments may be ``Msg`` themselves ("expected {what}" with ``what`` = "a whole number"). Field paths, keys,
file names and the values a file wrote stay verbatim. Lines without a key (a ruleset's own checks) stay
English.
"""

from __future__ import annotations

import re
from typing import Any

from game.engine.i18n import t


class Msg(str):
    """An English problem line (the ``str`` value) with the catalogue key and arguments that say it."""

    key: str
    args: dict[str, Any]
    prefix: str

    def __new__(cls, key: str, prefix: str = "", /, **args: Any) -> "Msg":
        """The line ``prefix`` + the English of ``key`` with ``args``."""
        self = super().__new__(cls, prefix + t(key, "en", **args))
        self.key, self.args, self.prefix = key, args, prefix
        return self

    def text(self, lang: str) -> str:
        """The line in ``lang`` (es, en, it); the prefix and verbatim arguments unchanged."""
        args = {k: (v.text(lang) if isinstance(v, Msg) else v) for k, v in self.args.items()}
        return self.prefix + t(self.key, lang, **args)

    def with_prefix(self, prefix: str) -> "Msg":
        """The same line with ``prefix`` before it (a problem of an included file, named by the including one)."""
        return Msg(self.key, prefix + self.prefix, **self.args)

    def __reduce__(self) -> Any:  # copies keep the key (copy.copy, copy.deepcopy)
        return (_rebuild, (self.key, self.prefix, dict(self.args)))


def _rebuild(key: str, prefix: str, args: dict[str, Any]) -> Msg:
    return Msg(key, prefix, **args)


def prefixed(prefix: str, line: str) -> str:
    """``prefix`` + ``line``, keeping the line's key when it has one."""
    return line.with_prefix(prefix) if isinstance(line, Msg) else prefix + line


def problem_text(line: Any, lang: str) -> str:
    """One problem line in ``lang`` (lines without a key stay as they are)."""
    return line.text(lang) if isinstance(line, Msg) else str(line)


def localized_error(error: str | None, problems: list[Any], lang: str) -> str:
    """A LevelError's text (``path: problem`` lines) with each problem said in ``lang``; the paths unchanged."""
    lines = (error or "").split("\n")
    if len(lines) != len(problems):
        return "\n".join(problem_text(p, lang) for p in problems) if problems else (error or "")
    out = []
    for line, p in zip(lines, problems):
        head = line[: len(line) - len(p)] if line.endswith(str(p)) else ""
        out.append(head + problem_text(p, lang) if head or line == p else line)
    return "\n".join(out)


# --- the TOML parser's reasons (tomllib's common messages; others stay as the parser wrote them) -----------

_TOML_FIXED = {
    "Cannot overwrite a value": "overwrite",
    "Unescaped '\\' in a string": "backslash",
    "Unterminated string": "unterminated",
    "Unclosed inline table": "unclosed_table",
    "Unclosed array": "unclosed_array",
    "Invalid value": "invalid_value",
    "Invalid statement": "invalid_statement",
    "Invalid initial character for a key part": "key_start",
    "Invalid hex value": "hex",
    "Invalid date or datetime": "date",
    "Expected ']]' at the end of an array declaration": "array_header",
    "Expected ']' at the end of a table declaration": "table_header",
    "Expected '=' after a key in a key/value pair": "equals",
    "Escaped character is not a Unicode scalar value": "escape",
}
_TOML_PATTERNS = [
    (re.compile(r"^Cannot declare (.+) twice$", re.S), "declared_twice"),
    (re.compile(r"^Cannot redefine namespace (.+)$", re.S), "redefine"),
    (re.compile(r"^Cannot mutate immutable namespace (.+)$", re.S), "immutable"),
    (re.compile(r"^Illegal character (.+)$", re.S), "illegal_char"),
    (re.compile(r"^Found invalid character (.+)$", re.S), "invalid_char"),
    (re.compile(r"^Duplicate inline table key (.+)$", re.S), "duplicate_inline"),
    (re.compile(r"^Expected (.+)$", re.S), "expected"),
]


def toml_reason(reason: str) -> str:
    """The TOML parser's reason as a ``Msg`` when it is one of its known messages, else as written."""
    key = _TOML_FIXED.get(reason)
    if key is not None:
        return Msg(f"levelerr.toml.{key}")
    for pattern, name in _TOML_PATTERNS:
        m = pattern.match(reason)
        if m:
            found = Msg(f"levelerr.toml.{name}", x=m.group(1))
            if found == reason:  # the catalogue's English is the parser's: else keep the parser's words
                return found
    return reason
