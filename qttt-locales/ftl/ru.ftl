# Русский: площадка (web/) и подписи к рисункам модуля Python (qttt-py).
# Слова игры — как в русском тексте правил (docs/seeds/): клетка, знак,
# призрачный знак, классический знак, ход, цикл, схлопывание, оказаться
# (о знаке), линия, ничья, поле. Формы множественного числа: one, few,
# many, other.

## Постоянный текст страницы (web/index.html)

page-title = Квантовые крестики-нолики: площадка qttt
page-heading = Квантовые крестики-нолики
page-intro = Каждый ход ставит один знак сразу в <em>две</em> клетки. Когда знаки замыкают цикл, он схлопывается, и они становятся обычными знаками. Линии составляют только обычные (классические) знаки.
tour-start = Знакомство с игрой
rules-link = Правила
lesson-link = Урок на 45 минут
language-label = Язык
status-loading = Загрузка движка…
section-game =
    .aria-label = Партия
board-name =
    .aria-label = Поле
section-choices =
    .aria-label = Варианты схлопывания
choices-intro = Где окажется самый новый знак? Каждый вариант и к чему он ведёт (клетки, в которых они различаются, обведены):
players-legend = Игроки
mode-humans = Два игрока за одним экраном
mode-computer = Против компьютера
computer-options =
    .aria-label = Компьютер
computer-kind-label = Компьютер
computer-side-label = играет за
new-game = Новая партия
undo = Отменить
share = Копировать ссылку
review-game = Разобрать эту партию
puzzles-open = Задачи
hints-toggle = Подсказки: оценка каждого допустимого действия при идеальной игре
entanglement-toggle = Линии запутанности: линия соединяет две клетки каждого призрачного знака
steps-heading = Схлопывание шаг за шагом
steps-buttons =
    .aria-label = Шаги по схлопыванию (или клавиши со стрелками, Home, End)
hint-list =
    .aria-label = Подсказки
moves-heading = Ходы
move-list =
    .aria-label = Ходы
game-link = Ссылка на эту партию:
back = Назад
next = Далее
close = Закрыть
review-heading = Разбор
review-buttons =
    .aria-label = Шаги по партии (или клавиши со стрелками, Home, End)
review-first = В начало
review-previous = Назад
review-last = В конец
review-steps =
    .aria-label = Действия (ошибки отмечены)
puzzle-heading = Задача
puzzle-hint = Подсказка
puzzle-solution = Показать решение
puzzle-restart = Начать заново
puzzle-previous = Предыдущая задача
puzzle-next = Следующая задача
puzzle-link = Ссылка на эту задачу:
footer-engine = Движок qttt (Rust, скомпилированный в WebAssembly) работает прямо на этой странице; ничего никуда не отправляется. Запись: <code>15</code> — призрачный ход в клетки 1 и 5, <code>5</code> — классический ход, <code>@5</code> — выбор при схлопывании «самый новый знак оказывается в 5».
footer-server = Работает на <code>qttt-server</code>: <a data-l10n-name="online">игра по сети</a> на двух устройствах или <a data-l10n-name="class">занятие с классом</a>.

## Строка состояния и сообщения (web/strings.js)

opponent =
    { $kind ->
        [random] случайный
        [mcts] MCTS
       *[perfect] идеальный
    }
draw = Ничья: ни у кого нет линии.
line = { $squares } ({ $marks })
wins = { $winner } побеждает линией { $line } { $cause }.
wins-first = { $winner } побеждает. Линии получили оба игрока { $cause }; линия { $winner } { $line } была завершена раньше: её самый новый знак, { $newest }, старше, чем { $otherNewest } в линии { $loser } { $other }.
by-collapse = благодаря схлопыванию { $token } ({ $mark } оказался в клетке { $square })
by-last-mark = благодаря последнему знаку, { $mark } в клетке { $square }
thinking = { $player } (компьютер, { $kind }) думает…
cycle-marks =
    { $drawn ->
        [yes] Цикл: { $marks } (их линии нарисованы жирно).
       *[no] Цикл: { $marks }.
    }
step-through = Шаг за шагом
step-through-label = Схлопывание шаг за шагом: { $mark } в { $square }
cycle = Цикл! { $chooser } выбирает, где окажется { $mark }: клетка { $options }.
second-square = Ход { $player }: выберите вторую клетку.
last-square = Ход { $player }: в последнюю свободную клетку ставится классический знак.
spooky-move = Ход { $player }: щёлкните по двум клеткам, чтобы сделать призрачный ход.
classical-square = В клетке { $square } стоит классический знак: выберите другую.
first-square-chosen = Выбрана клетка { $square }: теперь вторая клетка призрачного хода.
computer-failed = Компьютер не смог сделать ход: { $message }
nothing-to-undo = Нечего отменять.
bad-link = Запись партии из ссылки не воспроизводится ({ $message }); вместо неё — новая партия.
link-copied = Ссылка скопирована.
copy-this-link = Скопируйте эту ссылку: { $href }
solving = Вычисление…
hint-wins = { $player } побеждает; партия заканчивается на { $endMove }-м ходу
hint-loses = { $player } проигрывает; партия заканчивается на { $endMove }-м ходу
hint-draw = ничья
choose = { $mark } оказывается в { $square }
landings = Затем: { $landings }.
landing = { $mark } в { $square }
after = Поле, если { $mark } окажется в { $square }
move-line = { $player }{ $number }: { $token }
choose-line = { $player }: { $token } ({ $mark } оказывается в { $square })
board-label =
    { $player ->
        [none] Поле. Партия окончена.
       *[other] Поле. Ход { $player }.
    }
board-default = Поле
tour-title = { $step }/{ $steps }: { $title }
tour-board = Позиция { $record }
square-classical = клетка { $square }: { $mark }, классический
square-spooky = клетка { $square }: призрачные { $marks }
square-empty = клетка { $square }: пусто
square-option = ; сюда может попасть самый новый знак (@{ $square })
square-selected = ; выбрана

engine-error =
    { $reason ->
        [invalid_action_id] Номера действий — от 0 до 53
        [malformed_token] Это не действие: две разные клетки (15), одна клетка (7) или @ и клетка (@5)
        [same_square_twice] Призрачному знаку нужны две разные клетки
        [game_over] Партия окончена
        [collapse_pending] Ожидается выбор при схлопывании
        [no_collapse_pending] Схлопывание не ожидается
        [square_classical] В клетке уже стоит классический знак
        [classical_move_not_allowed] Классический ход разрешён, только когда свободна ровно одна клетка
        [spooky_move_on_last_square] Свободна только одна клетка, поэтому ход должен быть классическим ходом в неё
        [not_collapse_option] Это не одна из двух клеток самого нового знака
        [wrong_action_kind] Выбор при схлопывании там, где ожидается ход, или ход там, где ожидается выбор
       *[other] { $message }
    }

## Разбор (web/review.js)

reviewing = Разбор: каждая позиция решается при идеальной игре…
review-failed = Разбор не удался: { $message }
review-title = Разбор: шаг { $step } из { $steps }
review-board =
    { $record ->
        [none] Поле после шага { $step }: пустое поле
       *[other] Поле после шага { $step }: { $record }
    }
spooky-action = { $mark } в { $a } и { $b }
classical-action = { $mark } в { $square }, классический
collapse-action = { $player } отправляет { $mark } в { $square }
value =
    { $points ->
        [1] X побеждает
        [0.5] X впереди на пол-очка
        [-0.5] O впереди на пол-очка
        [-1] O побеждает
       *[0] ничья
    }
review-start = Начало. При идеальной игре отсюда: { $value }.
review-step = { $token } ({ $action }): до — { $before }, после — { $after }: { $verdict }.
kept-win = победа сохранена
kept-draw = ничья сохранена
kept-loss = партию не спасло бы ни одно действие
kept-half = оценка сохранена
win-given-away = победа упущена (теперь { $after })
draw-given-away = ничья упущена (теперь проигрыш)
half-point-lost = потеряно пол-очка
glyph =
    { $glyph ->
        [blunder] Грубая ошибка (??).
        [mistake] Ошибка (?).
       *[dubious] Сомнительное действие (?!).
    }
best =
    { $count ->
        [1] Лучшее: { $tokens } (единственное).
       *[other] Лучшие: { $tokens }.
    }
best-line = Лучшее продолжение: { $tokens }.
line-after =
    { $tokens ->
        [none] После него при идеальной игре: партия окончена.
       *[other] После него при идеальной игре: { $tokens }.
    }
review-end =
    { $mistakes ->
        [one] Конец: { $value }. { $mistakes } действие ухудшило оценку.
        [few] Конец: { $value }. { $mistakes } действия ухудшили оценку.
        [many] Конец: { $value }. { $mistakes } действий ухудшили оценку.
       *[other] Конец: { $value }. { $mistakes } действия ухудшили оценку.
    }
choice-label = { $player }: { $token }
review-item = { $token }{ $glyph }

## Задачи (web/puzzles.js)

puzzle-title = Задача { $number } из { $count }
puzzle-grade =
    Глубина { $depth }: победа в { $depth } { $depth ->
        [one] ход
        [few] хода
        [many] ходов
       *[other] хода
    }
puzzle-themes = Тема: { $themes }
theme =
    { $name ->
        [collapse-choice] выбор при схлопывании
        [earlier-line] более ранняя линия
        [forced-ninth-mark] вынужденный девятый знак
        [avoiding-cycle] как избежать цикла
        [forcing-cycle] как вынудить цикл
       *[other] { $name }
    }
puzzle-task =
    { $player } начинает и побеждает в { $depth } { $depth ->
        [one] ход
        [few] хода
        [many] ходов
       *[other] хода
    }.
puzzle-board =
    { $player ->
        [none] Поле задачи. Решено.
       *[other] Поле задачи. Ход { $player }.
    }
puzzle-right = { $token }: верно.
puzzle-answered = { $token }: верно. Ответ: { $answers }. Снова ваш ход.
token-words = { $token } ({ $words })
puzzle-solved = Решено: { $steps }.
puzzle-wrong = { $token } не ведёт к победе: попробуйте ещё раз.
puzzle-checking = Это не продолжение из решения: решатель проверяет, ведёт ли оно к победе так же быстро…
puzzle-slower = { $token } не ведёт к победе так же быстро, как решение: попробуйте ещё раз.
puzzle-solved-other = Решено другим продолжением, которое ведёт к победе так же быстро, как решение.
puzzle-failed = Решатель не смог ответить: { $message }
hint-theme = Подсказка: вспомните тему — { $themes }.
hint-square = Подсказка: действие, ведущее к победе, использует клетку { $square } (она обведена).
solution = Решение: { $steps }.
progress = Решено: { $solved } из { $count } (хранится в этом браузере).
solved-before = Вы уже решали эту задачу.

## Печатный лист задач (qttt.puzzles.sheet) и нижняя строка каждой распечатки

sheet-title = Квантовые крестики-нолики: задачи
sheet-task = Ровно одно действие ведёт к победе (решатель движка это доказывает). Найдите его.
sheet-answers = { $title } — ответы
sheet-key = Действие, ведущее к победе, выделено жирным, затем партия при наилучшей игре (проигравший держится как можно дольше) и чему учит задача.
sheet-footer = qttt: правила и рисунки движка. Квантовые крестики-нолики, игра Аллана Гоффа.

## Знакомство с игрой (web/tour.js)

tour-superposition-title = Суперпозиция
tour-superposition = Первый ход X призрачный: один знак, X1, сразу в двух клетках ({ $marks } в 1 и в 5). Он ещё ни в одной из них: как частица в суперпозиции двух мест.
tour-entanglement-title = Запутанность
tour-entanglement = Знак O2 ставится в 5 и 6. В клетке 5 теперь два призрачных знака: X1 и O2 запутаны, ведь то, где окажется один из них, ограничивает другой.
tour-cycle-title = Цикл
tour-cycle = X3 в 1 и 6 замыкает цикл: 1–5 (X1), 5–6 (O2), 6–1 (X3). Три знака на три клетки: что-то должно уступить. Игрок, который не замыкал цикл, { $chooser }, решает, где окажется самый новый знак, X3: в { $options }.
tour-collapse-title = Схлопывание (измерение)
tour-collapse = O выбирает @1: X3 оказывается в 1. Тогда X1 может быть только в 5, а O2 — только в 6. Весь цикл сразу схлопывается в классические знаки: { $landings }. Только они считаются для линий.
tour-lines-title = Линии у обоих игроков
tour-lines = Одно схлопывание может завершить линии обоим игрокам: у X линия { $xLine } (её самый новый знак { $xNewest }), у O — { $oLine } (самый новый { $oNewest }). Побеждает линия, завершённая раньше, то есть с меньшим наибольшим номером хода: побеждает { $winner }.

## Классический ансамбль (web/ensemble.js)

ensemble-title = Все поля, которыми партия ещё может стать
ensemble-count =
    { $count ->
        [1] Все знаки классические: 1 поле, то, что выше.
        [one] Ещё возможно это { $count } классическое поле.
        [few] Ещё возможны эти { $count } классических поля.
        [many] Ещё возможны эти { $count } классических полей.
       *[other] Ещё возможны эти { $count } классического поля.
    }
ensemble-not-drawn = (Поля рисуются, когда их не больше { $most }.)
ensemble-collapsed =
    Схлопывание оставило { $after } из { $before } { $before ->
        [one] поля
        [few] полей
        [many] полей
       *[other] поля
    }.
ensemble-ruled-out =
    Новый знак исключил { $gone } из { $before } { $before ->
        [one] поля
        [few] полей
        [many] полей
       *[other] поля
    }, которые могли дать прежние знаки.
ensemble-mark = { $mark } в { $square }
ensemble-board =
    { $marks ->
        [none] Поле { $index }: пусто
       *[other] Поле { $index }: { $marks }
    }

## Режим показа (web/index.html, web/style.css)

present-toggle = Режим показа: поле и его ансамбль заполняют экран, для проектора

## Схлопывание шаг за шагом (web/steps.js; collapse_steps в Python)

steps-title = Схлопывание шаг за шагом: { $mark } оказался в { $square }
steps-preview-title = Если { $mark } окажется в { $square }: схлопывание шаг за шагом
steps-board = Схлопывание после шага { $shown } из { $count }
steps-start =
    До схлопывания: цикл { $cycle }. Сначала { $mark } оказывается в { $square }; всего { $count } { $count ->
        [one] шаг
        [few] шага
        [many] шагов
       *[other] шага
    }.
step-first = Шаг { $shown } из { $count }: { $mark } оказывается в { $square }, клетке выбравшего.
step-forced = Шаг { $shown } из { $count }: { $by } оказался в { $from }, поэтому { $mark } уходит из { $from } в свою вторую клетку, { $square }.
steps-done = Все знаки, связанные с циклом, теперь классические.
steps-play = Воспроизвести
steps-pause = Пауза

## Работа без сети (web/offline.js, web/offline.html)

update-ready = Готова новая версия площадки.
update-reload = Перезагрузить
offline-title = Квантовые крестики-нолики: нет сети
offline-heading = Этой странице нужна сеть
offline-text = Страницы столов (игра по сети, занятие с классом) связываются с сервером столов, а сети до него нет. Сама площадка работает в этом браузере и без сети: для двух игроков и против компьютера.
offline-playground = Открыть площадку

## Имя приложения и страница, открытая из файла (web/manifest.webmanifest, web/index.html: вписывает web/localize.mjs)

app-short-name = Кв. крестики
app-description = Квантовые крестики-нолики для двух игроков за одним экраном или против компьютера; после первого открытия работает без сети.
file-protocol = Эта страница не работает из файла на диске: браузеры загружают её движок только с веб-сервера. В терминале, в папке с этой страницей, выполните  python3 -m http.server 8000  и откройте в браузере http://localhost:8000/ (или выложите папку на любой веб-хостинг).

## Подпись к рисунку модуля Python (qttt-py: Game.svg)

caption-move = Ход { $player } (знак { $mark })
caption-collapse = { $mark } замкнул цикл: { $player } выбирает, где он окажется, @{ $a } или @{ $b }
caption-win = Партия окончена: { $winner } побеждает: { $lines }
caption-draw = Партия окончена: ничья
caption-line = { $player } { $squares } (наибольший { $highest })
caption-ensemble =
    { $count ->
        [one] { $count } классическое поле ещё возможно
        [few] { $count } классических поля ещё возможны
        [many] { $count } классических полей ещё возможны
       *[other] { $count } классического поля ещё возможны
    }

## График разбора (qttt-py: Review.svg)

review-chart-title = Оценка для X при идеальной игре ({ $scoring }); ошибки красным
review-chart-axis = после шага

## Комментарии к разобранной партии (qttt-py: review(..., lang=)) и подпись задачи

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
review-comment-start = Оценка в начале: { $value }
review-comment-mistake =
    { $verdict ->
        [win_given_away] { $player } упускает победу; лучшие: { $best }
        [draw_given_away] { $player } упускает ничью; лучшие: { $best }
       *[half_point_lost] { $player } теряет пол-очка; лучшие: { $best }
    }
puzzle-caption =
    { $player } начинает и побеждает в { $depth } { $depth ->
        [one] ход
        [few] хода
        [many] ходов
       *[other] хода
    }

## Страницы сервера столов: игра по сети (web/online.html, web/online.js)
# Новый перевод: его ещё должен проверить носитель русского языка.

online-title = Квантовые крестики-нолики: игра по сети
online-heading = Квантовые крестики-нолики: игра по сети
online-intro = Два человека на двух устройствах играют одну партию; все, у кого есть ссылка, могут смотреть. <a data-l10n-name="playground">Площадка</a> · <a data-l10n-name="class">Занятие с классом</a>
online-connecting = Подключение…
online-join-legend = Сесть за стол
online-join-code = Код стола
online-join-button = За стол
online-join-bad-code = Код стола — шесть букв и цифр, например K7QF2M.
# Имя игрока (отправляется при каждом входе за стол, его видят другие; $name ниже — это оно).
online-name-label = Ваше имя
online-name-hint = Его видят соперник и страница класса; хранится в этом браузере.
online-name-bad = Имя — от 1 до 24 символов, без переносов строки и без символов направления текста.
online-new-table = Новый стол
online-seat-kind-person = человек
online-seat-kind-random = компьютер: случайный
online-seat-kind-mcts = компьютер: MCTS
online-seat-kind-perfect = компьютер: идеальный
online-clock-label = Часы
online-clock-none = нет
online-clock-move30 = 30 секунд на ход
online-clock-fischer5 = 5 минут + 3 секунды за ход
online-class-code = Код класса (необязательно)
online-create = Создать стол
online-create-prompt = Создайте стол, затем поделитесь ссылкой на него.
online-table = Стол { $code }
online-board = Поле стола { $code }
online-copy = Скопировать ссылку
online-show-qr = QR-код
online-qr =
    .alt = QR-код ссылки на стол
online-resign = Сдаться
online-rematch = Реванш
online-rematch-offered = Реванш предложен…
online-rematch-accept = Принять реванш
online-take-seat = Занять свободное место: играть за { $side }
online-review = Разобрать эту партию на площадке
online-record = Запись: { $record }
online-clocks = Часы: X { $x } · O { $o }
online-no-table = Нет стола с кодом { $code }.
online-reconnecting = Связь потеряна; переподключение…
online-not-legal = { $move } — недопустимый ход.
online-watching-move = Вы смотрите. Ход { $player }.
online-watching-collapse = Вы смотрите. { $player } выбирает схлопывание.
online-your-move = Вы играете за { $you }. Ваш ход.
online-your-move-second = Вы играете за { $you }. Ваш ход: клетка { $square } и …
online-your-collapse = Вы играете за { $you }. Выберите, где окажется самый новый знак: { $options }.
online-waiting = Вы играете за { $you }. Ждём { $player }.
online-paused = Учитель поставил партию на паузу. Часы остановлены.
# $result: одно из трёх сообщений ниже.
online-game-over = Партия { $game }: { $result }
online-result =
    { $ending ->
        [line] { $winner } побеждает линией.
        [resign] { $winner } побеждает: соперник сдался.
       *[time] { $winner } побеждает по времени.
    }
online-result-both-lines = { $winner } побеждает: линии получили оба игрока, и линия { $winner } { $line } была завершена раньше (её самый новый знак { $winner }{ $newest } старше, чем { $loser }{ $otherNewest } в линии { $loser } { $other }).
online-result-draw = Ничья.
# Места: кто их занимает, затем (после тире) на месте ли он.
online-seat-you = { $side }: вы
online-seat-person = { $side }: человек
online-seat-you-named = { $side }: вы ({ $name })
online-seat-named = { $side }: { $name }
online-seat-computer = { $side }: компьютер ({ $kind })
online-seat-free = место свободно: поделитесь ссылкой
online-seat-connected = на связи
online-seat-grace = связь прервана, место ждёт { $time }
online-seat-away = связь прервана; партия ждёт

## Страницы сервера столов: страница класса (web/class.html, web/class.js)
# Новый перевод: его ещё должен проверить носитель русского языка.

class-title = Квантовые крестики-нолики: занятие с классом
class-heading = Квантовые крестики-нолики: занятие с классом
class-intro = Все партии класса в прямом эфире. <a data-l10n-name="online">Игра по сети</a> · <a data-l10n-name="playground">Площадка</a>
class-open-text = Откройте класс: ученики создают свои столы с его кодом, а эта страница показывает все поля.
class-open-button = Открыть класс
class-code-label = Код класса
class-students = Ученики открывают:
class-qr =
    .alt = QR-код адреса для учеников
class-boards =
    .aria-label = Поля класса
class-board = Стол { $code }
class-players = { $x } – { $o }
class-seat-computer = { $side } (компьютер: { $kind })
class-seat-named = { $name } ({ $side })
class-board-won =
    { $ending ->
        [line] { $winner } победил линией
        [resign] { $winner } победил: соперник сдался
       *[time] { $winner } победил по времени
    }
# Оба игрока получили линию при одном схлопывании: линия победителя была завершена раньше.
class-board-both-lines = { $winner } победил: линии у обоих, но линия { $winner } была раньше
class-board-draw = Ничья
class-board-waiting = Ждём второго игрока
class-board-playing = Действует { $player }, ход { $move }
class-tables =
    { $count ->
        [one] { $count } стол
        [few] { $count } стола
        [many] { $count } столов
       *[other] { $count } стола
    }
class-no-tables = Столов пока нет.
class-unknown = Нет класса с кодом { $code }.
class-server-gone = Сервер не отвечает (с { $since }): эти поля могут быть устаревшими. Новая попытка каждые { $seconds } с.
class-localhost = Эта страница открыта как { $host }: по этому адресу ученики не достучатся до сервера. Откройте её по адресу, который сервер вывел при запуске (например, http://192.168.1.20:8023).

## Турнир на странице класса и часть учеников (web/events.js, web/class.html, web/online.html)
# Новый перевод: его ещё должен проверить носитель русского языка.

event-open-summary = Открыть турнир
event-kind-label = Вид
event-kind-swiss = Швейцарская система
event-kind-round-robin = Круговой (каждый с каждым)
event-rounds-label = Туров (швейцарская система)
event-clock-fischer3 = 3 минуты + 2 секунды за ход
event-scoring-label = Очки
event-scoring-standard = победа 1, ничья ½, поражение 0
event-open-button = Открыть турнир
event-teacher-label = Вы ведёте этот турнир (из этого браузера):
event-start-round = Начать тур { $round }
event-end-round = Закончить тур { $round }
event-end = Закончить турнир
event-confirm-end-round = Закончить тур { $round } сейчас? Его незаконченные партии считаются ничьими.
event-confirm-end = Закончить турнир? После этого нельзя сыграть ни одного тура.
event-confirm-remove = Исключить { $name } из турнира? В пары больше не ставится; результаты остаются.
event-remove = Исключить { $name }
event-code-label = Турнир
# $kind: swiss или round_robin; $rounds: число туров по швейцарской системе.
event-kind =
    { $kind ->
        [swiss] Швейцарская система, { $rounds ->
            [one] { $rounds } тур
            [few] { $rounds } тура
            [many] { $rounds } туров
           *[other] { $rounds } тура
        }
       *[round_robin] Круговой турнир
    }
event-round-of = Тур { $round } из { $rounds }
event-state-waiting =
    { $count ->
        [one] Записался { $count } игрок. Первый тур ещё не начался.
        [few] Записались { $count } игрока. Первый тур ещё не начался.
        [many] Записались { $count } игроков. Первый тур ещё не начался.
       *[other] Записались { $count } игрока. Первый тур ещё не начался.
    }
# $of: event-round-of.
event-state-round =
    { $count ->
        [0] { $of }: все партии закончены
        [one] { $of }: идёт { $count } партия
        [few] { $of }: идут { $count } партии
        [many] { $of }: идут { $count } партий
       *[other] { $of }: идут { $count } партии
    }
event-state-between = { $of } закончен.
event-state-ended = Турнир закончен.
event-again = Открыть новый турнир
event-views =
    .aria-label = Показать
event-view-standings = Таблица
event-view-pairings = Пары
event-view-boards = Поля
# Столбцы таблицы: место, имя, очки, Бухгольц, Зоннеборн-Бергер, партии, точность, рейтинг.
event-col-rank = №
event-col-name = Имя
event-col-points = Очки
event-col-buchholz = Бухгольц
event-col-sb = З-Б
event-col-sb-title = Зоннеборн-Бергер
event-col-games = Партии
event-col-accuracy = Точность
event-col-accuracy-title = Средняя потеря оценки за действие, по решателю (0: идеальная игра)
event-col-rating = Рейтинг
# Рейтинг Glicko-2 и его отклонение.
event-withdrawn = (вне турнира)
event-no-players = Пока никто не записался.
event-round = Тур { $round }
event-board = { $board }.
event-pairing = { $x } – { $o }
# Результат партии, очки X первыми: x (победил X), o (победил O), draw, unfinished (тур закончился раньше: ничья), playing.
event-result =
    { $result ->
        [x] 1–0
        [o] 0–1
        [draw] ½–½
        [unfinished] ½–½ (не доиграна)
       *[playing] идёт
    }
event-review = разбор
event-watch = смотреть
event-bye = Свободен от игры: { $name } (1 очко)
event-exports = Экспорт:
event-export-games = партии (файл партий)
event-export-csv = таблица (CSV)
event-export-a4 = таблица для печати, A4
event-export-letter = Letter
# Отказ сервера, по его коду; $message: слова самого сервера (по-английски).
event-refused =
    { $code ->
        [round_in_progress] Не все партии тура закончены: сначала закончите тур.
        [too_few_players] Для тура нужны хотя бы два игрока.
        [no_more_rounds] Все туры сыграны.
        [event_ended] Турнир закончен.
        [name_taken] В турнире уже есть игрок с таким именем: выберите другое.
        [bad_name] Такое имя не подходит: от 1 до 24 символов.
        [event_started] Этот круговой турнир уже начался: присоединиться нельзя.
        [event_full] В турнире нет мест.
        [rate_limited] Слишком много новых турниров с этого компьютера: подождите минуту.
       *[other] Сервер отказал: { $message }
    }
event-box-heading = Турнир класса
event-invite = Присоединяйтесь под своим именем (выше).
event-join-button = Участвовать в турнире
event-need-name = Сначала введите своё имя выше.
event-you-are = Вы играете как { $name }.
event-you-play = Тур { $round }, стол { $board }: вы играете за { $side } против { $opponent }.
event-you-played = Тур { $round }, стол { $board }, { $side } против { $opponent }: { $result }. Ждите следующего тура.
event-you-bye = Тур { $round }: вы свободны от игры (1 очко). Ждите следующего тура.
event-you-wait = Ждите, пока учитель начнёт следующий тур.
event-you-removed = Учитель исключил вас из турнира.
event-your-rank = Место { $rank } из { $count } · очки: { $points }
event-go = К своему столу
event-back = Ваш турнир: следующий тур

## Задание для агентов: подсчёт очков в матче (qttt-py: qttt.agents.scoring_text)

agents-scoring-single = В этом матче считается простой результат партии: победа приносит 1 очко, ничья 1/2, поражение 0.
agents-scoring-goff = В этом матче действует опубликованный подсчёт Гоффа: единственный победитель получает 1 очко, проигравший 0; если одно схлопывание завершает линии обоих игроков, более ранняя линия приносит 1 очко, а другая 1/2; при ничьей каждый получает 1/2.
agents-scoring-complete = В этом матче засчитывается только полная победа: линии только одного игрока приносят ему 1 очко (проигравшему 0); линии обоих игроков сразу, как и полное поле без линии, — ничья (по 1/2).
