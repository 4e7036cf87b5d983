"""The package's catalogues compiled: a ``.po`` file read, its ``.mo`` written (issue 55):
the players' pages (``publish/locale``) and argparse's words on the command line
(``faces/cli/locale``, issue 54.7).

Why our own few lines rather than GNU ``msgfmt`` or Babel: the compiled ``.mo`` files are
committed beside their ``.po`` (a wheel and an editable install carry them with no build
step), and a test compiles each ``.po`` again and compares the bytes; it must give the
same bytes on any machine, with no tool to install. Only what the catalogues use is read:
``msgctxt``-free entries, ``msgid``/``msgstr``, plural forms, continued strings, comments.

``python -m arbitre_tui.publish.msgfmt`` compiles every catalogue of the package.
"""

from __future__ import annotations

import ast
import struct
from pathlib import Path

LOCALE = Path(__file__).parent / "locale"
PACKAGE = Path(__file__).parents[1]


def parse(text: str) -> dict[str, str]:
    """The ``.po`` entries as ``.mo`` keys and values: a plural's forms joined by NUL;
    untranslated and fuzzy entries left out (gettext then shows the French)."""
    entries: dict[str, str] = {}
    fields: dict[str, list[str]] = {}
    current: list[str] | None = None
    fuzzy = False

    def flush() -> None:
        nonlocal fuzzy
        if "msgid" in fields:
            key = "".join(fields["msgid"])
            if "msgid_plural" in fields:
                key += "\0" + "".join(fields["msgid_plural"])
                forms = sorted(k for k in fields if k.startswith("msgstr["))
                value = "\0".join("".join(fields[k]) for k in forms)
            else:
                value = "".join(fields.get("msgstr", []))
            if value.strip("\0") and (not fuzzy or not key):
                entries[key] = value
        fields.clear()
        fuzzy = False

    for line in text.splitlines():
        line = line.strip()
        if line.startswith("#"):
            if any(k.startswith("msgstr") for k in fields):
                flush()  # a comment starts the next entry
            fuzzy = fuzzy or (line.startswith("#,") and "fuzzy" in line)
            continue
        if not line:
            continue
        if line.startswith('"'):
            if current is None:
                raise ValueError(f"chaîne sans mot-clé : {line[:40]}")
            current.append(ast.literal_eval(line))
            continue
        keyword, _, rest = line.partition(" ")
        if keyword == "msgid" and any(k.startswith("msgstr") for k in fields):
            flush()
        current = fields.setdefault(keyword, [])
        current.append(ast.literal_eval(rest.strip()))
    flush()
    return entries


def compile_mo(entries: dict[str, str]) -> bytes:
    """The GNU ``.mo`` bytes (little-endian, no hash table), keys in byte order."""
    keys = sorted(entries, key=lambda k: k.encode("utf-8"))
    ids = [k.encode("utf-8") for k in keys]
    strs = [entries[k].encode("utf-8") for k in keys]
    start = 7 * 4
    ids_table, strs_table = start, start + len(keys) * 8
    data_at = strs_table + len(keys) * 8
    offsets: list[int] = []
    blob = b""
    for chunk in ids + strs:
        offsets += [len(chunk), data_at + len(blob)]
        blob += chunk + b"\0"
    head = struct.pack("<7I", 0x950412DE, 0, len(keys), ids_table, strs_table, 0, 0)
    return head + struct.pack(f"<{len(offsets)}I", *offsets) + blob


def compile_file(po: Path) -> bytes:
    return compile_mo(parse(po.read_text(encoding="utf-8")))


def catalogues() -> list[Path]:
    """Every ``.po`` of the package, wherever its ``locale`` folder is."""
    return sorted(PACKAGE.glob("**/locale/*/LC_MESSAGES/*.po"))


def main() -> int:
    for po in catalogues():
        po.with_suffix(".mo").write_bytes(compile_file(po))
        print(f"{po.with_suffix('.mo').relative_to(PACKAGE)} écrit")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
