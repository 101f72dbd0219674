"""The lesson's words in German (docs/lesson.de.md): the names en.py
describes, in the terms of the German rules page (web/rules/de.html)."""

FILE = "lesson.de.md"

TABLE = ("Minuten", "Schritt", "Spielseite öffnen bei", "was geschieht")

STEPS = [
    ("Einstieg", "Zeigen Sie die Regelseite. Gewöhnliches Tic-Tac-Toe endet zwischen sorgfältigen Spielern immer "
     "unentschieden. Teilen Sie das Arbeitsblatt aus; die Klasse rät die Antwort auf A1."),
    ("Superposition", "Spielen Sie 15 und 26 am Beamer. Jedes Zeichen steht in zwei Feldern zugleich. Zeigen Sie auf das "
     "klassische Ensemble unter dem Brett: die Bretter, die aus der Stellung noch werden können. Die Klasse beantwortet B1 und B2 "
     "und prüft dann die Zahl des Ensembles."),
    ("Verschränkung", "O2 teilt Feld 5 mit X1; die Verschränkungslinie verbindet ihre Felder. Das Ensemble schrumpft "
     "von {ensemble[B]} auf {ensemble[C]}: Die Zeichen sind nicht mehr unabhängig. C1 und C2."),
    ("Messung als Kollaps", "X3 schließt den Zyklus 1-5-9. O wählt; gehen Sie den Kollaps Schritt für Schritt durch, "
     "ein erzwungenes Zeichen nach dem anderen. Das Ensemble hatte {ensemble[D]} Bretter; die Wahl behält eines. "
     "D1 bis D3."),
    ("Warum die Wahl zählt", "Eine Wahl beim Kollaps entscheidet die Partie. Die Klasse sagt beide Ausgänge voraus "
     "(E1) und schaltet dann die Tipps ein, um die Werte des Solvers zu sehen (E2)."),
    ("Zwei Reihen zugleich", "Das durchgerechnete Beispiel der Regeln: Ein Kollaps gibt beiden Spielern eine Reihe; "
     "die Reihe, die früher fertig war, gewinnt. F1 bis F3."),
    ("Eine Partie zu zweit", "Paare spielen eine Partie (Tischserver oder ein Bildschirm pro Paar) und analysieren "
     "sie danach: Über die erste Aktion, die Wert verlor, wird gesprochen."),
    ("Abschluss", "Alle schreiben einen Satz: Welche Regel des Spiels steht für Superposition, welche für "
     "Verschränkung, welche für Messung, und wo endet die Metapher?"),
]

CONCEPTS = {
    "A": "das leere Brett",
    "B": "Superposition",
    "C": "Verschränkung",
    "D": "Messung als Kollaps",
    "E": "warum die Wahl zählt",
    "F": "zwei Reihen zugleich",
}

NO_MOVES = "noch keine Züge"

QUESTIONS = {
    "A1": "Gewöhnliches Tic-Tac-Toe endet unentschieden, wenn niemand einen Fehler macht. Und Quanten-Tic-Tac-Toe?",
    "B1": "Wo steht das Zeichen 1 von X?",
    "B2": "Wie viele klassische Bretter können aus dieser Stellung noch werden? Nennen Sie alle.",
    "C1": "Wie viele klassische Bretter können aus dieser Stellung noch werden? Warum nicht vier?",
    "C2": "Wenn X1 in Feld 5 landet, wo muss O2 landen?",
    "D1": "Welches Zeichen hat einen Zyklus geschlossen, und wer wählt, wo es sich festsetzt?",
    "D2": "Wie viele klassische Bretter sind vor der Wahl noch möglich?",
    "D3": "Wo landet jedes Zeichen nach @1? Und nach @9?",
    "E1": "X wählt, wo sich O8 festsetzt. Was geschieht nach jeder Wahl?",
    "E2": "Welche Wahl sollte X treffen?",
    "F1": "X wählt @8. Wer hat eine Reihe, und wer gewinnt? Warum?",
    "F2": "Wie würden die Punkte aus Goffs veröffentlichten Regeln das werten?",
    "F3": "Hätte X mit @6 auch gewonnen? (Fragen Sie die Tipps.)",
}

SHEET = {
    "boards": "Quanten-Tic-Tac-Toe: Bretter zum Spielen",
    "how": "Schreiben Sie jedes Zeichen klein, mit seiner Nummer, in seine beiden Felder (x1 in 1 und 5); kollabiert "
           "ein Zyklus, schreiben Sie die großen klassischen Zeichen. Die Felder sind 1 2 3 / 4 5 6 / 7 8 9 nummeriert.",
    "record": "Partie:",
    "worksheet": "Quanten-Tic-Tac-Toe: Arbeitsblatt ({n})",
    "name": "Name:",
    "class": "Klasse:",
    "answers": "Arbeitsblatt: die Lösungen (von der Engine berechnet)",
}

DRAW = "unentschieden"


def value(v: float) -> str:
    return {1.0: "X gewinnt", 0.0: "unentschieden", -1.0: "O gewinnt"}.get(v, f"X {v:+g}")


def at(mark: str, square: int) -> str:
    return f"{mark} in {square}"


def boards(n: int) -> str:
    return f"{n} Brett" if n == 1 else f"{n} Bretter"


def empty_board(value: str, end: int) -> str:
    return (f"{value}, wenn keiner der beiden Spieler einen Fehler macht (der Wert des leeren Bretts laut Solver; die "
            f"Partie endet dann im Zug {end}); gewöhnliches Tic-Tac-Toe endet unentschieden.")


def spooky_squares(a: int, b: int) -> str:
    return f"in den Feldern {a} und {b} zugleich: spukhaft, bis ein Kollaps entscheidet."


def ensemble(n: int, listed: list[str], kept: list[tuple[str, int]]) -> str:
    text = f"{boards(n)}: " + "; ".join(f"({b})" for b in listed) + "."
    return " ".join([text] + [f"`{token}` behält Brett {k}." for token, k in kept])


def missing(kept: int, every: int, lost: list[str]) -> str:
    return (f"{kept} der {every} Kombinationen bleiben; "
            + "; ".join(f"({b}) ist unmöglich: Ein Feld kann nicht zwei Zeichen aufnehmen" for b in lost) + ".")


def forced(mark: str, square: int, others: list[str]) -> str:
    if len(others) == 1:
        return f"nur ein klassisches Brett hat {mark} in {square}, und darauf steht {others[0]}."
    return f"{len(others)} klassische Bretter haben {mark} in {square}: " + "; ".join(others) + "."


def who_chooses(mark: str, a: int, b: int, player: str, tokens: list[str]) -> str:
    return (f"{mark} hat den Zyklus geschlossen (seine Felder {a} und {b} waren schon verbunden); {player} wählt, wo "
            f"es sich festsetzt: " + " oder ".join(tokens) + ".")


def no_line(player: str) -> str:
    return f"noch keine Reihe; {player} ist am Zug"


def line(player: str, squares: str, highest: int) -> str:
    return f"{player} hat die Reihe {squares} (höchste Nummer {highest})"


def won(lines: list[str], winner: str) -> str:
    return "; ".join(lines) + f": {winner} gewinnt"


def after_each(choices: list[tuple[str, str, str]]) -> str:
    return ". ".join(f"`{token}`: {landing}; {outcome}" for token, landing, outcome in choices) + "."


def solved(value: str, end: int, best: list[str]) -> str:
    best_words = "die beste Aktion" if len(best) == 1 else "die besten Aktionen"
    return f"{value} bei perfektem Spiel (die Partie endet dann im Zug {end}); {best_words}: {', '.join(best)}."


def goff(single: str, points: str) -> str:
    return (f"das einzige Ergebnis (das dieser Engine): {single}; Goffs Punkte: die Punkte von X minus die von O "
            f"ergeben {points} (die frühere Reihe zählt 1, die andere 1/2).")


def after(token: str, solved: str) -> str:
    return f"nach {token}: {solved}"
