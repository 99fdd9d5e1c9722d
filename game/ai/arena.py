"""Arena: computer players play whole matches against each other, with mirrored deals.

    python -m game.ai.arena hard simple --games 2000 --seed 1 --jobs 2
    python -m game.ai.arena --table            # the standard table (what `make arena` runs)

Each deal seed is played twice with the seats swapped, so luck of the cards cancels out as far
as it can. Prints games won with a 95 % confidence interval, points per hand, and the counts of
gins, knocks, undercuts and dead hands for each side. Runs only in CPython (multiprocessing).
"""

import argparse
import math
import multiprocessing
import sys
import time

from game.actions import NEXT_HAND, Action
from game.ai import NAMES, make_player
from game.match import Match
from game.rules import Rules

TABLE = [("hard", "simple"), ("medium", "simple"), ("hard", "medium"), ("easy", "simple")]
KEYS = ("games", "hands", "points", "gins", "big_gins", "knocks", "undercuts", "undercut",
        "dead", "decisions", "time", "slowest")


def _empty():
    return [dict.fromkeys(KEYS, 0) for _ in range(2)]


def run_match(match, players, on_decision=None, on_hand=None):
    """Play `match` to its end, `players[seat]` choosing for each seat.

    Reports each decision as on_decision(seat, phase, seconds) and each finished hand as
    on_hand(match); the next hand is dealt after it.
    """
    while True:
        if match.phase in ("hand_over", "match_over"):
            if on_hand is not None:
                on_hand(match)
            if match.phase == "match_over":
                return
            match.apply(Action(NEXT_HAND))
            continue
        seat = match.current_player
        view = match.view(seat)
        start = time.perf_counter()
        action = players[seat].choose(view)
        spent = time.perf_counter() - start
        if on_decision is not None:
            on_decision(seat, view.phase, spent)
        match.apply(action)


def play_match(names, seed, rules, a_seat, stats):
    """One match: names[0] sits in seat a_seat. Adds to stats[0] / stats[1] (per name)."""
    match = Match.new(seed, rules)
    side_of_seat = [0, 1] if a_seat == 0 else [1, 0]
    players = [None, None]
    for seat in (0, 1):
        side = side_of_seat[seat]
        players[seat] = make_player(names[side], seed * 2 + side + 1)

    def decided(seat, phase, spent):
        side = stats[side_of_seat[seat]]
        side["decisions"] += 1
        side["time"] += spent
        if spent > side["slowest"]:
            side["slowest"] = spent

    def hand_over(match):
        _count_hand(match, side_of_seat, stats)

    run_match(match, players, decided, hand_over)
    stats[side_of_seat[match.winner]]["games"] += 1


def _count_hand(match, side_of_seat, stats):
    line = match.sheet[-1]
    for side in stats:
        side["hands"] += 1
    if line["kind"] == "dead":
        for side in stats:
            side["dead"] += 1
        return
    winner = stats[side_of_seat[line["winner"]]]
    winner["points"] += line["points"]
    knocker = stats[side_of_seat[line["knocker"]]]
    kind = line["kind"]
    if kind == "gin":
        knocker["gins"] += 1
    elif kind == "big_gin":
        knocker["big_gins"] += 1
    elif kind == "knock":
        knocker["knocks"] += 1
    elif kind == "undercut":
        winner["undercuts"] += 1  # the defender undercut the knocker
        knocker["undercut"] += 1


def _work(job):
    names, rules_name, seeds = job
    rules = Rules.preset(rules_name)
    stats = _empty()
    for seed in seeds:
        play_match(names, seed, rules, 0, stats)
        play_match(names, seed, rules, 1, stats)
    return stats


def run(names, games, seed, jobs, rules_name="classic"):
    """Play `games` matches (an even number: games/2 deals, each with the seats swapped)."""
    deals = max(1, games // 2)
    base = seed * 1000003
    seeds = [base + k for k in range(deals)]
    chunk = max(1, min(25, deals // (jobs * 4) or 1))
    work = [(tuple(names), rules_name, seeds[k:k + chunk]) for k in range(0, deals, chunk)]
    total = _empty()
    if jobs > 1:
        with multiprocessing.Pool(jobs) as pool:
            parts = pool.imap_unordered(_work, work)
            for part in parts:
                _add(total, part)
    else:
        for job in work:
            _add(total, _work(job))
    return total


def _add(total, part):
    for side in (0, 1):
        for key in KEYS:
            if key == "slowest":
                total[side][key] = max(total[side][key], part[side][key])
            else:
                total[side][key] += part[side][key]


def report(names, stats, rules_name="classic"):
    games = stats[0]["games"] + stats[1]["games"]
    hands = stats[0]["hands"]
    p = stats[0]["games"] / games
    half = 1.96 * math.sqrt(p * (1 - p) / games)
    lines = [
        f"{names[0]} vs {names[1]} ({rules_name}, {games} games, {hands} hands, mirrored deals)",
        f"  {names[0]} wins {stats[0]['games']}/{games} = {100 * p:.1f} % "
        f"(95 % CI {100 * (p - half):.1f}-{100 * (p + half):.1f} %)",
        f"  {'':10} {'games':>6} {'pts/hand':>8} {'gins':>6} {'knocks':>6} {'undercuts':>9} "
        f"{'undercut':>8} {'dead':>5} {'ms/dec':>7} {'max ms':>7}",
    ]
    for side in (0, 1):
        s = stats[side]
        mean = 1000 * s["time"] / max(1, s["decisions"])
        gins = s["gins"] + s["big_gins"]
        lines.append(
            f"  {names[side]:10} {s['games']:>6} {s['points'] / max(1, hands):>8.2f} {gins:>6} "
            f"{s['knocks']:>6} {s['undercuts']:>9} {s['undercut']:>8} {s['dead']:>5} "
            f"{mean:>7.2f} {1000 * s['slowest']:>7.1f}"
        )
    lines.append("  (knocks: won by knocking; undercuts: made as defender; undercut: suffered as knocker)")
    return "\n".join(lines)


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m game.ai.arena", description=__doc__.split("\n")[0])
    parser.add_argument("players", nargs="*", help="two of: " + ", ".join(NAMES))
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--rules", default="classic", help="rule preset (default classic)")
    parser.add_argument("--table", action="store_true", help="play the standard table of matchups")
    args = parser.parse_args(argv)
    if args.table:
        pairs = TABLE
    elif len(args.players) == 2:
        pairs = [tuple(args.players)]
    else:
        parser.error("give two players (e.g. hard simple) or --table")
    for pair in pairs:
        for name in pair:
            if name not in NAMES:
                parser.error("unknown player " + repr(name) + "; choose from " + ", ".join(NAMES))
    for pair in pairs:
        start = time.time()
        stats = run(pair, args.games, args.seed, args.jobs, args.rules)
        print(report(pair, stats, args.rules))
        print(f"  ({time.time() - start:.0f} s)")
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
