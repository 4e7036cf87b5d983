"""The explanation of a Swiss round's pairing: floaters, colour rules, unmet criteria,
the external engine's second opinion — named, for `e` in Ronde and `arbitre explain`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .reader import SectionView

if TYPE_CHECKING:
    from ..rules.models import StoredTournament
    from .reader import Reader


@dataclass(frozen=True, slots=True)
class FloaterLine:
    player: str
    direction: str  # "down" or "up"
    score: float  # in points


@dataclass(frozen=True, slots=True)
class ColourLine:
    white: str
    black: str
    rule: str  # "E.1" … "E.5"
    rule_text: str


@dataclass(frozen=True, slots=True)
class VirtualLine:
    """Points added to a player's score for this round's pairing only (acceleration)."""

    player: str
    points: float  # in points
    group: str  # A, B, C; "" when they came with a TRF


@dataclass(frozen=True, slots=True)
class SecondOpinion:
    error: str | None
    identical: bool
    only_external: tuple[tuple[str, str], ...]
    only_internal: tuple[tuple[str, str], ...]

    @property
    def verdict(self) -> str:
        return self.error or ("identique" if self.identical else "DIFFÉRENT")


@dataclass(frozen=True, slots=True)
class Explanation(SectionView):
    round: int
    engine: str
    floaters: tuple[FloaterLine, ...]
    colours: tuple[ColourLine, ...]
    unmet: tuple[tuple[str, int], ...]  # (criterion in French, how many)
    second_opinion: SecondOpinion | None
    virtual: tuple[VirtualLine, ...] = ()
    system: str = ""  # the accelerated system's French name, "" without acceleration

    def virtual_summary(self) -> str:
        """« points virtuels (système Haley) : +1 groupe A ×6 », or "" without any."""
        if not self.virtual:
            return ""
        counts: dict[tuple[float, str], int] = {}
        for v in self.virtual:
            counts[(v.points, v.group)] = counts.get((v.points, v.group), 0) + 1
        parts = [
            f"+{points:g} {f'groupe {group} ' if group else ''}×{n}".replace(".", ",")
            for (points, group), n in sorted(counts.items(), key=lambda x: (x[0][1], -x[0][0]))
        ]
        return f"points virtuels ({self.system or 'accélération'}) : {', '.join(parts)}"

    def summary(self) -> str:
        """One line: « 3 flotteur(s) descendant(s) ; E.1 ×12 (…) ; … ; second avis : … »."""
        down = sum(f.direction == "down" for f in self.floaters)
        rules: dict[str, tuple[int, str]] = {}
        for c in self.colours:
            rules[c.rule] = (rules.get(c.rule, (0, ""))[0] + 1, c.rule_text)
        parts = [f"{down} flotteur(s) descendant(s)"]
        parts += [f"{k} ×{n} ({text})" for k, (n, text) in sorted(rules.items())]
        parts += [f"{text} : {n}" for text, n in self.unmet]
        if self.virtual:
            parts.append(self.virtual_summary())
        if self.second_opinion is not None:
            parts.append(f"second avis : {self.second_opinion.verdict}")
        return " ; ".join(parts)


def build(reader: Reader, t: StoredTournament, number: int | None = None) -> Explanation | None:
    """Round ``number`` (default: the last paired); None when it has no record (not Swiss)."""
    from ..rules.swiss.acceleration import LABELS
    from ..rules.swiss.explain import CRITERIA, RULES

    with reader.consistent():
        if not number:
            rnd = reader.round(t)
            number = rnd.number if rnd else 0
        record = reader.pairing_record(t, number)
        if record is None:
            return None
        people = reader.people(t)

    def name(pid: int | None) -> str:
        p = people.get(pid) if pid else None
        return p.name if p else str(pid)

    def pairs(key: str, data: dict[str, Any]) -> tuple[tuple[str, str], ...]:
        return tuple((name(w), name(b)) for w, b in data.get(key, []))

    opinion = record.get("second_opinion")
    return Explanation(
        t.key,
        t.name,
        number,
        str(record.get("engine", "interne")),
        tuple(
            FloaterLine(name(f["player"]), f["direction"], f["score"] / 10)
            for f in record["floaters"]
        ),
        tuple(
            ColourLine(name(c["white"]), name(c["black"]), c["rule"], RULES[c["rule"]])
            for c in record["colours"]
        ),
        tuple((CRITERIA[k], v) for k, v in record["unmet"].items()),
        None
        if not opinion
        else SecondOpinion(
            opinion.get("error"),
            bool(opinion.get("identical")),
            pairs("only_external", opinion),
            pairs("only_internal", opinion),
        ),
        tuple(
            VirtualLine(name(v["player"]), v["points"] / 10, v.get("group", ""))
            for v in record.get("virtual", [])
        ),
        LABELS.get(str(record.get("system", "")), ""),
    )
