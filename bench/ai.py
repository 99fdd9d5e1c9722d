"""Decision time of each computer player in CPython: median and worst per level.

Every level plays the same matches against `simple` (classic rules, fixed seeds); each of its
decisions is timed on its own. Brython runs this code about 15x slower (docs/ai.md).
"""

from game.ai import NAMES, make_player
from game.ai.arena import run_match
from game.match import Match

MATCHES = 12


def measure(name, matches=MATCHES):
    times = []
    by_phase = {}
    for seed in range(matches):
        seat = seed % 2
        players = {seat: make_player(name, seed), 1 - seat: make_player("simple", seed)}

        def decided(turn, phase, spent, seat=seat):
            if turn == seat:
                times.append(spent)
                by_phase.setdefault(phase, []).append(spent)

        run_match(Match.new(1000 + seed), players, decided)
    return times, by_phase


def _median(values):
    values = sorted(values)
    return values[len(values) // 2]


def main():
    print(f"decision time per level, CPython, {MATCHES} matches vs simple (ms)")
    print(f"  {'level':8} {'decisions':>9} {'median':>7} {'p99':>7} {'worst':>7}   worst by phase")
    for name in NAMES:
        times, by_phase = measure(name)
        ordered = sorted(times)
        p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
        phases = ", ".join(f"{k} {1000 * max(v):.1f}" for k, v in sorted(by_phase.items()))
        print(f"  {name:8} {len(times):>9} {1000 * _median(times):>7.2f} {1000 * p99:>7.2f} "
              f"{1000 * max(times):>7.2f}   {phases}")


if __name__ == "__main__":
    main()
