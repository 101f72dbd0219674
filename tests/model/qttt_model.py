"""A second, deliberately simple model of quantum tic-tac-toe, for tests only.

It shares no code or data structure with the Rust engine and is written
straight from RULES.md and docs/API.md, favouring obviousness over speed:

- the entanglement graph is a list of edges, and "closes a cycle" is a
  plain graph search;
- a collapse is found by brute force: every way of putting each mark of the
  collapsing component into one of its two squares is tried, and exactly one
  way must put one mark in each square with the newest mark in the chosen
  square (which also checks RULES.md's claim that the collapse is unique);
- the JSON view is assembled by hand from docs/API.md's description.

make_vectors.py uses it to produce the expected values in tests/vectors/,
next to facts worked out by hand, which must agree with it.
"""

from itertools import product

SQUARES = range(1, 10)
LINES = [(1, 2, 3), (4, 5, 6), (7, 8, 9), (1, 4, 7), (2, 5, 8), (3, 6, 9), (1, 5, 9), (3, 5, 7)]

# docs/API.md: 0-35 spooky pairs in ascending token order, 36-44 classical, 45-53 collapse.
TOKENS = (
    [f"{a}{b}" for a in SQUARES for b in SQUARES if a < b]
    + [str(s) for s in SQUARES]
    + [f"@{s}" for s in SQUARES]
)
TOKEN_ID = {token: i for i, token in enumerate(TOKENS)}


def player(number):
    return "X" if number % 2 == 1 else "O"


class IllegalAction(Exception):
    def __init__(self, reason):
        super().__init__(reason)
        self.reason = reason


def parse(token):
    """('spooky', a, b) | ('classical', s) | ('collapse', s), or IllegalAction."""
    digits = "123456789"
    if len(token) == 1 and token in digits:
        return ("classical", int(token))
    if len(token) == 2 and token[0] == "@" and token[1] in digits:
        return ("collapse", int(token[1]))
    if len(token) == 2 and token[0] in digits and token[1] in digits:
        if token[0] == token[1]:
            raise IllegalAction("same_square_twice")
        a, b = sorted((int(token[0]), int(token[1])))
        return ("spooky", a, b)
    raise IllegalAction("malformed_token")


def canonical(action):
    if action[0] == "spooky":
        return f"{action[1]}{action[2]}"
    if action[0] == "classical":
        return str(action[1])
    return f"@{action[1]}"


class Model:
    def __init__(self):
        self.record = []  # canonical tokens
        self.spooky = {}  # move number -> (a, b)
        self.classical = {}  # square -> move number
        self.next_number = 1
        self.pending = False

    @classmethod
    def replay(cls, record):
        game = cls()
        for token in record.split():
            game.act(token)
        return game

    def copy(self):
        other = Model()
        other.record = list(self.record)
        other.spooky = dict(self.spooky)
        other.classical = dict(self.classical)
        other.next_number = self.next_number
        other.pending = self.pending
        return other

    # --- queries ---------------------------------------------------------

    def free(self):
        return [s for s in SQUARES if s not in self.classical]

    def connected(self, a, b):
        seen, frontier = {a}, [a]
        while frontier:
            square = frontier.pop()
            for x, y in self.spooky.values():
                for here, there in ((x, y), (y, x)):
                    if here == square and there not in seen:
                        seen.add(there)
                        frontier.append(there)
        return b in seen

    def lines(self):
        found = []
        for line in LINES:
            numbers = [self.classical.get(s) for s in line]
            if None in numbers:
                continue
            owners = {player(n) for n in numbers}
            if len(owners) == 1:
                found.append((line, owners.pop(), max(numbers)))
        return found

    def over(self):
        return not self.pending and (bool(self.lines()) or not self.free())

    def winner(self):
        best = {}
        for _, who, highest in self.lines():
            best[who] = min(best.get(who, 99), highest)
        if not best:
            return None
        return min(best, key=lambda who: best[who])

    def newest(self):
        return self.next_number - 1

    def to_act(self):
        if self.over():
            return None
        return player(self.next_number)

    def phase(self):
        if self.pending:
            return "collapse"
        return "over" if self.over() else "move"

    def legal(self):
        return [t for t in TOKENS if self.reason(t) is None]

    # --- rules -------------------------------------------------------------

    def reason(self, token):
        """None if the token is legal here, else the reason code."""
        try:
            self.copy().act(token)
        except IllegalAction as error:
            return error.reason
        return None

    def act(self, token):
        action = parse(token)
        if self.pending:
            if action[0] != "collapse":
                raise IllegalAction("collapse_pending")
            if action[1] not in self.spooky[self.newest()]:
                raise IllegalAction("not_collapse_option")
            self.collapse(action[1])
        elif self.over():
            raise IllegalAction("game_over")
        elif action[0] == "collapse":
            raise IllegalAction("no_collapse_pending")
        elif action[0] == "spooky":
            if len(self.free()) == 1:
                raise IllegalAction("spooky_move_on_last_square")
            for square in action[1:]:
                if square in self.classical:
                    raise IllegalAction("square_classical")
            closes = self.connected(action[1], action[2])
            self.spooky[self.next_number] = (action[1], action[2])
            self.next_number += 1
            self.pending = closes
        else:
            if len(self.free()) != 1:
                raise IllegalAction("classical_move_not_allowed")
            if action[1] in self.classical:
                raise IllegalAction("square_classical")
            self.classical[action[1]] = self.next_number
            self.next_number += 1
        self.record.append(canonical(action))

    def collapse(self, square):
        newest = self.newest()
        component = [m for m, (a, _) in self.spooky.items() if self.connected(a, square)]
        squares = {s for m in component for s in self.spooky[m]}
        assert len(component) == len(squares), "a collapsing component has as many marks as squares"
        solutions = []
        for choice in product((0, 1), repeat=len(component)):
            placed = {m: self.spooky[m][c] for m, c in zip(component, choice)}
            if placed[newest] == square and len(set(placed.values())) == len(component):
                solutions.append(placed)
        assert len(solutions) == 1, "RULES.md: the collapse is unique"
        for mark, where in solutions[0].items():
            del self.spooky[mark]
            self.classical[where] = mark
        self.pending = False

    # --- the JSON view of docs/API.md --------------------------------------------

    def view(self):
        def string(text):
            return '"' + text + '"'

        classical = ",".join(
            f'"{s}":"{player(n)}{n}"' for s, n in sorted(self.classical.items())
        )
        spooky = ",".join(
            f'"{player(n)}{n}":[{a},{b}]' for n, (a, b) in sorted(self.spooky.items())
        )
        options = self.spooky[self.newest()] if self.pending else ()
        if self.over():
            winner = self.winner()
            lines = ",".join(
                f'{{"squares":[{a},{b},{c}],"player":"{who}","highest":{highest}}}'
                for (a, b, c), who, highest in self.lines()
            )
            outcome = f'{{"winner":{string(winner) if winner else "null"},"lines":[{lines}]}}'
        else:
            outcome = "null"
        to_act = self.to_act()
        return (
            f'{{"record":{string(" ".join(self.record))},'
            f'"phase":"{self.phase()}",'
            f'"to_act":{string(to_act) if to_act else "null"},'
            f'"move_number":{self.next_number},'
            f'"classical":{{{classical}}},'
            f'"spooky":{{{spooky}}},'
            f'"collapse_options":[{",".join(str(s) for s in options)}],'
            f'"legal":[{",".join(string(t) for t in self.legal())}],'
            f'"outcome":{outcome}}}'
        )


def perft(game, depth):
    """Action sequences of exactly `depth` actions (finished games have none)."""
    legal = game.legal()
    if depth <= 1:
        return len(legal) if depth == 1 else 1
    total = 0
    for token in legal:
        child = game.copy()
        child.act(token)
        total += perft(child, depth - 1)
    return total
