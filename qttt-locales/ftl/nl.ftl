# Nederlands: de speeltuin (web/) en de bijschriften van de Python-tekening
# (qttt-py). De woorden van het spel zoals in de Nederlandse regeltekst
# (docs/seeds/): vak, teken, spookachtig teken, klassiek teken, zet, lus,
# instorting, neerkomen, lijn, remise, bord.

## De vaste tekst van de pagina (web/index.html)

page-title = Kwantum-boter-kaas-en-eieren: de qttt-speeltuin
page-heading = Kwantum-boter-kaas-en-eieren
page-intro = Elke zet plaatst één teken in <em>twee</em> vakken tegelijk. Als de tekens een lus sluiten, stort die in en worden ze gewone tekens. Alleen gewone (klassieke) tekens maken lijnen.
tour-start = Volg de rondleiding
rules-link = De regels
lesson-link = Een les van 45 minuten
language-label = Taal
status-loading = De engine wordt geladen…
section-game =
    .aria-label = Spel
board-name =
    .aria-label = Bord
section-choices =
    .aria-label = Keuzes bij de instorting
choices-intro = Waar komt het nieuwste teken neer? Elke keuze en waar die toe leidt (de vakken waar ze verschillen zijn omlijnd):
players-legend = Spelers
mode-humans = Twee spelers aan één scherm
mode-computer = Tegen de computer
computer-options =
    .aria-label = De computer
computer-kind-label = Computer
computer-side-label = speelt
new-game = Nieuw spel
undo = Ongedaan maken
share = Link kopiëren
review-game = Dit spel nabespreken
puzzles-open = Puzzels
hints-toggle = Hints: de waarde van elke geldige actie bij perfect spel
entanglement-toggle = Verstrengelingslijnen: een lijn verbindt de twee vakken van elk spookachtig teken
steps-heading = De instorting, stap voor stap
steps-buttons =
    .aria-label = Door de instorting stappen (of met de pijltjestoetsen, Home, End)
hint-list =
    .aria-label = Hints
moves-heading = Zetten
move-list =
    .aria-label = Zetten
game-link = Link naar dit spel:
back = Terug
next = Volgende
close = Sluiten
review-heading = Nabespreking
review-buttons =
    .aria-label = Door het spel stappen (of met de pijltjestoetsen, Home, End)
review-first = Eerste
review-previous = Vorige
review-last = Laatste
review-steps =
    .aria-label = De acties (fouten gemarkeerd)
puzzle-heading = Puzzel
puzzle-hint = Hint
puzzle-solution = Toon de oplossing
puzzle-restart = Opnieuw beginnen
puzzle-previous = Vorige puzzel
puzzle-next = Volgende puzzel
puzzle-link = Link naar deze puzzel:
footer-engine = De qttt-engine (Rust, gecompileerd naar WebAssembly) draait in deze pagina; er wordt niets verstuurd. Notatie: <code>15</code> een spookachtige zet in de vakken 1 en 5, <code>5</code> een klassieke zet, <code>@5</code> de keuze bij de instorting "het nieuwste teken komt neer in 5".
footer-server = Aangeboden door <code>qttt-server</code>: <a data-l10n-name="online">online spelen</a> op twee apparaten, of <a data-l10n-name="class">een klas</a> leiden.

## De statusregel en de meldingen (web/strings.js)

opponent =
    { $kind ->
        [random] willekeurig
        [mcts] MCTS
       *[perfect] perfect
    }
draw = Remise: niemand heeft een lijn.
line = { $squares } ({ $marks })
wins = { $winner } wint met de lijn { $line }, { $cause }.
wins-first = { $winner } wint. Beide spelers kregen een lijn, { $cause }; de lijn { $line } van { $winner } was eerder af: het nieuwste teken ervan, { $newest }, is ouder dan { $otherNewest } in de lijn { $other } van { $loser }.
by-collapse = gemaakt door de instorting { $token } ({ $mark } kwam neer in { $square })
by-last-mark = gemaakt door het laatste teken, { $mark } in { $square }
thinking = { $player } (computer, { $kind }) denkt na…
cycle-marks =
    { $drawn ->
        [yes] De lus: { $marks } (hun lijnen dik getekend).
       *[no] De lus: { $marks }.
    }
step-through = Stap voor stap
step-through-label = Stap door de instorting: { $mark } in { $square }
cycle = Een lus! { $chooser } kiest waar { $mark } neerkomt: vak { $options }.
second-square = { $player } is aan zet: kies het tweede vak.
last-square = { $player } is aan zet: het laatste vrije vak krijgt een klassiek teken.
spooky-move = { $player } is aan zet: klik op twee vakken voor een spookachtige zet.
classical-square = Vak { $square } heeft een klassiek teken: kies een ander vak.
first-square-chosen = Vak { $square } gekozen: nu het tweede vak van de spookachtige zet.
computer-failed = De computer kon geen zet doen: { $message }
nothing-to-undo = Er is niets ongedaan te maken.
bad-link = Het verslag in de link is niet te spelen ({ $message }); in plaats daarvan een nieuw spel.
link-copied = Link gekopieerd.
copy-this-link = Kopieer deze link: { $href }
solving = Bezig met oplossen…
hint-wins = { $player } wint; het spel eindigt bij zet { $endMove }
hint-loses = { $player } verliest; het spel eindigt bij zet { $endMove }
hint-draw = remise
choose = { $mark } komt neer in { $square }
landings = Dan: { $landings }.
landing = { $mark } in { $square }
after = Het bord als { $mark } neerkomt in { $square }
move-line = { $player }{ $number }: { $token }
choose-line = { $player }: { $token } ({ $mark } komt neer in { $square })
board-label =
    { $player ->
        [none] Bord. Het spel is afgelopen.
       *[other] Bord. { $player } is aan zet.
    }
board-default = Bord
tour-title = { $step }/{ $steps }: { $title }
tour-board = De stelling { $record }
square-classical = vak { $square }: { $mark }, klassiek
square-spooky = vak { $square }: spookachtig { $marks }
square-empty = vak { $square }: leeg
square-option = ; het nieuwste teken kan hier neerkomen (@{ $square })
square-selected = ; gekozen

engine-error =
    { $reason ->
        [invalid_action_id] Actienummers lopen van 0 tot 53
        [malformed_token] Geen actie: twee verschillende vakken (15), één vak (7) of @ en een vak (@5)
        [same_square_twice] Een spookachtig teken heeft twee verschillende vakken nodig
        [game_over] Het spel is afgelopen
        [collapse_pending] Er wacht een keuze bij een instorting
        [no_collapse_pending] Er wacht geen instorting
        [square_classical] Het vak heeft al een klassiek teken
        [classical_move_not_allowed] Een klassieke zet mag alleen als er precies één vak vrij is
        [spooky_move_on_last_square] Er is nog maar één vak vrij, dus de zet moet daar de klassieke zet zijn
        [not_collapse_option] Het vak is niet een van de twee vakken van het nieuwste teken
        [wrong_action_kind] Een keuze bij een instorting waar een zet verwacht wordt, of een zet waar een keuze verwacht wordt
       *[other] { $message }
    }

## De nabespreking (web/review.js)

reviewing = Nabespreking: elke stelling wordt opgelost met perfect spel…
review-failed = De nabespreking is mislukt: { $message }
review-title = Nabespreking: stap { $step } van { $steps }
review-board =
    { $record ->
        [none] Het bord na stap { $step }: het lege bord
       *[other] Het bord na stap { $step }: { $record }
    }
spooky-action = { $mark } in { $a } en { $b }
classical-action = { $mark } in { $square }, klassiek
collapse-action = { $player } laat { $mark } neerkomen in { $square }
value =
    { $points ->
        [1] X wint
        [0.5] X een half punt voor
        [-0.5] O een half punt voor
        [-1] O wint
       *[0] remise
    }
review-start = Het begin. Met perfect spel vanaf hier: { $value }.
review-step = { $token } ({ $action }): { $before } ervoor, { $after } erna: { $verdict }.
kept-win = hield de overwinning vast
kept-draw = hield de remise vast
kept-loss = geen enkele actie had het spel gered
kept-half = hield de waarde vast
win-given-away = gaf de overwinning weg (nu { $after })
draw-given-away = gaf de remise weg (nu een verlies)
half-point-lost = verloor een half punt
glyph =
    { $glyph ->
        [blunder] Een blunder (??).
        [mistake] Een fout (?).
       *[dubious] Een twijfelachtige actie (?!).
    }
best =
    { $count ->
        [1] Beste: { $tokens } (de enige).
       *[other] Beste: { $tokens }.
    }
best-line = Beste voortzetting: { $tokens }.
line-after =
    { $tokens ->
        [none] Daarna, bij perfect spel: het spel is afgelopen.
       *[other] Daarna, bij perfect spel: { $tokens }.
    }
review-end =
    { $mistakes ->
        [one] Het einde: { $value }. { $mistakes } actie kostte waarde.
       *[other] Het einde: { $value }. { $mistakes } acties kostten waarde.
    }
choice-label = { $player }: { $token }
review-item = { $token }{ $glyph }

## De puzzels (web/puzzles.js)

puzzle-title = Puzzel { $number } van { $count }
puzzle-grade = Diepte { $depth }: overwinning in { $depth }
puzzle-themes = Oefent: { $themes }
theme =
    { $name ->
        [collapse-choice] de keuze bij de instorting
        [earlier-line] de eerdere lijn
        [forced-ninth-mark] het gedwongen negende teken
        [avoiding-cycle] een lus vermijden
        [forcing-cycle] een lus afdwingen
       *[other] { $name }
    }
puzzle-task = { $player } is aan zet en wint in { $depth }.
puzzle-board =
    { $player ->
        [none] Puzzelbord. Opgelost.
       *[other] Puzzelbord. { $player } is aan zet.
    }
puzzle-right = { $token }: goed.
puzzle-answered = { $token }: goed. Het antwoord: { $answers }. Weer jouw beurt.
token-words = { $token } ({ $words })
puzzle-solved = Opgelost: { $steps }.
puzzle-wrong = { $token } wint niet: probeer het opnieuw.
puzzle-checking = Niet de voortzetting van de oplossing: de oplosser kijkt of die net zo snel wint…
puzzle-slower = { $token } wint niet zo snel als de oplossing: probeer het opnieuw.
puzzle-solved-other = Opgelost, met een andere voortzetting die net zo snel wint als die van de oplossing.
puzzle-failed = De oplosser kon geen antwoord geven: { $message }
hint-theme = Hint: denk aan { $themes }.
hint-square = Hint: de winnende actie gebruikt vak { $square } (omlijnd).
solution = De oplossing: { $steps }.
progress = Tot nu toe opgelost: { $solved } van { $count } (bewaard in deze browser).
solved-before = Deze puzzel heb je al eens opgelost.

## Het geprinte puzzelblad (qttt.puzzles.sheet) en de voettekst van elke afdruk

sheet-title = Kwantum-boter-kaas-en-eieren: puzzels
sheet-task = Precies één actie wint (de oplosser van de engine bewijst het). Vind die.
sheet-answers = { $title } – de antwoorden
sheet-key = De winnende actie vet, dan de partij met perfect spel (de verliezer houdt het zo lang mogelijk vol), en wat de puzzel leert.
sheet-footer = qttt: de regels en tekeningen van de engine. Kwantum-boter-kaas-en-eieren, het spel van Allan Goff.

## De rondleiding (web/tour.js)

tour-superposition-title = Superpositie
tour-superposition = De eerste zet van X is spookachtig: één teken, X1, in twee vakken tegelijk ({ $marks } in 1 en in 5). Het staat nog in geen van beide: zoals een deeltje in een superpositie van twee plaatsen.
tour-entanglement-title = Verstrengeling
tour-entanglement = Het teken O2 van O gaat in 5 en 6. Vak 5 bevat nu twee spookachtige tekens: X1 en O2 zijn verstrengeld, want waar het ene uiteindelijk terechtkomt, beperkt het andere.
tour-cycle-title = Een lus
tour-cycle = X3 in 1 en 6 sluit een lus: 1–5 (X1), 5–6 (O2), 6–1 (X3). Drie tekens voor drie vakken: er moet iets wijken. De speler die de lus niet sloot, { $chooser }, beslist waar het nieuwste teken, X3, neerkomt: in { $options }.
tour-collapse-title = Instorting (meting)
tour-collapse = O kiest @1: X3 komt neer in 1. Dan kan X1 alleen nog in 5 staan, en O2 alleen in 6. De hele lus stort in één keer in tot klassieke tekens: { $landings }. Alleen die tellen voor lijnen.
tour-lines-title = Lijnen voor beide spelers
tour-lines = Eén instorting kan lijnen voor beide spelers voltooien: X heeft { $xLine } (het nieuwste teken { $xNewest }), O heeft { $oLine } (nieuwste { $oNewest }). De lijn die eerder af was, met het laagste hoogste zetnummer, wint: { $winner } wint.

## Het klassieke ensemble (web/ensemble.js)

ensemble-title = Elk bord dat het spel nog kan worden
ensemble-count =
    { $count ->
        [1] Elk teken is klassiek: 1 bord, het bord hierboven.
       *[other] Deze { $count } klassieke borden zijn nog mogelijk.
    }
ensemble-not-drawn = (De borden worden getekend als het er hoogstens { $most } zijn.)
ensemble-collapsed = De instorting liet { $after } van de { $before } borden over.
ensemble-ruled-out = Het nieuwe teken sloot { $gone } van de { $before } borden uit die de eerdere tekens konden maken.
ensemble-mark = { $mark } in { $square }
ensemble-board =
    { $marks ->
        [none] Bord { $index }: leeg
       *[other] Bord { $index }: { $marks }
    }

## De presentatieweergave (web/index.html, web/style.css)

present-toggle = Presentatieweergave: het bord en zijn ensemble vullen het scherm, voor een beamer

## De instorting stap voor stap (web/steps.js; collapse_steps van Python)

steps-title = De instorting, stap voor stap: { $mark } kwam neer in { $square }
steps-preview-title = Als { $mark } neerkomt in { $square }: de instorting, stap voor stap
steps-board = De instorting na stap { $shown } van { $count }
steps-start =
    Voor de instorting: de lus { $cycle }. { $mark } komt eerst neer in { $square }; { $count ->
        [one] { $count } stap
       *[other] { $count } stappen
    } in totaal.
step-first = Stap { $shown } van { $count }: { $mark } komt neer in { $square }, het vak van de kiezer.
step-forced = Stap { $shown } van { $count }: { $by } kwam neer in { $from }, dus { $mark } verlaat { $from } voor zijn andere vak, { $square }.
steps-done = Elk teken dat met de lus verbonden is, is nu klassiek.
steps-play = Afspelen
steps-pause = Pauze

## Offline gebruik (web/offline.js, web/offline.html)

update-ready = Er is een nieuwe versie van de speeltuin klaar.
update-reload = Opnieuw laden
offline-title = Kwantum-boter-kaas-en-eieren: geen netwerk
offline-heading = Deze pagina heeft het netwerk nodig
offline-text = De tafelpagina's (online spelen, een klas) praten met de tafelserver, en het netwerk daarheen is er niet. De speeltuin zelf werkt in deze browser zonder netwerk, voor twee spelers en tegen de computer.
offline-playground = Open de speeltuin

## De naam van de app en de pagina die vanuit een bestand geopend is (web/manifest.webmanifest, web/index.html: ingevuld door web/localize.mjs)

app-short-name = Kwantum-BKE
app-description = Kwantum-boter-kaas-en-eieren voor twee spelers aan één scherm of tegen de computer; werkt zonder netwerk zodra de pagina eenmaal geopend is.
file-protocol = Deze pagina werkt niet vanuit een bestand op schijf: browsers laden de engine alleen van een webserver. Voer in een terminal, in de map met deze pagina,  python3 -m http.server 8000  uit en open http://localhost:8000/ in de browser (of zet de map op een willekeurige webhost).

## Het bijschrift van de Python-tekening (qttt-py: Game.svg)

caption-move = { $player } is aan zet (teken { $mark })
caption-collapse = { $mark } sloot een lus: { $player } kiest waar het neerkomt, @{ $a } of @{ $b }
caption-win = Spel afgelopen: { $winner } wint: { $lines }
caption-draw = Spel afgelopen: remise
caption-line = { $player } { $squares } (hoogste { $highest })
caption-ensemble =
    { $count ->
        [one] { $count } klassiek bord nog mogelijk
       *[other] { $count } klassieke borden nog mogelijk
    }

## De grafiek van de nabespreking (qttt-py: Review.svg)

review-chart-title = De waarde voor X bij perfect spel ({ $scoring }); fouten in rood
review-chart-axis = na stap

## Het commentaar van een geannoteerde partij van een analyse (qttt-py: review(..., lang=)) en het onderschrift van een puzzel

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
review-comment-start = Waarde bij het begin: { $value }
review-comment-mistake =
    { $verdict ->
        [win_given_away] { $player } geeft de overwinning weg; beste: { $best }
        [draw_given_away] { $player } geeft de remise weg; beste: { $best }
       *[half_point_lost] { $player } verliest een half punt; beste: { $best }
    }
puzzle-caption = { $player } is aan zet en wint in { $depth }

## De pagina's van de tafelserver: online spelen (web/online.html, web/online.js)
# Nieuw vertaald: nog na te kijken door iemand met Nederlands als moedertaal.

online-title = Kwantum-boter-kaas-en-eieren: online spelen
online-heading = Kwantum-boter-kaas-en-eieren: online spelen
online-intro = Twee mensen op twee apparaten spelen één spel; wie de link heeft, kijkt mee. <a data-l10n-name="playground">De speeltuin</a> · <a data-l10n-name="class">Een klas</a>
online-connecting = Verbinden…
online-join-legend = Aan een tafel gaan zitten
online-join-code = De code van de tafel
online-join-button = Naar de tafel
online-join-bad-code = De code van een tafel heeft zes letters en cijfers, zoals K7QF2M.
# De naam van de speler (bij elke deelname meegestuurd, aan de anderen getoond; $name hieronder is die).
online-name-label = Uw naam
online-name-hint = Te zien voor de andere speler en op de klaspagina; bewaard in deze browser.
online-name-bad = Een naam heeft 1 tot 24 tekens, zonder regeleinden of tekens voor de schrijfrichting.
online-new-table = Een nieuwe tafel
online-seat-kind-person = een persoon
online-seat-kind-random = de computer: willekeurig
online-seat-kind-mcts = de computer: MCTS
online-seat-kind-perfect = de computer: perfect
online-clock-label = Klok
online-clock-none = geen
online-clock-move30 = 30 seconden per zet
online-clock-fischer5 = 5 minuten + 3 seconden per zet
online-class-code = Klascode (optioneel)
online-create = De tafel maken
online-create-prompt = Maak een tafel en deel dan de link ervan.
online-table = Tafel { $code }
online-board = Bord van tafel { $code }
online-copy = De link kopiëren
online-show-qr = QR-code
online-qr =
    .alt = QR-code van de link van de tafel
online-resign = Opgeven
online-rematch = Revanche
online-rematch-offered = Revanche aangeboden…
online-rematch-accept = De revanche aannemen
online-take-seat = De vrije plaats nemen: { $side } spelen
online-review = Dit spel nabespreken in de speeltuin
online-record = Notatie: { $record }
online-clocks = Klok: X { $x } · O { $o }
online-no-table = Geen tafel heeft de code { $code }.
online-reconnecting = Verbinding verbroken; opnieuw verbinden…
online-not-legal = { $move } is geen toegestane zet.
online-watching-move = U kijkt mee. { $player } is aan zet.
online-watching-collapse = U kijkt mee. { $player } kiest de instorting.
online-your-move = U speelt { $you }. U bent aan zet.
online-your-move-second = U speelt { $you }. U bent aan zet: vak { $square } en …
online-your-collapse = U speelt { $you }. Kies waar het nieuwste teken neerkomt: { $options }.
online-waiting = U speelt { $you }. Wachten op { $player }.
online-paused = De leraar heeft het spel gepauzeerd. De klokken staan stil.
# $result: een van de drie berichten hieronder.
online-game-over = Spel { $game }: { $result }
online-result =
    { $ending ->
        [line] { $winner } wint met een lijn.
        [resign] { $winner } wint door opgave.
       *[time] { $winner } wint op tijd.
    }
online-result-both-lines = { $winner } wint: beide spelers maakten een lijn, en de lijn { $line } van { $winner } was eerder af (het nieuwste teken ervan, { $winner }{ $newest }, is ouder dan { $loser }{ $otherNewest } in de lijn { $other } van { $loser }).
online-result-draw = Remise.
# De plaatsen: wie ze heeft, dan (na een streepje) of die er is.
online-seat-you = { $side }: u
online-seat-person = { $side }: een persoon
online-seat-you-named = { $side }: u ({ $name })
online-seat-named = { $side }: { $name }
online-seat-computer = { $side }: de computer ({ $kind })
online-seat-free = plaats vrij: deel de link
online-seat-connected = verbonden
online-seat-grace = verbinding weg, plaats vrijgehouden { $time }
online-seat-away = verbinding weg; het spel wacht

## De pagina's van de tafelserver: de klaspagina (web/class.html, web/class.js)
# Nieuw vertaald: nog na te kijken door iemand met Nederlands als moedertaal.

class-title = Kwantum-boter-kaas-en-eieren: een klas
class-heading = Kwantum-boter-kaas-en-eieren: een klas
class-intro = Elk spel van de klas, live. <a data-l10n-name="online">Online spelen</a> · <a data-l10n-name="playground">De speeltuin</a>
class-open-text = Een klas openen: de leerlingen maken hun tafels met de code ervan, en deze pagina toont elk bord.
class-open-button = Een klas openen
class-code-label = Klascode
class-students = Leerlingen openen:
class-qr =
    .alt = QR-code van het adres voor de leerlingen
class-boards =
    .aria-label = De borden van de klas
class-board = Tafel { $code }
class-players = { $x } – { $o }
class-seat-computer = { $side } (computer: { $kind })
class-seat-named = { $name } ({ $side })
class-board-won =
    { $ending ->
        [line] { $winner } won met een lijn
        [resign] { $winner } won door opgave
       *[time] { $winner } won op tijd
    }
# Beide spelers kregen in één instorting een lijn: die van de winnaar was eerder af.
class-board-both-lines = { $winner } won: beiden maakten een lijn, die van { $winner } was eerder af
class-board-draw = Remise
class-board-waiting = Wacht op een speler
class-board-playing = { $player } is aan de beurt, zet { $move }
class-tables =
    { $count ->
        [one] { $count } tafel
       *[other] { $count } tafels
    }
class-no-tables = Nog geen tafels.
class-unknown = Geen klas heeft de code { $code }.
class-server-gone = De server antwoordt niet (sinds { $since }): deze borden zijn misschien oud. Nieuwe poging elke { $seconds } s.
class-localhost = Deze pagina is geopend als { $host }: op dat adres bereiken de leerlingen de server niet. Open haar met het adres dat de server bij het starten liet zien (zoals http://192.168.1.20:8023).

## Het toernooi van de klaspagina en het deel van de leerlingen (web/events.js, web/class.html, web/online.html)
# Nieuw vertaald: nog na te kijken door iemand met Nederlands als moedertaal.

event-open-summary = Een toernooi openen
event-kind-label = Soort
event-kind-swiss = Zwitsers systeem
event-kind-round-robin = Round robin (ieder tegen ieder)
event-rounds-label = Ronden (Zwitsers)
event-clock-fischer3 = 3 minuten + 2 seconden per zet
event-scoring-label = Telling
event-scoring-standard = overwinning 1, remise ½, nederlaag 0
event-open-button = Het toernooi openen
event-teacher-label = U leidt dit toernooi (vanuit deze browser):
event-start-round = Ronde { $round } starten
event-end-round = Ronde { $round } beëindigen
event-end = Het toernooi beëindigen
event-confirm-end-round = Ronde { $round } nu beëindigen? Partijen die nog niet af zijn, tellen als remise.
event-confirm-end = Het toernooi beëindigen? Daarna kan geen ronde meer gespeeld worden.
event-confirm-remove = { $name } uit het toernooi halen? Die wordt niet meer ingedeeld; de uitslagen blijven staan.
event-remove = { $name } eruit halen
event-code-label = Toernooi
# $kind: swiss of round_robin; $rounds: het aantal ronden van een Zwitsers toernooi.
event-kind =
    { $kind ->
        [swiss] Zwitsers toernooi, { $rounds ->
            [one] { $rounds } ronde
           *[other] { $rounds } ronden
        }
       *[round_robin] Round robin
    }
event-round-of = Ronde { $round } van { $rounds }
event-state-waiting =
    { $count ->
        [one] { $count } speler doet mee. De eerste ronde is nog niet begonnen.
       *[other] { $count } spelers doen mee. De eerste ronde is nog niet begonnen.
    }
# $of: event-round-of.
event-state-round =
    { $count ->
        [0] { $of }: alle partijen zijn af
        [one] { $of }: { $count } partij bezig
       *[other] { $of }: { $count } partijen bezig
    }
event-state-between = { $of } is voorbij.
event-state-ended = Het toernooi is afgelopen.
event-again = Nog een toernooi openen
event-views =
    .aria-label = Tonen
event-view-standings = Stand
event-view-pairings = Indeling
event-view-boards = Borden
# De stand: plaats, naam, punten, Buchholz, Sonneborn-Berger, partijen, nauwkeurigheid, rating.
event-col-rank = #
event-col-name = Naam
event-col-points = Punten
event-col-buchholz = Buchholz
event-col-sb = S-B
event-col-sb-title = Sonneborn-Berger
event-col-games = Partijen
event-col-accuracy = Nauwkeurigheid
event-col-accuracy-title = Het gemiddelde waardeverlies per actie, volgens de oplosser (0: perfect spel)
event-col-rating = Rating
# Een Glicko-2-rating en de afwijking ervan.
event-withdrawn = (eruit)
event-no-players = Nog niemand doet mee.
event-round = Ronde { $round }
event-board = { $board }.
event-pairing = { $x } – { $o }
# De uitslag van een partij, die van X eerst: x (X won), o (O won), draw, unfinished (de ronde eindigde eerder: remise), playing.
event-result =
    { $result ->
        [x] 1–0
        [o] 0–1
        [draw] ½–½
        [unfinished] ½–½ (niet af)
       *[playing] bezig
    }
event-review = analyse
event-watch = kijken
event-bye = Vrij: { $name } (1 punt)
event-exports = Exporteren:
event-export-games = de partijen (partijbestand)
event-export-csv = stand (CSV)
event-export-a4 = stand om te printen, A4
event-export-letter = Letter
# Een weigering van de server, naar de code; $message: de eigen woorden van de server (Engels).
event-refused =
    { $code ->
        [round_in_progress] Sommige partijen van de ronde zijn nog niet af: beëindig eerst de ronde.
        [too_few_players] Een ronde heeft minstens twee spelers nodig.
        [no_more_rounds] Alle ronden zijn gespeeld.
        [event_ended] Het toernooi is afgelopen.
        [name_taken] Iemand in het toernooi heeft deze naam al: kies een andere.
        [bad_name] Deze naam kan niet: 1 tot 24 tekens.
        [event_started] Deze round robin is begonnen: niemand kan nu nog meedoen.
        [event_full] Het toernooi is vol.
        [rate_limited] Te veel nieuwe toernooien vanaf deze computer: wacht een minuut.
       *[other] De server weigert: { $message }
    }
event-box-heading = Het toernooi van de klas
event-invite = Doe mee met uw naam (hierboven).
event-join-button = Meedoen aan het toernooi
event-need-name = Vul eerst hierboven uw naam in.
event-you-are = U speelt mee als { $name }.
event-you-play = Ronde { $round }, bord { $board }: u speelt { $side } tegen { $opponent }.
event-you-played = Ronde { $round }, bord { $board }, { $side } tegen { $opponent }: { $result }. Wacht op de volgende ronde.
event-you-bye = Ronde { $round }: u bent vrij (1 punt). Wacht op de volgende ronde.
event-you-wait = Wacht tot de leraar de volgende ronde start.
event-you-removed = De leraar heeft u uit het toernooi gehaald.
event-your-rank = Plaats { $rank } van { $count } · punten: { $points }
event-go = Naar uw tafel
event-back = Uw toernooi: de volgende ronde

## De opdracht aan de agenten: de telling van de wedstrijd (qttt-py: qttt.agents.scoring_text)

agents-scoring-single = In deze wedstrijd telt de eenvoudige uitslag van de partij: een overwinning levert 1 punt op, een remise 1/2, een verlies 0.
agents-scoring-goff = In deze wedstrijd geldt de gepubliceerde telling van Goff: een enige winnaar krijgt 1 punt en de verliezer 0; als één instorting lijnen voor beide spelers maakt, levert de eerdere lijn 1 punt op en de andere 1/2; bij remise krijgt ieder 1/2.
agents-scoring-complete = In deze wedstrijd telt alleen een volledige overwinning: lijnen van maar één speler leveren 1 punt op (de verliezer 0); lijnen voor beide spelers tegelijk zijn, net als een vol bord zonder lijn, een remise (ieder 1/2).
