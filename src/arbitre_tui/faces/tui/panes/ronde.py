"""Ronde: the current round's boards; results, forfeits and deciders by keys.

The first pane shown: it imports only what start-up needs.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, ClassVar

from textual.binding import Binding, BindingType

from ....operations.formats import format_of
from ....rules.models import Result, StoredTournament
from ....rules.settings import event_settings, section_settings
from ..messages import RunInBackground
from .base import TablePane

if TYPE_CHECKING:
    from ....operations import EventService
    from ....rules.reporting import BoardProposals
    from ....views.round_sheet import Board

FORFEITS = [
    ("b", "Blancs absents", "white"),
    ("n", "Noirs absents", "black"),
    ("d", "les deux (double forfait)", "both"),
]


VERIFY_NOTE = (
    "Feuilles signées : 1 = 0 (f forfait) saisit et passe au suivant · "
    "T tranche un écart · v termine"
)
SHEET_FORFEITS = {"white": "--+", "black": "+--", "both": "---"}


def proposal_cell(state: BoardProposals | None) -> str:
    """The « Proposé » cell: « 1-0 (2/2) » both agree, « 1-0 (1/2) » one said,
    « ≠ 1-0/0-1 » they disagree (or differ from the result recorded)."""
    if state is None or not state.label:
        return ""
    said = [r.label for r in (state.white, state.black) if r is not None]
    if state.conflict:
        return "≠ " + "/".join(
            dict.fromkeys(said + ([state.recorded.label] if state.recorded else []))
        )
    return f"{said[0]} ({len(said)}/2{' ⚠' if state.same_phone else ''})"  # même téléphone


def proposals_note(states: list[BoardProposals]) -> str:
    """« 12 propositions en attente : 9 d'accord (o l'échiquier, O tous), 1 conflit »."""
    waiting = [s for s in states if s.label]
    if not waiting:
        return "Saisie par les joueurs ouverte : aucune proposition en attente."
    agreed = sum(1 for s in waiting if s.agreed is not None)
    conflicts = sum(1 for s in waiting if s.conflict)
    parts = [f"{agreed} d'accord (o l'échiquier, O tous)"] if agreed else []
    if conflicts:
        parts.append(f"{conflicts} conflit{'s' if conflicts > 1 else ''}")
    if same := sum(1 for s in waiting if s.agreed is not None and s.same_phone):
        parts.append(f"{same} ⚠ même téléphone (o après vérification)")
    text = f"{len(waiting)} proposition{'s' if len(waiting) > 1 else ''} en attente"
    return text + (" : " + ", ".join(parts) if parts else "")


class RoundPane(TablePane):
    """Ronde: the current round's boards; results, forfeits and deciders by keys."""

    TITLE = "Ronde"
    COLUMNS = ("Éch.", "Blancs", "Elo", "Rés.", "Noirs", "Elo ")
    WIDTHS: ClassVar[dict[str, int]] = {"Rés.": 11, "Proposé": 11}  # « bye ½ point »
    EMPTY = "Aucune ronde appariée dans ce tournoi."
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("1", "result('1-0')", "1-0", id="white-wins"),
        Binding("equals_sign", "result('=-=')", "½", id="draw"),
        Binding("0", "result('0-1')", "0-1", id="black-wins"),
        Binding("f", "forfeit_menu", "Forfait", id="forfeit"),
        Binding("d", "decider", "Départage", show=False, id="decider"),
        Binding("g", "jump", "Aller à", id="jump"),
        Binding("u", "app.undo", "Annuler", id="undo-last"),
        Binding("a", "pair", "Apparier", id="pair-round"),
        Binding("x", "close_round", "Clôturer", id="close-round"),
        Binding("P", "publish", "Publier", id="publish"),
        Binding("e", "explain", "Explications", id="explain"),
        Binding("backspace", "clear_result", "Effacer", show=False, id="clear-result"),
        Binding("v", "verify_mode", "Vérifier", show=False, id="verify-sheets"),
        Binding("T", "settle", "Trancher", show=False, id="settle-sheet"),
        Binding("o", "confirm_proposal", "Confirmer la proposition", show=False,
                id="confirm-proposal"),
        Binding("O", "confirm_proposals", "Confirmer tous les accords", show=False,
                id="confirm-proposals"),
    ]  # fmt: skip
    PROPOSED = "Proposé"  # the phones' column, shown while reporting is on (issue 36)
    _tournament: StoredTournament | None = None
    _boards: Mapping[int, Board] = MappingProxyType({})  # the round sheet's, by number
    round_number = 0  # the round shown (0: none paired)
    pending_deciders: tuple[int, ...] = ()  # knockout draws whose decider is to enter
    verifying = False  # results typed now are the signed sheets' (a second entry)

    def load(self, service: EventService, t: StoredTournament | None) -> None:
        from ....views.reader import Reader
        from ....views.round_sheet import build

        self._service, self._tournament = service, t
        self.round_number = 0
        self.pending_deciders = ()
        self._boards = {}
        if t is None:
            self.fill([])
            return
        reader = Reader(service)
        sheet = build(reader, t)
        self.round_number = sheet.number
        # the view's boards kept: messages name the players from them, not from the cells
        self._boards = {b.board: b for b in sheet.boards}
        if not sheet.number:
            self.set_title(f"Ronde — {t.name}")
            self.fill([])
            return
        rows: list[tuple[str, list[Any]]] = [
            (
                str(b.board),
                [
                    b.board,
                    b.white.name,
                    b.white.rating or "",
                    f"{b.shown} {b.checked}".rstrip() if self.verifying or b.differs else b.shown,
                    b.black.name if b.black else "—",
                    (b.black.rating or "") if b.black else "",
                ],
            )
            for b in sheet.boards
        ]
        proposals = self._proposals(service, t, sheet.number)
        self._columns_for(proposals is not None)
        if proposals is not None:
            for board, cells in rows:
                cells.append(proposal_cell(proposals.get(int(board))))
        stage = f" ({sheet.named_stage})" if sheet.named_stage else ""
        tc = f" — {sheet.time_control}" if sheet.time_control else ""
        head = f"Ronde {sheet.number}{stage}"
        self.set_title(  # the count of results first; the time control is whole in Cadence
            self.fitting(
                f"{head} — {t.name}{tc} — {sheet.state}",
                f"{head} — {t.name} — {sheet.state}",
                f"{head} — {sheet.state}",
            )
        )
        if self.verifying:
            ecarts = f", {len(sheet.differing)} écart(s)" if sheet.differing else ""
            self.set_title(
                f"VÉRIFICATION des feuilles — ronde {sheet.number} — "
                f"{sheet.checked}/{sheet.games} conformes{ecarts} — {t.name}"
            )
        self._differing = set(sheet.differing)
        # a knockout draw whose decider is not entered yet: « départage à saisir », on the
        # board and under the table, until it is (the question no longer opens by itself:
        # the keys typed next are the next board's, issue 29)
        pending = (
            tuple(b.board for b in sheet.boards if b.result == "=-=" and b.decider is None)
            if format_of(t).needs_decider(t)
            else ()
        )
        self.pending_deciders = pending
        for board, cells in rows:
            if int(board) in pending and not self.verifying:
                cells[3] = f"{cells[3]} dép.?"
        self.fill(rows)
        if self.verifying and rows:
            self.note(VERIFY_NOTE)
        elif pending:
            self.note(self.pending_note())
        elif proposals is not None:
            self.note(proposals_note(list(proposals.values())))
        elif sheet.sitting_out:  # a round robin's rest: on no board (issue 29.6)
            names = ", ".join(p.name for p in sheet.sitting_out)
            self.note(f"Ne joue pas cette ronde : {names}")

    def _proposals(
        self, service: EventService, t: StoredTournament, number: int
    ) -> dict[int, BoardProposals] | None:
        """The phones' proposals by board while reporting is on, or pending ones (None:
        no column; the read-only event shows no column of the phones)."""
        from ....operations import reporting

        states = {s.board: s for s in reporting.round_states(service, t.key, number)}
        self._states = states
        if not states and not reporting.is_open(service):
            return None
        return states

    def _columns_for(self, phones: bool) -> None:
        """The column « Proposé » added or taken away (the rows are built again)."""
        wanted = (*self.COLUMNS, self.PROPOSED) if phones else self.COLUMNS
        table = self.table
        shown = tuple(str(c.value) for c in table.columns)
        if shown and shown != wanted:
            table.clear(columns=True)
            self.reset_table()
        if not table.columns:
            for col in wanted:
                table.add_column(col, key=col, width=self.WIDTHS.get(col))

    def action_confirm_proposal(self) -> None:
        """`o`: the selected board's result as both players proposed it from their phones
        — recorded as any key would (journaled, undoable, the same refusals)."""
        board, t = self._board(), self._tournament
        if board is None or t is None:
            return
        from ....operations import reporting

        key, number = t.key, self.round_number
        state = getattr(self, "_states", {}).get(board)
        what = state.agreed.label if state is not None and state.agreed else ""
        self.run(
            lambda s: reporting.confirm(s, key, board, number),
            done=f"Échiquier {board} : {what} — confirmé ({self._players(board)})",
        )

    def action_confirm_proposals(self) -> None:
        """`O`: every board where both players proposed the same result, at once."""
        t = self._tournament
        if t is None or not self.round_number:
            return
        from ....operations import reporting

        key, number = t.key, self.round_number
        # how many it confirms, and which it leaves (« même téléphone », conflicts…)
        self.run(lambda s: reporting.confirm(s, key, None, number), done=lambda c: c.said())

    def pending_note(self) -> str:
        """« Départage à saisir : échiquiers 17, 22 — d sur l'échiquier, puis 1, 0 ou = »."""
        boards = self.pending_deciders
        which = f"échiquier{'s' if len(boards) > 1 else ''} {', '.join(map(str, boards))}"
        return f"Départage à saisir : {which} — d sur l'échiquier, puis 1, 0 ou ="

    def _board(self) -> int | None:
        key = self.selected_key()
        return int(key) if key is not None else None

    def _players(self, board: int) -> str:
        """« DUPONT Jean – MARTIN Paul », for the messages (« — » for a bye's side)."""
        b = self._boards.get(board)
        return f"{b.white.name} – {b.black.name if b.black else '—'}" if b else ""

    def _goto(self, board: int) -> None:
        table = self.table
        table.move_cursor(row=table.get_row_index(str(board)))
        self.say(f"Échiquier {board} : {self._players(board)}")

    # -- actions --------------------------------------------------------------

    def action_jump(self) -> None:
        from ..prompts import BoardPrompt  # prompts are imported when one first opens

        self.ask(
            BoardPrompt(
                "Aller à l'échiquier :",
                self._goto,
                valid=lambda n: n in self._boards,
                unknown="pas d'échiquier {n} dans la ronde affichée",
                on_cancel=self.cancelled,
            )
        )

    def action_forfeit_menu(self) -> None:
        board, t = self._board(), self._tournament
        if board is None or t is None:
            return
        key, number = t.key, self.round_number  # the round on screen
        excludes = format_of(t).absence_excludes(t)

        def record(side: str) -> None:
            if self.verifying:
                self._verify(board, SHEET_FORFEITS[side])
                return
            label = {"white": "Blancs absents", "black": "Noirs absents", "both": "double forfait"}
            done = f"Échiquier {board} : {label[side]} ({self._players(board)})"
            if excludes:
                done += " (exclu des rondes suivantes sauf décision de l'arbitre : m dans Joueurs)"
            self.run(
                lambda s, confirm=False: s.forfeit(
                    key, board, side, round_number=number, confirm=confirm
                ),
                done=f"{done} — enregistré",
                then=lambda _value: self.next_open_board(board),
            )

        from ..prompts import ChoicePrompt

        self.ask(
            ChoicePrompt(
                f"Forfait échiquier {board} ({self._players(board)}) :",
                FORFEITS,
                record,
                on_cancel=self.cancelled,
            )
        )

    def action_result(self, value: str) -> None:
        board, t = self._board(), self._tournament
        if board is None or t is None:
            return
        if self.verifying:
            self._verify(board, value)
            return
        key, result = t.key, Result(value)
        number = self.round_number  # the round on screen, not the file's latest (issue 29.1)
        needs_decider = value == "=-=" and format_of(t).needs_decider(t)
        later = " — départage à saisir : d" if needs_decider else ""
        players = self._players(board)

        def record(s: EventService, confirm: bool | str = False) -> bool:
            s.record_result(key, board, result, number, confirm=confirm)
            return bool(s.journal.last_args.get("unchanged"))  # the same result again

        self.run(
            record,
            done=lambda unchanged: (
                f"Échiquier {board} : {result.label} — "
                f"{'inchangé, déjà saisi' if unchanged else 'enregistré'} ({players}){later}"
            ),
            then=lambda _unchanged: None if needs_decider else self.next_open_board(board),
        )

    def next_open_board(self, board: int) -> None:
        """After a result (committed, the pane read again): the selection on the next
        board without one, from the top again after the last — as Papi and
        Swiss-Manager, one key a board (setting next_board_after_result, issue 49.7).

        The setting is read here, not at load: its model (pydantic) is not on the way to
        the first paint (issue 34.4)."""
        from ....views.reader import Reader

        if self.verifying:
            return
        if not event_settings(Reader(self._service).event()).next_board_after_result:
            return
        waiting = [b for b, row in self._boards.items() if not row.done and b != board]
        after = [b for b in waiting if b > board] or waiting
        if after:
            self.table.move_cursor(row=self.table.get_row_index(str(after[0])), scroll=True)

    def action_decider(self) -> None:
        """`d` on a knockout draw: the decider's result (1, 0, or = for an Armageddon)."""
        board, t = self._board(), self._tournament
        if board is None or t is None:
            return
        if not format_of(t).needs_decider(t):
            self.refuse("pas de départage dans ce tournoi (K.O. seulement).")
            return
        if board not in self.pending_deciders:
            self.refuse(f"Échiquier {board} : pas de nulle en attente de départage.")
            return
        from ....operations import knockout
        from ..prompts import ChoicePrompt

        key, number = t.key, self.round_number  # the round on screen (issue 29.1)
        rule = section_settings(t).decider

        def record(value: str) -> None:
            self.run(
                lambda s: knockout.record_decider(s, key, board, value, number),
                done=f"Échiquier {board} : départage {Result(value).label} — enregistré",
            )

        extra = " (= qualifie les Noirs)" if rule == "armageddon" else ""
        choices = [("1", "1-0", "1-0"), ("0", "0-1", "0-1")]
        if rule == "armageddon":
            choices.append(("=", "½", "=-="))
        self.ask(
            ChoicePrompt(
                f"Départage échiquier {board} ({self._players(board)}){extra} :",
                choices,
                record,
                on_cancel=lambda: self.say(f"Échiquier {board} : départage toujours à saisir."),
            )
        )

    # -- verification from the signed score sheets ----------------------------

    def action_verify_mode(self) -> None:
        """`v`: the keys 1 = 0 f now enter the signed sheets' results (a second entry);
        `v` again goes back to entering results."""
        if self._tournament is None or not self.round_number:
            return
        self.verifying = not self.verifying
        self.reset_table()
        self.load(self._service, self._tournament)
        self.say(
            "Vérification des feuilles : tapez le résultat de chaque feuille signée"
            if self.verifying
            else "Fin de la vérification des feuilles"
        )

    def _verify(self, board: int, value: str) -> None:
        """The sheet's result for ``board``; the cursor moves on at once (the next key
        typed is the next board's sheet, however fast it comes)."""
        from ....operations.verification import verify_result

        key, result = self._tournament.key if self._tournament else "", Result(value)
        self._next_game(board)

        def said(done: Any) -> str:
            if done.agrees:
                return f"Échiquier {board} : {result.label} — conforme à la feuille"
            return (
                f"Échiquier {board} : ÉCART — saisi {done.entered.label}, feuille "
                f"{result.label} (T pour trancher)"
            )

        self.run(lambda s: verify_result(s, key, board, result), done=said)

    def _next_game(self, board: int) -> None:
        """Down to the next board with a game (byes have no sheet)."""
        shown: dict[str, list[str]] = getattr(self, "_shown", {})
        later = [int(k) for k, row in shown.items() if int(k) > board and row[4] != "—"]
        if later:
            self.table.move_cursor(row=self.table.get_row_index(str(min(later))))

    def action_settle(self) -> None:
        """`T` on a board whose sheet differs: keep the entry or the signed sheet."""
        board, t = self._board(), self._tournament
        if board is None or t is None:
            return
        if board not in getattr(self, "_differing", set()):
            self.refuse(f"Échiquier {board} : pas d'écart avec la feuille, rien à trancher.")
            return
        from ....operations.verification import settle_result
        from ..prompts import ChoicePrompt

        key = t.key

        def settle(keep: str) -> None:
            self.run(
                lambda s: settle_result(s, key, board, keep),
                done=lambda game: f"Échiquier {board} : {game.result.label} retenu ({keep})",
            )

        shown = self._boards.get(board)
        cell = f"{shown.shown} {shown.checked}".rstrip() if shown else ""
        self.ask(
            ChoicePrompt(
                f"Écart échiquier {board} ({cell}) : garder",
                [("s", "la saisie", "saisie"), ("f", "la feuille", "feuille")],
                settle,
                on_cancel=self.cancelled,
            )
        )

    def action_clear_result(self) -> None:
        board, t = self._board(), self._tournament
        if board is None or t is None:
            return
        key = t.key
        self.run(
            lambda s: s.clear_result(key, board),
            done=f"Échiquier {board} : résultat effacé",
        )

    def action_pair(self) -> None:
        """Pair the next round (Dutch system, Berger tables or the knockout bracket)."""
        t = self._tournament
        if t is None:
            return
        key = t.key
        number = self.round_number + 1
        said = f"Ronde {number} appariée" + (
            " — e : explications, P : publier" if format_of(t).explains_pairings else ""
        )

        def run(service: EventService) -> list[str]:
            from ....operations.registration import not_final_entries

            service.pair_round(key)
            return not_final_entries(service, key)  # 002: unpaid, said (issue 52.8)

        def done(unpaid: list[str]) -> str:
            from ....rules.open_rules import unpaid_warning

            return f"{said} — attention : {unpaid_warning(unpaid)}" if unpaid else said

        def pair() -> None:
            self.app.post_message(
                RunInBackground(run, done=done, busy=f"appariement de la ronde {number}")
            )

        from ....operations.rounds import left_out_of_round_one

        question = left_out_of_round_one(self._service, key)  # round 1 asks first (49.7)
        if question is None:
            pair()
            return
        from ..prompts import ConfirmPrompt

        self.ask(ConfirmPrompt(question, pair, on_cancel=self.cancelled))

    def action_close_round(self) -> None:
        t = self._tournament
        if t is None or not self.table.row_count:
            return
        from ..prompts import ConfirmPrompt

        key, number = t.key, getattr(self, "round_number", 0)
        self.ask(
            ConfirmPrompt(
                f"Clôturer la ronde {number} de {t.name} ?",
                lambda: self.run(
                    lambda s: s.close_round(key),
                    done=f"Ronde {number} de {t.name} close, sauvegarde faite",
                ),
                on_cancel=self.cancelled,
            )
        )

    def action_publish(self) -> None:
        t = self._tournament
        if t is None:
            return
        if not format_of(t).publishes_pairings:
            self.say("Pas d'heure de publication à noter ici (système suisse seulement).")
            return
        from ....operations import swiss

        key = t.key

        def warn(warning: str | None) -> None:
            if warning:
                self.say(f"Publiés. Attention : {warning}", error=True)

        self.run(lambda s: swiss.publish(s, key), done="Appariements publiés", then=warn)

    def action_explain(self) -> None:
        """Floaters, colour rules and unmet criteria of the round, in the note line."""
        t = self._tournament
        if t is None:
            return
        from ....views.explanation import build
        from ....views.reader import Reader

        explanation = build(Reader(self._service), t)
        if explanation is None:
            self.say("Pas d'explications pour cette ronde (système suisse seulement).")
            return
        self.note(explanation.summary())
        self.say("Explications en bas du tableau.")
