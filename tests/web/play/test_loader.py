"""The page's wait for its second bundle (game.web.play.loader), with tasks run by hand."""

from game.web.play.loader import FAILED, LOADED, LOADING, WAITING, Loader


class Page:
    """The page's side: tasks queued until `run`, the script's answer given by the test."""

    def __init__(self):
        self.tasks = []
        self.states = []
        self.fetched = []
        self.done = 0
        self.failures = []
        self.loader = Loader(fetch=lambda loaded, failed: self.fetched.append((loaded, failed)),
                             next_task=self.tasks.append, on_state=self.states.append, on_busy=lambda: None,
                             on_done=self.finished, on_failed=self.failures.append)

    def finished(self):
        self.done += 1

    def run(self):
        while self.tasks:
            self.tasks.pop(0)()


def test_what_needs_the_bundle_runs_once_it_is_in_in_order_one_a_task():
    page = Page()
    ran = []
    page.loader.need(lambda: ran.append("menu"))
    page.loader.need(lambda: ran.append("stats"), busy=False)
    assert page.loader.holding() and page.loader.waiting()
    page.run()  # the script is asked for, once
    assert page.states == [LOADING] and len(page.fetched) == 1 and ran == []
    loaded, _failed = page.fetched[0]
    loaded()
    assert ran == ["menu"]  # one a task: the second waits for the next task
    page.run()
    assert ran == ["menu", "stats"] and page.done == 1
    assert page.states == [LOADING, LOADED] and not page.loader.holding() and not page.loader.waiting()
    page.loader.need(lambda: ran.append("now"))
    assert ran[-1] == "now"  # in the page: at once


def test_a_need_asked_while_others_wait_runs_after_them():
    page = Page()
    ran = []
    page.loader.need(lambda: ran.append(1))
    page.run()
    page.fetched[0][0]()
    page.loader.need(lambda: ran.append(2))  # the first has run, nothing else waits: now
    assert ran == [1, 2]


def test_a_bundle_that_cannot_be_loaded_runs_the_otherwise_and_says_so_once():
    page = Page()
    ran = []
    page.loader.need(lambda: ran.append("lesson"), otherwise=lambda: ran.append("own game"))
    page.loader.need(lambda: ran.append("menu"))
    page.run()
    page.fetched[0][1]()
    assert ran == ["own game"] and page.loader.state == FAILED and page.failures == [True]
    page.loader.need(lambda: ran.append("menu again"))  # busy, no otherwise: told again
    page.loader.need(lambda: ran.append("quiet"), busy=False)
    assert ran == ["own game"] and page.failures == [True, False]
    assert not page.loader.holding() and not page.loader.waiting()


def test_the_script_is_asked_for_once_whatever_asks():
    page = Page()
    for _ in range(3):
        page.loader.need(lambda: None, busy=False)
    page.run()
    page.loader.load()
    assert len(page.fetched) == 1 and page.states == [LOADING]
    assert WAITING == "waiting"
