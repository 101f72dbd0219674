// Game files, reviews and puzzles through the C++ wrapper qttt.hpp: the
// example of docs/gamefile.md, a bad file's GameFileError, texts the C
// functions cannot take, a review whose values come from the independent
// model's minimax (tests/model/perfect_play.py), and the shipped puzzles.
//
//   test_gamefile_cpp qttt/tests/gamefile/example.qgn
#include "qttt.hpp"

#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

static int passed, failed;

static void check(bool ok, const char *what) {
    if (ok) {
        passed++;
    } else {
        failed++;
        std::fprintf(stderr, "FAIL: %s\n", what);
    }
}

/// The status of the qttt::Error `call` throws (QTTT_STATUS_OK if none).
template <typename Call>
static qttt_status status_of(Call call) {
    try {
        call();
    } catch (const qttt::GameFileError &) {
        return QTTT_STATUS_INVALID_GAMEFILE;
    } catch (const qttt::Error &e) {
        return e.status();
    }
    return QTTT_STATUS_OK;
}

static std::vector<std::string> tokens(const std::vector<qttt::Action> &actions) {
    std::vector<std::string> out;
    for (qttt::Action action : actions) out.push_back(action.token());
    return out;
}

static void test_example(const std::string &example) {
    check(qttt::gamefile_count(example) == 1, "the example holds one game");
    qttt::GameFileGame game = qttt::gamefile_game(example, 0);
    check(game.start == qttt::Game(), "it starts from the empty board");
    check(game.end.record() == "58 47 67 59 48 68 @8", "the main line's end, variations left out");
    check(status_of([&] { (void)qttt::gamefile_game(example, 1); }) == QTTT_STATUS_INVALID_ARGUMENT, "no game 1");
    check(qttt::gamefile_normalize(example) == example, "the example is in normal form");
    // The same game in another layout (CR LF line ends, numbers written
    // apart and joined) reads as the same game: its normal form is the example.
    std::string layout;
    for (char c : example) layout += c == '\n' ? std::string("\r\n") : std::string(1, c);
    layout.replace(layout.find(" 2. 47"), 6, "   2...47");
    check(layout != example && qttt::gamefile_normalize(layout) == example, "another layout, in normal form");
}

static void test_bad_files() {
    try {
        (void)qttt::gamefile_count("1. 12 2. 12\n3. 34");
        check(false, "a collapse choice skipped throws");
    } catch (const qttt::GameFileError &e) {
        check(e.status() == QTTT_STATUS_INVALID_GAMEFILE && std::string(e.code()) == "invalid_gamefile",
              "the status of a bad file");
        check(e.line() == 2 && e.column() == 4, "where: line 2, column 4");
        // X1 and O2 both on 12 closed the cycle 1-2: mark 2 lands first.
        std::string why = "ply 3 `34`: a collapse choice is pending: the newest mark must first land in square 1 or 2";
        check(e.reason() == why, "why");
        check(e.what() == "line 2, column 4: " + why, "what()");
    }
    // A GameFileError is a qttt::Error: one catch serves every call.
    check(status_of([] { (void)qttt::gamefile_normalize("[Event \"x"); }) == QTTT_STATUS_INVALID_GAMEFILE,
          "an unclosed tag value, caught as qttt::Error");
    check(status_of([] { (void)qttt::gamefile_game("1. 55", 0); }) == QTTT_STATUS_INVALID_GAMEFILE,
          "a move naming one square twice");
    // Texts the C functions cannot take: not UTF-8, or a NUL inside (C
    // would stop reading there).
    check(status_of([] { (void)qttt::gamefile_count("1. 12 {\xff}"); }) == QTTT_STATUS_INVALID_UTF8,
          "not UTF-8");
    std::string with_nul("1. 12\0 2. 34", 12);
    check(status_of([&] { (void)qttt::gamefile_count(with_nul); }) == QTTT_STATUS_INVALID_ARGUMENT &&
              status_of([&] { (void)qttt::gamefile_game(with_nul, 0); }) == QTTT_STATUS_INVALID_ARGUMENT &&
              status_of([&] { (void)qttt::gamefile_normalize(with_nul); }) == QTTT_STATUS_INVALID_ARGUMENT,
          "a NUL inside the text is refused, not cut short");
    check(qttt::gamefile_count("") == 0, "an empty file holds no games");
}

static void test_review() {
    // The model: values +1, -1, 0 (in half points 2, -2, 0) before plies 7,
    // 8 and 9 of this game, -1 at the end; before ply 7, 25, 28 and 58 keep
    // X's win; before ply 8, 16, 19 and 69 keep O's; before ply 9 only @7
    // holds the draw.
    qttt::Game game = qttt::Game::from_record("28 14 25 57 49 69 47 79 @9");
    for (qttt::Scoring scoring : {qttt::Scoring::SingleResult, qttt::Scoring::GoffPoints}) {
        qttt::Review review = game.review(6, scoring);
        check(review.steps.size() == 3 && review.final_value == -2, "three steps, O wins");
        const qttt::ReviewStep &seventh = review.steps[0];
        check(seventh.ply == 7 && seventh.action.token() == "47" && seventh.player == qttt::Player::X &&
                  seventh.before == 2 && seventh.after == -2 && seventh.lost_half_points == 4 &&
                  seventh.verdict == qttt::Verdict::WinGivenAway && !seventh.kept(),
              "ply 7 gives away X's win");
        const qttt::ReviewStep &eighth = review.steps[1];
        check(eighth.player == qttt::Player::O && eighth.before == -2 && eighth.after == 0 &&
                  eighth.verdict == qttt::Verdict::WinGivenAway,
              "ply 8 gives away O's win");
        const qttt::ReviewStep &ninth = review.steps[2];
        check(ninth.before == 0 && ninth.after == -2 && ninth.verdict == qttt::Verdict::DrawGivenAway &&
                  tokens(ninth.best) == std::vector<std::string>{"@7"},
              "ply 9 gives away the draw; @7 held it");
        // The glyphs by the verdict rule: a full win given away for a full
        // loss is `??` (NAG 4), a win given away for a draw and a draw for
        // a loss `?` (NAG 2).
        check(seventh.glyph == 4 && eighth.glyph == 2 && ninth.glyph == 2, "glyphs ??, ?, ?");
        std::vector<std::string> keeping[] = {{"25", "28", "58"}, {"16", "19", "69"}, {"@7"}};
        for (std::size_t i = 0; i < 3; ++i) {
            const qttt::ReviewStep &step = review.steps[i];
            bool all_keep = !step.best.empty();
            for (const std::string &best : tokens(step.best)) {
                bool found = false;
                for (const std::string &keeps : keeping[i]) found = found || best == keeps;
                all_keep = all_keep && found;
            }
            check(all_keep, "the best actions keep the value");
            check(!step.best_line.empty() && step.best_line[0] == step.best[0],
                  "the best line starts with a best action");
        }
    }
    // RULES.md's worked example: X chooses @8 and wins (X's line comes first).
    qttt::Review kept = qttt::Game::from_record("58 47 67 59 48 68 @8").review(6);
    check(kept.steps.size() == 1 && kept.steps[0].kept() && kept.steps[0].verdict == qttt::Verdict::Kept &&
              kept.steps[0].before == 2 && kept.steps[0].after == 2 && kept.steps[0].lost_half_points == 0 &&
              kept.steps[0].glyph == 0 && kept.final_value == 2,
          "@8 keeps X's win");
    // Under Goff's points @8 gives X 1 and O 1/2 (X's 4-5-6 comes before
    // O's 7-8-9), while @6 keeps X's single line (1): half a point lost,
    // no win or draw given away, so `?!` (NAG 6).
    qttt::Review goff = qttt::Game::from_record("58 47 67 59 48 68 @8").review(6, qttt::Scoring::GoffPoints);
    check(goff.steps.size() == 1 && goff.steps[0].before == 2 && goff.steps[0].after == 1 &&
              goff.steps[0].lost_half_points == 1 && goff.steps[0].verdict == qttt::Verdict::HalfPointLost &&
              goff.steps[0].glyph == 6 && goff.final_value == 1,
          "@8 loses half a point under Goff's points: ?!");
    // From ply 2 the first two positions have two and three marks: the
    // opening book answers them, or, without the book, the search; they
    // agree.
    qttt::Review booked = game.review(2), searched = game.review(2, qttt::Scoring::SingleResult, false);
    check(booked.steps.size() == 7 && searched.steps.size() == 7 && booked.final_value == -2 &&
              searched.final_value == -2,
          "seven steps with and without the book");
    for (std::size_t i = 0; i < booked.steps.size() && i < searched.steps.size(); ++i) {
        const qttt::ReviewStep &a = booked.steps[i], &b = searched.steps[i];
        check(a.ply == i + 3 && b.ply == a.ply && a.action == b.action && a.before == b.before &&
                  a.after == b.after && a.verdict == b.verdict && a.glyph == b.glyph,
              "the book and the search agree");
    }
    check(searched.steps.size() == 7 && searched.steps[4].glyph == 4 && searched.steps[5].glyph == 2 &&
              searched.steps[6].glyph == 2,
          "the search's plies 7 to 9: ??, ?, ?");
    check(game.review_gamefile(3, qttt::Scoring::SingleResult, false).find("47??") != std::string::npos,
          "the annotated game without the book marks 47 ??");
    check(qttt::Game().review().steps.empty() && game.review(20).steps.empty(), "nothing to review");
    check(status_of([&] { (void)game.review(6, static_cast<qttt::Scoring>(7)); }) == QTTT_STATUS_INVALID_ARGUMENT,
          "scoring 7 is none");
    std::string annotated = game.review_gamefile(6);
    check(annotated.find("7. 47?? {[%value -1]") != std::string::npos, "the annotated game marks 47 ??");
    qttt::GameFileGame read_back = qttt::gamefile_game(annotated, 0);
    check(read_back.start == qttt::Game::from_record("28 14 25 57 49 69") && read_back.end == game,
          "the annotated game reads back: the review's start and the game's end");
}

static void test_puzzles() {
    std::string_view puzzles = qttt::puzzles();
    check(qttt::gamefile_count(puzzles) >= 300, "at least 300 shipped puzzles");
    // The model: after this record only 17 wins for X.
    check(qttt::gamefile_game(puzzles, 0).start.record() == "46 45 46 @6 38 17 27", "puzzle 1");
}

// qttt::GameFile, a file parsed once: the same games as the free
// functions, a bad file's place, an index past the end, moves.
static void test_game_file(const std::string &example) {
    qttt::GameFile file(example);
    check(file.size() == 1, "one game");
    check(file[0].start == qttt::Game() && file[0].end.record() == "58 47 67 59 48 68 @8", "game 0");
    check(status_of([&] { (void)file[1]; }) == QTTT_STATUS_INVALID_ARGUMENT, "no game 1");
    check(file.normalized() == example, "normal form");
    qttt::GameFile moved = std::move(file);
    check(moved.size() == 1, "moved");
    try {
        qttt::GameFile bad("1. 12 2. 12\n3. 34");
        check(false, "a bad file throws");
    } catch (const qttt::GameFileError &error) {
        check(error.line() == 2 && error.column() == 4, "the bad file's place");
    }
    qttt::GameFile puzzles(qttt::puzzles());
    check(puzzles.size() == qttt::gamefile_count(qttt::puzzles()), "the puzzles, counted alike");
    check(puzzles[0].start.record() == "46 45 46 @6 38 17 27", "puzzle 1");
}

int main(int argc, char **argv) {
    if (argc != 2) {
        std::fprintf(stderr, "usage: %s EXAMPLE.qgn\n", argv[0]);
        return 2;
    }
    std::ifstream file(argv[1], std::ios::binary);
    std::ostringstream example;
    example << file.rdbuf();
    if (!file) {
        std::fprintf(stderr, "cannot read %s\n", argv[1]);
        return 2;
    }
    test_example(example.str());
    test_bad_files();
    test_review();
    test_puzzles();
    test_game_file(example.str());
    std::printf("cpp gamefile: %d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}
