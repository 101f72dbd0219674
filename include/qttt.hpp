// qttt: quantum tic-tac-toe, a header-only C++17 wrapper over qttt.h.
//
// qttt::Game is a value class (copy it freely, nothing to free) whose
// methods throw qttt::Error carrying the qttt_status, or, in their try_
// forms, return std::optional. Legal actions are a small array you can
// range-for over.
//
//   qttt::Game game = qttt::Game::from_record("58 47 67 59 48 68");
//   for (std::uint8_t id : game.legal_actions()) std::cout << qttt::token(id) << '\n';
//   game = game.apply("@8");
//   if (game.outcome().over) std::cout << game.board() << '\n';
#ifndef QTTT_HPP
#define QTTT_HPP

#include <cstdint>
#include <cstring>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>

#include "qttt.h"

namespace qttt {

/// A failed call: the status it returned, its stable code and message.
class Error : public std::runtime_error {
public:
    explicit Error(qttt_status status) : std::runtime_error(qttt_status_message(status)), status_(status) {}
    qttt_status status() const noexcept { return status_; }
    /// The stable code, e.g. "game_over" (the reason codes of the test vectors).
    const char *code() const noexcept { return qttt_status_code(status_); }

private:
    qttt_status status_;
};

namespace detail {
inline void check(qttt_status status) {
    if (status != QTTT_STATUS_OK) throw Error(status);
}

/// Runs a text function twice: once for the size, once to fill the string.
template <typename Call>
std::string text(Call call) {
    std::size_t needed = 0;
    qttt_status status = call(nullptr, 0, &needed);
    if (status != QTTT_STATUS_BUFFER_TOO_SMALL) check(status);
    std::string out(needed, '\0');
    check(call(out.data(), out.size(), &needed));
    out.resize(needed - 1);
    return out;
}
}  // namespace detail

/// The token of an action id ("15", "7", "@5").
inline std::string token(std::uint8_t id) {
    return detail::text([id](char *buf, std::size_t cap, std::size_t *needed) {
        return qttt_action_token(id, buf, cap, needed);
    });
}

/// The id of the action a token names; throws Error for a token that is no action.
inline std::uint8_t action_id(std::string_view token) {
    std::string text(token);
    std::uint8_t id = 0;
    detail::check(qttt_action_from_token(text.c_str(), text.size() + 1, &id));
    return id;
}

/// The legal action ids of a game, ascending; iterable with range-for.
class Actions {
public:
    const std::uint8_t *begin() const noexcept { return ids_; }
    const std::uint8_t *end() const noexcept { return ids_ + count_; }
    std::size_t size() const noexcept { return count_; }
    bool empty() const noexcept { return count_ == 0; }
    std::uint8_t operator[](std::size_t i) const noexcept { return ids_[i]; }

private:
    friend class Game;
    std::uint8_t ids_[QTTT_MAX_LEGAL_ACTIONS] = {};
    std::size_t count_ = 0;
};

/// A game: an immutable value; apply returns a new game.
class Game {
public:
    /// The empty board, X to move.
    Game() { detail::check(qttt_game_new(&raw_)); }

    /// Replays a record; throws Error (with the rule status) for a bad one.
    static Game from_record(std::string_view record) {
        std::optional<Game> game = try_from_record(record);
        if (!game) throw Error(last_record_error(record).status);
        return *game;
    }

    /// Replays a record; std::nullopt for a bad one.
    static std::optional<Game> try_from_record(std::string_view record) noexcept {
        std::string text(record);
        Game game;
        if (qttt_game_from_record(text.c_str(), text.size() + 1, &game.raw_, nullptr) != QTTT_STATUS_OK) {
            return std::nullopt;
        }
        return game;
    }

    /// Where and why a record fails (status QTTT_STATUS_OK if it does not).
    static qttt_record_error last_record_error(std::string_view record) {
        std::string text(record);
        qttt_game scratch;
        qttt_record_error error{QTTT_STATUS_OK, 0, 0, 0};
        qttt_game_from_record(text.c_str(), text.size() + 1, &scratch, &error);
        return error;
    }

    /// The game after the action named by a token ("15", "7", "@5");
    /// throws Error for a token that is no action or an illegal one.
    Game apply(std::string_view token) const { return apply_id(action_id(token)); }

    /// Integers are not tokens: `apply(15)` would otherwise play action id
    /// 15 (the token "34"). Write `apply("15")` for the token, or
    /// `apply_id(15)` for the id.
    template <typename Int, typename = std::enable_if_t<std::is_integral_v<Int>>>
    Game apply(Int) const = delete;

    /// The game after the action with this id (0-53); throws Error for an
    /// illegal one.
    Game apply_id(std::uint8_t id) const {
        Game next = *this;
        detail::check(qttt_game_apply(&raw_, id, &next.raw_));
        return next;
    }

    /// The game after the action with this id, or std::nullopt if it is illegal.
    std::optional<Game> try_apply_id(std::uint8_t id) const noexcept {
        Game next = *this;
        if (qttt_game_apply(&raw_, id, &next.raw_) != QTTT_STATUS_OK) return std::nullopt;
        return next;
    }

    Actions legal_actions() const {
        Actions actions;
        detail::check(qttt_game_legal_actions(&raw_, actions.ids_, QTTT_MAX_LEGAL_ACTIONS, &actions.count_));
        return actions;
    }

    /// Whether the action with this id (0-53) is legal here.
    bool is_legal_id(std::uint8_t id) const {
        bool legal = false;
        detail::check(qttt_game_is_legal(&raw_, id, &legal));
        return legal;
    }

    qttt_phase phase() const {
        qttt_phase phase;
        detail::check(qttt_game_phase(&raw_, &phase));
        return phase;
    }

    /// Who acts now; QTTT_PLAYER_NONE once the game is over.
    qttt_player current_player() const {
        qttt_player player;
        detail::check(qttt_game_current_player(&raw_, &player));
        return player;
    }

    std::uint8_t move_number() const {
        std::uint8_t number = 0;
        detail::check(qttt_game_move_number(&raw_, &number));
        return number;
    }

    /// The classical mark on a square (1-9), if any.
    std::optional<qttt_mark> classical(std::uint8_t square) const {
        qttt_mark mark;
        detail::check(qttt_game_classical(&raw_, square, &mark));
        if (mark.number == 0) return std::nullopt;
        return mark;
    }

    /// How the game ended; `over` is false while it goes on.
    qttt_outcome outcome() const {
        qttt_outcome outcome;
        detail::check(qttt_game_outcome(&raw_, &outcome));
        return outcome;
    }

    /// X's result of the finished game under `scoring` (QTTT_SCORING_*), in
    /// half points; std::nullopt while the game goes on.
    std::optional<int> result(std::int32_t scoring = QTTT_SCORING_SINGLE_RESULT) const {
        bool over = false;
        std::int8_t half_points = 0;
        detail::check(qttt_game_result(&raw_, scoring, &over, &half_points));
        return over ? std::optional<int>(half_points) : std::nullopt;
    }

    /// The game one action earlier; std::nullopt at the start.
    std::optional<Game> undo() const noexcept {
        Game earlier = *this;
        if (qttt_game_undo(&raw_, &earlier.raw_) != QTTT_STATUS_OK) return std::nullopt;
        return earlier;
    }

    Game transform(std::uint8_t symmetry) const {
        Game image = *this;
        detail::check(qttt_game_transform(&raw_, symmetry, &image.raw_));
        return image;
    }

    qttt_key canonical_key() const {
        qttt_key key;
        detail::check(qttt_game_canonical_key(&raw_, &key));
        return key;
    }

    std::string record() const {
        return detail::text([this](char *b, std::size_t c, std::size_t *n) { return qttt_game_record(&raw_, b, c, n); });
    }

    std::string board() const {
        return detail::text([this](char *b, std::size_t c, std::size_t *n) { return qttt_game_board(&raw_, b, c, n); });
    }

    /// The JSON view (docs/API.md).
    std::string view() const {
        return detail::text([this](char *b, std::size_t c, std::size_t *n) { return qttt_game_view(&raw_, b, c, n); });
    }

    /// The value under perfect play (QTTT_SCORING_*), the optimal actions
    /// and a principal variation; `threads` > 1 tests the actions in
    /// parallel. Throws Error with QTTT_STATUS_INTERRUPTED after
    /// `time_limit_ms` (0: none) or once `cancel` (a Cancel, or nullptr)
    /// is requested. The solution is a plain C value.
    qttt_solution solve(std::int32_t scoring = QTTT_SCORING_SINGLE_RESULT, std::uint32_t threads = 1,
                        std::uint32_t time_limit_ms = 0, const qttt_cancel *cancel = nullptr) const {
        qttt_solution solution;
        detail::check(qttt_solve_limited(&raw_, scoring, threads, time_limit_ms, cancel, &solution));
        return solution;
    }

    /// The number of complete games from here; limits as for solve.
    std::uint64_t count_games(std::uint32_t time_limit_ms = 0, const qttt_cancel *cancel = nullptr) const {
        std::uint64_t games = 0;
        detail::check(qttt_count_games(&raw_, time_limit_ms, cancel, &games));
        return games;
    }

    /// The action id a computer opponent (QTTT_OPPONENT_*) picks for whoever
    /// acts; MCTS runs `playouts` playouts, `seed` seeds its choices. Throws
    /// Error with QTTT_STATUS_GAME_OVER once the game is over. A perfect
    /// opponent solves from scratch on every call: for a whole game, use a
    /// Solver, which remembers.
    std::uint8_t best_action(std::int32_t opponent, std::uint32_t playouts = 2000, std::uint64_t seed = 0) const {
        std::uint8_t id = 0;
        detail::check(qttt_best_action(&raw_, opponent, playouts, seed, &id));
        return id;
    }

    /// The C value, for calling qttt.h directly.
    const qttt_game &raw() const noexcept { return raw_; }

    /// Equal records (the same actions from the empty board).
    friend bool operator==(const Game &a, const Game &b) noexcept {
        return std::memcmp(&a.raw_, &b.raw_, sizeof a.raw_) == 0;
    }
    friend bool operator!=(const Game &a, const Game &b) noexcept { return !(a == b); }

private:
    qttt_game raw_;
};

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

    bool requested() const {
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
    explicit Solver(std::int32_t scoring = QTTT_SCORING_SINGLE_RESULT, std::uint32_t threads = 1,
                    std::uint64_t seed = 0) {
        detail::check(qttt_solver_new(scoring, threads, seed, &raw_));
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
    qttt_solution solve(const Game &game, std::uint32_t time_limit_ms = 0,
                        const qttt_cancel *cancel = nullptr) {
        qttt_solution solution;
        detail::check(qttt_solver_solve(raw_, &game.raw(), time_limit_ms, cancel, &solution));
        return solution;
    }

    /// An optimal action id for whoever acts (seeded choice among equals);
    /// throws Error with QTTT_STATUS_GAME_OVER once the game is over.
    std::uint8_t best_action(const Game &game, std::uint32_t time_limit_ms = 0,
                             const qttt_cancel *cancel = nullptr) {
        std::uint8_t id = 0;
        detail::check(qttt_solver_best_action(raw_, &game.raw(), time_limit_ms, cancel, &id));
        return id;
    }

private:
    qttt_solver *raw_ = nullptr;
};

}  // namespace qttt

#endif  // QTTT_HPP
