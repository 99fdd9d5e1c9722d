"""Every claim of the coach agrees with an independent estimate.

Positions come from varied deals: four pairs of players (a hint is asked for whoever is to
move), three rule presets, every third decision. At each, the hint's facts are checked against
a second estimate: exact facts by the engine or by brute force; averages and chances against
a sampling ten times larger, with another stream of random numbers (`REFERENCE` deals, the
opponent's hands dealt as `estimate.Deals` deals them; a stock draw averaged over each deal's
stock), within the tolerances below. Where the player's move differs from Hard's, the review's verdict
is checked the same way: a decision it lists must measure clearly worse in the larger sampling
too. And a knock that wins by the rules' own numbers (settled against the opponent's real
cards) on a stock over half full is never listed unless the larger sampling says so.

The default run checks `POSITIONS` positions; COACH_CLAIMS=1000 checks 1,000 (docs/ai.md gives
the figures of that run: `pytest -s` prints them).
"""

import os

from game.actions import KNOCK, NEXT_HAND, Action
from game.ai import estimate, make_player
from game.ai.coach import KnockFacts, hard_move, suggest
from game.ai.review import CLEAR_CHANCE, CLEAR_DEADWOOD, CLEAR_POINTS, judge
from game.match import Match
from game.melds import all_best_arrangements, is_run, is_set, min_deadwood
from game.rules import Rules
from game.web.words.reasons import RARE, SURE, chance_parts, number_text

POSITIONS = int(os.environ.get("COACH_CLAIMS", "250"))
REFERENCE = 10 * estimate.SAMPLES  # deals of the independent estimate
MEAN = 1.5  # points of deadwood: an average's tolerance
POINTS = 3.5  # standard errors of the coach's own sampling: an average of points' tolerance (1 point more
# for the rounding of the words)
ROUNDING = 1.35  # a chance said "k in n" is within this ratio of its odds (the fractions' grid)
PAIRS = (("medium", "hard"), ("easy", "hard"), ("hard", "simple"), ("simple", "medium"))
PRESETS = ("classic", "oklahoma", "modern")


def positions(count):
    """(match, view, the move played there) at every third decision of varied matches."""
    found = 0
    seed = 0
    while found < count:
        pair, preset = PAIRS[seed % len(PAIRS)], PRESETS[(seed // len(PAIRS)) % len(PRESETS)]
        match = Match.new(4000 + seed, Rules.preset(preset))
        players = [make_player(pair[0], seed), make_player(pair[1], seed + 1)]
        step = 0
        while match.phase != "match_over" and found < count:
            if match.phase == "hand_over":
                match.apply(Action(NEXT_HAND))
                continue
            view = match.view(match.current_player)
            action = players[match.current_player].choose(view)
            step += 1
            if step % 3 == 0 and len(view.legal_actions) > 1:
                found += 1
                yield match, view, action
            match.apply(action)
        seed += 1


class Reference:
    """The larger, independent sampling of a position, worked out as the claims need it."""

    def __init__(self, view):
        self.view = view
        self.deals = estimate.Deals(view, count=REFERENCE, stream=99)

    def after_draw(self, cards):
        """(average deadwood, share that can knock or go gin) of 10 cards after the next draw,
        over the stock of each of the reference's deals."""
        outlook = estimate.draw_outlook(cards, self.deals, self.view.knock_limit)
        return outlook.deadwood, outlook.knock + outlook.gin, outlook.gin

    def use(self, card):
        return estimate.could_use(card, self.deals)

    def knock(self, action):
        """(the coach's KnockFacts, the reference's (now, wait) Outcomes for the same knock)."""
        view = self.view
        coach = KnockFacts(view, action)
        now = estimate.knock_now(view, coach.melds, coach.least, self.deals, coach.need)
        return coach, now, estimate.play_on(view, coach.card, self.deals)

    def spread(self, coach, measure):
        """The standard deviation of `measure(now, wait)` over the reference's deals taken as
        blocks of the coach's size: the error of a coach's figure of the same kind."""
        values = []
        for start in range(0, REFERENCE, estimate.SAMPLES):
            block = estimate.Deals.__new__(estimate.Deals)
            block.opponent_hands = self.deals.opponent_hands[start:start + estimate.SAMPLES]
            block.unseen, block.stock_count = self.deals.unseen, self.deals.stock_count
            block.count, block._arrangements = estimate.SAMPLES, [None] * estimate.SAMPLES
            now = estimate.knock_now(self.view, coach.melds, coach.least, block, coach.need)
            values.append(measure(now, estimate.play_on(self.view, coach.card, block)))
        mean = sum(values) / len(values)
        return (sum((v - mean) ** 2 for v in values) / (len(values) - 1)) ** 0.5


def chance_agrees(p_said, p_coach, p_ref):
    """The chance the coach computed agrees with the reference within the coach's sampling error
    (3.5 standard errors of its deals, 0.01 more), and the words' fraction is the nearest of its
    grid (within ROUNDING as odds)."""
    spread = max(p_ref, 0.02) * (1 - min(p_ref, 0.98))
    error = 3.5 * (spread / estimate.SAMPLES) ** 0.5 + 0.01
    odds = (p_said / (1 - p_said)) / max(p_coach / (1 - p_coach), 1e-9) if 0 < p_coach < 1 else 1
    return abs(p_coach - p_ref) <= error and 1 / ROUNDING <= odds <= ROUNDING


def fraction(p):
    k, n = chance_parts(p)
    return k / n


def close(x, ref, spread):
    """A figure said in whole points agrees with the reference within POINTS of its errors."""
    return abs(x - ref) <= POINTS * spread + 1


def check_hint(view, hint, ref):
    """(kind, agrees) of the hint's claim; raises nothing, so the figures count every claim."""
    f, kind = hint.facts, hint.kind
    left = view.discard_deadwood
    if kind in ("take_meld", "take_knock", "take_lower", "take", "useless", "stock_for_gin", "stock_better",
                "stock_knock", "barely", "stock"):
        top = view.discard_pile[-1]
        after = min(min_deadwood([c for c in view.hand + [top] if c is not out]) for out in view.hand)
        exact = f["after"] == after and f["now"] == min_deadwood(view.hand)
        mean, chance, gin = ref.after_draw(view.hand)
        claims = {
            "take_meld": lambda: shape_holds(view.hand, top, f["shape"]),
            "take_knock": lambda: after <= view.knock_limit < f["now"],
            "take_lower": lambda: after < mean + MEAN,
            "take": lambda: after < f["now"],
            "useless": lambda: after >= f["now"],
            "stock_for_gin": lambda: after <= view.knock_limit and (
                gin < 0.05 if f["chance"] < RARE else chance_agrees(fraction(f["chance"]), f["chance"], gin)),
            "stock_better": lambda: mean < after,
            "stock_knock": lambda: chance_agrees(fraction(f["chance"]), f["chance"], chance),
            "barely": lambda: abs(after - mean) < 1 + MEAN,
            "stock": lambda: after < f["now"],
        }
        return exact and claims[kind]()
    if kind in ("stock_only", "big_gin"):
        return True
    if kind == "gin":
        return left[f["card"].index] == 0
    if kind in ("knock", "knock_match") or kind.startswith("play_on"):
        coach, now, wait = ref.knock(hint.action)
        undercut = now.undercut
        if kind == "knock":
            if f["undercut"] < RARE:
                return undercut < 0.05
            return chance_agrees(fraction(f["undercut"]), f["undercut"], undercut)
        if kind == "knock_match":
            return f["wins"] > SURE and now.wins > 0.9 or chance_agrees(fraction(f["wins"]), f["wins"], now.wins)
        if kind == "play_on_undercut":
            return chance_agrees(fraction(f["undercut"]), f["undercut"], undercut)
        if kind == "play_on_wait":
            return close(number_text(f["wait"]), wait.points - now.points,
                         ref.spread(coach, lambda now, wait: wait.points - now.points))
        if kind == "play_on_gin":
            kept = [c for c in view.hand if c is not coach.card]
            return f["gin_cards"] == sum(min_deadwood(kept + [c]) == 0 for c in view.unseen) > 0
        return number_text(f["points"]) < 1 or close(number_text(f["points"]), now.points,
                                                     ref.spread(coach, lambda now, wait: now.points))
    # A discard with no knock allowed: the deadwood figures are the engine's.
    if f["n"] != left[f["card"].index] or ("other" in f and kind != "less" and "k" in f
                                          and left[f["other"].index] != f["n"] - f["k"]):
        return False
    if kind in ("least", "less", "tie", "keep"):
        return kind != "less" or left[f["other"].index] - f["n"] == f["k"]
    card, other = f["card"], f["other"]
    kept = [c for c in view.hand if c is not card]
    kept_other = [c for c in view.hand if c is not other]
    if kind in ("tie_live", "keep_live"):
        return f["live"] == estimate.live_for_melds(kept, view) > estimate.live_for_melds(kept_other, view)
    if kind in ("tie_draw", "keep_draw"):
        return ref.after_draw(kept)[0] < ref.after_draw(kept_other)[0]
    if kind == "tie_safer":
        return ref.use(other) >= ref.use(card) - 0.05
    if kind == "keep_safer":
        return chance_agrees(fraction(f["chance"]), f["chance"], ref.use(other))
    if kind == "keep_knock":
        return chance_agrees(fraction(f["chance"]), f["chance"], ref.after_draw(kept)[1])
    return False


def shape_holds(hand, card, shape):
    """What the words say the card does, checked on the arrangements of the hand without it."""
    if shape in ("longer_run", "four"):
        return any((is_run if shape == "longer_run" else is_set)(meld + [card]) and
                   (is_run(meld) if shape == "longer_run" else is_set(meld) and len(meld) == 3)
                   for arrangement in all_best_arrangements(hand) for meld in arrangement.melds)
    melds = [m for a in all_best_arrangements(hand + [card]) for m in a.melds if card in m]
    return any((is_run if shape == "run" else is_set)(m) for m in melds)


def check_review(match, view, played, chosen, ref):
    """(listed, agrees, a winning early knock) of the player's move, when it differs from Hard's."""
    decision = judge(1, view, played, chosen)
    winning = False
    if played.kind == KNOCK and view.stock_count > 15:
        kept = [c for c in view.hand if c is not played.card]
        points = estimate.knock_points(all_best_arrangements(kept)[0].melds, view.discard_deadwood[played.card.index],
                                       list(match.hand.hands[1 - view.player]), view.rules, 1)
        winning = points > 0
    if decision is None:
        return False, True, winning
    if decision.unit == "deadwood" and decision.what in ("upcard", "pickup"):
        top = view.discard_pile[-1]
        after = min(min_deadwood([c for c in view.hand + [top] if c is not out]) for out in view.hand)
        mean = ref.after_draw(view.hand)[0]
        cost = after - mean if played.kind in ("take_upcard", "draw_discard") else mean - after
        return True, cost >= CLEAR_DEADWOOD - MEAN, winning
    if decision.unit == "deadwood":
        mine = ref.after_draw([c for c in view.hand if c is not played.card])[0]
        hard = ref.after_draw([c for c in view.hand if c is not chosen.card])[0]
        return True, mine - hard >= CLEAR_DEADWOOD - MEAN, winning
    if decision.unit == "chance":
        return True, ref.use(played.card) - ref.use(chosen.card) >= CLEAR_CHANCE - 0.1, winning
    if decision.unit == "points":
        _coach, now, wait = ref.knock(chosen)
        gain = now.points - wait.points
        spread = ref.spread(KnockFacts(view, chosen), lambda now, wait: now.points - wait.points)
        return True, (-gain if played.kind == KNOCK else gain) >= CLEAR_POINTS - POINTS * spread, winning
    return True, True, winning  # a knock's extra deadwood, a missed gin: the engine's own figures


def test_every_claim_agrees_with_a_larger_sampling():
    checked, failed, kinds = 0, [], {}
    listed = wrong = winning_knocks = winning_listed = 0
    for match, view, played in positions(POSITIONS):
        hint = suggest(view)
        ref = Reference(view)
        agrees = check_hint(view, hint, ref)
        checked += 1
        kinds[hint.kind] = kinds.get(hint.kind, 0) + 1
        if not agrees:
            failed.append((hint.kind, hint.facts, view.stock_count))
        chosen = hard_move(view)
        if played.kind != chosen.kind or played.card is not chosen.card:
            is_listed, right, winning = check_review(match, view, played, chosen, ref)
            listed += is_listed
            wrong += not right
            winning_knocks += winning
            winning_listed += winning and is_listed and not right
    agreement = 1 - len(failed) / checked
    print(f"\ncoach claims: {checked} positions, {checked} hints checked, agreement {100 * agreement:.1f} %; "
          f"review: {listed} decisions listed, {wrong} not confirmed; winning knocks on a stock over half full: "
          f"{winning_knocks}, listed against the larger sampling: {winning_listed}")
    print("kinds: " + ", ".join(f"{k} {v}" for k, v in sorted(kinds.items(), key=lambda kv: -kv[1])))
    assert checked == POSITIONS and not failed, failed[:5]
    assert wrong == 0 and winning_listed == 0
    assert len(kinds) >= 12
