# Dansk: legepladsen (web/) og billedteksterne i Python-tegningen
# (qttt-py). Spillets ord som i den danske regeltekst (docs/seeds/): felt,
# mærke, spøgelsesmærke, klassisk mærke, træk, løkke, kollaps, falde på
# plads, linje, uafgjort, bræt.

## Sidens faste tekst (web/index.html)

page-title = Kvante-kryds og bolle: qttt-legepladsen
page-heading = Kvante-kryds og bolle
page-intro = Hvert træk sætter ét mærke i <em>to</em> felter på én gang. Når mærkerne lukker en løkke, kollapser den, og de bliver almindelige mærker. Kun almindelige (klassiske) mærker giver linjer.
tour-start = Tag rundvisningen
rules-link = Reglerne
lesson-link = En lektion på 45 minutter
language-label = Sprog
status-loading = Indlæser motoren…
section-game =
    .aria-label = Spil
board-name =
    .aria-label = Bræt
section-choices =
    .aria-label = Valg ved kollaps
choices-intro = Hvor falder det nyeste mærke på plads? Hvert valg og hvad det fører til (felterne, hvor de er forskellige, har en ramme):
players-legend = Spillere
mode-humans = To spillere ved én skærm
mode-computer = Mod computeren
computer-options =
    .aria-label = Computeren
computer-kind-label = Computer
computer-side-label = spiller
new-game = Nyt spil
undo = Fortryd
share = Kopiér link
review-game = Gennemgå dette spil
puzzles-open = Opgaver
hints-toggle = Tips: værdien af hver lovlig handling ved perfekt spil
entanglement-toggle = Sammenfiltringslinjer: en linje forbinder de to felter for hvert spøgelsesmærke
steps-heading = Kollapset, trin for trin
steps-buttons =
    .aria-label = Gå gennem kollapset (eller brug piletasterne, Home, End)
hint-list =
    .aria-label = Tips
moves-heading = Træk
move-list =
    .aria-label = Træk
game-link = Link til dette spil:
back = Tilbage
next = Næste
close = Luk
review-heading = Gennemgang
review-buttons =
    .aria-label = Gå gennem spillet (eller brug piletasterne, Home, End)
review-first = Første
review-previous = Forrige
review-last = Sidste
review-steps =
    .aria-label = Handlingerne (fejl er markeret)
puzzle-heading = Opgave
puzzle-hint = Tip
puzzle-solution = Vis løsningen
puzzle-restart = Start forfra
puzzle-previous = Forrige opgave
puzzle-next = Næste opgave
puzzle-link = Link til denne opgave:
footer-engine = qttt-motoren (Rust, kompileret til WebAssembly) kører i denne side; intet sendes nogen steder hen. Notation: <code>15</code> et spøgelsestræk i felt 1 og 5, <code>5</code> et klassisk træk, <code>@5</code> valget ved kollaps "det nyeste mærke falder på plads i 5".
footer-server = Leveret af <code>qttt-server</code>: <a data-l10n-name="online">spil online</a> på to enheder, eller hold <a data-l10n-name="class">en klassetime</a>.

## Statuslinjen og beskederne (web/strings.js)

opponent =
    { $kind ->
        [random] tilfældig
        [mcts] MCTS
       *[perfect] perfekt
    }
draw = Uafgjort: ingen har en linje.
line = { $squares } ({ $marks })
wins = { $winner } vinder med linjen { $line }, { $cause }.
wins-first = { $winner } vinder. Begge spillere fik en linje, { $cause }; { $winner }'s { $line } blev fuldendt først: dens nyeste mærke, { $newest }, er ældre end { $otherNewest } i { $loser }'s { $other }.
by-collapse = skabt af kollapset { $token } ({ $mark } faldt på plads i { $square })
by-last-mark = skabt af det sidste mærke, { $mark } i { $square }
thinking = { $player } (computer, { $kind }) tænker…
cycle-marks =
    { $drawn ->
        [yes] Løkken: { $marks } (deres linjer tegnet tykt).
       *[no] Løkken: { $marks }.
    }
step-through = Trin for trin
step-through-label = Gå trin for trin gennem kollapset: { $mark } i { $square }
cycle = En løkke! { $chooser } vælger, hvor { $mark } falder på plads: felt { $options }.
second-square = { $player } er i trækket: vælg det andet felt.
last-square = { $player } er i trækket: det sidste frie felt får et klassisk mærke.
spooky-move = { $player } er i trækket: klik på to felter for et spøgelsestræk.
classical-square = Felt { $square } har et klassisk mærke: vælg et andet.
first-square-chosen = Felt { $square } er valgt: nu spøgelsestrækkets andet felt.
computer-failed = Computeren kunne ikke trække: { $message }
nothing-to-undo = Der er intet at fortryde.
bad-link = Linkets spilforløb kan ikke spilles ({ $message }); i stedet et nyt spil.
link-copied = Linket er kopieret.
copy-this-link = Kopiér dette link: { $href }
solving = Løser…
hint-wins = { $player } vinder; spillet slutter i træk { $endMove }
hint-loses = { $player } taber; spillet slutter i træk { $endMove }
hint-draw = uafgjort
choose = { $mark } falder på plads i { $square }
landings = Derefter: { $landings }.
landing = { $mark } i { $square }
after = Brættet, hvis { $mark } falder på plads i { $square }
move-line = { $player }{ $number }: { $token }
choose-line = { $player }: { $token } ({ $mark } falder på plads i { $square })
board-label =
    { $player ->
        [none] Bræt. Spillet er slut.
       *[other] Bræt. { $player } er i trækket.
    }
board-default = Bræt
tour-title = { $step }/{ $steps }: { $title }
tour-board = Stillingen { $record }
square-classical = felt { $square }: { $mark }, klassisk
square-spooky = felt { $square }: spøgelsesmærker { $marks }
square-empty = felt { $square }: tomt
square-option = ; det nyeste mærke kan falde på plads her (@{ $square })
square-selected = ; valgt

engine-error =
    { $reason ->
        [invalid_action_id] Handlingsnumre går fra 0 til 53
        [malformed_token] Ikke en handling: to forskellige felter (15), ét felt (7) eller @ og et felt (@5)
        [same_square_twice] Et spøgelsesmærke skal have to forskellige felter
        [game_over] Spillet er slut
        [collapse_pending] Et valg ved kollaps venter
        [no_collapse_pending] Intet kollaps venter
        [square_classical] Feltet har allerede et klassisk mærke
        [classical_move_not_allowed] Et klassisk træk er kun tilladt, når præcis ét felt er frit
        [spooky_move_on_last_square] Kun ét felt er frit, så trækket skal være det klassiske træk der
        [not_collapse_option] Feltet er ikke et af det nyeste mærkes to felter
        [wrong_action_kind] Et valg ved kollaps, hvor der ventes et træk, eller et træk, hvor der ventes et valg
       *[other] { $message }
    }

## Gennemgangen (web/review.js)

reviewing = Gennemgang: hver stilling løses ved perfekt spil…
review-failed = Gennemgangen mislykkedes: { $message }
review-title = Gennemgang: trin { $step } af { $steps }
review-board =
    { $record ->
        [none] Brættet efter trin { $step }: det tomme bræt
       *[other] Brættet efter trin { $step }: { $record }
    }
spooky-action = { $mark } i { $a } og { $b }
classical-action = { $mark } i { $square }, klassisk
collapse-action = { $player } lader { $mark } falde på plads i { $square }
value =
    { $points ->
        [1] X vinder
        [0.5] X et halvt point foran
        [-0.5] O et halvt point foran
        [-1] O vinder
       *[0] uafgjort
    }
review-start = Starten. Med perfekt spil herfra: { $value }.
review-step = { $token } ({ $action }): { $before } før, { $after } efter: { $verdict }.
kept-win = holdt fast i sejren
kept-draw = holdt fast i uafgjort
kept-loss = ingen handling kunne redde spillet
kept-half = holdt værdien
win-given-away = gav sejren væk (nu { $after })
draw-given-away = gav uafgjort væk (nu et nederlag)
half-point-lost = tabte et halvt point
glyph =
    { $glyph ->
        [blunder] En brøler (??).
        [mistake] En fejl (?).
       *[dubious] En tvivlsom handling (?!).
    }
best =
    { $count ->
        [1] Bedst: { $tokens } (den eneste).
       *[other] Bedst: { $tokens }.
    }
best-line = Bedste fortsættelse: { $tokens }.
line-after =
    { $tokens ->
        [none] Derefter, ved perfekt spil: spillet er slut.
       *[other] Derefter, ved perfekt spil: { $tokens }.
    }
review-end =
    { $mistakes ->
        [one] Slutningen: { $value }. { $mistakes } handling mistede værdi.
       *[other] Slutningen: { $value }. { $mistakes } handlinger mistede værdi.
    }
choice-label = { $player }: { $token }
review-item = { $token }{ $glyph }

## Opgaverne (web/puzzles.js)

puzzle-title = Opgave { $number } af { $count }
puzzle-grade = Dybde { $depth }: sejr i { $depth }
puzzle-themes = Øver: { $themes }
theme =
    { $name ->
        [collapse-choice] valget ved kollaps
        [earlier-line] den tidligere linje
        [forced-ninth-mark] det tvungne niende mærke
        [avoiding-cycle] at undgå en løkke
        [forcing-cycle] at fremtvinge en løkke
       *[other] { $name }
    }
puzzle-task = { $player } er i trækket og vinder i { $depth }.
puzzle-board =
    { $player ->
        [none] Opgavebræt. Løst.
       *[other] Opgavebræt. { $player } er i trækket.
    }
puzzle-right = { $token }: rigtigt.
puzzle-answered = { $token }: rigtigt. Svaret: { $answers }. Din tur igen.
token-words = { $token } ({ $words })
puzzle-solved = Løst: { $steps }.
puzzle-wrong = { $token } vinder ikke: prøv igen.
puzzle-checking = Ikke løsningens fortsættelse: løseren undersøger, om den vinder lige så hurtigt…
puzzle-slower = { $token } vinder ikke lige så hurtigt som løsningen: prøv igen.
puzzle-solved-other = Løst, med en anden fortsættelse, der vinder lige så hurtigt som løsningens.
puzzle-failed = Løseren kunne ikke svare: { $message }
hint-theme = Tip: tænk på { $themes }.
hint-square = Tip: den vindende handling bruger felt { $square } (med ramme).
solution = Løsningen: { $steps }.
progress = Løst indtil nu: { $solved } af { $count } (gemt i denne browser).
solved-before = Du har løst denne opgave før.

## Det trykte opgaveark (qttt.puzzles.sheet) og hver udskrifts sidefod

sheet-title = Kvante-kryds og bolle: opgaver
sheet-task = Præcis én handling vinder (motorens løser beviser det). Find den.
sheet-answers = { $title } – facit
sheet-key = Den vindende handling med fed, derefter partiet med perfekt spil (taberen holder længst ud), og hvad opgaven lærer.
sheet-footer = qttt: motorens regler og tegninger. Kvante-kryds og bolle, Allan Goffs spil.

## Rundvisningen (web/tour.js)

tour-superposition-title = Superposition
tour-superposition = X's første træk er et spøgelsestræk: ét mærke, X1, i to felter på én gang ({ $marks } i 1 og i 5). Det er endnu ikke i nogen af dem: som en partikel i en superposition af to steder.
tour-entanglement-title = Sammenfiltring
tour-entanglement = O's mærke O2 kommer i 5 og 6. Felt 5 rummer nu to spøgelsesmærker: X1 og O2 er sammenfiltrede, for hvor det ene ender, begrænser det andet.
tour-cycle-title = En løkke
tour-cycle = X3 i 1 og 6 lukker en løkke: 1–5 (X1), 5–6 (O2), 6–1 (X3). Tre mærker til tre felter: noget må give efter. Spilleren, der ikke lukkede løkken, { $chooser }, bestemmer, hvor det nyeste mærke, X3, falder på plads: i { $options }.
tour-collapse-title = Kollaps (måling)
tour-collapse = O vælger @1: X3 falder på plads i 1. Så kan X1 kun være i 5, og O2 kun i 6. Hele løkken kollapser på én gang til klassiske mærker: { $landings }. Kun de tæller for linjer.
tour-lines-title = Linjer til begge spillere
tour-lines = Ét kollaps kan fuldende linjer for begge: X har { $xLine } (dens nyeste mærke { $xNewest }), O har { $oLine } (nyeste { $oNewest }). Linjen, der blev fuldendt først, med det laveste højeste træknummer, vinder: { $winner } vinder.

## Det klassiske ensemble (web/ensemble.js)

ensemble-title = Hvert bræt, spillet stadig kan blive til
ensemble-count =
    { $count ->
        [1] Alle mærker er klassiske: 1 bræt, det ovenfor.
       *[other] Disse { $count } klassiske brætter er stadig mulige.
    }
ensemble-not-drawn = (Brætterne tegnes, når der højst er { $most }.)
ensemble-collapsed = Kollapset beholdt { $after } af de { $before } brætter.
ensemble-ruled-out = Det nye mærke udelukkede { $gone } af de { $before } brætter, som de tidligere mærker kunne give.
ensemble-mark = { $mark } i { $square }
ensemble-board =
    { $marks ->
        [none] Bræt { $index }: tomt
       *[other] Bræt { $index }: { $marks }
    }

## Præsentationsvisningen (web/index.html, web/style.css)

present-toggle = Præsentationsvisning: brættet og dets ensemble fylder skærmen, til en projektor

## Kollapset trin for trin (web/steps.js; Pythons collapse_steps)

steps-title = Kollapset, trin for trin: { $mark } faldt på plads i { $square }
steps-preview-title = Hvis { $mark } falder på plads i { $square }: kollapset, trin for trin
steps-board = Kollapset efter trin { $shown } af { $count }
steps-start =
    Før kollapset: løkken { $cycle }. { $mark } falder først på plads i { $square }; { $count ->
        [one] { $count } trin
       *[other] { $count } trin
    } i alt.
step-first = Trin { $shown } af { $count }: { $mark } falder på plads i { $square }, vælgerens felt.
step-forced = Trin { $shown } af { $count }: { $by } faldt på plads i { $from }, så { $mark } forlader { $from } for sit andet felt, { $square }.
steps-done = Hvert mærke, der er forbundet med løkken, er nu klassisk.
steps-play = Afspil
steps-pause = Pause

## Brug uden net (web/offline.js, web/offline.html)

update-ready = En ny version af legepladsen er klar.
update-reload = Genindlæs
offline-title = Kvante-kryds og bolle: intet netværk
offline-heading = Denne side kræver netværket
offline-text = Bordsiderne (spil online, en klassetime) taler med bordserveren, og netværket dertil er der ikke. Selve legepladsen virker uden netværk i denne browser, for to spillere og mod computeren.
offline-playground = Åbn legepladsen

## Appens navn og siden, der er åbnet fra en fil (web/manifest.webmanifest, web/index.html: skrevet ind af web/localize.mjs)

app-short-name = Kvantekryds
app-description = Kvante-kryds og bolle for to spillere ved én skærm eller mod computeren; virker uden netværk, når siden først er åbnet.
file-protocol = Denne side kan ikke køre fra en fil på disken: browsere indlæser dens motor kun fra en webserver. Kør  python3 -m http.server 8000  i en terminal i mappen med denne side, og åbn http://localhost:8000/ i browseren (eller læg mappen på en hvilken som helst webhost).

## Billedteksten i Python-tegningen (qttt-py: Game.svg)

caption-move = { $player } er i trækket (mærke { $mark })
caption-collapse = { $mark } lukkede en løkke: { $player } vælger, hvor det falder på plads, @{ $a } eller @{ $b }
caption-win = Spillet er slut: { $winner } vinder: { $lines }
caption-draw = Spillet er slut: uafgjort
caption-line = { $player } { $squares } (højeste { $highest })
caption-ensemble =
    { $count ->
        [one] { $count } klassisk bræt stadig muligt
       *[other] { $count } klassiske brætter stadig mulige
    }

## Gennemgangens graf (qttt-py: Review.svg)

review-chart-title = X's værdi ved perfekt spil ({ $scoring }); fejl med rødt
review-chart-axis = efter trin

## Kommentarerne i en gennemgangs annoterede parti (qttt-py: review(..., lang=)) og en opgaves billedtekst

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
review-comment-start = Værdi ved starten: { $value }
review-comment-mistake =
    { $verdict ->
        [win_given_away] { $player } giver sejren væk; bedst: { $best }
        [draw_given_away] { $player } giver uafgjort væk; bedst: { $best }
       *[half_point_lost] { $player } taber et halvt point; bedst: { $best }
    }
puzzle-caption = { $player } er i trækket og vinder i { $depth }

## Bordserverens sider: spil online (web/online.html, web/online.js)
# Nyoversat: skal endnu gennemses af en med dansk som modersmål.

online-title = Kvante-kryds og bolle: spil online
online-heading = Kvante-kryds og bolle: spil online
online-intro = To personer på to enheder spiller ét spil; alle med linket kan se med. <a data-l10n-name="playground">Legepladsen</a> · <a data-l10n-name="class">En klassetime</a>
online-connecting = Forbinder…
online-join-legend = Sæt dig ved et bord
online-join-code = Bordets kode
online-join-button = Til bordet
online-join-bad-code = Et bords kode har seks bogstaver og cifre, fx K7QF2M.
# Spillerens navn (sendes ved hver tilslutning, vises for de andre; $name nedenfor er det).
online-name-label = Dit navn
online-name-hint = Vises for den anden spiller og på klassesiden; gemmes i denne browser.
online-name-bad = Et navn har 1 til 24 tegn, uden linjeskift og uden tegn for skriveretning.
online-new-table = Et nyt bord
online-seat-kind-person = en person
online-seat-kind-random = computeren: tilfældig
online-seat-kind-mcts = computeren: MCTS
online-seat-kind-perfect = computeren: perfekt
online-clock-label = Ur
online-clock-none = intet
online-clock-move30 = 30 sekunder pr. træk
online-clock-fischer5 = 5 minutter + 3 sekunder pr. træk
online-class-code = Klassekode (valgfri)
online-create = Opret bordet
online-create-prompt = Opret et bord, og del så dets link.
online-table = Bord { $code }
online-board = Bræt ved bord { $code }
online-copy = Kopiér linket
online-show-qr = QR-kode
online-qr =
    .alt = QR-kode med bordets link
online-resign = Giv op
online-rematch = Revanche
online-rematch-offered = Revanche tilbudt…
online-rematch-accept = Tag imod revanchen
online-take-seat = Tag den ledige plads: spil { $side }
online-review = Gennemgå dette spil på legepladsen
online-record = Notation: { $record }
online-clocks = Ur: X { $x } · O { $o }
online-no-table = Intet bord har koden { $code }.
online-reconnecting = Forbindelsen er tabt; forbinder igen…
online-not-legal = { $move } er ikke et tilladt træk.
online-watching-move = Du ser med. { $player } er i trækket.
online-watching-collapse = Du ser med. { $player } vælger kollapset.
online-your-move = Du spiller { $you }. Du er i trækket.
online-your-move-second = Du spiller { $you }. Du er i trækket: felt { $square } og …
online-your-collapse = Du spiller { $you }. Vælg, hvor det nyeste mærke falder på plads: { $options }.
online-waiting = Du spiller { $you }. Venter på { $player }.
online-paused = Læreren har sat spillet på pause. Urene står stille.
# $result: en af de tre meddelelser nedenfor.
online-game-over = Spil { $game }: { $result }
online-result =
    { $ending ->
        [line] { $winner } vinder med en linje.
        [resign] { $winner } vinder, fordi modstanderen gav op.
       *[time] { $winner } vinder på tid.
    }
online-result-both-lines = { $winner } vinder: begge spillere fik en linje, og { $winner }'s { $line } blev fuldendt først (dens nyeste mærke, { $winner }{ $newest }, er ældre end { $loser }{ $otherNewest } i { $loser }'s { $other }).
online-result-draw = Uafgjort.
# Pladserne: hvem der har dem, så (efter en tankestreg) om de er der.
online-seat-you = { $side }: dig
online-seat-person = { $side }: en person
online-seat-you-named = { $side }: dig ({ $name })
online-seat-named = { $side }: { $name }
online-seat-computer = { $side }: computeren ({ $kind })
online-seat-free = ledig plads: del linket
online-seat-connected = forbundet
online-seat-grace = afbrudt, pladsen holdes { $time }
online-seat-away = afbrudt; spillet venter

## Bordserverens sider: klassesiden (web/class.html, web/class.js)
# Nyoversat: skal endnu gennemses af en med dansk som modersmål.

class-title = Kvante-kryds og bolle: en klassetime
class-heading = Kvante-kryds og bolle: en klassetime
class-intro = Hvert spil i klassen, live. <a data-l10n-name="online">Spil online</a> · <a data-l10n-name="playground">Legepladsen</a>
class-open-text = Åbn en klasse: eleverne opretter deres borde med dens kode, og denne side viser hvert bræt.
class-open-button = Åbn en klasse
class-code-label = Klassekode
class-students = Eleverne åbner:
class-qr =
    .alt = QR-kode med elevernes adresse
class-boards =
    .aria-label = Klassens brætter
class-board = Bord { $code }
class-players = { $x } – { $o }
class-seat-computer = { $side } (computer: { $kind })
class-seat-named = { $name } ({ $side })
class-board-won =
    { $ending ->
        [line] { $winner } vandt med en linje
        [resign] { $winner } vandt, fordi modstanderen gav op
       *[time] { $winner } vandt på tid
    }
# Begge spillere fik en linje i ét kollaps: vinderens blev fuldendt først.
class-board-both-lines = { $winner } vandt: begge fik en linje, { $winner }'s blev fuldendt først
class-board-draw = Uafgjort
class-board-waiting = Venter på en spiller
class-board-playing = { $player } er i trækket, træk { $move }
class-tables =
    { $count ->
        [one] { $count } bord
       *[other] { $count } borde
    }
class-no-tables = Endnu ingen borde.
class-unknown = Ingen klasse har koden { $code }.
class-server-gone = Serveren svarer ikke (siden { $since }): disse brætter kan være forældede. Prøver igen hvert { $seconds } s.
class-localhost = Denne side er åbnet som { $host }: på den adresse kan eleverne ikke nå serveren. Åbn den med den adresse, serveren skrev ved start (fx http://192.168.1.20:8023).

## Klassesidens turnering og elevernes del af den (web/events.js, web/class.html, web/online.html)
# Nyoversat: skal endnu gennemses af en med dansk som modersmål.

event-open-summary = Åbn en turnering
event-kind-label = Type
event-kind-swiss = Schweizersystem
event-kind-round-robin = Alle mod alle
event-rounds-label = Runder (schweizersystem)
event-clock-fischer3 = 3 minutter + 2 sekunder pr. træk
event-scoring-label = Pointgivning
event-scoring-standard = en sejr 1, uafgjort ½, et nederlag 0
event-open-button = Åbn turneringen
event-teacher-label = Du leder denne turnering (fra denne browser):
event-start-round = Start runde { $round }
event-end-round = Afslut runde { $round }
event-end = Afslut turneringen
event-confirm-end-round = Afslut runde { $round } nu? Dens partier, der ikke er slut, tæller som uafgjort.
event-confirm-end = Afslut turneringen? Der kan ikke spilles flere runder bagefter.
event-confirm-remove = Tag { $name } ud af turneringen? Vedkommende parres ikke igen; resultaterne bliver stående.
event-remove = Tag { $name } ud
event-code-label = Turnering
# $kind: swiss eller round_robin; $rounds: antallet af runder i schweizersystemet.
event-kind =
    { $kind ->
        [swiss] Schweizersystem, { $rounds ->
            [one] { $rounds } runde
           *[other] { $rounds } runder
        }
       *[round_robin] Alle mod alle
    }
event-round-of = Runde { $round } af { $rounds }
event-state-waiting =
    { $count ->
        [one] { $count } spiller er med. Første runde er ikke begyndt.
       *[other] { $count } spillere er med. Første runde er ikke begyndt.
    }
# $of: event-round-of.
event-state-round =
    { $count ->
        [0] { $of }: alle partier er slut
        [one] { $of }: { $count } parti i gang
       *[other] { $of }: { $count } partier i gang
    }
event-state-between = { $of } er slut.
event-state-ended = Turneringen er slut.
event-again = Åbn en ny turnering
event-views =
    .aria-label = Vis
event-view-standings = Stilling
event-view-pairings = Parring
event-view-boards = Brætter
# Stillingens kolonner: plads, navn, point, Buchholz, Sonneborn-Berger, partier, præcision, rating.
event-col-rank = #
event-col-name = Navn
event-col-points = Point
event-col-buchholz = Buchholz
event-col-sb = S-B
event-col-sb-title = Sonneborn-Berger
event-col-games = Partier
event-col-accuracy = Præcision
event-col-accuracy-title = Det gennemsnitlige værditab pr. handling, ifølge løseren (0: perfekt spil)
event-col-rating = Rating
# En Glicko-2-rating og dens afvigelse.
event-withdrawn = (udgået)
event-no-players = Ingen er med endnu.
event-round = Runde { $round }
event-board = { $board }.
event-pairing = { $x } – { $o }
# Et partis resultat, X's først: x (X vandt), o (O vandt), draw, unfinished (runden sluttede først: uafgjort), playing.
event-result =
    { $result ->
        [x] 1–0
        [o] 0–1
        [draw] ½–½
        [unfinished] ½–½ (ikke færdigt)
       *[playing] i gang
    }
event-review = gennemgang
event-watch = se med
event-bye = Oversidder: { $name } (1 point)
event-exports = Eksport:
event-export-games = partierne (partifil)
event-export-csv = stilling (CSV)
event-export-a4 = stilling til udskrift, A4
event-export-letter = Letter
# Et afslag fra serveren, efter dets kode; $message: serverens egne ord (engelsk).
event-refused =
    { $code ->
        [round_in_progress] Nogle af rundens partier er ikke slut: afslut runden først.
        [too_few_players] En runde kræver mindst to spillere.
        [no_more_rounds] Alle runder er spillet.
        [event_ended] Turneringen er slut.
        [name_taken] En anden i turneringen har allerede dette navn: vælg et andet.
        [bad_name] Dette navn kan ikke bruges: 1 til 24 tegn.
        [event_started] Denne alle-mod-alle-turnering er begyndt: ingen kan komme med nu.
        [event_full] Turneringen er fuld.
        [rate_limited] For mange nye turneringer fra denne computer: vent et minut.
       *[other] Serveren afviste: { $message }
    }
event-box-heading = Klassens turnering
event-invite = Vær med under dit navn (ovenfor).
event-join-button = Vær med i turneringen
event-need-name = Skriv først dit navn ovenfor.
event-you-are = Du spiller med som { $name }.
event-you-play = Runde { $round }, bræt { $board }: du spiller { $side } mod { $opponent }.
event-you-played = Runde { $round }, bræt { $board }, { $side } mod { $opponent }: { $result }. Vent på næste runde.
event-you-bye = Runde { $round }: du er oversidder (1 point). Vent på næste runde.
event-you-wait = Vent på, at læreren starter næste runde.
event-you-removed = Læreren har taget dig ud af turneringen.
event-your-rank = Plads { $rank } af { $count } · point: { $points }
event-go = Gå til dit bord
event-back = Din turnering: næste runde

## Agenternes opgave: kampens pointsystem (qttt-py: qttt.agents.scoring_text)

agents-scoring-single = I denne kamp tæller partiets enkle resultat: en sejr giver 1 point, uafgjort 1/2, et nederlag 0.
agents-scoring-goff = I denne kamp gælder Goffs offentliggjorte pointsystem: en enlig vinder får 1 point og taberen 0; når ét kollaps fuldender linjer for begge spillere, giver den tidligste linje 1 point og den anden 1/2; uafgjort giver 1/2 til hver.
agents-scoring-complete = I denne kamp tæller kun en fuldstændig sejr: linjer for kun én spiller giver 1 point (taberen 0); linjer for begge spillere på én gang er, ligesom et fuldt bræt uden linje, uafgjort (1/2 til hver).
