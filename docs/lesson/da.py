"""The lesson's words in Danish (docs/lesson.da.md): the names en.py
describes, in the terms of the Danish rules page (web/rules/da.html)."""

FILE = "lesson.da.md"

TABLE = ("minutter", "trin", "åbn spillesiden på", "hvad der sker")

STEPS = [
    ("Start", "Vis regelsiden. Almindeligt kryds og bolle ender altid uafgjort mellem omhyggelige spillere. Del "
     "arbejdsarket ud; eleverne gætter på svaret til A1."),
    ("Superposition", "Spil 15 og 26 på projektoren. Hvert mærke står i to felter på én gang. Peg på det klassiske "
     "ensemble under brættet: de brætter, stillingen stadig kan blive til. Eleverne besvarer B1 og B2 og tjekker derefter "
     "ensemblets antal."),
    ("Sammenfiltring", "O2 deler felt 5 med X1; sammenfiltringslinjen forbinder deres felter. Ensemblet skrumper "
     "fra {ensemble[B]} til {ensemble[C]}: mærkerne er ikke længere uafhængige. C1 og C2."),
    ("Måling som kollaps", "X3 lukker løkken 1-5-9. O vælger; gå kollapset igennem trin for trin, ét tvunget mærke "
     "ad gangen. Ensemblet havde {ensemble[D]} brætter; valget beholder ét. D1 til D3."),
    ("Hvorfor valget betyder noget", "Et valg ved et kollaps afgør partiet. Eleverne forudsiger begge udfald (E1) "
     "og slår derefter tipsene til for at se løserens værdier (E2)."),
    ("To linjer på én gang", "Reglernes gennemregnede eksempel: ét kollaps giver begge spillere en linje; den linje, "
     "der blev fuldendt først, vinder. F1 til F3."),
    ("Et parti i par", "Parrene spiller ét parti (bordserveren eller én skærm pr. par) og gennemgår det bagefter: "
     "den første handling, der tabte værdi, er den, der skal tales om."),
    ("Afslutning", "Hver elev skriver én sætning: hvilken regel i spillet står for superposition, hvilken for "
     "sammenfiltring, hvilken for måling, og hvor holder metaforen op?"),
]

CONCEPTS = {
    "A": "det tomme bræt",
    "B": "superposition",
    "C": "sammenfiltring",
    "D": "måling som kollaps",
    "E": "hvorfor valget betyder noget",
    "F": "to linjer på én gang",
}

NO_MOVES = "ingen træk endnu"

QUESTIONS = {
    "A1": "Almindeligt kryds og bolle ender uafgjort, hvis ingen laver fejl. Hvad med kvante-kryds og bolle?",
    "B1": "Hvor står X's mærke 1?",
    "B2": "Hvor mange klassiske brætter kan denne stilling stadig blive til? Skriv dem alle op.",
    "C1": "Hvor mange klassiske brætter kan denne stilling stadig blive til? Hvorfor ikke fire?",
    "C2": "Hvis X1 ender i felt 5, hvor skal O2 så ende?",
    "D1": "Hvilket mærke lukkede en løkke, og hvem vælger, hvor det falder på plads?",
    "D2": "Hvor mange klassiske brætter er stadig mulige før valget?",
    "D3": "Hvor falder hvert mærke på plads efter @1? Og efter @9?",
    "E1": "X vælger, hvor O8 falder på plads. Hvad sker der efter hvert valg?",
    "E2": "Hvilket valg bør X træffe?",
    "F1": "X vælger @8. Hvem har en linje, og hvem vinder? Hvorfor?",
    "F2": "Hvordan ville pointene i Goffs udgivne regler tælle det?",
    "F3": "Ville X også have vundet med @6? (Spørg tipsene.)",
}

SHEET = {
    "boards": "Kvante-kryds og bolle: brætter at spille på",
    "how": "Skriv hvert mærke småt, med dets nummer, i begge dets felter (x1 i 1 og 5); når en løkke kollapser, "
           "skrives de store klassiske mærker. Felterne er nummereret 1 2 3 / 4 5 6 / 7 8 9.",
    "record": "Parti:",
    "worksheet": "Kvante-kryds og bolle: arbejdsark ({n})",
    "name": "Navn:",
    "class": "Klasse:",
    "answers": "Arbejdsark: facit (regnet ud af motoren)",
}

DRAW = "uafgjort"


def value(v: float) -> str:
    return {1.0: "X vinder", 0.0: "uafgjort", -1.0: "O vinder"}.get(v, f"X {v:+g}")


def at(mark: str, square: int) -> str:
    return f"{mark} i {square}"


def boards(n: int) -> str:
    return f"{n} bræt" if n == 1 else f"{n} brætter"


def empty_board(value: str, end: int) -> str:
    return (f"{value}, hvis ingen af spillerne laver fejl (løserens værdi af det tomme bræt; partiet slutter da i "
            f"træk {end}); almindeligt kryds og bolle ender uafgjort.")


def spooky_squares(a: int, b: int) -> str:
    return f"i felt {a} og {b} på én gang: et spøgelsesmærke, indtil et kollaps afgør det."


def ensemble(n: int, listed: list[str], kept: list[tuple[str, int]]) -> str:
    text = f"{boards(n)}: " + "; ".join(f"({b})" for b in listed) + "."
    return " ".join([text] + [f"`{token}` beholder bræt {k}." for token, k in kept])


def missing(kept: int, every: int, lost: list[str]) -> str:
    return (f"{kept} af de {every} kombinationer er tilbage; "
            + "; ".join(f"({b}) er umulig: ét felt kan ikke rumme to mærker" for b in lost) + ".")


def forced(mark: str, square: int, others: list[str]) -> str:
    if len(others) == 1:
        return f"kun ét klassisk bræt har {mark} i {square}, og på det står {others[0]}."
    return f"{len(others)} klassiske brætter har {mark} i {square}: " + "; ".join(others) + "."


def who_chooses(mark: str, a: int, b: int, player: str, tokens: list[str]) -> str:
    return (f"{mark} lukkede løkken (dets felter {a} og {b} var allerede forbundet); {player} vælger, hvor det "
            f"falder på plads: " + " eller ".join(tokens) + ".")


def no_line(player: str) -> str:
    return f"ingen linje endnu; {player} er i trækket"


def line(player: str, squares: str, highest: int) -> str:
    return f"{player} har linjen {squares} (højeste nummer {highest})"


def won(lines: list[str], winner: str) -> str:
    return "; ".join(lines) + f": {winner} vinder"


def after_each(choices: list[tuple[str, str, str]]) -> str:
    return ". ".join(f"`{token}`: {landing}; {outcome}" for token, landing, outcome in choices) + "."


def solved(value: str, end: int, best: list[str]) -> str:
    best_words = "den bedste handling" if len(best) == 1 else "de bedste handlinger"
    return f"{value} ved perfekt spil (partiet slutter da i træk {end}); {best_words}: {', '.join(best)}."


def goff(single: str, points: str) -> str:
    return (f"det ene resultat (denne motors): {single}; Goffs point: X's point minus O's er {points} (linjen, der "
            f"blev fuldendt først, giver 1, den anden 1/2).")


def after(token: str, solved: str) -> str:
    return f"efter {token}: {solved}"
