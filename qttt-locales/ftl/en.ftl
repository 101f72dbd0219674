# English: the playground (web/) and the Python drawing's captions (qttt-py).
# Every message here is in every other language's file, with the same
# variables (tests/web/locales.mjs checks it). docs/translating.md says how
# to add a language.
# Terms of the game, as in docs/RULES.md: square, mark, spooky mark,
# classical mark, move, cycle, collapse, line, draw.

## The page's fixed text (web/index.html: data-l10n-id)

page-title = Quantum tic-tac-toe: the qttt playground
page-heading = Quantum tic-tac-toe
page-intro = Each move puts one mark in <em>two</em> squares at once. When the marks close a cycle, it collapses and they become ordinary marks. Only ordinary (classical) marks make lines.
tour-start = Take the tour
rules-link = The rules
lesson-link = A 45-minute lesson
language-label = Language
status-loading = Loading the engine…
section-game =
    .aria-label = Game
board-name =
    .aria-label = Board
section-choices =
    .aria-label = Collapse choices
choices-intro = Where does the newest mark land? Each choice and what it leads to (the squares where they differ are outlined):
players-legend = Players
mode-humans = Two players at one screen
mode-computer = Against the computer
computer-options =
    .aria-label = The computer
computer-kind-label = Computer
computer-side-label = plays
new-game = New game
undo = Undo
share = Copy link
review-game = Review this game
puzzles-open = Puzzles
hints-toggle = Hints: the value of every legal action under perfect play
entanglement-toggle = Entanglement lines: a line joins the two squares of each spooky mark
steps-heading = The collapse, step by step
steps-buttons =
    .aria-label = Step through the collapse (or the arrow keys, Home, End)
hint-list =
    .aria-label = Hints
moves-heading = Moves
move-list =
    .aria-label = Moves
game-link = Link to this game:
back = Back
next = Next
close = Close
review-heading = Review
review-buttons =
    .aria-label = Step through the game (or the arrow keys, Home, End)
review-first = First
review-previous = Previous
review-last = Last
review-steps =
    .aria-label = The actions (mistakes marked)
puzzle-heading = Puzzle
puzzle-hint = Hint
puzzle-solution = Show the solution
puzzle-restart = Start again
puzzle-previous = Previous puzzle
puzzle-next = Next puzzle
puzzle-link = Link to this puzzle:
footer-engine = The qttt engine (Rust, compiled to WebAssembly) runs in this page; nothing is sent anywhere. Notation: <code>15</code> a spooky move in squares 1 and 5, <code>5</code> a classical move, <code>@5</code> the collapse choice "the newest mark lands in 5".
footer-server = Served by <code>qttt-server</code>: <a data-l10n-name="online">play online</a> on two devices, or run <a data-l10n-name="class">a class</a>.

## The status line and the messages (web/strings.js)

opponent =
    { $kind ->
        [random] random
        [mcts] MCTS
       *[perfect] perfect
    }
draw = Draw: nobody has a line.
# A line: its squares (joined by dashes) and the classical marks in them.
line = { $squares } ({ $marks })
wins = { $winner } wins with the line { $line }, { $cause }.
wins-first = { $winner } wins. Both players got a line, { $cause }; { $winner }'s { $line } came first: its newest mark, { $newest }, is older than { $otherNewest } in { $loser }'s { $other }.
by-collapse = made by the collapse { $token } ({ $mark } landed in { $square })
by-last-mark = made by the last mark, { $mark } in { $square }
thinking = { $player } (computer, { $kind }) is thinking…
cycle-marks =
    { $drawn ->
        [yes] The cycle: { $marks } (their lines drawn thick).
       *[no] The cycle: { $marks }.
    }
step-through = Step by step
step-through-label = Step through the collapse: { $mark } in { $square }
cycle = A cycle! { $chooser } chooses where { $mark } lands: square { $options }.
second-square = { $player } to move: choose the second square.
last-square = { $player } to move: the last free square takes a classical mark.
spooky-move = { $player } to move: click two squares for a spooky move.
classical-square = Square { $square } holds a classical mark: choose another.
first-square-chosen = Square { $square } chosen: now the second square of the spooky move.
computer-failed = The computer could not move: { $message }
nothing-to-undo = Nothing to undo.
bad-link = The link's record does not play ({ $message }); a new game instead.
link-copied = Link copied.
copy-this-link = Copy this link: { $href }
solving = Solving…
hint-wins = { $player } wins; the game ends at move { $endMove }
hint-loses = { $player } loses; the game ends at move { $endMove }
hint-draw = a draw
choose = { $mark } lands in { $square }
# What a collapse choice does: where each mark of the cycle lands ($landings: a list of landing).
landings = Then: { $landings }.
landing = { $mark } in { $square }
after = The board if { $mark } lands in { $square }
move-line = { $player }{ $number }: { $token }
choose-line = { $player }: { $token } ({ $mark } lands in { $square })
board-label =
    { $player ->
        [none] Board. The game is over.
       *[other] Board. { $player } to act.
    }
board-default = Board
tour-title = { $step }/{ $steps }: { $title }
tour-board = The position { $record }
square-classical = square { $square }: { $mark }, classical
square-spooky = square { $square }: spooky { $marks }
square-empty = square { $square }: empty
square-option = ; the newest mark can land here (@{ $square })
square-selected = ; selected

# The engine's refusals, by their reason code ($message: the engine's own English words).
engine-error =
    { $reason ->
        [invalid_action_id] Action ids are 0 to 53
        [malformed_token] Not an action: two different squares (15), one square (7) or @ and a square (@5)
        [same_square_twice] A spooky mark needs two different squares
        [game_over] The game is over
        [collapse_pending] A collapse choice is pending
        [no_collapse_pending] No collapse is pending
        [square_classical] The square already holds a classical mark
        [classical_move_not_allowed] A classical move is only allowed when exactly one square is free
        [spooky_move_on_last_square] Only one square is free, so the move must be the classical move there
        [not_collapse_option] The square is not one of the newest mark's squares
        [wrong_action_kind] A collapse choice where a move is expected, or a move where a collapse choice is expected
       *[other] { $message }
    }

## The review (web/review.js)

reviewing = Reviewing: every position solved by perfect play…
review-failed = The review failed: { $message }
review-title = Review: step { $step } of { $steps }
review-board =
    { $record ->
        [none] The board after step { $step }: the empty board
       *[other] The board after step { $step }: { $record }
    }
spooky-action = { $mark } in { $a } and { $b }
classical-action = { $mark } in { $square }, classical
collapse-action = { $player } lets { $mark } land in { $square }
# A value under perfect play, X's points minus O's.
value =
    { $points ->
        [1] X wins
        [0.5] X half a point ahead
        [-0.5] O half a point ahead
        [-1] O wins
       *[0] a draw
    }
review-start = The start. With perfect play from here: { $value }.
review-step = { $token } ({ $action }): { $before } before, { $after } after: { $verdict }.
kept-win = kept the win
kept-draw = kept the draw
kept-loss = no action saved the game
kept-half = kept the value
win-given-away = gave the win away (now { $after })
draw-given-away = gave the draw away (now a loss)
half-point-lost = lost half a point
glyph =
    { $glyph ->
        [blunder] A blunder (??).
        [mistake] A mistake (?).
       *[dubious] A dubious action (?!).
    }
best =
    { $count ->
        [1] Best: { $tokens } (the only one).
       *[other] Best: { $tokens }.
    }
best-line = Best line: { $tokens }.
line-after =
    { $tokens ->
        [none] After it, perfect play: the game is over.
       *[other] After it, perfect play: { $tokens }.
    }
review-end =
    { $mistakes ->
        [one] The end: { $value }. { $mistakes } action lost value.
       *[other] The end: { $value }. { $mistakes } actions lost value.
    }
choice-label = { $player }: { $token }
review-item = { $token }{ $glyph }

## The puzzles (web/puzzles.js)

puzzle-title = Puzzle { $number } of { $count }
puzzle-grade = Depth { $depth }: win in { $depth }
puzzle-themes = Teaches: { $themes }
theme =
    { $name ->
        [collapse-choice] the collapse choice
        [earlier-line] the earlier line
        [forced-ninth-mark] the forced ninth mark
        [avoiding-cycle] avoiding a cycle
        [forcing-cycle] forcing a cycle
       *[other] { $name }
    }
puzzle-task = { $player } to act and win in { $depth }.
puzzle-board =
    { $player ->
        [none] Puzzle board. Solved.
       *[other] Puzzle board. { $player } to act.
    }
puzzle-right = { $token }: right.
puzzle-answered = { $token }: right. The reply: { $answers }. Your turn again.
token-words = { $token } ({ $words })
puzzle-solved = Solved: { $steps }.
puzzle-wrong = { $token } does not win: try again.
puzzle-checking = Not the solution's line: asking the solver whether it wins as soon…
puzzle-slower = { $token } does not win as soon as the solution: try again.
puzzle-solved-other = Solved, by another line that wins as soon as the solution's.
puzzle-failed = The solver could not answer: { $message }
hint-theme = Hint: think of { $themes }.
hint-square = Hint: the winning action uses square { $square } (outlined).
solution = The solution: { $steps }.
progress = Solved so far: { $solved } of { $count } (kept in this browser).
solved-before = You solved this one before.

## The printed puzzle sheet (qttt.puzzles.sheet) and every printable's footer

sheet-title = Quantum tic-tac-toe puzzles
sheet-task = Exactly one action wins (the engine's solver proves it). Find it.
sheet-answers = { $title }: answers
sheet-key = The winning action in bold, then the game with perfect play (the loser holding out longest), and what the puzzle teaches.
sheet-footer = qttt: the engine's rules and drawing. Quantum tic-tac-toe, Allan Goff's game.

## The tour (web/tour.js)

tour-superposition-title = Superposition
tour-superposition = X's first move is spooky: one mark, X1, in two squares at once ({ $marks } in 1 and in 5). It is not yet in either: like a particle in a superposition of two places.
tour-entanglement-title = Entanglement
tour-entanglement = O's mark O2 goes into 5 and 6. Square 5 now holds two spooky marks: X1 and O2 are entangled, since wherever one of them ends up constrains the other.
tour-cycle-title = A cycle
tour-cycle = X3 in 1 and 6 closes a loop: 1–5 (X1), 5–6 (O2), 6–1 (X3). Three marks for three squares: something has to give. The player who did not close the cycle, { $chooser }, decides where the newest mark, X3, lands: in { $options }.
tour-collapse-title = Collapse (measurement)
tour-collapse = O chooses @1: X3 lands in 1. Then X1 can only be in 5, and O2 only in 6. The whole cycle collapses at once into classical marks: { $landings }. Only these count for lines.
tour-lines-title = Lines for both players
tour-lines = One collapse can complete lines for both: X has { $xLine } (its newest mark { $xNewest }), O has { $oLine } (newest { $oNewest }). The line finished first, with the lower highest number, wins: { $winner } wins.

## The classical ensemble (web/ensemble.js)

ensemble-title = Every board the game can still become
ensemble-count =
    { $count ->
        [1] Every mark is classical: 1 board, the one above.
       *[other] These { $count } classical boards are still possible.
    }
ensemble-not-drawn = (The boards are drawn when there are at most { $most }.)
ensemble-collapsed = The collapse kept { $after } of the { $before } boards.
ensemble-ruled-out = The new mark ruled out { $gone } of the { $before } boards the earlier marks could make.
ensemble-mark = { $mark } in { $square }
ensemble-board =
    { $marks ->
        [none] Board { $index }: empty
       *[other] Board { $index }: { $marks }
    }

## The presenter layout (web/index.html, web/style.css)

present-toggle = Presenter layout: the board and its ensemble fill the screen, for a projector

## The collapse step by step (web/steps.js; Python's collapse_steps)

steps-title = The collapse, step by step: { $mark } landed in { $square }
steps-preview-title = If { $mark } lands in { $square }: the collapse, step by step
steps-board = The collapse after step { $shown } of { $count }
steps-start =
    Before the collapse: the cycle { $cycle }. { $mark } lands in { $square } first; { $count ->
        [one] { $count } step
       *[other] { $count } steps
    } in all.
step-first = Step { $shown } of { $count }: { $mark } lands in { $square }, the chooser's square.
step-forced = Step { $shown } of { $count }: { $by } landed in { $from }, so { $mark } leaves { $from } for its other square, { $square }.
steps-done = Every mark tied to the cycle is classical now.
steps-play = Play
steps-pause = Pause

## Offline use (web/offline.js, web/offline.html)

update-ready = A new version of the playground is ready.
update-reload = Reload
offline-title = Quantum tic-tac-toe: no network
offline-heading = This page needs the network
offline-text = The tables pages (play online, a class) talk to the tables server, and the network to it is not there. The playground itself works without a network in this browser, for two players and against the computer.
offline-playground = Open the playground

## The app's name and the page opened from a file (web/manifest.webmanifest, web/index.html: written in by web/localize.mjs)

# The manifest's name is page-title.
app-short-name = Quantum TTT
app-description = Quantum tic-tac-toe for two players at one screen or against the computer; works offline once opened.
file-protocol = This page cannot run from a file on disk: browsers load its engine only from a web server. In a terminal, in the folder that holds this page, run  python3 -m http.server 8000  and open http://localhost:8000/ in the browser (or put the folder on any web host).

## The Python drawing's caption (qttt-py: Game.svg)

caption-move = { $player } to move (mark { $mark })
caption-collapse = { $mark } closed a cycle: { $player } chooses where it lands, @{ $a } or @{ $b }
caption-win = Game over: { $winner } wins: { $lines }
caption-draw = Game over: draw
# A completed line: its player, its squares (1-2-3) and its newest mark.
caption-line = { $player } { $squares } (highest { $highest })
# The classical ensemble drawn (qttt.svg.ensemble): how many boards.
caption-ensemble =
    { $count ->
        [one] { $count } classical board still possible
       *[other] { $count } classical boards still possible
    }

## The review chart (qttt-py: Review.svg)

review-chart-title = X's value under perfect play ({ $scoring }); mistakes in red
review-chart-axis = after ply

## The comments of a review's annotated game file (qttt-py: review(..., lang=)) and a puzzle's caption (its Comment tag)

# A value as a game file and the chart write it, X's points minus O's
# ($half: in half points, 2 to -2).
value-label =
    { $half ->
        [2] +1
        [1] +1/2
        [-1] -1/2
        [-2] -1
       *[0] 0
    }
review-comment-start = Value at the start: { $value }
review-comment-mistake =
    { $verdict ->
        [win_given_away] { $player } gives away the win; best: { $best }
        [draw_given_away] { $player } gives away the draw; best: { $best }
       *[half_point_lost] { $player } loses half a point; best: { $best }
    }
puzzle-caption = { $player } to play and win in { $depth }

## The tables server's pages: play online (web/online.html, web/online.js)

online-title = Quantum tic-tac-toe: play online
online-heading = Quantum tic-tac-toe: play online
online-intro = Two people on two devices play one game; anyone with the link watches. <a data-l10n-name="playground">The playground</a> · <a data-l10n-name="class">A class</a>
online-connecting = Connecting…
online-join-legend = Join a table
online-join-code = The table's code
online-join-button = Join
online-join-bad-code = A table's code has six letters and digits, such as K7QF2M.
# The player's name (sent with every join, shown to the others; $name below is it).
online-name-label = Your name
online-name-hint = Shown to the other player and on the class page; kept in this browser.
online-name-bad = A name has 1 to 24 characters, without line breaks or text-direction characters.
online-new-table = A new table
online-seat-kind-person = a person
online-seat-kind-random = the computer: random
online-seat-kind-mcts = the computer: MCTS
online-seat-kind-perfect = the computer: perfect
online-clock-label = Clock
online-clock-none = none
online-clock-move30 = 30 seconds a move
online-clock-fischer5 = 5 minutes + 3 seconds a move
online-class-code = Class code (optional)
online-create = Create the table
online-create-prompt = Create a table, then share its link.
online-table = Table { $code }
online-board = Board of table { $code }
online-copy = Copy the link
online-show-qr = QR code
online-qr =
    .alt = QR code of the table's link
online-resign = Resign
online-rematch = Rematch
online-rematch-offered = Rematch offered…
online-rematch-accept = Accept the rematch
online-take-seat = Take the free seat: play { $side }
online-review = Review this game in the playground
online-record = Record: { $record }
online-clocks = Clock: X { $x } · O { $o }
online-no-table = No table has the code { $code }.
online-reconnecting = Connection lost; reconnecting…
online-not-legal = { $move } is not a legal move.
online-watching-move = You are watching. { $player } to move.
online-watching-collapse = You are watching. { $player } to choose a collapse.
online-your-move = You play { $you }. Your move.
online-your-move-second = You play { $you }. Your move: square { $square } and …
online-your-collapse = You play { $you }. Choose where the newest mark lands: { $options }.
online-waiting = You play { $you }. Waiting for { $player }.
online-paused = The teacher has paused the game. The clocks are stopped.
# $result: one of the three messages below.
online-game-over = Game { $game }: { $result }
online-result =
    { $ending ->
        [line] { $winner } wins with a line.
        [resign] { $winner } wins by resignation.
       *[time] { $winner } wins on time.
    }
online-result-both-lines = { $winner } wins: both players made a line, and { $winner }'s { $line } came first (its newest mark is { $winner }{ $newest }, older than { $loser }{ $otherNewest } in { $loser }'s { $other }).
online-result-draw = A draw.
# The seats: who holds each, then (after a dash) whether they are there.
online-seat-you = { $side }: you
online-seat-person = { $side }: a person
online-seat-you-named = { $side }: you ({ $name })
online-seat-named = { $side }: { $name }
online-seat-computer = { $side }: the computer ({ $kind })
online-seat-free = seat free: share the link
online-seat-connected = connected
online-seat-grace = disconnected, seat kept { $time }
online-seat-away = disconnected; the game waits

## The tables server's pages: the class page (web/class.html, web/class.js)

class-title = Quantum tic-tac-toe: a class
class-heading = Quantum tic-tac-toe: a class
class-intro = Every game of the class, live. <a data-l10n-name="online">Play online</a> · <a data-l10n-name="playground">The playground</a>
class-open-text = Open a class: students create their tables with its code, and this page shows every board.
class-open-button = Open a class
class-code-label = Class code
class-students = Students open:
class-qr =
    .alt = QR code of the students' address
class-boards =
    .aria-label = The class's boards
class-board = Table { $code }
class-players = { $x } – { $o }
class-seat-computer = { $side } (computer: { $kind })
class-seat-named = { $name } ({ $side })
class-board-won =
    { $ending ->
        [line] { $winner } won with a line
        [resign] { $winner } won by resignation
       *[time] { $winner } won on time
    }
# Both players made a line in one collapse: the winner's was completed first.
class-board-both-lines = { $winner } won: both made a line, { $winner }'s first
class-board-draw = A draw
class-board-waiting = Waiting for a player
class-board-playing = { $player } to act, move { $move }
class-tables =
    { $count ->
        [one] { $count } table
       *[other] { $count } tables
    }
class-no-tables = No tables yet.
class-unknown = No class has the code { $code }.
class-server-gone = The server does not answer (since { $since }): these boards may be old. Trying again every { $seconds } s.
class-localhost = This page is open as { $host }: students cannot reach that address. Open it with the address the server printed at start (such as http://192.168.1.20:8023).

## The class page's tournament and a student's part of it (web/events.js, web/class.html, web/online.html)

event-open-summary = Open a tournament
event-kind-label = Kind
event-kind-swiss = Swiss
event-kind-round-robin = Round robin (every pair)
event-rounds-label = Rounds (Swiss)
event-clock-fischer3 = 3 minutes + 2 seconds a move
event-scoring-label = Scoring
event-scoring-standard = a win 1, a draw ½, a loss 0
event-open-button = Open the tournament
event-teacher-label = You run this tournament (from this browser):
event-start-round = Start round { $round }
event-end-round = End round { $round }
event-end = End the tournament
event-confirm-end-round = End round { $round } now? Its games that are not over count as draws.
event-confirm-end = End the tournament? No round can be played after it.
event-confirm-remove = Take { $name } out of the tournament? They are not paired again; their results stay.
event-remove = Take { $name } out
event-code-label = Tournament
# $kind: swiss or round_robin; $rounds: a Swiss's number of rounds.
event-kind =
    { $kind ->
        [swiss] Swiss tournament, { $rounds ->
            [one] { $rounds } round
           *[other] { $rounds } rounds
        }
       *[round_robin] Round robin
    }
event-round-of = Round { $round } of { $rounds }
event-state-waiting =
    { $count ->
        [one] { $count } player has joined. The first round has not started.
       *[other] { $count } players have joined. The first round has not started.
    }
# $of: event-round-of.
event-state-round =
    { $count ->
        [0] { $of }: every game is over
        [one] { $of }: { $count } game going on
       *[other] { $of }: { $count } games going on
    }
event-state-between = { $of } is over.
event-state-ended = The tournament has ended.
event-again = Open another tournament
# The projector's views: the standings, the round's pairings, the round's boards.
event-views =
    .aria-label = Show
event-view-standings = Standings
event-view-pairings = Pairings
event-view-boards = Boards
# The standings' columns: rank, name, points, Buchholz, Sonneborn-Berger, games, accuracy, rating.
event-col-rank = #
event-col-name = Name
event-col-points = Points
event-col-buchholz = Buchholz
event-col-sb = S-B
event-col-sb-title = Sonneborn-Berger
event-col-games = Games
event-col-accuracy = Accuracy
event-col-accuracy-title = The mean value lost per action, by the solver (0: perfect play)
event-col-rating = Rating
# A Glicko-2 rating and its deviation.
event-withdrawn = (out)
event-no-players = No one has joined yet.
event-round = Round { $round }
event-board = { $board }.
event-pairing = { $x } – { $o }
# A game's result, X's first: x (X won), o (O won), draw, unfinished (the round ended first: a draw), playing.
event-result =
    { $result ->
        [x] 1–0
        [o] 0–1
        [draw] ½–½
        [unfinished] ½–½ (not finished)
       *[playing] playing
    }
event-review = review
event-watch = watch
event-bye = Bye: { $name } (1 point)
event-exports = Export:
event-export-games = the games (game file)
event-export-csv = standings (CSV)
event-export-a4 = standings to print, A4
event-export-letter = Letter
# A refusal of the server, by its code; $message: the server's own words (English).
event-refused =
    { $code ->
        [round_in_progress] Some games of the round are not over: end the round first.
        [too_few_players] A round needs at least two players.
        [no_more_rounds] Every round has been played.
        [event_ended] The tournament has ended.
        [name_taken] Someone in the tournament has this name already: choose another.
        [bad_name] This name cannot be used: 1 to 24 characters.
        [event_started] This round robin has started: no one can join it now.
        [event_full] The tournament is full.
        [rate_limited] Too many new tournaments from this machine: wait a minute.
       *[other] The server refused: { $message }
    }
event-box-heading = The class's tournament
event-invite = Join it with your name (above).
event-join-button = Join the tournament
event-need-name = Type your name above first.
event-you-are = You play in it as { $name }.
event-you-play = Round { $round }, board { $board }: you play { $side } against { $opponent }.
event-you-played = Round { $round }, board { $board }, { $side } against { $opponent }: { $result }. Wait for the next round.
event-you-bye = Round { $round }: you have the bye (1 point). Wait for the next round.
event-you-wait = Wait for the teacher to start the next round.
event-you-removed = The teacher has taken you out of the tournament.
event-your-rank = Rank { $rank } of { $count } · points: { $points }
event-go = Go to your table
event-back = Your tournament: the next round

## The agents' prompt: the match's scoring (qttt-py: qttt.agents.scoring_text)

agents-scoring-single = This match is scored by the single result of 'End of the game': a win scores 1 point, a draw 1/2, a loss 0.
agents-scoring-goff = This match uses Goff's published scoring: a single winner scores 1 point and the loser 0; when one collapse completes lines for both players, the earlier line scores 1 point and the other 1/2; a draw scores 1/2 each.
agents-scoring-complete = This match counts only a complete win: lines for one player only score 1 point (the loser 0); lines for both players at once, like a full board without a line, are a draw (1/2 each).
