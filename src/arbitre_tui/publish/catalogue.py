"""The printable documents by name, with their labels: light, so `arbitre --help` need not
import the PDF library to list them (publish.pdf's classes take their label from here)."""

from __future__ import annotations

LABELS: dict[str, str] = {
    "appariements": "appariements par échiquier",
    "appariements-nom": "appariements par ordre alphabétique (échiquier, couleur, adversaire)",
    "classement": (
        "classement (départages ; un K.O. par son classement final, une coupe par ses matchs)"
    ),
    "grille": "grille américaine",
    "pointage": (
        "liste de pointage (droit de chacun, payé/dû, totaux, signature ; document de "
        "l'arbitre, non affiché)"
    ),
    "participants-elo": "liste des participants par Elo (n° d'appariement, titre, club)",
    "affiche": "appariements (une coupe : les matchs du tour) et QR code, à afficher",
    "chevalets": "un chevalet par échiquier, avec son QR code",
    "proces-verbal": "procès-verbal d'un match de coupe (--match N)",
    "grille-americaine": "grille américaine FFE (+7B, =12N, -3B ; > < forfaits ; EXE exempt)",
    "rapport-technique": "rapport technique pour l'homologation FFE (page de garde)",
    "proces-verbal-tournoi": "procès-verbal du tournoi (forfaits, exclusions, incidents, appels…)",
    "attestation-licence": "attestation de licence d'un joueur (--joueur N ; sans : à remplir)",
    "forfait-non-justifie": "rapport de forfait non justifié (--joueur N [--ronde R])",
    "exclusion": "rapport d'exclusion d'un joueur (--joueur N)",
    "rapport-joueur": "rapport de l'arbitre sur un joueur (--joueur N)",
}
