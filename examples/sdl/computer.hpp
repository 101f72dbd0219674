// The computer player: it thinks on a worker thread so the window keeps
// drawing, within a time limit, takes at least a set time per move so
// that people can follow it, and stops at once when the game no longer
// needs its answer (qttt::Cancel).
#ifndef QTTT_SDL_COMPUTER_HPP
#define QTTT_SDL_COMPUTER_HPP

#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <thread>

#include "qttt.hpp"

class Computer {
public:
    /// What the computer chose and how.
    struct Answer {
        qttt::Action action;
        std::string how;  // "perfect", "mcts", "random", or "mcts (perfect play took too long)"
        double seconds;
    };

    /// The perfect player plays for `scoring`, keeps its solver (and so its table) for
    /// the whole game and gives up after `time_limit_ms`, answering with
    /// MCTS instead. Every answer comes `pace_ms` after the start at the
    /// earliest (the wait is cancelled like a search).
    Computer(qttt::OpponentKind opponent, qttt::Scoring scoring, std::uint32_t time_limit_ms, std::uint32_t pace_ms,
             std::uint64_t seed)
        : opponent_(opponent), time_limit_ms_(time_limit_ms), pace_ms_(pace_ms), seed_(seed),
          solver_(scoring, 1, seed) {}
    Computer(const Computer &) = delete;
    Computer &operator=(const Computer &) = delete;
    ~Computer() { (void)stop(); }

    bool thinking() const { return worker_.joinable(); }

    /// Starts thinking about `game` on the worker thread.
    void start(const qttt::Game &game) {
        stop();
        cancel_ = std::make_unique<qttt::Cancel>();
        done_.store(false);
        worker_ = std::thread([this, game] { think(game); });
    }

    /// The answer once the worker has finished (the thread is then joined).
    std::optional<Answer> poll() {
        if (!worker_.joinable() || !done_.load(std::memory_order_acquire)) return std::nullopt;
        worker_.join();
        return answer_;
    }

    /// Cancels any thinking and waits for the worker (a few milliseconds at
    /// most); true if that cut a move short (its search or its pace).
    bool stop() {
        if (!worker_.joinable()) return false;
        cancel_->request();
        worker_.join();
        return !answer_;
    }

private:
    void think(const qttt::Game &game) {
        const auto started = std::chrono::steady_clock::now();
        std::optional<Answer> answer;
        try {
            if (opponent_ == qttt::OpponentKind::Perfect)
                answer = Answer{solver_.best_action(game, time_limit_ms_, *cancel_), "perfect", 0};
            else
                answer = Answer{game.best_action(opponent_, 0, seed_++), std::string(qttt::name(opponent_)), 0};
        } catch (const qttt::Error &error) {
            // Out of time (not cancelled): a good move now beats a perfect one later.
            if (error.status() == QTTT_STATUS_INTERRUPTED && !cancel_->requested())
                answer = Answer{game.best_action(qttt::OpponentKind::Mcts, 0, seed_++),
                                "mcts (perfect play took too long)", 0};
        }
        // The pace: no answer before `pace_ms`, unless cancelled meanwhile.
        const auto earliest = started + std::chrono::milliseconds(pace_ms_);
        while (answer && std::chrono::steady_clock::now() < earliest) {
            if (cancel_->requested()) answer.reset();
            else std::this_thread::sleep_for(std::chrono::milliseconds(5));
        }
        if (answer) {
            answer->seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
            answer_ = answer;
        } else {
            answer_ = std::nullopt;
        }
        done_.store(true, std::memory_order_release);
    }

    qttt::OpponentKind opponent_;
    std::uint32_t time_limit_ms_;
    std::uint32_t pace_ms_;
    std::uint64_t seed_;
    qttt::Solver solver_;  // used by the worker only, one call at a time
    std::unique_ptr<qttt::Cancel> cancel_;
    std::optional<Answer> answer_;
    std::atomic<bool> done_{false};
    std::thread worker_;
};

#endif  // QTTT_SDL_COMPUTER_HPP
