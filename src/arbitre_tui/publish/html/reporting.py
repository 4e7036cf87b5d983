"""The pages a player reports from (issue 36): the board's page the table card's QR code
opens, and the small form of the player's own page.

Why apart from site.py: these pages exist only on the live server started with reporting
(``arbitre serve --saisie-joueurs``, or the app's server) while the organiser has it on;
they are never exported nor crawled, and the board's page carries its code, so it is
never cached nor linked from a public page. A form proposes, it never records: the
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
    from ...views.reader import Reader


class Site(Protocol):
    """What these pages use of the results site (site.Site, which imports this module
    when it first draws a player's form): its data, its page frame, where a page is."""

    service: EventService
    reader: Reader
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


def _form(hidden: dict[str, str], side: str | None) -> Markup:
    """The result buttons (one tap sends), the player's colour asked unless known."""
    fields: list[Child] = [el("input", type="hidden", name=k, value=v) for k, v in hidden.items()]
    if side is None:
        fields.append(
            el(
                "fieldset",
                el("legend", "Vous avez"),
                el(
                    "label",
                    el("input", type="radio", name="side", value="white", required=True),
                    "les Blancs",
                ),
                el("label", el("input", type="radio", name="side", value="black"), "les Noirs"),
            )
        )
    else:
        fields.append(el("input", type="hidden", name="side", value=side))
    buttons = [
        el("button", el("strong", shown), f" — {words}", type="submit", name="result", value=v)
        for v, shown, words in CHOICES
    ]
    fields.append(el("fieldset", el("legend", "Le résultat"), buttons))
    return Markup(el("div", *fields))


def board_page(
    site: Site,
    t: StoredTournament,
    round_number: int,
    board: int,
    code: str,
    state: BoardProposals,
    url: str,
    said: str = "",
    closed: bool = False,
) -> str:
    """The board's page (the table card's QR code): its players, what the phones said so
    far, the form while the round is open, and its own QR code for the opponent."""
    from ...publish.qr import svg_markup
    from ...views.round_sheet import build

    site._here = board_path(t.key, round_number, board, code)
    sheet = build(site.reader, t, round_number)
    line = next((b for b in sheet.boards if b.board == board), None)
    players: list[Child] = []
    if line is not None:
        players = [
            el("p", "Blancs : ", el("strong", line.white.public)),
            el("p", "Noirs : ", el("strong", line.black.public if line.black else "—")),
        ]
    if state.recorded is not None:
        where = f"Résultat saisi par l'arbitre : {state.recorded.label}."
    elif state.label:
        where = state.label + " — en attente de l'arbitre."
    else:
        where = "Aucune proposition pour l'instant."
    body: list[Child] = [
        el("h1", t.name),
        el("h2", f"Ronde {round_number} — échiquier {board}"),
        players,
        el("p", said, cls="ok") if said else None,
        el("p", where, cls="sum"),
    ]
    if closed:
        body.append(el("p", "La ronde est close : voyez l'arbitre.", cls="ko"))
    elif state.recorded is None:
        body.append(
            el(
                "form",
                _form({"code": code}, None),
                method="post",
                action="../",
                cls="f",
            )
        )
        body.append(
            el(
                "p",
                "Rien n'est enregistré avant la confirmation de l'arbitre ; quand les deux "
                "joueurs proposent le même résultat, il le confirme d'une touche.",
                cls="m",
            )
        )
    body.append(el("p", "Votre adversaire scanne ce code pour proposer à son tour :", cls="m"))
    body.append(el("div", raw(svg_markup(url)), cls="qr"))
    return site._page(f"{t.name} — ronde {round_number}, échiquier {board}", raw_style(), *body)


def raw_style() -> Markup:
    """The form's few rules, beside the site's style sheet (no file: CSP allows inline)."""
    return el("style", raw(CSS))


def refusal_page(site: Site, path: str, title: str, why: str) -> str:
    """A refused proposal in French, with the way back to the site."""
    site._here = path
    return site._page(
        title,
        el("h1", title),
        el("p", why, cls="ko"),
        el("nav", site.link("/", "Retour à l'accueil")),
    )


def player_form(site: Site, t: StoredTournament, card: PlayerCard) -> Child:
    """The player's page, reporting on: his board's form, the card's code typed by hand
    (for a phone that cannot scan); nothing secret is on the page, it may be cached."""
    rnd = site.service.current_round(t)
    g = card.in_round(rnd.number) if rnd else None
    if rnd is None or rnd.closed or g is None or g.opponent is None or g.points is not None:
        return None
    side = "white" if g.colour == "Blancs" else "black"
    code = el(
        "label",
        "Le code de votre chevalet : ",
        el(
            "input",
            type="text",
            name="code",
            required=True,
            autocomplete="off",
            inputmode="text",
            maxlength="16",
            pattern="[A-Za-z2-7]{10}",
        ),
    )
    return el(
        "form",
        el("h2", f"Proposer le résultat de l'échiquier {g.board}"),
        code,
        _form({}, side),
        el("p", "L'arbitre confirme avant que rien ne soit enregistré.", cls="m"),
        raw_style(),
        method="post",
        action=f"../saisie/{rnd.number}/{g.board}/",  # from /KEY/joueur-N/
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
    body: list[Child] = [el("h1", t.name), el("h2", f"Pointage : {player.name}")]
    if said:
        body.append(el("p", said, cls="ok"))
    elif player.checked_in:
        body.append(el("p", "Vous êtes pointé(e) : bonne partie !", cls="ok"))
    else:
        body.append(
            el(
                "form",
                el("input", type="hidden", name="code", value=code),
                el("button", el("strong", "Je suis là"), type="submit"),
                method="post",
                action="../",
                cls="f",
            )
        )
        body.append(el("p", "L'arbitre confirme les pointages avant la ronde 1.", cls="m"))
    return site._page(f"{t.name} — pointage", raw_style(), *body)


def entrance_page(site: Site, t: StoredTournament) -> str:
    """The entrance's form: the player's number and the code he was given on paper."""
    site._here = f"/{t.key}/pointage/"
    form = el(
        "form",
        el("label", "Votre numéro : ",
           el("input", type="text", name="player", inputmode="numeric", required=True,
              maxlength="9", autocomplete="off")),
        el("label", "Votre code : ",
           el("input", type="text", name="code", required=True, maxlength="16",
              autocomplete="off")),
        el("button", el("strong", "Continuer"), type="submit"),
        method="post",
        action="./",
        cls="f",
    )  # fmt: skip
    return site._page(
        f"{t.name} — pointage",
        raw_style(),
        el("h1", t.name),
        el("h2", "Pointage par téléphone"),
        el("p", "Le numéro et le code sont sur le papier remis à l'inscription.", cls="m"),
        form,
    )
