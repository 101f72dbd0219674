"""The lesson's words in Dutch (docs/lesson.nl.md): the names en.py
describes, in the terms of the Dutch rules page (web/rules/nl.html)."""

FILE = "lesson.nl.md"

TABLE = ("minuten", "stap", "open de speelpagina op", "wat er gebeurt")

STEPS = [
    ("Start", "Laat de regelpagina zien. Gewoon boter-kaas-en-eieren eindigt tussen zorgvuldige spelers altijd in "
     "remise. Deel het werkblad uit; de leerlingen raden het antwoord op A1."),
    ("Superpositie", "Speel 15 en 26 op het digibord. Elk teken staat in twee vakken tegelijk. Wijs op het klassieke "
     "ensemble onder het bord: de borden die de stelling nog kan worden. De leerlingen beantwoorden B1 en B2 en controleren "
     "daarna het aantal van het ensemble."),
    ("Verstrengeling", "O2 deelt vak 5 met X1; de verstrengelingslijn verbindt hun vakken. Het ensemble krimpt van "
     "{ensemble[B]} naar {ensemble[C]}: de tekens zijn niet meer onafhankelijk. C1 en C2."),
    ("Meting als instorting", "X3 sluit de lus 1-5-9. O kiest; loop de instorting stap voor stap door, één "
     "gedwongen teken tegelijk. Het ensemble had {ensemble[D]} borden; de keuze houdt er één over. D1 tot en met "
     "D3."),
    ("Waarom de keuze ertoe doet", "Een keuze bij een instorting beslist de partij. De leerlingen voorspellen "
     "beide uitkomsten (E1) en zetten dan de hints aan om de waarden van de solver te zien (E2)."),
    ("Twee lijnen tegelijk", "Het uitgewerkte voorbeeld van de regels: één instorting geeft beide spelers een lijn; "
     "de lijn die eerder af was, wint. F1 tot en met F3."),
    ("Een partij in tweetallen", "Tweetallen spelen één partij (tafelserver of één scherm per tweetal) en bespreken "
     "die daarna na: de eerste actie die waarde verloor, is die om over te praten."),
    ("Afsluiting", "Elke leerling schrijft één zin: welke regel van het spel staat voor superpositie, welke voor "
     "verstrengeling, welke voor meting, en waar houdt de metafoor op?"),
]

CONCEPTS = {
    "A": "het lege bord",
    "B": "superpositie",
    "C": "verstrengeling",
    "D": "meting als instorting",
    "E": "waarom de keuze ertoe doet",
    "F": "twee lijnen tegelijk",
}

NO_MOVES = "nog geen zetten"

QUESTIONS = {
    "A1": "Gewoon boter-kaas-en-eieren eindigt in remise als niemand een fout maakt. En "
          "kwantum-boter-kaas-en-eieren?",
    "B1": "Waar staat teken 1 van X?",
    "B2": "Hoeveel klassieke borden kan deze stelling nog worden? Noem ze allemaal.",
    "C1": "Hoeveel klassieke borden kan deze stelling nog worden? Waarom geen vier?",
    "C2": "Als X1 in vak 5 terechtkomt, waar moet O2 dan terechtkomen?",
    "D1": "Welk teken sloot een lus, en wie kiest waar het neerkomt?",
    "D2": "Hoeveel klassieke borden zijn er vóór de keuze nog mogelijk?",
    "D3": "Waar komt elk teken terecht na @1? En na @9?",
    "E1": "X kiest waar O8 neerkomt. Wat gebeurt er na elke keuze?",
    "E2": "Welke keuze moet X maken?",
    "F1": "X kiest @8. Wie heeft een lijn, en wie wint? Waarom?",
    "F2": "Hoe zou de puntentelling uit de gepubliceerde regels van Goff dit tellen?",
    "F3": "Had X met @6 ook gewonnen? (Vraag het aan de hints.)",
}

SHEET = {
    "boards": "Kwantum-boter-kaas-en-eieren: borden om op te spelen",
    "how": "Schrijf elk teken klein, met zijn nummer, in allebei zijn vakken (x1 in 1 en 5); als een lus instort, "
           "schrijf dan de grote klassieke tekens. De vakken zijn genummerd 1 2 3 / 4 5 6 / 7 8 9.",
    "record": "Partij:",
    "worksheet": "Kwantum-boter-kaas-en-eieren: werkblad ({n})",
    "name": "Naam:",
    "class": "Klas:",
    "answers": "Werkblad: de antwoorden (uitgerekend door de engine)",
}

DRAW = "remise"


def value(v: float) -> str:
    return {1.0: "X wint", 0.0: "remise", -1.0: "O wint"}.get(v, f"X {v:+g}")


def at(mark: str, square: int) -> str:
    return f"{mark} in {square}"


def boards(n: int) -> str:
    return f"{n} bord" if n == 1 else f"{n} borden"


def empty_board(value: str, end: int) -> str:
    return (f"{value} als geen van beide spelers een fout maakt (de waarde van het lege bord volgens de solver; de "
            f"partij eindigt dan bij zet {end}); gewoon boter-kaas-en-eieren eindigt in remise.")


def spooky_squares(a: int, b: int) -> str:
    return f"in de vakken {a} en {b} tegelijk: spookachtig, tot een instorting beslist."


def ensemble(n: int, listed: list[str], kept: list[tuple[str, int]]) -> str:
    text = f"{boards(n)}: " + "; ".join(f"({b})" for b in listed) + "."
    return " ".join([text] + [f"`{token}` houdt bord {k} over." for token, k in kept])


def missing(kept: int, every: int, lost: list[str]) -> str:
    return (f"{kept} van de {every} combinaties blijven over; "
            + "; ".join(f"({b}) is onmogelijk: één vak kan geen twee tekens bevatten" for b in lost) + ".")


def forced(mark: str, square: int, others: list[str]) -> str:
    if len(others) == 1:
        return f"er is maar één klassiek bord met {mark} in {square}, en daarop staat {others[0]}."
    return f"er zijn {len(others)} klassieke borden met {mark} in {square}: " + "; ".join(others) + "."


def who_chooses(mark: str, a: int, b: int, player: str, tokens: list[str]) -> str:
    return (f"{mark} sloot de lus (zijn vakken {a} en {b} waren al verbonden); {player} kiest waar het neerkomt: "
            + " of ".join(tokens) + ".")


def no_line(player: str) -> str:
    return f"nog geen lijn; {player} is aan de beurt"


def line(player: str, squares: str, highest: int) -> str:
    return f"{player} heeft de lijn {squares} (hoogste nummer {highest})"


def won(lines: list[str], winner: str) -> str:
    return "; ".join(lines) + f": {winner} wint"


def after_each(choices: list[tuple[str, str, str]]) -> str:
    return ". ".join(f"`{token}`: {landing}; {outcome}" for token, landing, outcome in choices) + "."


def solved(value: str, end: int, best: list[str]) -> str:
    best_words = "de beste actie" if len(best) == 1 else "de beste acties"
    return f"{value} bij perfect spel (de partij eindigt dan bij zet {end}); {best_words}: {', '.join(best)}."


def goff(single: str, points: str) -> str:
    return (f"de enkele uitslag (die van deze engine): {single}; de punten van Goff: de punten van X min die van O "
            f"zijn {points} (de lijn die eerder af was telt 1, de andere 1/2).")


def after(token: str, solved: str) -> str:
    return f"na {token}: {solved}"
