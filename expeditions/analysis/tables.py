"""Answers shown as tables: plain text for ``print`` and HTML for a notebook, from the same cells."""

from __future__ import annotations

import html
from collections.abc import Sequence


def text_table(title: str, columns: Sequence[str], lines: Sequence[Sequence[str]], notes: Sequence[str] = ()) -> str:
    """A title line, the columns padded to their widest cell, and notes below."""
    widths = [max([len(c), *(len(line[i]) for line in lines)]) for i, c in enumerate(columns)]
    rows = ["  ".join(c.ljust(w) for c, w in zip(line, widths, strict=True)).rstrip() for line in [list(columns), *lines]]
    return "\n".join([title, *rows, *notes])


def html_table(title: str, columns: Sequence[str], lines: Sequence[Sequence[str]], notes: Sequence[str] = (),
               css: str = "xp-answer") -> str:
    """The same as an HTML table with a class for browser tests (every cell escaped)."""
    cell = "padding:2px 8px;border-bottom:1px solid #ddd;text-align:left;vertical-align:top"
    head = "".join(f"<th style='{cell}'>{html.escape(c)}</th>" for c in columns)
    body = "".join("<tr>" + "".join(f"<td style='{cell}'>{html.escape(c)}</td>" for c in line) + "</tr>" for line in lines)
    notes_html = "".join(f"<li>{html.escape(n)}</li>" for n in notes)
    return (f"<div class='{css}' style='font-family:sans-serif;font-size:13px'><p><b>{html.escape(title)}</b></p>"
            f"<table style='border-collapse:collapse'><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"
            + (f"<ul style='color:#555'>{notes_html}</ul>" if notes else "") + "</div>")
