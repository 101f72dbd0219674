"""Environment steps per second of qttt.rl.BatchEnv from a Python loop on
one core: every game takes a uniformly random legal action each step,
chosen by numpy from the masks (as a policy's output would be), and
finished games restart by themselves.

    python examples/python/batch_bench.py [--games 1024] [--steps 2000]
"""

import argparse
import time

import numpy as np

from qttt.rl import BatchEnv


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1024)
    parser.add_argument("--steps", type=int, default=2000)
    args = parser.parse_args()
    env = BatchEnv(args.games, seed=1)
    obs, masks = env.reset()
    rng = np.random.default_rng(1)
    finished = 0
    started = time.perf_counter()
    for _ in range(args.steps):
        # A random legal action per game: the largest of random scores on legal ids.
        actions = np.argmax(masks * rng.random(masks.shape, dtype=np.float32), axis=1)
        obs, masks, rewards, dones = env.step(actions)
        finished += int(dones.sum())
    seconds = time.perf_counter() - started
    steps = args.games * args.steps
    print(f"{steps:,} environment steps in {seconds:.2f} s: {steps / seconds / 1e6:.2f} million steps per second "
          f"({args.games} games, {finished:,} finished)")
    started = time.perf_counter()
    for _ in range(args.steps):
        obs, masks, rewards, dones = env.step(env.sample())
    seconds = time.perf_counter() - started
    print(f"with the engine's own sampler (no numpy policy): {steps / seconds / 1e6:.2f} million steps per second")


if __name__ == "__main__":
    main()
