// The C++ wrapper qttt.hpp: values, exceptions, optionals, range-for,
// actions that print as tokens, scoped enums. (That a discarded result is
// a compile error is checked by run.sh with nodiscard.cpp.)
// Both headers are included twice: their include guards must hold.
#include "qttt.h"
#include <type_traits>
#include <utility>

#include "qttt.hpp"

/// Whether `game.apply(value)` compiles for a value of type A.
template <typename A, typename = void>
struct can_apply : std::false_type {};
template <typename A>
struct can_apply<A, std::void_t<decltype(std::declval<const qttt::Game &>().apply(std::declval<A>()))>>
    : std::true_type {};
#include "qttt.h"
#include <type_traits>
#include <utility>

#include "qttt.hpp"

#include <cstdio>
#include <sstream>
#include <string>
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

int main() {
    // The RULES.md worked example, token by token.
    qttt::Game game;
    for (const char *token : {"58", "47", "67", "59", "48", "68"}) game = game.apply(token);
    check(game.phase() == qttt::Phase::Collapse, "O6 closed a cycle");
    check(game.current_player() == qttt::Player::X, "X chooses");
    static_assert(!std::is_convertible_v<qttt::Player, int> && !std::is_convertible_v<qttt::Phase, int>,
                  "scoped enums");

    std::vector<std::string> tokens;
    std::ostringstream printed;
    for (qttt::Action action : game.legal_actions()) {
        tokens.push_back(action.token());
        printed << action << ' ';
    }
    check(tokens == std::vector<std::string>{"@6", "@8"}, "range-for over the legal actions");
    check(printed.str() == "@6 @8 ", "an action prints as its token");
    check(game.legal_tokens() == tokens, "legal_tokens");
    check(qttt::Game().legal_tokens().size() == 36 && qttt::Game().legal_tokens()[0] == "12", "36 first moves");
    check(qttt::Action("51") == qttt::Action("15") && qttt::Action("15").id() == 3 &&
              qttt::Action::from_id(53).token() == "@9" && qttt::Action("12") < qttt::Action("@1"),
          "actions by token and id");
    try {
        (void)qttt::Action::from_id(54);
        check(false, "id 54 throws");
    } catch (const qttt::Error &e) {
        check(e.status() == QTTT_STATUS_INVALID_ACTION_ID, "no action 54");
    }

    qttt::Game end = game.apply(qttt::Action("@8"));
    qttt_outcome outcome = end.outcome();
    check(outcome.over && qttt::to_player(outcome.winner) == qttt::Player::X && outcome.line_count == 2,
          "X wins with two lines");
    check(end.phase() == qttt::Phase::Over && end.current_player() == qttt::Player::None, "nobody acts");
    check(end.record() == "58 47 67 59 48 68 @8", "record");
    check(end.view().rfind("{\"record\":\"58 47 67 59 48 68 @8\",\"phase\":\"over\"", 0) == 0, "JSON view");
    check(end.board().find("Game over: X wins") != std::string::npos, "text board");
    check(end.classical(5).has_value() && end.classical(5)->number == 1, "X1 on 5");
    check(!qttt::Game().classical(5).has_value(), "empty square");
    // The classical ensemble (docs/ensemble.md), by hand: X1 1-2, O2 2-3 is
    // a tree of 3 squares, one board for each empty square; X1 in 1 first.
    const qttt::Game path = qttt::Game::from_record("12 23");
    const auto boards = path.ensemble();
    check(path.ensemble_count() == 3 && boards.size() == 3, "three boards");
    check(boards[0].numbers[0] == 1 && boards[0].numbers[1] == 2 && boards[2].numbers[0] == 0, "in mark order");

    // Analysis: the solver, the counter and the opponents.
    qttt_solution solution = game.solve();
    check(solution.value_half_points == 2 && solution.optimal_count == 1 &&
              qttt::token(solution.optimal[0]) == "@8" && solution.variation_length == 1,
          "solve: @8 wins at once");
    check(game.solve(qttt::Scoring::GoffPoints, 2).value_half_points == 2, "solve on two threads, Goff's points");
    qttt::Action best = game.best_action(qttt::OpponentKind::Perfect);
    std::ostringstream best_printed;
    best_printed << best;
    check(best_printed.str() == "@8", "the perfect opponent takes the win, and it prints as @8");
    check(game.is_legal(game.best_action(qttt::OpponentKind::Mcts, 50, 3)), "MCTS with 50 playouts");
    check(qttt::name(qttt::Scoring::GoffPoints) == "goff" && qttt::name(qttt::OpponentKind::Mcts) == "mcts" &&
              qttt::scoring_named("complete") == qttt::Scoring::CompleteWin &&
              qttt::opponent_named("perfect") == qttt::OpponentKind::Perfect,
          "stable names");
    try {
        (void)qttt::opponent_named("minimax");
        check(false, "an unknown opponent name throws");
    } catch (const qttt::Error &e) {
        check(e.status() == QTTT_STATUS_INVALID_ARGUMENT, "unknown opponent name");
    }
    // Mark 9 with 7, 8, 9 joined by X7 (78) and O8 (89): 3 moves with 2 collapses each.
    check(qttt::Game::from_record("12 12 @1 34 34 @3 56 56 @5 78 89").count_games() == 6, "count_games");
    qttt::Cancel cancel;
    check(!cancel.requested(), "a new flag is clear");
    cancel.request();
    check(cancel.requested(), "requested");
    try {
        (void)qttt::Game().solve(qttt::Scoring::GoffPoints, 1, 0, cancel);  // searched: no opening book
        check(false, "a cancelled solve throws");
    } catch (const qttt::Error &e) {
        check(e.status() == QTTT_STATUS_INTERRUPTED, "interrupted");
    }
    try {
        (void)end.best_action(qttt::OpponentKind::Random);
        check(false, "best_action after the end throws");
    } catch (const qttt::Error &e) {
        check(e.status() == QTTT_STATUS_GAME_OVER, "no action after the end");
    }

    // Errors: exceptions with the status, or optionals.
    try {
        (void)end.apply("12");
        check(false, "apply after the end throws");
    } catch (const qttt::Error &e) {
        check(e.status() == QTTT_STATUS_GAME_OVER && std::string(e.code()) == "game_over", "game_over error");
    }
    try {
        (void)qttt::action_id("55");
        check(false, "55 throws");
    } catch (const qttt::Error &e) {
        check(e.status() == QTTT_STATUS_SAME_SQUARE_TWICE, "same square twice");
    }
    check(!end.try_apply_id(0).has_value(), "try_apply_id returns nullopt");
    check(!game.try_apply_id(54).has_value(), "id 54");
    check(qttt::Game().apply("15").record() == "15" && qttt::Game().apply_id(15).record() == "34",
          "tokens through apply, ids through apply_id");
    check(qttt::Game().is_legal_id(0) && !end.is_legal_id(0), "is_legal_id");
    static_assert(!can_apply<int>::value && !can_apply<std::uint8_t>::value,
                  "apply(15) does not compile: an int is not a token");
    static_assert(can_apply<const char *>::value && can_apply<std::string>::value, "tokens do");

    // A solver that remembers: perfect against perfect from "15" keeps the value.
    qttt::Solver solver(qttt::Scoring::SingleResult, 1, 7);
    qttt::Game opening = qttt::Game::from_record("15");
    qttt_solution value = solver.solve(opening);
    qttt::Game played = opening;
    while (!played.outcome().over) played = played.apply(solver.best_action(played));
    qttt::Player expected = value.value_half_points == 2    ? qttt::Player::X
                            : value.value_half_points == -2 ? qttt::Player::O
                                                            : qttt::Player::None;
    check(qttt::to_player(played.outcome().winner) == expected, "perfect play keeps the solved value");
    // Hints: O chooses where X9 lands; @9 draws, @8 gives X the column 1-4-7.
    std::vector<qttt::ActionValue> hints =
        solver.action_values(qttt::Game::from_record("12 12 @2 35 35 @5 46 46 @6 78 79 89"));
    check(hints.size() == 2 && hints[0].action.token() == "@9" && hints[0].value_half_points == 0 &&
              hints[1].action.token() == "@8" && hints[1].value_half_points == 2 && hints[1].end_move == 9,
          "action values, O's best first");
    check(solver.action_values(end).empty(), "no action values once over");
    qttt::Solver moved = std::move(solver);
    check(moved.solve(opening).nodes < value.nodes, "the moved solver keeps its table");
    qttt::Solver searching;
    searching.set_opening_book(false);  // the empty board is then a search of about a second
    try {
        (void)searching.solve(qttt::Game(), 1);
        check(false, "a 1 ms search of the empty board throws");
    } catch (const qttt::Error &e) {
        check(e.status() == QTTT_STATUS_INTERRUPTED, "the book off, the time limit stops the search");
    }
    check(qttt::Game::from_record("58 47 67 59 48 68 @8").result(qttt::Scoring::GoffPoints) == 1 &&
              !qttt::Game().result().has_value(),
          "result: Goff's points after @8, none while in play");
    check(!qttt::Game::try_from_record("12 x").has_value(), "bad record");
    qttt_record_error error = qttt::Game::last_record_error("12 34 x9");
    check(error.status == QTTT_STATUS_MALFORMED_TOKEN && error.token_index == 2 && error.byte_offset == 6,
          "record error position");

    // Values: copies are independent, equality compares records.
    qttt::Game copy = game;
    check(copy == game && copy.apply("@6") != game, "copies and equality");
    check(end.undo().has_value() && *end.undo() == game, "undo");
    check(!qttt::Game().undo().has_value(), "nothing to undo");
    qttt_key a = qttt::Game::from_record("12").canonical_key();
    qttt_key b = qttt::Game::from_record("89").canonical_key();
    check(a.low == b.low && a.high == b.high, "symmetric positions share a canonical key");
    check(qttt::Game::from_record("12").transform(QTTT_SYMMETRY_ROTATE_90).record() == "36", "transform");

    std::printf("cpp: %d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}
