# Deutsch: der Spielplatz (web/) und die Bildunterschriften der
# Python-Zeichnung (qttt-py). Die Wörter des Spiels wie im deutschen
# Regeltext (docs/seeds/): Feld, Zeichen, spukhaftes Zeichen, klassisches
# Zeichen, Zug, Zyklus, Kollaps, sich festsetzen, Reihe, unentschieden,
# Brett; die Anrede „Sie“.

## Der feste Text der Seite (web/index.html)

page-title = Quanten-Tic-Tac-Toe: der qttt-Spielplatz
page-heading = Quanten-Tic-Tac-Toe
page-intro = Jeder Zug setzt ein Zeichen in <em>zwei</em> Felder zugleich. Schließen die Zeichen einen Zyklus, kollabiert er, und sie werden gewöhnliche Zeichen. Nur gewöhnliche (klassische) Zeichen bilden Reihen.
tour-start = Rundgang starten
rules-link = Die Regeln
lesson-link = Eine Unterrichtsstunde (45 Minuten)
language-label = Sprache
status-loading = Die Engine wird geladen…
section-game =
    .aria-label = Partie
board-name =
    .aria-label = Brett
section-choices =
    .aria-label = Wahl beim Kollaps
choices-intro = Wo setzt sich das neueste Zeichen fest? Jede Wahl und wozu sie führt (die Felder, in denen sie sich unterscheiden, sind umrandet):
players-legend = Spieler
mode-humans = Zwei Spieler an einem Bildschirm
mode-computer = Gegen den Computer
computer-options =
    .aria-label = Der Computer
computer-kind-label = Computer
computer-side-label = spielt
new-game = Neue Partie
undo = Rückgängig
share = Link kopieren
review-game = Diese Partie analysieren
puzzles-open = Rätsel
hints-toggle = Tipps: der Wert jeder erlaubten Aktion bei perfektem Spiel
entanglement-toggle = Verschränkungslinien: Eine Linie verbindet die beiden Felder jedes spukhaften Zeichens
steps-heading = Der Kollaps, Schritt für Schritt
steps-buttons =
    .aria-label = Durch den Kollaps gehen (oder mit den Pfeiltasten, Pos1, Ende)
hint-list =
    .aria-label = Tipps
moves-heading = Züge
move-list =
    .aria-label = Züge
game-link = Link zu dieser Partie:
back = Zurück
next = Weiter
close = Schließen
review-heading = Analyse
review-buttons =
    .aria-label = Durch die Partie gehen (oder mit den Pfeiltasten, Pos1, Ende)
review-first = Anfang
review-previous = Zurück
review-last = Ende
review-steps =
    .aria-label = Die Aktionen (Fehler markiert)
puzzle-heading = Rätsel
puzzle-hint = Tipp
puzzle-solution = Lösung zeigen
puzzle-restart = Neu beginnen
puzzle-previous = Voriges Rätsel
puzzle-next = Nächstes Rätsel
puzzle-link = Link zu diesem Rätsel:
footer-engine = Die qttt-Engine (Rust, nach WebAssembly kompiliert) läuft in dieser Seite; nichts wird irgendwohin gesendet. Notation: <code>15</code> ein spukhafter Zug in die Felder 1 und 5, <code>5</code> ein klassischer Zug, <code>@5</code> die Wahl beim Kollaps „das neueste Zeichen setzt sich in 5 fest“.
footer-server = Bereitgestellt von <code>qttt-server</code>: <a data-l10n-name="online">online spielen</a> auf zwei Geräten, oder <a data-l10n-name="class">eine Klasse</a> leiten.

## Die Statuszeile und die Meldungen (web/strings.js)

opponent =
    { $kind ->
        [random] zufällig
        [mcts] MCTS
       *[perfect] perfekt
    }
draw = Unentschieden: Niemand hat eine Reihe.
line = { $squares } ({ $marks })
wins = { $winner } gewinnt mit der Reihe { $line }, { $cause }.
wins-first = { $winner } gewinnt. Beide Spieler haben eine Reihe, { $cause }; die Reihe { $line } von { $winner } war zuerst fertig, denn ihr neuestes Zeichen, { $newest }, ist älter als { $otherNewest } in der Reihe { $other } von { $loser }.
by-collapse = entstanden durch den Kollaps { $token } ({ $mark } setzte sich in { $square } fest)
by-last-mark = entstanden durch das letzte Zeichen, { $mark } in { $square }
thinking = { $player } (Computer, { $kind }) denkt nach…
cycle-marks =
    { $drawn ->
        [yes] Der Zyklus: { $marks } (ihre Linien dick gezeichnet).
       *[no] Der Zyklus: { $marks }.
    }
step-through = Schritt für Schritt
step-through-label = Den Kollaps Schritt für Schritt ansehen: { $mark } in { $square }
cycle = Ein Zyklus! { $chooser } wählt, wo sich { $mark } festsetzt: Feld { $options }.
second-square = { $player } ist am Zug: Wählen Sie das zweite Feld.
last-square = { $player } ist am Zug: Das letzte freie Feld erhält ein klassisches Zeichen.
spooky-move = { $player } ist am Zug: Klicken Sie zwei Felder für einen spukhaften Zug an.
classical-square = Feld { $square } trägt ein klassisches Zeichen: Wählen Sie ein anderes.
first-square-chosen = Feld { $square } gewählt: jetzt das zweite Feld des spukhaften Zugs.
computer-failed = Der Computer konnte nicht ziehen: { $message }
nothing-to-undo = Es gibt nichts rückgängig zu machen.
bad-link = Die Partie im Link lässt sich nicht spielen ({ $message }); stattdessen eine neue Partie.
link-copied = Link kopiert.
copy-this-link = Kopieren Sie diesen Link: { $href }
solving = Wird gelöst…
hint-wins = { $player } gewinnt; die Partie endet mit Zug { $endMove }
hint-loses = { $player } verliert; die Partie endet mit Zug { $endMove }
hint-draw = unentschieden
choose = { $mark } setzt sich in { $square } fest
landings = Dann: { $landings }.
landing = { $mark } in { $square }
after = Das Brett, wenn sich { $mark } in { $square } festsetzt
move-line = { $player }{ $number }: { $token }
choose-line = { $player }: { $token } ({ $mark } setzt sich in { $square } fest)
board-label =
    { $player ->
        [none] Brett. Die Partie ist vorbei.
       *[other] Brett. { $player } ist am Zug.
    }
board-default = Brett
tour-title = { $step }/{ $steps }: { $title }
tour-board = Die Stellung { $record }
square-classical = Feld { $square }: { $mark }, klassisch
square-spooky = Feld { $square }: spukhaft { $marks }
square-empty = Feld { $square }: leer
square-option = ; das neueste Zeichen kann sich hier festsetzen (@{ $square })
square-selected = ; gewählt

engine-error =
    { $reason ->
        [invalid_action_id] Aktionsnummern gehen von 0 bis 53
        [malformed_token] Keine Aktion: zwei verschiedene Felder (15), ein Feld (7) oder @ und ein Feld (@5)
        [same_square_twice] Ein spukhaftes Zeichen braucht zwei verschiedene Felder
        [game_over] Die Partie ist vorbei
        [collapse_pending] Eine Wahl beim Kollaps steht aus
        [no_collapse_pending] Es steht kein Kollaps aus
        [square_classical] Das Feld trägt schon ein klassisches Zeichen
        [classical_move_not_allowed] Ein klassischer Zug ist nur erlaubt, wenn genau ein Feld frei ist
        [spooky_move_on_last_square] Nur ein Feld ist frei, also muss der Zug dort der klassische Zug sein
        [not_collapse_option] Das Feld ist keines der beiden Felder des neuesten Zeichens
        [wrong_action_kind] Eine Wahl beim Kollaps, wo ein Zug erwartet wird, oder ein Zug, wo eine Wahl erwartet wird
       *[other] { $message }
    }

## Die Analyse (web/review.js)

reviewing = Analyse: Jede Stellung wird mit perfektem Spiel gelöst…
review-failed = Die Analyse ist fehlgeschlagen: { $message }
review-title = Analyse: Schritt { $step } von { $steps }
review-board =
    { $record ->
        [none] Das Brett nach Schritt { $step }: das leere Brett
       *[other] Das Brett nach Schritt { $step }: { $record }
    }
spooky-action = { $mark } in { $a } und { $b }
classical-action = { $mark } in { $square }, klassisch
collapse-action = { $player } lässt { $mark } sich in { $square } festsetzen
value =
    { $points ->
        [1] X gewinnt
        [0.5] X einen halben Punkt vorn
        [-0.5] O einen halben Punkt vorn
        [-1] O gewinnt
       *[0] unentschieden
    }
review-start = Der Anfang. Mit perfektem Spiel von hier aus: { $value }.
review-step = { $token } ({ $action }): vorher { $before }, nachher { $after }: { $verdict }.
kept-win = hielt den Sieg
kept-draw = hielt das Unentschieden
kept-loss = keine Aktion hätte die Partie gerettet
kept-half = hielt den Wert
win-given-away = gab den Sieg aus der Hand (jetzt { $after })
draw-given-away = gab das Unentschieden aus der Hand (jetzt eine Niederlage)
half-point-lost = verlor einen halben Punkt
glyph =
    { $glyph ->
        [blunder] Ein grober Fehler (??).
        [mistake] Ein Fehler (?).
       *[dubious] Eine zweifelhafte Aktion (?!).
    }
best =
    { $count ->
        [1] Am besten: { $tokens } (die einzige).
       *[other] Am besten: { $tokens }.
    }
best-line = Beste Fortsetzung: { $tokens }.
line-after =
    { $tokens ->
        [none] Danach, bei perfektem Spiel: Die Partie ist vorbei.
       *[other] Danach, bei perfektem Spiel: { $tokens }.
    }
review-end =
    { $mistakes ->
        [one] Das Ende: { $value }. { $mistakes } Aktion verlor an Wert.
       *[other] Das Ende: { $value }. { $mistakes } Aktionen verloren an Wert.
    }
choice-label = { $player }: { $token }
review-item = { $token }{ $glyph }

## Die Rätsel (web/puzzles.js)

puzzle-title = Rätsel { $number } von { $count }
puzzle-grade = Tiefe { $depth }: Sieg in { $depth }
puzzle-themes = Thema: { $themes }
theme =
    { $name ->
        [collapse-choice] die Wahl beim Kollaps
        [earlier-line] die frühere Reihe
        [forced-ninth-mark] das erzwungene neunte Zeichen
        [avoiding-cycle] einen Zyklus vermeiden
        [forcing-cycle] einen Zyklus erzwingen
       *[other] { $name }
    }
puzzle-task = { $player } ist am Zug und gewinnt in { $depth }.
puzzle-board =
    { $player ->
        [none] Rätselbrett. Gelöst.
       *[other] Rätselbrett. { $player } ist am Zug.
    }
puzzle-right = { $token }: richtig.
puzzle-answered = { $token }: richtig. Die Antwort: { $answers }. Sie sind wieder am Zug.
token-words = { $token } ({ $words })
puzzle-solved = Gelöst: { $steps }.
puzzle-wrong = { $token } gewinnt nicht: Versuchen Sie es noch einmal.
puzzle-checking = Nicht die Fortsetzung der Lösung: Der Löser prüft, ob sie ebenso schnell gewinnt…
puzzle-slower = { $token } gewinnt nicht so schnell wie die Lösung: Versuchen Sie es noch einmal.
puzzle-solved-other = Gelöst, mit einer anderen Fortsetzung, die ebenso schnell gewinnt wie die der Lösung.
puzzle-failed = Der Löser konnte nicht antworten: { $message }
hint-theme = Tipp: Denken Sie an { $themes }.
hint-square = Tipp: Die gewinnende Aktion nutzt Feld { $square } (umrandet).
solution = Die Lösung: { $steps }.
progress = Bisher gelöst: { $solved } von { $count } (in diesem Browser gespeichert).
solved-before = Dieses Rätsel haben Sie schon einmal gelöst.

## Das gedruckte Rätselblatt (qttt.puzzles.sheet) und die Fußzeile jedes Ausdrucks

sheet-title = Quanten-Tic-Tac-Toe: Rätsel
sheet-task = Genau eine Aktion gewinnt (der Löser der Engine beweist es). Finden Sie sie.
sheet-answers = { $title } – die Lösungen
sheet-key = Die gewinnende Aktion fett, dann die Partie bei bestem Spiel (der Verlierer hält am längsten durch) und was das Rätsel lehrt.
sheet-footer = qttt: Regeln und Zeichnungen der Engine. Quanten-Tic-Tac-Toe, das Spiel von Allan Goff.

## Der Rundgang (web/tour.js)

tour-superposition-title = Superposition
tour-superposition = Der erste Zug von X ist spukhaft: ein Zeichen, X1, in zwei Feldern zugleich ({ $marks } in 1 und in 5). Es ist noch in keinem von beiden: wie ein Teilchen in einer Superposition zweier Orte.
tour-entanglement-title = Verschränkung
tour-entanglement = Das Zeichen O2 von O kommt in 5 und 6. Feld 5 enthält jetzt zwei spukhafte Zeichen: X1 und O2 sind verschränkt, denn wo sich das eine festsetzt, schränkt das andere ein.
tour-cycle-title = Ein Zyklus
tour-cycle = X3 in 1 und 6 schließt einen Kreis: 1–5 (X1), 5–6 (O2), 6–1 (X3). Drei Zeichen für drei Felder: Etwas muss nachgeben. Der Spieler, der den Zyklus nicht geschlossen hat, { $chooser }, entscheidet, wo sich das neueste Zeichen, X3, festsetzt: in { $options }.
tour-collapse-title = Kollaps (Messung)
tour-collapse = O wählt @1: X3 setzt sich in 1 fest. Dann kann X1 nur noch in 5 sein und O2 nur in 6. Der ganze Zyklus kollabiert auf einmal zu klassischen Zeichen: { $landings }. Nur diese zählen für Reihen.
tour-lines-title = Reihen für beide Spieler
tour-lines = Ein Kollaps kann Reihen für beide vervollständigen: X hat { $xLine } (ihr neuestes Zeichen { $xNewest }), O hat { $oLine } (neuestes { $oNewest }). Die zuerst fertige Reihe, die mit der niedrigeren höchsten Zugnummer, gewinnt: { $winner } gewinnt.

## Das klassische Ensemble (web/ensemble.js)

ensemble-title = Jedes Brett, zu dem die Partie noch werden kann
ensemble-count =
    { $count ->
        [1] Jedes Zeichen ist klassisch: 1 Brett, das obige.
       *[other] Diese { $count } klassischen Bretter sind noch möglich.
    }
ensemble-not-drawn = (Die Bretter werden gezeichnet, wenn es höchstens { $most } sind.)
ensemble-collapsed = Der Kollaps ließ { $after } der { $before } Bretter übrig.
ensemble-ruled-out = Das neue Zeichen schloss { $gone } der { $before } Bretter aus, die die früheren Zeichen ergeben konnten.
ensemble-mark = { $mark } in { $square }
ensemble-board =
    { $marks ->
        [none] Brett { $index }: leer
       *[other] Brett { $index }: { $marks }
    }

## Die Präsentationsansicht (web/index.html, web/style.css)

present-toggle = Präsentationsansicht: Das Brett und sein Ensemble füllen den Bildschirm, für einen Beamer

## Der Kollaps Schritt für Schritt (web/steps.js; collapse_steps in Python)

steps-title = Der Kollaps, Schritt für Schritt: { $mark } setzte sich in { $square } fest
steps-preview-title = Wenn sich { $mark } in { $square } festsetzt: der Kollaps, Schritt für Schritt
steps-board = Der Kollaps nach Schritt { $shown } von { $count }
steps-start =
    Vor dem Kollaps: der Zyklus { $cycle }. { $mark } setzt sich zuerst in { $square } fest; { $count ->
        [one] { $count } Schritt
       *[other] { $count } Schritte
    } insgesamt.
step-first = Schritt { $shown } von { $count }: { $mark } setzt sich in { $square } fest, dem Feld des Wählenden.
step-forced = Schritt { $shown } von { $count }: { $by } setzte sich in { $from } fest, also weicht { $mark } aus { $from } in sein anderes Feld aus, { $square }.
steps-done = Jedes mit dem Zyklus verbundene Zeichen ist jetzt klassisch.
steps-play = Abspielen
steps-pause = Pause

## Ohne Netz (web/offline.js, web/offline.html)

update-ready = Eine neue Version des Spielplatzes ist bereit.
update-reload = Neu laden
offline-title = Quanten-Tic-Tac-Toe: kein Netz
offline-heading = Diese Seite braucht das Netz
offline-text = Die Tischseiten (online spielen, eine Klasse) sprechen mit dem Tischserver, und das Netz dorthin fehlt. Der Spielplatz selbst funktioniert in diesem Browser ohne Netz, für zwei Spieler und gegen den Computer.
offline-playground = Den Spielplatz öffnen

## Der Name der App und die aus einer Datei geöffnete Seite (web/manifest.webmanifest, web/index.html: von web/localize.mjs eingesetzt)

app-short-name = Quanten-TTT
app-description = Quanten-Tic-Tac-Toe für zwei Personen an einem Bildschirm oder gegen den Computer; funktioniert nach dem ersten Öffnen ohne Netz.
file-protocol = Diese Seite läuft nicht aus einer Datei auf der Festplatte: Browser laden ihre Engine nur von einem Webserver. Führen Sie in einem Terminal im Ordner dieser Seite  python3 -m http.server 8000  aus und öffnen Sie http://localhost:8000/ im Browser (oder legen Sie den Ordner auf einen beliebigen Webhost).

## Die Bildunterschrift der Python-Zeichnung (qttt-py: Game.svg)

caption-move = { $player } ist am Zug (Zeichen { $mark })
caption-collapse = { $mark } schloss einen Zyklus: { $player } wählt, wo es sich festsetzt, @{ $a } oder @{ $b }
caption-win = Partie vorbei: { $winner } gewinnt: { $lines }
caption-draw = Partie vorbei: unentschieden
caption-line = { $player } { $squares } (höchstes { $highest })
caption-ensemble =
    { $count ->
        [one] { $count } klassisches Brett noch möglich
       *[other] { $count } klassische Bretter noch möglich
    }

## Die Grafik der Analyse (qttt-py: Review.svg)

review-chart-title = Der Wert für X bei perfektem Spiel ({ $scoring }); Fehler in Rot
review-chart-axis = nach Schritt

## Die Kommentare der annotierten Partie einer Analyse (qttt-py: review(..., lang=)) und die Unterschrift eines Rätsels

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
review-comment-start = Wert zu Beginn: { $value }
review-comment-mistake =
    { $verdict ->
        [win_given_away] { $player } gibt den Sieg aus der Hand; am besten: { $best }
        [draw_given_away] { $player } gibt das Unentschieden aus der Hand; am besten: { $best }
       *[half_point_lost] { $player } verliert einen halben Punkt; am besten: { $best }
    }
puzzle-caption = { $player } ist am Zug und gewinnt in { $depth }

## Die Seiten des Tischservers: online spielen (web/online.html, web/online.js)
# Neu übersetzt: noch von einer Person mit Deutsch als Muttersprache durchzusehen.

online-title = Quanten-Tic-Tac-Toe: online spielen
online-heading = Quanten-Tic-Tac-Toe: online spielen
online-intro = Zwei Personen auf zwei Geräten spielen eine Partie; wer den Link hat, sieht zu. <a data-l10n-name="playground">Der Spielplatz</a> · <a data-l10n-name="class">Eine Klasse</a>
online-connecting = Verbindung wird aufgebaut…
online-join-legend = An einen Tisch setzen
online-join-code = Der Code des Tisches
online-join-button = Zum Tisch
online-join-bad-code = Der Code eines Tisches hat sechs Buchstaben und Ziffern, etwa K7QF2M.
# Der Name des Spielers (mit jedem Beitritt gesendet, den anderen gezeigt; $name unten ist er).
online-name-label = Ihr Name
online-name-hint = Wird dem anderen Spieler und auf der Klassenseite angezeigt; in diesem Browser gespeichert.
online-name-bad = Ein Name hat 1 bis 24 Zeichen, ohne Zeilenumbrüche und ohne Zeichen für die Schreibrichtung.
online-new-table = Ein neuer Tisch
online-seat-kind-person = eine Person
online-seat-kind-random = der Computer: zufällig
online-seat-kind-mcts = der Computer: MCTS
online-seat-kind-perfect = der Computer: perfekt
online-clock-label = Uhr
online-clock-none = keine
online-clock-move30 = 30 Sekunden pro Zug
online-clock-fischer5 = 5 Minuten + 3 Sekunden pro Zug
online-class-code = Klassencode (freiwillig)
online-create = Tisch anlegen
online-create-prompt = Legen Sie einen Tisch an und teilen Sie dann seinen Link.
online-table = Tisch { $code }
online-board = Brett von Tisch { $code }
online-copy = Link kopieren
online-show-qr = QR-Code
online-qr =
    .alt = QR-Code des Links zum Tisch
online-resign = Aufgeben
online-rematch = Revanche
online-rematch-offered = Revanche angeboten…
online-rematch-accept = Revanche annehmen
online-take-seat = Den freien Platz nehmen: { $side } spielen
online-review = Diese Partie im Spielplatz analysieren
online-record = Partie: { $record }
online-clocks = Uhr: X { $x } · O { $o }
online-no-table = Kein Tisch hat den Code { $code }.
online-reconnecting = Verbindung verloren; neuer Versuch…
online-not-legal = { $move } ist kein erlaubter Zug.
online-watching-move = Sie sehen zu. { $player } ist am Zug.
online-watching-collapse = Sie sehen zu. { $player } wählt den Kollaps.
online-your-move = Sie spielen { $you }. Sie sind am Zug.
online-your-move-second = Sie spielen { $you }. Sie sind am Zug: Feld { $square } und …
online-your-collapse = Sie spielen { $you }. Wählen Sie, wo sich das neueste Zeichen festsetzt: { $options }.
online-waiting = Sie spielen { $you }. Warten auf { $player }.
online-paused = Die Lehrkraft hat die Partie angehalten. Die Uhren stehen.
# $result: eine der drei Meldungen darunter.
online-game-over = Partie { $game }: { $result }
online-result =
    { $ending ->
        [line] { $winner } gewinnt mit einer Reihe.
        [resign] { $winner } gewinnt durch Aufgabe.
       *[time] { $winner } gewinnt nach Zeit.
    }
online-result-both-lines = { $winner } gewinnt: Beide Spieler haben eine Reihe, und die Reihe { $line } von { $winner } war zuerst fertig (ihr neuestes Zeichen { $winner }{ $newest } ist älter als { $loser }{ $otherNewest } in der Reihe { $other } von { $loser }).
online-result-draw = Unentschieden.
# Die Plätze: wer sie hat, dann (nach einem Strich) ob er da ist.
online-seat-you = { $side }: Sie
online-seat-person = { $side }: eine Person
online-seat-you-named = { $side }: Sie ({ $name })
online-seat-named = { $side }: { $name }
online-seat-computer = { $side }: der Computer ({ $kind })
online-seat-free = Platz frei: Link teilen
online-seat-connected = verbunden
online-seat-grace = getrennt, Platz frei gehalten { $time }
online-seat-away = getrennt; die Partie wartet

## Die Seiten des Tischservers: die Klassenseite (web/class.html, web/class.js)
# Neu übersetzt: noch von einer Person mit Deutsch als Muttersprache durchzusehen.

class-title = Quanten-Tic-Tac-Toe: eine Klasse
class-heading = Quanten-Tic-Tac-Toe: eine Klasse
class-intro = Jede Partie der Klasse, live. <a data-l10n-name="online">Online spielen</a> · <a data-l10n-name="playground">Der Spielplatz</a>
class-open-text = Eine Klasse eröffnen: Die Schülerinnen und Schüler legen ihre Tische mit deren Code an, und diese Seite zeigt jedes Brett.
class-open-button = Eine Klasse eröffnen
class-code-label = Klassencode
class-students = Schülerinnen und Schüler öffnen:
class-qr =
    .alt = QR-Code der Adresse für die Schülerinnen und Schüler
class-boards =
    .aria-label = Die Bretter der Klasse
class-board = Tisch { $code }
class-players = { $x } – { $o }
class-seat-computer = { $side } (Computer: { $kind })
class-seat-named = { $name } ({ $side })
class-board-won =
    { $ending ->
        [line] { $winner } gewann mit einer Reihe
        [resign] { $winner } gewann durch Aufgabe
       *[time] { $winner } gewann nach Zeit
    }
# Beide Spieler haben in einem Kollaps eine Reihe bekommen: die des Siegers war zuerst fertig.
class-board-both-lines = { $winner } gewann: beide haben eine Reihe, die von { $winner } war zuerst fertig
class-board-draw = Unentschieden
class-board-waiting = Wartet auf einen Spieler
class-board-playing = { $player } ist dran, Zug { $move }
class-tables =
    { $count ->
        [one] { $count } Tisch
       *[other] { $count } Tische
    }
class-no-tables = Noch keine Tische.
class-unknown = Keine Klasse hat den Code { $code }.
class-server-gone = Der Server antwortet nicht (seit { $since }): Diese Bretter sind vielleicht veraltet. Neuer Versuch alle { $seconds } s.
class-localhost = Diese Seite ist als { $host } geöffnet: Unter dieser Adresse erreichen die Schülerinnen und Schüler den Server nicht. Öffnen Sie sie mit der Adresse, die der Server beim Start ausgegeben hat (etwa http://192.168.1.20:8023).

## Das Turnier der Klassenseite und der Teil der Schülerinnen und Schüler (web/events.js, web/class.html, web/online.html)
# Neu übersetzt: noch von einer Person mit Deutsch als Muttersprache durchzusehen.

event-open-summary = Ein Turnier eröffnen
event-kind-label = Art
event-kind-swiss = Schweizer System
event-kind-round-robin = Rundenturnier (jeder gegen jeden)
event-rounds-label = Runden (Schweizer System)
event-clock-fischer3 = 3 Minuten + 2 Sekunden pro Zug
event-scoring-label = Wertung
event-scoring-standard = Sieg 1, Unentschieden ½, Niederlage 0
event-open-button = Turnier eröffnen
event-teacher-label = Sie leiten dieses Turnier (in diesem Browser):
event-start-round = Runde { $round } starten
event-end-round = Runde { $round } beenden
event-end = Turnier beenden
event-confirm-end-round = Runde { $round } jetzt beenden? Ihre noch nicht beendeten Partien zählen als Unentschieden.
event-confirm-end = Das Turnier beenden? Danach kann keine Runde mehr gespielt werden.
event-confirm-remove = { $name } aus dem Turnier nehmen? Die Person wird nicht mehr gepaart; ihre Ergebnisse bleiben.
event-remove = { $name } herausnehmen
event-code-label = Turnier
# $kind: swiss oder round_robin; $rounds: die Zahl der Runden im Schweizer System.
event-kind =
    { $kind ->
        [swiss] Schweizer System, { $rounds ->
            [one] { $rounds } Runde
           *[other] { $rounds } Runden
        }
       *[round_robin] Rundenturnier
    }
event-round-of = Runde { $round } von { $rounds }
event-state-waiting =
    { $count ->
        [one] { $count } Person ist dabei. Die erste Runde hat noch nicht begonnen.
       *[other] { $count } Personen sind dabei. Die erste Runde hat noch nicht begonnen.
    }
# $of: event-round-of.
event-state-round =
    { $count ->
        [0] { $of }: alle Partien sind beendet
        [one] { $of }: { $count } Partie läuft
       *[other] { $of }: { $count } Partien laufen
    }
event-state-between = { $of } ist vorbei.
event-state-ended = Das Turnier ist beendet.
event-again = Ein weiteres Turnier eröffnen
event-views =
    .aria-label = Anzeigen
event-view-standings = Tabelle
event-view-pairings = Paarungen
event-view-boards = Bretter
# Die Spalten der Tabelle: Platz, Name, Punkte, Buchholz, Sonneborn-Berger, Partien, Genauigkeit, Rating.
event-col-rank = Pl.
event-col-name = Name
event-col-points = Punkte
event-col-buchholz = Buchholz
event-col-sb = S-B
event-col-sb-title = Sonneborn-Berger
event-col-games = Partien
event-col-accuracy = Genauigkeit
event-col-accuracy-title = Der mittlere Wertverlust je Aktion, laut dem Löser (0: perfektes Spiel)
event-col-rating = Rating
# Ein Glicko-2-Rating und seine Abweichung.
event-withdrawn = (ausgeschieden)
event-no-players = Noch niemand ist dabei.
event-round = Runde { $round }
event-board = { $board }.
event-pairing = { $x } – { $o }
# Das Ergebnis einer Partie, das von X zuerst: x (X gewann), o (O gewann), draw, unfinished (die Runde endete vorher: unentschieden), playing.
event-result =
    { $result ->
        [x] 1–0
        [o] 0–1
        [draw] ½–½
        [unfinished] ½–½ (nicht fertig)
       *[playing] läuft
    }
event-review = Analyse
event-watch = zusehen
event-bye = Spielfrei: { $name } (1 Punkt)
event-exports = Export:
event-export-games = die Partien (Partiedatei)
event-export-csv = Tabelle (CSV)
event-export-a4 = Tabelle zum Drucken, A4
event-export-letter = Letter
# Eine Ablehnung des Servers, nach ihrem Code; $message: die eigenen Worte des Servers (Englisch).
event-refused =
    { $code ->
        [round_in_progress] Einige Partien der Runde sind noch nicht beendet: Beenden Sie zuerst die Runde.
        [too_few_players] Eine Runde braucht mindestens zwei Personen.
        [no_more_rounds] Alle Runden sind gespielt.
        [event_ended] Das Turnier ist beendet.
        [name_taken] Diesen Namen hat im Turnier schon jemand: Wählen Sie einen anderen.
        [bad_name] Dieser Name geht nicht: 1 bis 24 Zeichen.
        [event_started] Dieses Rundenturnier hat begonnen: Niemand kann jetzt noch dazukommen.
        [event_full] Das Turnier ist voll.
        [rate_limited] Zu viele neue Turniere von diesem Rechner: Warten Sie eine Minute.
       *[other] Der Server lehnt ab: { $message }
    }
event-box-heading = Das Turnier der Klasse
event-invite = Machen Sie mit Ihrem Namen (oben) mit.
event-join-button = Am Turnier teilnehmen
event-need-name = Geben Sie zuerst oben Ihren Namen ein.
event-you-are = Sie spielen mit als { $name }.
event-you-play = Runde { $round }, Brett { $board }: Sie spielen { $side } gegen { $opponent }.
event-you-played = Runde { $round }, Brett { $board }, { $side } gegen { $opponent }: { $result }. Warten Sie auf die nächste Runde.
event-you-bye = Runde { $round }: Sie sind spielfrei (1 Punkt). Warten Sie auf die nächste Runde.
event-you-wait = Warten Sie, bis die Lehrkraft die nächste Runde startet.
event-you-removed = Die Lehrkraft hat Sie aus dem Turnier genommen.
event-your-rank = Platz { $rank } von { $count } · Punkte: { $points }
event-go = Zu Ihrem Tisch
event-back = Ihr Turnier: die nächste Runde

## Die Aufforderung an die Agenten: die Wertung des Wettkampfs (qttt-py: qttt.agents.scoring_text)

agents-scoring-single = In diesem Wettkampf zählt das einfache Ergebnis der Partie: ein Sieg bringt 1 Punkt, ein Unentschieden 1/2, eine Niederlage 0.
agents-scoring-goff = In diesem Wettkampf gilt Goffs veröffentlichte Wertung: ein alleiniger Sieger bekommt 1 Punkt und der Verlierer 0; schließt ein Kollaps Reihen für beide Spieler, bringt die frühere Reihe 1 Punkt und die andere 1/2; bei einem Unentschieden bekommt jeder 1/2.
agents-scoring-complete = In diesem Wettkampf zählt nur ein vollständiger Sieg: Reihen nur eines Spielers bringen 1 Punkt (dem Verlierer 0); Reihen beider Spieler zugleich sind, wie ein volles Brett ohne Reihe, ein Unentschieden (je 1/2).
