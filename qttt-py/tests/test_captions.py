"""The drawing's caption in every language (Game.svg(lang=...)): the
words of the playground's locale files, the expected texts written out by
hand from them; every caption fits the picture, drawn by librsvg."""

import json

import pytest

import qttt
from qttt.svg import caption
from conftest import game_vectors
from test_svg import ink_box, render_rsvg


def caption_text(svg: str) -> str:
    """The caption's lines, joined again by spaces."""
    return " ".join(part.split(">", 1)[1].split("<", 1)[0] for part in svg.split('class="caption"')[1:])


MOVE = "15 26"  # X1 and O2 placed: X to move, mark X3
COLLAPSE = "58 47 67 59 48 68"  # O6 (in 6 and 8) closed a cycle: X chooses
BOTH_LINES = "58 47 67 59 48 68 @8"  # X 4-5-6 (newest X5) and O 7-8-9 (newest O6): X's came first
EXPECTED = {
    "en": [
        "X to move (mark X3)",
        "O6 closed a cycle: X chooses where it lands, @6 or @8",
        "Game over: X wins: X 4-5-6 (highest X5), O 7-8-9 (highest O6)",
    ],
    "nl": [
        "X is aan zet (teken X3)",
        "O6 sloot een lus: X kiest waar het neerkomt, @6 of @8",
        "Spel afgelopen: X wint: X 4-5-6 (hoogste X5), O 7-8-9 (hoogste O6)",
    ],
    "ru": [
        "Ход X (знак X3)",
        "O6 замкнул цикл: X выбирает, где он окажется, @6 или @8",
        "Партия окончена: X побеждает: X 4-5-6 (наибольший X5), O 7-8-9 (наибольший O6)",
    ],
    "da": [
        "X er i trækket (mærke X3)",
        "O6 lukkede en løkke: X vælger, hvor det falder på plads, @6 eller @8",
        "Spillet er slut: X vinder: X 4-5-6 (højeste X5), O 7-8-9 (højeste O6)",
    ],
    "de": [
        "X ist am Zug (Zeichen X3)",
        "O6 schloss einen Zyklus: X wählt, wo es sich festsetzt, @6 oder @8",
        "Partie vorbei: X gewinnt: X 4-5-6 (höchstes X5), O 7-8-9 (höchstes O6)",
    ],
}


def test_the_languages():
    # English first, then by tag: one per locale file (qttt-locales/ftl/).
    assert qttt.LANGUAGES == ("en", "da", "de", "nl", "ru")
    assert set(EXPECTED) == set(qttt.LANGUAGES)


@pytest.mark.parametrize("lang", qttt.LANGUAGES)
def test_captions(lang):
    for record, expected in zip([MOVE, COLLAPSE, BOTH_LINES], EXPECTED[lang]):
        game = qttt.Game(record)
        assert caption(game, lang) == expected
        assert caption_text(game.svg(lang=lang)) == expected


def test_english_is_the_text_boards_status_line():
    for record in ["", MOVE, COLLAPSE, BOTH_LINES]:
        assert caption(qttt.Game(record)) == str(qttt.Game(record)).splitlines()[-1]
    assert qttt.Game().svg() == qttt.Game().svg(lang="en") == qttt.Game()._repr_svg_()


def test_a_draw():
    # The shared vectors' drawn games (their view's outcome has no winner).
    drawn = [record for _, record, view in game_vectors() if (json.loads(view)["outcome"] or {"winner": 0})["winner"] is None]
    assert drawn
    for record in drawn:
        game = qttt.Game(record)
        assert caption(game, "en") == "Game over: draw"
        assert caption(game, "ru") == "Партия окончена: ничья"
        assert caption(game, "de") == "Partie vorbei: unentschieden"


@pytest.mark.parametrize("lang", qttt.LANGUAGES)
def test_every_caption_fits(lang):
    for record in [MOVE, COLLAPSE, BOTH_LINES]:
        image = render_rsvg(qttt.Game(record).svg(size=360, lang=lang))
        left, top, right, bottom = ink_box(image)
        width, height = image.size
        assert left >= 4 and top >= 4 and right <= width - 4 and bottom <= height - 4, (lang, record)


def test_a_language_it_does_not_speak_is_refused():
    with pytest.raises(qttt.QtttError, match="lang must be one of en, da, de, nl, ru, not 'fr'"):
        qttt.Game().svg(lang="fr")
    with pytest.raises(qttt.QtttError, match="no message"):
        qttt.svg.message("en", "no-such-message")


def test_the_ensemble_counted_in_every_language():
    # "12 23": X1 in 1 or 2, O2 in 2 or 3, never both in 2: three boards (docs/ensemble.md).
    game = qttt.Game("12 23")
    expected = {
        "en": "3 classical boards still possible",
        "nl": "3 klassieke borden nog mogelijk",
        "ru": "3 классических поля ещё возможны",
        "da": "3 klassiske brætter stadig mulige",
        "de": "3 klassische Bretter noch möglich",
    }
    for lang, text in expected.items():
        assert caption_text(qttt.svg.ensemble(game, lang=lang)) == text
    # One board left: the singular (Russian "one" also covers 21, never reached: at most 27 boards).
    assert caption_text(qttt.svg.ensemble(qttt.Game("12 12 @1"), lang="ru")) == "1 классическое поле ещё возможно"
    assert caption_text(qttt.svg.ensemble(qttt.Game("12 12 @1"))) == "1 classical board still possible"


def test_the_collapse_steps_in_other_languages():
    # The English steps of test_svg.py (O6 lands in 8 first; the sixth and last
    # step moves X3 from 7 to 6, forced by O2), in German and Russian.
    game = qttt.Game(COLLAPSE)
    german = [caption_text(svg) for svg in game.collapse_svg("@8", lang="de")]
    assert german[0] == "Schritt 1 von 6: O6 setzt sich in 8 fest, dem Feld des Wählenden."
    russian = [caption_text(svg) for svg in game.collapse_svg("@8", lang="ru")]
    assert russian[-1] == (
        "Шаг 6 из 6: O2 оказался в 7, поэтому X3 уходит из 7 в свою вторую клетку, 6. "
        "Все знаки, связанные с циклом, теперь классические."
    )
    with pytest.raises(qttt.QtttError, match="lang must be one of"):
        game.collapse_svg("@8", lang="xx")
