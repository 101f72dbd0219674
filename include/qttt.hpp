// qttt: quantum tic-tac-toe, a header-only C++17 wrapper over qttt.h.
//
// qttt::Game is a value class (copy it freely, nothing to free) whose
// methods throw qttt::Error carrying the qttt_status, or, in their try_
// forms, return std::optional. A qttt::Action prints as its token; legal
// actions are a small array you can range-for over. Players, phases,
// scorings and opponent kinds are scoped enums. Every function that
// returns a value is [[nodiscard]]: `game.apply("15");` alone is an error
// the compiler reports, since the game itself does not change. Game files
// (qttt::gamefile_count, gamefile_game, gamefile_normalize; a bad file
// throws qttt::GameFileError with its line and column), reviews
// (Game::review) and the shipped puzzles (qttt::puzzles) wrap qttt.h's
// game-file functions.
//
//   qttt::Game game = qttt::Game::from_record("58 47 67 59 48 68");
//   for (qttt::Action action : game.legal_actions()) std::cout << action << '\n';
//   game = game.apply("@8");
//   if (game.outcome().over) std::cout << game.board() << '\n';
#ifndef QTTT_HPP
#define QTTT_HPP

#include <cstdint>
#include <cstring>
#include <optional>
#include <ostream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "qttt.h"

namespace qttt {

/// A failed call: the status it returned, its stable code and message.
class Error : public std::runtime_error {
public:
    explicit Error(qttt_status status) : std::runtime_error(qttt_status_message(status)), status_(status) {}
    [[nodiscard]] qttt_status status() const noexcept { return status_; }
    /// The stable code, e.g. "game_over" (the reason codes of the test vectors).
    [[nodiscard]] const char *code() const noexcept { return qttt_status_code(status_); }

protected:
    /// A failed call with a message of its own instead of the status's.
    Error(qttt_status status, const std::string &message) : std::runtime_error(message), status_(status) {}

private:
    qttt_status status_;
};

/// A game file that does not parse (status QTTT_STATUS_INVALID_GAMEFILE):
/// where (line and column, from 1, the column in characters) and why.
/// what() reads as the library's message, e.g. "line 2, column 4: ply 3
/// `34`: a collapse choice is pending".
class GameFileError : public Error {
public:
    explicit GameFileError(const qttt_gamefile_error &error)
        : Error(QTTT_STATUS_INVALID_GAMEFILE, "line " + std::to_string(error.line) + ", column " +
                                                  std::to_string(error.column) + ": " + error.reason),
          error_(error) {}
    /// The line, from 1.
    [[nodiscard]] std::size_t line() const noexcept { return error_.line; }
    /// The column, from 1, in characters.
    [[nodiscard]] std::size_t column() const noexcept { return error_.column; }
    /// Why, in English.
    [[nodiscard]] const char *reason() const noexcept { return error_.reason; }

private:
    qttt_gamefile_error error_;
};

namespace detail {
inline void check(qttt_status status) {
    if (status != QTTT_STATUS_OK) throw Error(status);
}

/// A game file's text for the C functions, which read up to a NUL: one
/// that holds a NUL byte (the format's whitespace, which C cannot pass)
/// throws Error (QTTT_STATUS_INVALID_ARGUMENT) rather than being cut short.
[[nodiscard]] inline std::string gamefile_text(std::string_view text) {
    if (text.find('\0') != std::string_view::npos) throw Error(QTTT_STATUS_INVALID_ARGUMENT);
    return std::string(text);
}

/// Gives the library's functions a Game to write into.
struct Writable;

/// As check, for a call that parses a game file: GameFileError where it fails.
inline void check_gamefile(qttt_status status, const qttt_gamefile_error &error) {
    if (status == QTTT_STATUS_INVALID_GAMEFILE) throw GameFileError(error);
    check(status);
}

/// Runs a text function twice: once for the size, once to fill the string.
template <typename Call>
[[nodiscard]] std::string text(Call call) {
    std::size_t needed = 0;
    qttt_status status = call(nullptr, 0, &needed);
    if (status != QTTT_STATUS_BUFFER_TOO_SMALL) check(status);
    std::string out(needed, '\0');
    check(call(out.data(), out.size(), &needed));
    out.resize(needed - 1);
    return out;
}
}  // namespace detail

/// A player, or none (no one acts in a finished game; a draw has no winner).
enum class Player : std::uint8_t { None = QTTT_PLAYER_NONE, X = QTTT_PLAYER_X, O = QTTT_PLAYER_O };

/// The player of a C value (`qttt_mark::player`, `qttt_outcome::winner`, …).
[[nodiscard]] constexpr Player to_player(qttt_player player) noexcept { return static_cast<Player>(player); }

/// What a game waits for.
enum class Phase : std::uint8_t { Move = QTTT_PHASE_MOVE, Collapse = QTTT_PHASE_COLLAPSE, Over = QTTT_PHASE_OVER };

/// How finished games are scored (docs/analysis.md).
enum class Scoring : std::int32_t {
    SingleResult = QTTT_SCORING_SINGLE_RESULT,
    GoffPoints = QTTT_SCORING_GOFF_POINTS,
    CompleteWin = QTTT_SCORING_COMPLETE_WIN,
};

/// The kinds of computer opponent.
enum class OpponentKind : std::int32_t {
    Random = QTTT_OPPONENT_RANDOM,
    Mcts = QTTT_OPPONENT_MCTS,
    Perfect = QTTT_OPPONENT_PERFECT,
};

/// The stable name: "single", "goff" or "complete".
[[nodiscard]] inline std::string_view name(Scoring scoring) noexcept {
    return qttt_scoring_name(static_cast<std::int32_t>(scoring));
}

/// The stable name: "random", "mcts" or "perfect".
[[nodiscard]] inline std::string_view name(OpponentKind kind) noexcept {
    return qttt_opponent_name(static_cast<std::int32_t>(kind));
}

/// The scoring with this stable name; throws Error
/// (QTTT_STATUS_INVALID_ARGUMENT) for another name.
[[nodiscard]] inline Scoring scoring_named(std::string_view name) {
    std::string text(name);
    std::int32_t kind = 0;
    detail::check(qttt_scoring_from_name(text.c_str(), text.size() + 1, &kind));
    return static_cast<Scoring>(kind);
}

/// The opponent kind with this stable name; throws Error
/// (QTTT_STATUS_INVALID_ARGUMENT) for another name.
[[nodiscard]] inline OpponentKind opponent_named(std::string_view name) {
    std::string text(name);
    std::int32_t kind = 0;
    detail::check(qttt_opponent_from_name(text.c_str(), text.size() + 1, &kind));
    return static_cast<OpponentKind>(kind);
}

/// The token of an action id ("15", "7", "@5").
[[nodiscard]] inline std::string token(std::uint8_t id) {
    return detail::text([id](char *buf, std::size_t cap, std::size_t *needed) {
        return qttt_action_token(id, buf, cap, needed);
    });
}

/// The id of the action a token names; throws Error for a token that is no action.
[[nodiscard]] inline std::uint8_t action_id(std::string_view token) {
    std::string text(token);
    std::uint8_t id = 0;
    detail::check(qttt_action_from_token(text.c_str(), text.size() + 1, &id));
    return id;
}

/// An action: a move or a collapse choice, by its id (0-53, docs/API.md).
/// Prints as its token (`std::cout << action` writes "15", "7" or "@5").
class Action {
public:
    /// The action named by a token; throws Error for a token that is no action.
    explicit Action(std::string_view token) : id_(action_id(token)) {}

    /// The action with this id; throws Error (QTTT_STATUS_INVALID_ACTION_ID)
    /// for 54 and up.
    [[nodiscard]] static Action from_id(std::uint8_t id) {
        std::size_t needed = 0;
        qttt_status status = qttt_action_token(id, nullptr, 0, &needed);
        if (status != QTTT_STATUS_BUFFER_TOO_SMALL) detail::check(status);
        return Action(id, Trusted{});
    }

    [[nodiscard]] std::uint8_t id() const noexcept { return id_; }
    [[nodiscard]] std::string token() const { return qttt::token(id_); }

    friend bool operator==(Action a, Action b) noexcept { return a.id_ == b.id_; }
    friend bool operator!=(Action a, Action b) noexcept { return a.id_ != b.id_; }
    /// Ascending by id.
    friend bool operator<(Action a, Action b) noexcept { return a.id_ < b.id_; }
    friend std::ostream &operator<<(std::ostream &out, Action action) { return out << action.token(); }

private:
    friend class Actions;
    friend class Game;
    friend class Solver;
    struct Trusted {};
    // An id the library wrote, so valid.
    Action(std::uint8_t id, Trusted) noexcept : id_(id) {}
    std::uint8_t id_;
};

/// The legal actions of a game, ascending by id; iterable with range-for.
class Actions {
public:
    class iterator {
    public:
        using value_type = Action;
        using difference_type = std::ptrdiff_t;
        using reference = Action;
        using pointer = void;
        using iterator_category = std::input_iterator_tag;
        [[nodiscard]] Action operator*() const noexcept { return Action(*id_, Action::Trusted{}); }
        iterator &operator++() noexcept {
            ++id_;
            return *this;
        }
        friend bool operator==(iterator a, iterator b) noexcept { return a.id_ == b.id_; }
        friend bool operator!=(iterator a, iterator b) noexcept { return a.id_ != b.id_; }

    private:
        friend class Actions;
        explicit iterator(const std::uint8_t *id) noexcept : id_(id) {}
        const std::uint8_t *id_;
    };

    [[nodiscard]] iterator begin() const noexcept { return iterator(ids_); }
    [[nodiscard]] iterator end() const noexcept { return iterator(ids_ + count_); }
    [[nodiscard]] std::size_t size() const noexcept { return count_; }
    [[nodiscard]] bool empty() const noexcept { return count_ == 0; }
    /// The action at position `i` (below size()).
    [[nodiscard]] Action operator[](std::size_t i) const noexcept { return Action(ids_[i], Action::Trusted{}); }

private:
    friend class Game;
    std::uint8_t ids_[QTTT_MAX_LEGAL_ACTIONS] = {};
    std::size_t count_ = 0;
};

/// A legal action and the value of the game after it under perfect play:
/// an entry of Solver::action_values.
struct ActionValue {
    Action action;
    /// X's result in half points (2 X wins, 0 draw, -2 O wins; ±1 with Goff's points).
    int value_half_points;
    /// The number of marks when the game ends under optimal play.
    std::uint8_t end_move;
};

/// What an action of a review lost: nothing, or what it gave away.
enum class Verdict : std::uint8_t {
    /// The value was kept.
    Kept = QTTT_VERDICT_KEPT,
    /// A won position (a full win, or half a point ahead) turned into a draw or worse.
    WinGivenAway = QTTT_VERDICT_WIN_GIVEN_AWAY,
    /// A drawn position turned into a loss.
    DrawGivenAway = QTTT_VERDICT_DRAW_GIVEN_AWAY,
    /// Half a point lost under Goff's points without giving away a win or a draw.
    HalfPointLost = QTTT_VERDICT_HALF_POINT_LOST,
};

/// One action of a Review. Values are X's result under perfect play in
/// half points (2 X wins, 0 draw, -2 O wins; ±1 with Goff's points).
struct ReviewStep {
    /// The action's ply, counted from the empty board, from 1.
    std::size_t ply;
    Action action;
    /// Who played it.
    Player player;
    /// The value before it and after it.
    int before, after;
    /// What it lost from the mover's side, in half points (0: kept).
    int lost_half_points;
    Verdict verdict;
    /// The glyph the annotated game file gives it, as its NAG number: 0
    /// none (kept), 2 `?`, 4 `??` (a full win given away for a full loss),
    /// 6 `?!` (half a point lost), as qttt_review_step's glyph.
    int glyph;
    /// The best actions before it: every action that keeps the value and
    /// wins soonest (or loses latest), ascending by id.
    std::vector<Action> best;
    /// A best action, then perfect play to the end.
    std::vector<Action> best_line;

    /// Whether the action kept the value.
    [[nodiscard]] bool kept() const noexcept { return verdict == Verdict::Kept; }
};

/// A game reviewed by perfect play (Game::review): one step per action.
struct Review {
    std::vector<ReviewStep> steps;
    /// The value at the end (the result, when the game is over).
    int final_value;
};

/// A game: an immutable value; apply returns a new game.
class Game {
public:
    /// The empty board, X to move.
    Game() { detail::check(qttt_game_new(&raw_)); }

    /// Replays a record; throws Error (with the rule status) for a bad one.
    [[nodiscard]] static Game from_record(std::string_view record) {
        std::optional<Game> game = try_from_record(record);
        if (!game) throw Error(last_record_error(record).status);
        return *game;
    }

    /// Replays a record; std::nullopt for a bad one.
    [[nodiscard]] static std::optional<Game> try_from_record(std::string_view record) noexcept {
        std::string text(record);
        Game game;
        if (qttt_game_from_record(text.c_str(), text.size() + 1, &game.raw_, nullptr) != QTTT_STATUS_OK) {
            return std::nullopt;
        }
        return game;
    }

    /// Where and why a record fails (status QTTT_STATUS_OK if it does not).
    [[nodiscard]] static qttt_record_error last_record_error(std::string_view record) {
        std::string text(record);
        qttt_game scratch;
        qttt_record_error error{QTTT_STATUS_OK, 0, 0, 0};
        qttt_game_from_record(text.c_str(), text.size() + 1, &scratch, &error);
        return error;
    }

    /// The game after the action named by a token ("15", "7", "@5");
    /// throws Error for a token that is no action or an illegal one.
    [[nodiscard]] Game apply(std::string_view token) const { return apply_id(action_id(token)); }

    /// The game after an action; throws Error for an illegal one.
    [[nodiscard]] Game apply(Action action) const { return apply_id(action.id()); }

    /// Integers are not tokens: `apply(15)` would otherwise play action id
    /// 15 (the token "34"). Write `apply("15")` for the token, or
    /// `apply_id(15)` for the id.
    template <typename Int, typename = std::enable_if_t<std::is_integral_v<Int>>>
    Game apply(Int) const = delete;

    /// The game after the action with this id (0-53); throws Error for an
    /// illegal one.
    [[nodiscard]] Game apply_id(std::uint8_t id) const {
        Game next = *this;
        detail::check(qttt_game_apply(&raw_, id, &next.raw_));
        return next;
    }

    /// The game after the action with this id, or std::nullopt if it is illegal.
    [[nodiscard]] std::optional<Game> try_apply_id(std::uint8_t id) const noexcept {
        Game next = *this;
        if (qttt_game_apply(&raw_, id, &next.raw_) != QTTT_STATUS_OK) return std::nullopt;
        return next;
    }

    /// The legal actions, ascending by id; none once the game is over.
    [[nodiscard]] Actions legal_actions() const {
        Actions actions;
        detail::check(qttt_game_legal_actions(&raw_, actions.ids_, QTTT_MAX_LEGAL_ACTIONS, &actions.count_));
        return actions;
    }

    /// The legal actions' tokens, ascending by id.
    [[nodiscard]] std::vector<std::string> legal_tokens() const {
        std::vector<std::string> tokens;
        for (Action action : legal_actions()) tokens.push_back(action.token());
        return tokens;
    }

    /// Whether the action with this id (0-53) is legal here.
    [[nodiscard]] bool is_legal_id(std::uint8_t id) const {
        bool legal = false;
        detail::check(qttt_game_is_legal(&raw_, id, &legal));
        return legal;
    }

    /// Whether an action is legal here.
    [[nodiscard]] bool is_legal(Action action) const { return is_legal_id(action.id()); }

    /// What the game waits for.
    [[nodiscard]] Phase phase() const {
        qttt_phase phase;
        detail::check(qttt_game_phase(&raw_, &phase));
        return static_cast<Phase>(phase);
    }

    /// Who acts now; Player::None once the game is over.
    [[nodiscard]] Player current_player() const {
        qttt_player player;
        detail::check(qttt_game_current_player(&raw_, &player));
        return to_player(player);
    }

    /// The number the next mark will carry (1-10).
    [[nodiscard]] std::uint8_t move_number() const {
        std::uint8_t number = 0;
        detail::check(qttt_game_move_number(&raw_, &number));
        return number;
    }

    /// The classical mark on a square (1-9), if any.
    [[nodiscard]] std::optional<qttt_mark> classical(std::uint8_t square) const {
        qttt_mark mark;
        detail::check(qttt_game_classical(&raw_, square, &mark));
        if (mark.number == 0) return std::nullopt;
        return mark;
    }

    /// How many classical boards the marks can still become (1-27): the
    /// size of the classical ensemble (docs/ensemble.md), counted without
    /// listing the boards.
    [[nodiscard]] std::size_t ensemble_count() const {
        std::size_t count = 0;
        detail::check(qttt_game_ensemble_count(&raw_, &count));
        return count;
    }

    /// The classical ensemble's boards, in mark order: each holds the move
    /// number of the mark in every square (0 for none).
    [[nodiscard]] std::vector<qttt_classical_board> ensemble() const {
        qttt_classical_board boards[QTTT_MAX_ENSEMBLE];
        std::size_t count = 0;
        detail::check(qttt_game_ensemble(&raw_, boards, QTTT_MAX_ENSEMBLE, &count));
        return std::vector<qttt_classical_board>(boards, boards + count);
    }

    /// How the game ended; `over` is false while it goes on.
    [[nodiscard]] qttt_outcome outcome() const {
        qttt_outcome outcome;
        detail::check(qttt_game_outcome(&raw_, &outcome));
        return outcome;
    }

    /// X's result of the finished game under `scoring`, in half points;
    /// std::nullopt while the game goes on.
    [[nodiscard]] std::optional<int> result(Scoring scoring = Scoring::SingleResult) const {
        bool over = false;
        std::int8_t half_points = 0;
        detail::check(qttt_game_result(&raw_, static_cast<std::int32_t>(scoring), &over, &half_points));
        return over ? std::optional<int>(half_points) : std::nullopt;
    }

    /// The game one action earlier; std::nullopt at the start.
    [[nodiscard]] std::optional<Game> undo() const noexcept {
        Game earlier = *this;
        if (qttt_game_undo(&raw_, &earlier.raw_) != QTTT_STATUS_OK) return std::nullopt;
        return earlier;
    }

    /// The image under a symmetry (QTTT_SYMMETRY_*).
    [[nodiscard]] Game transform(std::uint8_t symmetry) const {
        Game image = *this;
        detail::check(qttt_game_transform(&raw_, symmetry, &image.raw_));
        return image;
    }

    [[nodiscard]] qttt_key canonical_key() const {
        qttt_key key;
        detail::check(qttt_game_canonical_key(&raw_, &key));
        return key;
    }

    /// The record: the actions from the empty board, as tokens.
    [[nodiscard]] std::string record() const {
        return detail::text([this](char *b, std::size_t c, std::size_t *n) { return qttt_game_record(&raw_, b, c, n); });
    }

    /// The board as text, as the C function qttt_game_board draws it.
    [[nodiscard]] std::string board() const {
        return detail::text([this](char *b, std::size_t c, std::size_t *n) { return qttt_game_board(&raw_, b, c, n); });
    }

    /// The JSON view (docs/API.md).
    [[nodiscard]] std::string view() const {
        return detail::text([this](char *b, std::size_t c, std::size_t *n) { return qttt_game_view(&raw_, b, c, n); });
    }

    /// The value under perfect play, the optimal actions and a principal
    /// variation; `threads` > 1 tests the actions in parallel. Throws Error
    /// with QTTT_STATUS_INTERRUPTED after `time_limit_ms` (0: none) or once
    /// `cancel` (a Cancel, or nullptr) is requested. The solution is a
    /// plain C value (action ids: qttt::token(id) names them).
    [[nodiscard]] qttt_solution solve(Scoring scoring = Scoring::SingleResult, std::uint32_t threads = 1,
                                      std::uint32_t time_limit_ms = 0, const qttt_cancel *cancel = nullptr) const {
        qttt_solution solution;
        detail::check(qttt_solve_limited(&raw_, static_cast<std::int32_t>(scoring), threads, time_limit_ms, cancel,
                                         &solution));
        return solution;
    }

    /// The number of complete games from here; limits as for solve.
    [[nodiscard]] std::uint64_t count_games(std::uint32_t time_limit_ms = 0, const qttt_cancel *cancel = nullptr) const {
        std::uint64_t games = 0;
        detail::check(qttt_count_games(&raw_, time_limit_ms, cancel, &games));
        return games;
    }

    /// The action a computer opponent picks for whoever acts; MCTS runs
    /// `playouts` playouts (0: the library's default, 2,000), `seed` seeds
    /// its choices. Throws Error with QTTT_STATUS_GAME_OVER once the game is
    /// over. A perfect opponent solves from scratch on every call: for a
    /// whole game, use a Solver, which remembers.
    [[nodiscard]] Action best_action(OpponentKind opponent, std::uint32_t playouts = 0, std::uint64_t seed = 0) const {
        std::uint8_t id = 0;
        detail::check(qttt_best_action(&raw_, static_cast<std::int32_t>(opponent), playouts, seed, &id));
        return Action(id, Action::Trusted{});
    }

    /// The review of the actions from ply `first` on (0: all of them)
    /// under `scoring`, by perfect play, with the opening book unless
    /// `opening_book` is false (the values are the same): milliseconds
    /// under Scoring::SingleResult with the book, up to seconds under the
    /// others or without it. Throws Error for a scoring that is not one.
    [[nodiscard]] Review review(std::size_t first = 0, Scoring scoring = Scoring::SingleResult,
                                bool opening_book = true) const {
        qttt_review_step steps[QTTT_MAX_PLIES];
        std::size_t count = 0;
        std::int8_t final_value = 0;
        detail::check(qttt_review(&raw_, first, static_cast<std::int32_t>(scoring), opening_book, steps,
                                  QTTT_MAX_PLIES, &count, &final_value));
        Review review{{}, final_value};
        auto actions = [](const std::uint8_t *ids, std::size_t n) {
            std::vector<Action> out;
            for (std::size_t i = 0; i < n; ++i) out.push_back(Action(ids[i], Action::Trusted{}));
            return out;
        };
        for (std::size_t i = 0; i < count; ++i) {
            const qttt_review_step &s = steps[i];
            review.steps.push_back({s.ply, Action(s.action, Action::Trusted{}), to_player(s.player), s.before,
                                    s.after, s.lost_half_points, static_cast<Verdict>(s.verdict), s.glyph,
                                    actions(s.best, s.best_count), actions(s.best_line, s.best_line_count)});
        }
        return review;
    }

    /// The same review as an annotated game file (values, glyphs, the best
    /// line after each mistake as a variation).
    [[nodiscard]] std::string review_gamefile(std::size_t first = 0, Scoring scoring = Scoring::SingleResult,
                                              bool opening_book = true) const {
        return detail::text([&](char *b, std::size_t c, std::size_t *n) {
            return qttt_review_write(&raw_, first, static_cast<std::int32_t>(scoring), opening_book, b, c, n);
        });
    }

    /// The C value, for calling qttt.h directly.
    [[nodiscard]] const qttt_game &raw() const noexcept { return raw_; }

    /// Equal records (the same actions from the empty board).
    friend bool operator==(const Game &a, const Game &b) noexcept {
        return std::memcmp(&a.raw_, &b.raw_, sizeof a.raw_) == 0;
    }
    friend bool operator!=(const Game &a, const Game &b) noexcept { return !(a == b); }

private:
    friend struct detail::Writable;
    qttt_game raw_;
};

namespace detail {
struct Writable {
    [[nodiscard]] static qttt_game &raw(Game &game) noexcept { return game.raw_; }
};
}  // namespace detail

/// A cancel flag: pass `&cancel` (it converts to `const qttt_cancel *`)
/// to solve or count_games, and call request() from another thread to stop
/// them. Not copyable: the running call watches this very object.
class Cancel {
public:
    Cancel() { detail::check(qttt_cancel_init(&raw_)); }
    Cancel(const Cancel &) = delete;
    Cancel &operator=(const Cancel &) = delete;

    /// Asks every call watching this flag to stop (they throw Error with
    /// QTTT_STATUS_INTERRUPTED); safe from any thread.
    void request() { detail::check(qttt_cancel_request(&raw_)); }

    [[nodiscard]] bool requested() const {
        bool requested = false;
        detail::check(qttt_cancel_is_requested(&raw_, &requested));
        return requested;
    }

    operator const qttt_cancel *() const noexcept { return &raw_; }

private:
    qttt_cancel raw_;
};

/// A solver that keeps its table from call to call (qttt_solver_*): a game
/// against perfect play solves the opening once. Movable, not copyable;
/// frees its table when destroyed. One thread at a time.
class Solver {
public:
    explicit Solver(Scoring scoring = Scoring::SingleResult, std::uint32_t threads = 1, std::uint64_t seed = 0) {
        detail::check(qttt_solver_new(static_cast<std::int32_t>(scoring), threads, seed, &raw_));
    }
    Solver(const Solver &) = delete;
    Solver &operator=(const Solver &) = delete;
    Solver(Solver &&other) noexcept : raw_(other.raw_) { other.raw_ = nullptr; }
    Solver &operator=(Solver &&other) noexcept {
        std::swap(raw_, other.raw_);
        return *this;
    }
    ~Solver() { qttt_solver_free(raw_); }

    /// Turns the opening book on (the default) or off: off, positions with
    /// up to three marks are searched instead of read from the book (under
    /// QTTT_SCORING_SINGLE_RESULT); the results are the same.
    void set_opening_book(bool on) { detail::check(qttt_solver_set_opening_book(raw_, on)); }

    /// As Game::solve, answering what earlier calls solved from the table.
    [[nodiscard]] qttt_solution solve(const Game &game, std::uint32_t time_limit_ms = 0,
                                      const qttt_cancel *cancel = nullptr) {
        qttt_solution solution;
        detail::check(qttt_solver_solve(raw_, &game.raw(), time_limit_ms, cancel, &solution));
        return solution;
    }

    /// An optimal action for whoever acts (seeded choice among equals);
    /// throws Error with QTTT_STATUS_GAME_OVER once the game is over.
    [[nodiscard]] Action best_action(const Game &game, std::uint32_t time_limit_ms = 0,
                                     const qttt_cancel *cancel = nullptr) {
        std::uint8_t id = 0;
        detail::check(qttt_solver_best_action(raw_, &game.raw(), time_limit_ms, cancel, &id));
        return Action(id, Action::Trusted{});
    }

    /// Every legal action with its value under perfect play, best first for
    /// the player who acts (a higher result; among equal results, a win
    /// that ends sooner and a loss that ends later; then by id): the order
    /// of every hint list. Empty once the game is over; limits as for solve.
    [[nodiscard]] std::vector<ActionValue> action_values(const Game &game, std::uint32_t time_limit_ms = 0,
                                                         const qttt_cancel *cancel = nullptr) {
        qttt_action_value values[QTTT_MAX_LEGAL_ACTIONS];
        std::size_t count = 0;
        detail::check(qttt_solver_action_values(raw_, &game.raw(), time_limit_ms, cancel, values,
                                                QTTT_MAX_LEGAL_ACTIONS, &count));
        std::vector<ActionValue> out;
        for (std::size_t i = 0; i < count; ++i)
            out.push_back({Action(values[i].action, Action::Trusted{}), values[i].value_half_points, values[i].end_move});
        return out;
    }

private:
    qttt_solver *raw_ = nullptr;
};

/// A game of a game file: its start position (the `Start` tag, else the
/// empty board) and the end of its main line.
struct GameFileGame {
    Game start;
    Game end;
};

/// Checks a game file (docs/gamefile.md) and returns how many games it
/// holds; throws GameFileError where it does not parse.
[[nodiscard]] inline std::size_t gamefile_count(std::string_view text) {
    std::string file = detail::gamefile_text(text);
    std::size_t count = 0;
    qttt_gamefile_error error{};
    detail::check_gamefile(qttt_gamefile_count(file.c_str(), file.size() + 1, &count, &error), error);
    return count;
}

/// Game `index` (from 0) of a game file; throws GameFileError where it
/// does not parse, Error (QTTT_STATUS_INVALID_ARGUMENT) when it has no
/// game `index`. Each call parses the whole file.
[[nodiscard]] inline GameFileGame gamefile_game(std::string_view text, std::size_t index) {
    std::string file = detail::gamefile_text(text);
    GameFileGame game;
    qttt_gamefile_error error{};
    qttt_game &start = detail::Writable::raw(game.start), &end = detail::Writable::raw(game.end);
    detail::check_gamefile(qttt_gamefile_game(file.c_str(), file.size() + 1, index, &start, &end, &error), error);
    return game;
}

/// A game file in normal form; throws GameFileError where it does not parse.
[[nodiscard]] inline std::string gamefile_normalize(std::string_view text) {
    std::string file = detail::gamefile_text(text);
    qttt_gamefile_error error{};
    std::size_t needed = 0;
    qttt_status status = qttt_gamefile_normalize(file.c_str(), file.size() + 1, nullptr, 0, &needed, &error);
    if (status != QTTT_STATUS_BUFFER_TOO_SMALL) detail::check_gamefile(status, error);
    std::string out(needed, '\0');
    detail::check_gamefile(
        qttt_gamefile_normalize(file.c_str(), file.size() + 1, out.data(), out.size(), &needed, &error), error);
    out.resize(needed - 1);
    return out;
}

/// A game file parsed once (qttt_gamefile_parse): its games by index, its
/// normal form. Move-only; frees itself. The free functions above parse
/// the whole text at every call: for several questions about one file,
/// parse it here once.
class GameFile {
public:
    /// Parses `text`; throws GameFileError where it does not parse.
    explicit GameFile(std::string_view text) {
        std::string file = detail::gamefile_text(text);
        qttt_gamefile_error error{};
        detail::check_gamefile(qttt_gamefile_parse(file.c_str(), file.size() + 1, &raw_, &error), error);
    }
    GameFile(const GameFile &) = delete;
    GameFile &operator=(const GameFile &) = delete;
    GameFile(GameFile &&other) noexcept : raw_(other.raw_) { other.raw_ = nullptr; }
    GameFile &operator=(GameFile &&other) noexcept {
        if (this != &other) {
            qttt_gamefile_free(raw_);
            raw_ = other.raw_;
            other.raw_ = nullptr;
        }
        return *this;
    }
    ~GameFile() { qttt_gamefile_free(raw_); }

    /// How many games the file holds.
    [[nodiscard]] std::size_t size() const {
        std::size_t count = 0;
        detail::check(qttt_gamefile_len(raw_, &count));
        return count;
    }
    /// Game `index` (from 0); Error (QTTT_STATUS_INVALID_ARGUMENT) when
    /// the file has no game `index`.
    [[nodiscard]] GameFileGame operator[](std::size_t index) const {
        GameFileGame game;
        qttt_game &start = detail::Writable::raw(game.start), &end = detail::Writable::raw(game.end);
        detail::check(qttt_gamefile_at(raw_, index, &start, &end));
        return game;
    }
    /// The file in normal form.
    [[nodiscard]] std::string normalized() const {
        return detail::text([&](char *buf, std::size_t capacity, std::size_t *needed) {
            return qttt_gamefile_write(raw_, buf, capacity, needed);
        });
    }

private:
    qttt_gamefile *raw_ = nullptr;
};

/// The shipped puzzle set (docs/reviews.md): a game file of puzzles, each
/// position (its `Start` tag) with exactly one winning action, the
/// solution as its main line. Static text: nothing to free.
[[nodiscard]] inline std::string_view puzzles() noexcept { return qttt_puzzles(); }

}  // namespace qttt

#endif  // QTTT_HPP
