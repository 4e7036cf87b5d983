"""Joueurs: the section's players; check-in, half-point byes, withdrawals, keeping."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, ClassVar

from textual.binding import Binding, BindingType

from ....rules.models import StoredTournament
from ..prompts import ConfirmPrompt, NumberPrompt, TextPrompt
from ..search import SEARCH_BINDING, Elsewhere, NameSearchMixin, name_matches, needle_of
from .base import TablePane

if TYPE_CHECKING:
    from ....operations import EventService
    from ....views.players import PlayerLine
    from ..form import Form


def named(line: PlayerLine) -> str:
    """« DUPONT Jean (N° 12) »: how the app's messages name a player, first (issue 49.4),
    with the N° every face shows and takes (49.5)."""
    return f"{line.name} (N° {line.number})"


class PlayersPane(NameSearchMixin, TablePane):
    """One row per player: checked in, paid; withdrawn and excluded players marked."""

    TITLE = "Joueurs"
    COLUMNS = ("N°", "Nom", "Elo", "Club", "Pointé", "Payé")
    # at 80 columns « Payé » stays on screen: the club gives way (issue 29.5)
    WIDTHS: ClassVar[dict[str, int]] = {"N°": 4, "Nom": 26, "Elo": 4, "Club": 18, "Pointé": 6}
    EMPTY = "Aucun joueur inscrit."
    GIVE_WAY = frozenset({"Club"})
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("space", "toggle_check_in", "Pointer", id="check-in"),
        Binding("slash", "check_in_mode", "Pointage", id="check-in-mode"),
        Binding("h", "bye_mode", "Bye ½", id="half-point-bye"),
        Binding("w", "withdraw", "Retirer", id="withdraw"),
        Binding("m", "keep", "Maintenir", id="keep-player"),
        Binding("a", "register_from_list", "Ajouter", id="register-from-list"),
        SEARCH_BINDING,  # ctrl+f: a player by name (search.py, issue 29)
        Binding("F", "player_form", "Fiche", show=False, id="player-form"),
        Binding("delete", "remove_player", "Supprimer", show=False, id="remove-player"),
        Binding("P", "confirm_checkins", "Pointer les proposés", show=False,
                id="confirm-checkins"),
    ]  # fmt: skip
    _tournament: StoredTournament | None = None
    _lines: Mapping[str, PlayerLine] = MappingProxyType({})  # the rows shown, by key

    def load(self, service: EventService, t: StoredTournament | None) -> None:
        self._service = service
        if t != self._tournament:
            self._tournament = t
            self.refresh_bindings()  # « h Bye ½ » or not (check_action)
        if t is None:
            self.fill([])
            return
        from ....operations.reporting import pending_checkins
        from ....views.players import build
        from ....views.reader import Reader

        roster = build(Reader(service), t)
        proposed = set(pending_checkins(service, t.key))  # « je suis là » from a phone
        self._lines = {str(p.id): p for p in roster.players}
        gone = f" — retirés {roster.withdrawn}" if roster.withdrawn else ""
        self.set_title(
            f"Joueurs — {t.name} — pointés {roster.checked_in} / {len(roster.players)}{gone}"
        )
        self.fill(
            [
                (
                    str(p.id),
                    [
                        p.number,  # the pairing number, as every face shows it (49.5)
                        p.marked,
                        p.rating or "",
                        p.club,
                        "oui" if p.checked_in else "proposé" if p.id in proposed else "—",
                        "oui" if p.paid else "dû",
                    ],
                )
                for p in roster.players
            ]
        )
        notes = [roster.registration] if roster.registration else []
        if roster.provisional and roster.players:
            notes.append("N° provisoires (ordre initial) jusqu'à l'appariement de la ronde 1")
        if proposed:
            n = len(proposed)
            notes.append(
                f"{n} pointage{'s' if n > 1 else ''} proposé{'s' if n > 1 else ''} depuis les "
                "téléphones : P les pointe tous"
            )
        if notes:
            self.note(" — ".join(notes))

    def _who(self, key: str) -> str:
        """« BARON Nathan (N° 12) », for the questions and the messages, which name the
        player first (issue 49): the name without the row's « (retiré) » / « (exclu) »,
        which the message says in words, and the N° the pane shows."""
        line = self._lines.get(key)
        if line is None:
            return f"joueur {key}"
        return named(line)

    def _player_key(self) -> str | None:
        return self.selected_key()

    # -- check-in ---------------------------------------------------------------

    def _check_in(
        self, key: str, checked: bool = True, who: str | None = None, where: str = ""
    ) -> None:
        """Espace and `/` alike: an unpaid 002 entry is checked in and said (issue 52.8)."""
        pid = int(key)
        who = who or self._who(key)
        said = f"{who} : {'pointé' if checked else 'pointage annulé'}{where}"
        self.run(  # 002: an unpaid entry is checked in, not final: said (issue 52.8)
            lambda s: s.check_in(pid, checked),
            done=lambda note: f"{said} — attention : {note}" if note else said,
        )

    def action_toggle_check_in(self) -> None:
        key = self._player_key()
        if key is None:
            return
        line = self._lines.get(key)
        self._check_in(key, not (line and line.checked_in))

    def search_elsewhere(self) -> list[Elsewhere]:
        """ctrl+f reaches the other sections' players too (issue 49.6)."""
        from ..search import other_sections

        return [
            Elsewhere(t.key, t.name, str(p.id), p.name)
            for t, p in other_sections(self._service, self._tournament)
        ]

    def _everyone(self) -> list[tuple[str, PlayerLine, str]]:
        """Every player of the event for `/`: this section's first, then the others'
        with their section's name (a player checks in at one desk for any section)."""
        from ..search import other_sections

        here = [(key, line, "") for key, line in self._lines.items()]
        return here + [
            (str(p.id), p, t.name) for t, p in other_sections(self._service, self._tournament)
        ]

    def _find(self, text: str, everyone: list[tuple[str, PlayerLine, str]]) -> int | None:
        """The first player (index in ``everyone``) whose name matches ``text`` by the
        search's rule (search.py: any word, accents, case, hyphens and apostrophes
        ignored), or whose N° in this section it is; or None."""
        if text.strip().isdigit():  # a N°: this section's, as the pane shows it (49.5)
            number = int(text.strip())
            return next(
                (i for i, (_k, line, s) in enumerate(everyone) if not s and line.number == number),
                None,
            )
        needle = needle_of(text)
        return next(
            (i for i, (_k, line, _s) in enumerate(everyone) if name_matches(line.name, needle)),
            None,
        )

    def action_confirm_checkins(self) -> None:
        """`P`: check in at once every player who said « je suis là » from his phone
        (one operation: ctrl+z undoes them all)."""
        t = self._tournament
        if t is None:
            return
        from ....operations import reporting

        key = t.key
        self.run(
            lambda s: reporting.confirm_checkins(s, key),
            done=lambda n: (
                f"{n} joueur{'s' if n > 1 else ''} pointé{'s' if n > 1 else ''} "
                "(proposés depuis les téléphones)"
            ),
        )

    def action_check_in_mode(self) -> None:
        """Type a piece of a name, Entrée checks that player in, whatever his section;
        the line is emptied after each Entrée, taken or not (issue 49.6); Échap ends."""
        everyone: list[tuple[str, PlayerLine, str]] = []  # read again after each Entrée

        def who(line: PlayerLine, section: str) -> str:
            named = f"{line.name} ({line.club})" if line.club else line.name
            return f"{named} — {section}" if section else named

        def match(text: str) -> tuple[str, PlayerLine, str] | None:
            if not everyone:
                everyone.extend(self._everyone())
            i = self._find(text, everyone)
            return everyone[i] if i is not None else None

        def found(text: str) -> str | None:
            hit = match(text)
            return who(hit[1], hit[2]) if hit is not None else None

        def check_in(text: str) -> None:
            hit = match(text)
            everyone.clear()  # the check-in below changes what the next name finds
            if hit is None:  # the prompt only answers with a name that matches
                return
            key, line, section = hit
            if not section:
                self.table.move_cursor(row=self.table.get_row_index(key))
            where = f" — {section}" if section else ""
            if line.checked_in:  # said on the prompt, which stays open
                prompt.refuse_with(f"{named(line)} : déjà pointé(e){where}")
                return
            self._check_in(key, True, named(line), where)

        prompt = TextPrompt(
            "Pointage, un mot du nom ou le N° :",
            check_in,
            find=found,
            keep_open=True,
            on_cancel=lambda: self.say("Fin du pointage."),
        )
        self.ask(prompt)

    # -- bye, withdrawal, keeping -------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """No « h Bye ½ » in a section that has no half-point byes (a knockout, a cup):
        the key is neither shown nor taken there (issue 29.5)."""
        if action == "bye_mode" and self._tournament is not None:
            from ....operations.formats import format_of

            return format_of(self._tournament).half_point_byes
        return True

    def action_bye_mode(self) -> None:
        key = self._player_key()
        if key is None:
            return
        from ....operations import byes

        pid, who = int(key), self._who(key)

        def request(number: int) -> None:
            self.run(
                lambda s: byes.request_bye(s, pid, number),
                done=f"{who} : bye ½ point en ronde {number} — enregistré",
            )

        self.ask(
            NumberPrompt(
                f"Bye ½ point pour {who}, ronde n° :",
                request,
                valid=lambda n: n > 0,
                unknown="pas de ronde {n}",
                on_cancel=self.cancelled,
            )
        )

    def _confirmed(
        self,
        question: str,
        operation: Callable[[EventService, int], object],
        done: str,
        moot: tuple[Callable[[PlayerLine], bool], str],
    ) -> None:
        """A change to the player under the cursor, asked first with their name (``{who}``
        in ``question`` and ``done``); ``operation`` gets the player's id. When the row
        shown already says the change is moot, it is said at once, not after a « oui »
        (the operation checks again in its transaction)."""
        key = self._player_key()
        if key is None:
            return
        pid, who = int(key), self._who(key)
        line = self._lines.get(key)
        if line is not None and moot[0](line):
            self.refuse(moot[1].format(who=who))
            return
        self.ask(
            ConfirmPrompt(
                question.format(who=who),
                lambda: self.run(lambda s: operation(s, pid), done=done.format(who=who)),
                on_cancel=self.cancelled,
            )
        )

    def action_withdraw(self) -> None:
        self._confirmed(
            "Retirer {who} du tournoi (plus apparié) ?",
            lambda s, pid: s.withdraw(pid),
            "{who} : retiré(e) — enregistré",
            (lambda p: p.withdrawn, "{who} : déjà retiré(e)."),
        )

    def action_keep(self) -> None:
        """Keep a player excluded after a forfeit (a valid excuse), as `arbitre keep`."""
        from ....operations import swiss

        self._confirmed(
            "Maintenir {who} malgré son forfait (excuse valable) ?",
            swiss.keep_player,
            "{who} : maintenu(e) — enregistré",
            (lambda p: not p.excluded, "{who} : pas exclu(e), rien à maintenir."),
        )

    # -- a late entry, filled from the rating lists -------------------------------------

    def action_register_from_list(self) -> None:
        """Type a FIDE id, an FFE licence or the first letters of the name; Entrée
        registers (and checks in) the first player shown, filled from the lists."""
        t = self._tournament
        if t is None:
            return
        from ....operations import OperationError
        from ....operations.rating_lists import Lists, kind_of, lists_beside, needs_upgrade
        from ..messages import RunInBackground

        path = lists_beside(self._service.path)
        if not path.exists():  # no list to search: the whole form (player_form.py)
            self.say(f"Aucune liste Elo à côté du tournoi ({path.name}) : fiche complète.")
            self.action_new_player()
            return
        if needs_upgrade(path):  # seconds for a million names: not on the keys' thread

            def upgrade(_service: EventService) -> None:
                Lists(path).close()

            self.post_message(
                RunInBackground(
                    upgrade,
                    done="Listes Elo mises à jour (une fois pour toutes) : « a » pour inscrire.",
                    busy="mise à jour des listes Elo",
                )
            )
            return
        try:
            lists = Lists(path)
        except OperationError as exc:
            self.refuse(exc.message)
            return
        kind, key, name = kind_of(t), t.key, t.name

        def shown(text: str) -> str | None:
            found = lists.find(text, limit=2)
            if not found:
                return None
            more = " (et d'autres : précisez)" if len(found) > 1 else ""
            return found[0].label(kind) + more

        def register(text: str) -> None:
            found = lists.find(text, limit=1) if text.strip() else []
            player = lists.registration(found[0], t) if found else None
            lists.close()
            if player is None:  # on no list, or asked for: the whole form
                self.action_new_player(text)
                return
            player = replace(player, checked_in=True)

            def op(s: EventService, confirm: bool | str = False) -> str:
                # registered and checked in: one undo; a probable double asks first
                from ..player_form import numbered

                return numbered(s, key, s.register_player(key, player, homonym=bool(confirm)))

            self.run(op, done=lambda who: f"Inscrit et pointé : {who} en {name}")

        def cancel() -> None:
            lists.close()
            self.cancelled()

        from ..player_form import list_search_prompt

        self.ask(
            list_search_prompt(
                "Inscrire — id FIDE, licence FFE ou début du nom :", register, shown, cancel
            )
        )

    # -- the player's form: a walk-in on no list, a correction; a registration removed ------

    def action_new_player(self, typed: str = "") -> None:
        """Every field `arbitre register` takes (player_form.py), for a walk-in."""
        t = self._tournament
        if t is None:
            return
        from ..player_form import player_form, register_operation

        key, name = t.key, t.name

        def save(form: Form, values: dict[str, Any], _changed: set[str]) -> None:
            self.run(
                register_operation(key, values),
                done=lambda who: f"Inscrit : {who} en {name} — enregistré (ctrl+z annule)",
                then=lambda _who: form.close(),
            )

        self.app.push_screen(player_form(name, None, save, typed=typed, on_cancel=self.cancelled))

    def action_player_form(self) -> None:
        """The selected player's form (`F`): any field corrected (operations.setup.edit_player)."""
        key, t = self._player_key(), self._tournament
        if key is None or t is None:
            return
        from ....views.reader import Reader
        from ..player_form import edit_operation, edited, player_form

        player = Reader(self._service).people(t).get(int(key))
        if player is None:
            return
        pid = int(key)

        def save(form: Form, values: dict[str, Any], changed: set[str]) -> None:
            if not changed:
                form.refuse("Rien à changer : corrigez un champ, ou Échap.")
                return
            self.run(
                edit_operation(pid, {name: values[name] for name in changed}),
                done=edited,
                then=lambda _result: form.close(),
            )

        number = Reader(self._service).numbers(t).get(pid)  # his N°, not his registration
        form = player_form(t.name, player, save, on_cancel=self.cancelled, number=number)
        self.app.push_screen(form)

    def action_remove_player(self) -> None:
        """Suppr: a registration that never played deleted, after o/n (undoable); a player
        already paired is withdrawn instead (`w`)."""
        key, t = self._player_key(), self._tournament
        if key is None or t is None:
            return
        from ....operations.setup import remove_player
        from ....views.reader import Reader

        pid, who = int(key), self._who(key)
        games = Reader(self._service).all_games(t).values()
        if any(pid in (g.white_id, g.black_id) for round_games in games for g in round_games):
            self.refuse(
                f"{who} a déjà été apparié(e) : une inscription qui a joué ne se supprime pas ; "
                "retirez le joueur avec w."
            )
            return
        self.ask(
            ConfirmPrompt(
                f"Supprimer l'inscription de {who} (jamais apparié) ?",
                lambda: self.run(
                    lambda s: remove_player(s, pid),
                    done=f"Inscription supprimée : {who} — enregistré (ctrl+z annule)",
                ),
                on_cancel=self.cancelled,
            )
        )
