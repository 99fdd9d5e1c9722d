"""The computer's pace in the page (game.web.play.pacer), with a fake clock and a fake worker."""

from game.rules import Rules
from game.web.play.pacer import Pacer
from game.web.play.tables import HUMAN, LocalTable


class Timers:
    def __init__(self):
        self.pending = {}
        self.next = 0

    def later(self, then, ms):
        self.next += 1
        self.pending[self.next] = (then, ms)
        return self.next

    def cancel(self, handle):
        self.pending.pop(handle, None)

    def fire(self):
        handle = min(self.pending)
        then, ms = self.pending.pop(handle)
        then()
        return ms


class Worker:
    """Answers each request with the move the page's own player would make (or None: broken)."""

    def __init__(self, broken=False, players=True):
        self.broken = broken
        self.players = players
        self.asked = []

    def ask(self, request, answered):
        self.asked.append((request, answered))

    def answer(self, table):
        request, answered = self.asked.pop(0)
        if self.broken:
            answered(None, 0)
        else:
            seat, action = table.table.decide()
            answered(action, 3.0)

    def load_players(self, loaded):
        loaded(self.players)


def setup(more_waiting=False, broken=False, players=True, seed=5):
    table = LocalTable.new(seed, Rules.preset("classic"), [HUMAN, "easy"])
    timers, worker = Timers(), Worker(broken, players)
    record = {"played": 0, "failed": 0, "waiting_for_more": []}
    holder = {"table": table}
    pacer = Pacer(timers=timers, pace=lambda: 900, table=lambda: holder["table"], thinker=lambda: worker,
                  more_waiting=lambda: more_waiting, wait_for_more=record["waiting_for_more"].append,
                  on_busy=lambda: None, on_played=lambda: record.__setitem__("played", record["played"] + 1),
                  on_failed=lambda: record.__setitem__("failed", record["failed"] + 1))
    table.listen(pacer.schedule)  # as the page does after every change
    return table, timers, worker, pacer, record, holder


def computer_seed():
    seed = 1
    while LocalTable.new(seed, Rules.preset("classic"), [HUMAN, "easy"]).computer_to_move() is None:
        seed += 1
    return seed


def test_the_computer_moves_after_the_pace_through_the_worker():
    table, timers, worker, pacer, record, _ = setup(seed=computer_seed())
    pacer.schedule()
    assert pacer.busy() and list(timers.pending.values())[0][1] == 900
    pacer.schedule()  # asked again: still one pending move
    assert len(timers.pending) == 1
    events = len(table.match.events)
    timers.fire()
    assert worker.asked and pacer.asking is not None
    worker.answer(table)
    assert len(table.match.events) > events and record["played"] == 1


def test_an_answer_for_another_match_is_forgotten():
    table, timers, worker, pacer, record, holder = setup(seed=computer_seed())
    pacer.schedule()
    timers.fire()
    holder["table"] = LocalTable.new(99, Rules.preset("classic"), [HUMAN, "easy"])  # a new match meanwhile
    events = len(table.match.events)
    worker.answer(table)
    assert len(table.match.events) == events and record["played"] == 0


def test_cancel_drops_the_pending_move_and_the_computer_still_has_to_move():
    table, timers, worker, pacer, record, _ = setup(seed=computer_seed())
    pacer.schedule()
    pacer.cancel()
    assert timers.pending == {} and pacer.asking is None
    assert pacer.busy()  # the page schedules again (a new match, a mode) or the move is still due


def test_busy_before_the_move_is_paced_and_never_for_a_follower():
    table, timers, worker, pacer, record, _ = setup(seed=computer_seed())
    assert timers.pending == {} and pacer.busy()  # the table changed; schedule comes next
    pacer.follow(True)
    assert not pacer.busy()


def test_without_a_worker_the_page_decides_and_without_players_says_so():
    table, timers, worker, pacer, record, _ = setup(broken=True, seed=computer_seed())
    pacer.schedule()
    timers.fire()
    events = len(table.match.events)
    worker.answer(table)
    assert len(table.match.events) > events and record["played"] == 1
    table, timers, worker, pacer, record, _ = setup(broken=True, players=False, seed=computer_seed())
    pacer.schedule()
    timers.fire()
    worker.answer(table)
    assert record["failed"] == 1 and not pacer.busy()


def test_the_first_move_waits_for_the_second_bundle_and_a_follower_leaves_it():
    table, timers, worker, pacer, record, _ = setup(more_waiting=True, seed=computer_seed())
    pacer.schedule()
    assert timers.pending == {} and record["waiting_for_more"] == [pacer.schedule] and pacer.busy()
    table, timers, worker, pacer, record, _ = setup(seed=computer_seed())
    pacer.follow(True)
    pacer.schedule()
    assert timers.pending == {}
    pacer.follow(False)
    assert len(timers.pending) == 1


def test_nothing_is_paced_on_the_persons_turn():
    seed = 1
    while LocalTable.new(seed, Rules.preset("classic"), [HUMAN, "easy"]).computer_to_move() is not None:
        seed += 1
    table, timers, worker, pacer, record, _ = setup(seed=seed)
    pacer.schedule()
    assert timers.pending == {} and not pacer.busy()
