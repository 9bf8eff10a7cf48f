"""The cells of HTML tables as a browser's ``textContent`` gives them: for tests that read the package's
HTML (unit tests) and the page a browser shows (browser tests) the same way."""

from __future__ import annotations

import re
from html.parser import HTMLParser


def squash(text: str) -> str:
    """Runs of whitespace (non-breaking spaces included) made one space, the ends trimmed."""
    return re.sub(r"\s+", " ", text).strip()


class _Tables(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.rows: list[list[str]] = []
        self._cell: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "tr":
            self.rows.append([])
        elif tag in ("td", "th"):
            self._cell = []

    def handle_endtag(self, tag: str) -> None:
        if tag in ("td", "th") and self._cell is not None:
            self.rows[-1].append(squash("".join(self._cell)))
            self._cell = None

    def handle_data(self, data: str) -> None:
        if self._cell is not None:
            self._cell.append(data)


def table_rows(html: str) -> list[list[str]]:
    """The rows of the tables in ``html`` (``<td>`` and ``<th>``), each the texts of its cells; the lines of
    a cell (``<br>``) run together, as in the browser's ``textContent``."""
    parser = _Tables()
    parser.feed(html)
    parser.close()
    return parser.rows
