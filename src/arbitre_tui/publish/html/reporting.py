"""The pages a player reports from (issues 36, 51): the board's entrance the table card's
QR code opens, each player's own page of his board (his code of the round in its
address), and the small form of the player's page.

Why apart from site.py: these pages exist only on the live server started with reporting
(``arbitre serve --saisie-joueurs``, or the app's server) while the organiser has it on;
they are never exported nor crawled, and a player's page carries his code, so it is
never cached nor linked from a public page, and never shows the opponent's. A form proposes, it never records: the
arbiter confirms at the keyboard.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from ...rules.models import StoredPlayer, StoredTournament
from .builder import Child, Markup, el, raw

if TYPE_CHECKING:
    from ...operations.event import EventService
    from ...rules.reporting import BoardProposals
    from ...views.player_card import PlayerCard
    from ...views.reader import PlayerRef, Reader
    from ..lang import Words


class Site(Protocol):
    """What these pages use of the results site (site.Site, which imports this module
    when it first draws a player's form): its data, its page frame, where a page is."""

    service: EventService
    reader: Reader
    tr: Words
    _here: str

    def _page(self, title: str, *body: Child, refresh: bool = False) -> str: ...

    def link(self, path: str, *label: Child, **attrs: str | None) -> Markup: ...


# each result a player may propose: the form's value (parse_result's words) and its label
CHOICES = (
    ("1", "1-0", "les Blancs gagnent"),
    ("=", "½-½", "nulle"),
    ("0", "0-1", "les Noirs gagnent"),
    ("+-", "forfait", "les Noirs ne sont pas venus"),
    ("-+", "forfait", "les Blancs ne sont pas venus"),
)

CSS = (
    ".f fieldset{border:1px solid var(--line);border-radius:6px;margin:.5em 0}"
    ".f label{display:flex;align-items:center;gap:.5em;min-height:44px}"
    ".f button{font:inherit;display:block;width:100%;min-height:48px;margin:.3em 0;"
    "border:1px solid var(--fg);border-radius:6px;background:var(--alt);color:var(--fg)}"
    ".f input[type=text]{font:inherit;min-height:44px;width:100%;box-sizing:border-box;"
    "padding:0 .5em;text-transform:lowercase}"
    ".qr{background:#fff;padding:8px;display:inline-block;width:12em}.qr svg{width:100%;"
    "height:auto;display:block}.ok{font-weight:bold}.ko{font-weight:bold;color:#b00}"
)


def board_path(key: str, round_number: int, board: int, code: str | None = None) -> str:
    """Where a board's form is: ``/KEY/saisie/R/B/`` (the POST), with its code the page."""
    return f"/{key}/saisie/{round_number}/{board}/" + (f"{code}/" if code else "")


def _form(hidden: dict[str, str], tr: Words) -> Markup:
    """The result buttons (one tap sends); the code says who the player is."""
    fields: list[Child] = [el("input", type="hidden", name=k, value=v) for k, v in hidden.items()]
    buttons = [
        el(
            "button",
            el("strong", tr(shown)),
            f" — {tr(words)}",
            type="submit",
            name="result",
            value=v,
        )
        for v, shown, words in CHOICES
    ]
    fields.append(el("fieldset", el("legend", tr("Le résultat")), buttons))
    return Markup(el("div", *fields))


def _players(site: Site, t: StoredTournament, round_number: int, board: int) -> list[PlayerRef]:
    """The board's line of the round: (white, black) cells, or nothing."""
    from ...views.round_sheet import build

    sheet = build(site.reader, t, round_number)
    line = next((b for b in sheet.boards if b.board == board), None)
    return [] if line is None or line.black is None else [line.white, line.black]


def board_entrance(site: Site, t: StoredTournament, round_number: int, board: int) -> str:
    """The table card's QR code: each player opens his own page with his own code (the
    one on the paper he got at registration); the opponent's is never asked nor shown."""
    site._here = board_path(t.key, round_number, board)
    tr = site.tr
    players = _players(site, t, round_number, board)
    where = tr("Ronde {n} — échiquier {board}", n=round_number, board=board)
    body: list[Child] = [el("h1", t.name), el("h2", where)]
    if not players:
        body.append(el("p", tr("Pas de partie à cet échiquier : voyez l'arbitre."), cls="ko"))
    else:
        choices = [
            el(
                "label",
                el("input", type="radio", name="player", value=str(p.id), required=True),
                tr("{colour} : {name}", colour=tr(colour), name=p.public),
            )
            for colour, p in zip(("Blancs", "Noirs"), players, strict=True)
        ]
        body.append(
            el(
                "form",
                el("fieldset", el("legend", tr("Vous êtes")), choices),
                _code_field(tr),
                el("button", el("strong", tr("Continuer")), type="submit"),
                method="post",
                action="acces/",
                cls="f",
            )
        )
    return site._page(f"{t.name} — {where}", raw_style(), *body)


def _code_field(tr: Words) -> Markup:
    return Markup(
        el(
            "label",
            tr("Votre code personnel (papier remis à l'inscription) : "),
            el(
                "input",
                type="text",
                name="code",
                required=True,
                autocomplete="off",
                maxlength="16",
                pattern="[A-Za-z2-7]{10}",
            ),
        )
    )


def board_page(
    site: Site,
    t: StoredTournament,
    round_number: int,
    board: int,
    code: str,
    state: BoardProposals,
    side: str,
    said: str = "",
) -> str:
    """A player's own page of his board (his code of the round in its address): who he
    is, what the phones said so far, the form until a result is recorded. No QR code:
    the opponent opens his own page with his own code."""
    site._here = board_path(t.key, round_number, board, code)
    tr = site.tr
    players = _players(site, t, round_number, board)
    title = tr("Ronde {n} — échiquier {board}", n=round_number, board=board)
    body: list[Child] = [el("h1", t.name), el("h2", title)]
    if players:
        me = players[0] if side == "white" else players[1]
        colour = tr("Blancs") if side == "white" else tr("Noirs")
        body.append(el("p", tr("Vous : "), el("strong", me.public), f" ({colour})"))
    if state.recorded is not None:
        where = tr("Résultat saisi par l'arbitre : {result}.", result=state.recorded.label)
    elif state.label:
        where = tr("{state} — en attente de l'arbitre.", state=tr.view(state.label))
    else:
        where = tr("Aucune proposition pour l'instant.")
    body += [el("p", tr(said), cls="ok") if said else None, el("p", where, cls="sum")]
    if state.recorded is None:
        body.append(el("form", _form({"code": code}, tr), method="post", action="../", cls="f"))
        body.append(
            el(
                "p",
                tr(
                    "Rien n'est enregistré avant la confirmation de l'arbitre ; quand les deux "
                    "joueurs proposent le même résultat, chacun avec son code, il le confirme."
                ),
                cls="m",
            )
        )
    return site._page(f"{t.name} — {title}", raw_style(), *body)


def raw_style() -> Markup:
    """The form's few rules, beside the site's style sheet (no file: CSP allows inline)."""
    return el("style", raw(CSS))


def refusal_page(site: Site, path: str, title: str, why: str) -> str:
    """A refused proposal in the phone's language, with the way back to the site."""
    site._here = path
    tr = site.tr
    return site._page(
        tr(title),
        el("h1", tr(title)),
        el("p", tr.view(why), cls="ko"),
        el("nav", site.link("/", tr("Retour à l'accueil"))),
    )


def player_form(site: Site, t: StoredTournament, card: PlayerCard) -> Child:
    """The player's page, reporting on: his own code (on paper) opens his board's page
    for this round; nothing secret is on the page, it may be cached."""
    rnd = site.service.current_round(t)
    g = card.in_round(rnd.number) if rnd else None
    if rnd is None or rnd.closed or g is None or g.opponent is None or g.points is not None:
        return None
    tr = site.tr
    return el(
        "form",
        el("h2", tr("Proposer le résultat de l'échiquier {board}", board=g.board)),
        el("input", type="hidden", name="player", value=str(card.player.id)),
        _code_field(tr),
        el("button", el("strong", tr("Continuer")), type="submit"),
        el("p", tr("L'arbitre confirme avant que rien ne soit enregistré."), cls="m"),
        raw_style(),
        method="post",
        action=f"../saisie/{rnd.number}/{g.board}/acces/",  # from /KEY/joueur-N/
        cls="f",
    )


def checkin_path(key: str, player_id: int, code: str | None = None) -> str:
    """Where a player's check-in is: ``/KEY/pointage/N/`` (the POST), with his code the page."""
    return f"/{key}/pointage/{player_id}/" + (f"{code}/" if code else "")


def checkin_page(
    site: Site, t: StoredTournament, player: StoredPlayer, code: str, said: str = ""
) -> str:
    """« Je suis là » before round 1, from the code the player got on paper."""
    site._here = checkin_path(t.key, player.id, code)
    tr = site.tr
    body: list[Child] = [el("h1", t.name), el("h2", tr("Pointage : {name}", name=player.name))]
    if said:
        body.append(el("p", tr(said), cls="ok"))
    elif player.checked_in:
        body.append(el("p", tr("Vous êtes pointé(e) : bonne partie !"), cls="ok"))
    else:
        body.append(
            el(
                "form",
                el("input", type="hidden", name="code", value=code),
                el("button", el("strong", tr("Je suis là")), type="submit"),
                method="post",
                action="../",
                cls="f",
            )
        )
        body.append(el("p", tr("L'arbitre confirme les pointages avant la ronde 1."), cls="m"))
    return site._page(f"{t.name} — {tr('pointage')}", raw_style(), *body)


def entrance_page(site: Site, t: StoredTournament) -> str:
    """The entrance's form: the player's N° (his pairing number in this section, as the
    lists print it) and the code he was given on paper."""
    site._here = f"/{t.key}/pointage/"
    tr = site.tr
    form = el(
        "form",
        el("label", tr("Votre N° : "),
           el("input", type="text", name="player", inputmode="numeric", required=True,
              maxlength="9", autocomplete="off")),
        el("label", tr("Votre code : "),
           el("input", type="text", name="code", required=True, maxlength="16",
              autocomplete="off")),
        el("button", el("strong", tr("Continuer")), type="submit"),
        method="post",
        action="./",
        cls="f",
    )  # fmt: skip
    return site._page(
        f"{t.name} — {tr('pointage')}",
        raw_style(),
        el("h1", t.name),
        el("h2", tr("Pointage par téléphone")),
        el("p", tr("Le N° et le code sont sur le papier remis à l'inscription."), cls="m"),
        form,
    )
