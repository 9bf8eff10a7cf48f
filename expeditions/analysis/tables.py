"""Answers shown as tables: plain text for ``print`` and HTML for a notebook, from the same cells.

Everything a person reads here is in words with suit symbols (``bots.words``: ``move_text``,
``card_words``, ``suit_mark``); the letter notation stays in ``records()`` and the typed boxes.
"""

from __future__ import annotations

import html
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Sequence
from typing import ClassVar, TypeVar

from ..errors import AnalysisError

R = TypeVar("R")

Cells = tuple[str, list[str], list[list[str]], list[str]]
"""A table's title, columns, lines and notes."""


CELL = "padding:2px 8px;border-bottom:1px solid #ddd;text-align:left;vertical-align:top"
"""The style of a table cell."""


def text_grid(columns: Sequence[str], lines: Sequence[Sequence[str]]) -> str:
    """The columns and lines as plain text, each column padded to its widest cell."""
    widths = [max([len(c), *(len(line[i]) for line in lines)]) for i, c in enumerate(columns)]
    return "\n".join("  ".join(c.ljust(w) for c, w in zip(line, widths, strict=True)).rstrip()
                     for line in [list(columns), *lines])


def html_grid(columns: Sequence[str], lines: Sequence[Sequence[str]], cell: str = CELL, style: str = "") -> str:
    """The columns and lines as an HTML table, every cell escaped."""
    head = "".join(f"<th style='{cell}'>{html.escape(c)}</th>" for c in columns)
    body = "".join("<tr>" + "".join(f"<td style='{cell}'>{html.escape(c)}</td>" for c in line) + "</tr>" for line in lines)
    return (f"<table style='border-collapse:collapse{';' + style if style else ''}'><thead><tr>{head}</tr></thead>"
            f"<tbody>{body}</tbody></table>")


def text_table(title: str, columns: Sequence[str], lines: Sequence[Sequence[str]], notes: Sequence[str] = ()) -> str:
    """A title line, the columns padded to their widest cell, and notes below."""
    return "\n".join([title, text_grid(columns, lines), *notes])


def html_table(title: str, columns: Sequence[str], lines: Sequence[Sequence[str]], notes: Sequence[str] = (),
               css: str = "xp-answer") -> str:
    """The same as an HTML table with a class for browser tests (every cell escaped)."""
    notes_html = "".join(f"<li>{html.escape(n)}</li>" for n in notes)
    return (f"<div class='{css}' style='font-family:sans-serif;font-size:13px'><p><b>{html.escape(title)}</b></p>"
            + html_grid(columns, lines) + (f"<ul style='color:#555'>{notes_html}</ul>" if notes else "") + "</div>")


def find_row(rows: Iterable[R], match: Callable[[R], bool], refusal: str) -> R:
    """The first of an answer's ``rows`` that ``match`` accepts; else an ``AnalysisError`` saying ``refusal``
    (what was asked for, and what there is)."""
    for row in rows:
        if match(row):
            return row
    raise AnalysisError(refusal)


def sentence_html(sentence: str) -> str:
    """An answer's sentence, first and in bold, above its table."""
    return f"<p class='xp-answer-sentence' style='font-family:sans-serif;font-size:14px'><b>{html.escape(sentence)}</b></p>"


class TableAnswer(ABC):
    """An answer shown as one table: its ``sentence`` first (when it has one), then the table of ``_cells()``,
    as plain text for ``print`` and as HTML (with the CSS class ``css``) for a notebook."""

    css: ClassVar[str] = "xp-answer"

    @property
    def sentence(self) -> str:
        """The answer in words, before the table (empty: the table alone)."""
        return ""

    @abstractmethod
    def _cells(self) -> Cells:
        """The table: its title, its column headings, its rows and the notes below it."""

    def __str__(self) -> str:
        table = text_table(*self._cells())
        return f"{self.sentence}\n{table}" if self.sentence else table

    def _repr_html_(self) -> str:
        return (sentence_html(self.sentence) if self.sentence else "") + html_table(*self._cells(), css=self.css)

    def __repr__(self) -> str:
        """A short summary in words (the sentence, else the table's title); ``records()`` has the numbers."""
        return f"<{type(self).__name__}: {self.sentence or self._cells()[0]}>"
