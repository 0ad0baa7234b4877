"""Class-facing text in plain words (issue 29, part 3).

Seeded games of every game, with several player counts and agent kinds, are played through; every event
sentence (public and private), every decision prompt and every option label they meet, and the visible text of
the stepper's log at some steps, is scanned for what a class should never read: code identifiers (snake_case,
dotted names, file names, brackets of code, JSON, None/True/False), the games' own field names, a word said
twice, and "a" before a plural ("take a Cookies" rather than "take a Cookies card").

``python tests/test_class_text.py`` prints every finding, grouped by check.
"""
from __future__ import annotations

import collections
import re
from html.parser import HTMLParser

import pytest

from toolkit.core.history import History
from toolkit.core.play import play
from toolkit.core.registry import game_class
from toolkit.core.seating import make_agents
from toolkit.widgets.log import log_html

# (game, players, agent kind, seed, options): every game, two to five seats, rule-based and random agents, and
# the options that bring decisions or sentences of their own (McDonald's races by hand, FCM's Deluxe rules and
# introductory game)
PLAYS = [
    ("disneyland", 2, "heuristic", 1, None), ("disneyland", 4, "random", 2, None),
    ("mcdonalds", 2, "heuristic", 3, None), ("mcdonalds", 3, "random", 4, None),
    ("mcdonalds", 4, "forgetful", 5, None), ("mcdonalds", 3, "random", 13, {"race": "by_hand"}),
    ("hamburgerspelet", 2, "heuristic", 6, None), ("hamburgerspelet", 4, "random", 7, None),
    ("hamburgerspelet", 3, "keen", 15, None),
    ("fcm", 2, "heuristic", 8, None), ("fcm", 3, "random", 9, None), ("fcm", 4, "simple", 10, None),
    ("fcm", 5, "heuristic", 11, None), ("fcm", 3, "random", 12, {"ruleset": "deluxe"}),
    ("fcm", 2, "heuristic", 14, {"intro": True}),
]
MOST_OPTIONS = 400          # labels read per decision (an FCM placement has about 190)
LOG_STEPS = 12              # steps of each game whose log HTML is read (spread over the game)

# words the rule modules keep in their state, events and decisions: one-word English ones ("clock", "pile")
# are fair words for a class, so only the coined ones are listed here (snake_case ones are caught anyway)
FIELD_NAMES = ("extras_seen", "last_race", "menu_pile", "last_roll", "reading \\d", "chip \\d", "tile \\d",
               "rack\\[", "start_restaurant", "local_manager", "regional_place", "campaign_place",
               "campaign_good", "campaign_tile", "turn_order", "help-give", "help-take", "help-partner",
               "take-one", "menu-back", "bank-break", "dinner-end", "game-end", "milestone-gone", "choose-fire",
               "setup-restaurants")
# a singular noun that ends in s, or a word that may follow a plural name as a noun of its own ("Cookies card")
SINGULAR_S = re.compile(r"(ss|us|is|ys|'s)$")
AFTER_PLURAL = {"card", "cards", "tile", "square", "space", "token", "marble", "menu", "order", "slot"}

CHECKS = {
    "snake_case": re.compile(r"\b[A-Za-z][A-Za-z0-9]*_[A-Za-z0-9_]+\b"),
    "file name": re.compile(r"\b[\w-]+\.(?:json|md|py|txt|csv|png|svg|ipynb|toml|yaml)\b"),
    "dotted name": re.compile(r"\b[a-z_]{2,}\.[a-z_]{2,}\b"),
    "code brackets": re.compile(r"[\[\]{}`]|\w\(|\(\)|==|->|=>|[<>]"),
    "JSON": re.compile(r"\{\s*\"|\"\s*:\s*[\[{\"\d]"),
    "None/True/False": re.compile(r"\b(?:None|True|False|null|NaN|nan)\b"),
    "doubled word": re.compile(r"\b([A-Za-z]+)\s+\1\b", re.IGNORECASE),
    "raw coordinates": re.compile(r"\b\d+,\d+\b|\(\d+, \d+\)"),
    "field name": re.compile(r"\b(?:" + "|".join(FIELD_NAMES) + r")\b"),
    "doubled punctuation": re.compile(r"[?!.]\.|[.,;:]\s*[.,;:]"),
}
A_PLURAL = re.compile(r"\b(?:a|an|one|A|An|One) ((?:[A-Z][\w-]* ){0,2}[A-Za-z][a-z-]*s)\b( \w+)?")


def findings(text: str) -> list[tuple[str, str]]:
    """(check, what it matched) for each thing in ``text`` a class should not read."""
    out = []
    for name, pattern in CHECKS.items():
        for m in pattern.finditer(text):
            out.append((name, m.group(0)))
    for m in A_PLURAL.finditer(text):
        last = m.group(1).split()[-1]
        after = (m.group(2) or "").strip().lower()
        if not SINGULAR_S.search(last) and after not in AFTER_PLURAL:
            out.append(("a before a plural", m.group(0)))
    return out


class _Visible(HTMLParser):
    """The text a reader sees of a log's HTML: of a closed ``<details>`` its summary only; no styles."""

    def __init__(self):
        super().__init__()
        self.parts, self.details, self.style = [], [], 0     # details: [in its summary?] per closed one open

    def handle_starttag(self, tag, attrs):
        if tag == "details":
            self.details.append("open" in dict(attrs))
        elif tag == "summary" and self.details:
            self.details[-1] = True
        elif tag in ("style", "script"):
            self.style += 1

    def handle_endtag(self, tag):
        if tag == "details" and self.details:
            self.details.pop()
        elif tag == "summary" and self.details:
            self.details[-1] = False
        elif tag in ("style", "script"):
            self.style -= 1

    def handle_data(self, data):
        if not self.style and all(self.details):
            self.parts.append(data)


def visible_text(markup: str) -> str:
    """The text of ``markup`` a reader sees before opening anything.

    >>> visible_text("<b>Player 1</b> rolls.<details><summary>DL-4.1</summary>A turn begins</details>")
    'Player 1 rolls. DL-4.1'
    """
    p = _Visible()
    p.feed(markup)
    return re.sub(r"\s+", " ", " ".join(p.parts)).strip().replace(" .", ".")


def class_texts(game: str, players: int, kind: str, seed: int, options: dict | None = None):
    """(where, text) for every class-facing text of one seeded game: events (public and private sentences),
    prompts and option labels of every decision met, and the visible text of the log at some steps."""
    cls = game_class(game)
    history = History(cls(players=players, seed=seed, options=options))
    play(None, make_agents(cls, players, kind), history=history)
    g = history.game
    assert g.is_over(), f"{game} seed {seed} did not end"
    for e in g.events:
        yield f"event {e.kind}", e.text
        if e.private_text:
            yield f"private event {e.kind}", e.private_text
    seen = set()
    for k in range(len(history) - 1):
        d = history[k].pending()
        if (d.kind, d.prompt) not in seen:
            seen.add((d.kind, d.prompt))
            yield f"prompt {d.kind}", d.prompt
        for o in d.options[:MOST_OPTIONS]:
            if (d.kind, o.label) not in seen:
                seen.add((d.kind, o.label))
                yield f"option {d.kind}", o.label
    clauses = cls.clauses()
    last = len(history) - 1
    for k in sorted({round(i * last / (LOG_STEPS - 1)) for i in range(LOG_STEPS)}):
        for viewer in (None, 1):
            markup = log_html(history, k, viewer, clauses, for_class=lambda d: d is not None and d.player == 1)
            yield f"log step {k}", visible_text(markup)


def scan(plays=PLAYS):
    """check -> Counter of (where, what matched): everything the plays show a class that it should not read."""
    found = collections.defaultdict(collections.Counter)
    for play_ in plays:
        for where, text in class_texts(*play_):
            for check, what in findings(text):
                found[check][(play_[0], where.split(" step ")[0], what)] += 1
    return found


@pytest.mark.slow
@pytest.mark.parametrize("play_", PLAYS, ids=[f"{g}-{p}p-{k}-seed{s}" + ("-" + "-".join(map(str, o.values())) if o else "")
                                      for g, p, k, s, o in PLAYS])
def test_class_text_has_no_code_words(play_):
    """Every event sentence, prompt, option label and the log's visible text of a seeded game reads as plain
    words: no identifiers, file or field names, code brackets, doubled words or "a" before a plural."""
    bad = collections.Counter()
    examples = {}
    for where, text in class_texts(*play_):
        for check, what in findings(text):
            bad[(check, where.split(" step ")[0], what)] += 1
            examples.setdefault((check, where.split(" step ")[0], what), text)
    report = "\n".join(f"{check} in {where}: {what!r} ({n}x), e.g. {examples[(check, where, what)][:160]!r}"
                       for (check, where, what), n in sorted(bad.items()))
    assert not bad, f"{len(bad)} kinds of code words a class would read:\n{report}"


@pytest.mark.parametrize("text", [
    "Player 1 takes a Cookies.", "one French Fries short", "see board.json", "extras_seen", "reading 1", "{\"a\": 1}", "None",
    "the the card", "restaurant at 0,5", "take a French Fries", "Junior Vice President(Kitchen Trainee)",
    "MAY I HELP YOU, PLEASE?.", "game.pending"])
def test_the_scan_catches_code_words(text):
    """The scan's checks fire on the kinds of text issue 29 found (so a clean scan means something)."""
    assert findings(text)


@pytest.mark.parametrize("text", [
    "Player 3 takes a Cookies card from Player 2's rack.", "Player 1 takes a Big Mac.", "a Waitress",
    "restaurant at row 3, column 5, entrance north-east", "Player 2 hides a star in each hand.",
    "Casey Jr. Circus Train", "House 4 wants 2 burgers."])
def test_the_scan_passes_plain_words(text):
    assert findings(text) == []


if __name__ == "__main__":
    for check, counts in sorted(scan().items()):
        print(f"== {check}: {sum(counts.values())}")
        for (game, where, what), n in counts.most_common():
            print(f"   {game:16} {where:28} {what!r} x{n}")


class _Chips(HTMLParser):
    """Each event row of a log as (sentence, [(chip ID, its rule text, the interpretation text one click further)])."""

    def __init__(self):
        super().__init__()
        self.rows, self.where, self.depth = [], [], 0

    def handle_starttag(self, tag, attrs):
        cls = dict(attrs).get("class", "")
        if tag == "div" and cls == "bgt-event":
            self.rows.append(["", []])
        if self.rows:
            self.where.append((tag, cls))

    def handle_endtag(self, tag):
        if self.where:
            self.where.pop()

    def handle_data(self, data):
        if not self.where:
            return
        classes = [c for _, c in self.where]
        tags = [t for t, _ in self.where]
        row = self.rows[-1]
        if "bgt-chip" not in classes:
            row[0] += data
        elif tags[-1] == "summary" and classes[-1] == "" and "bgt-more" not in classes:
            row[1].append([data, "", ""])
        elif "bgt-more" in classes and tags[-1] != "summary":
            row[1][-1][2] += data
        elif classes[-1] == "bgt-rule":
            row[1][-1][1] += data


@pytest.mark.slow
def unmarked(text: str) -> str:
    """A rules page's text as a chip shows it: its `code` and *emphasis* marks are markup, not letters."""
    return re.sub(r"(?<![*\w])\*(\w[^*]*?)\*(?![*\w])", r"\1", text.replace("`", ""))


@pytest.mark.parametrize("game,players,seed", [("disneyland", 3, 7), ("mcdonalds", 3, 43), ("hamburgerspelet", 2, 66),
                                               ("fcm", 2, 8)])
def test_every_event_carries_exactly_its_clauses_as_chips(game, players, seed):
    """Issue 29, part 4: each event's chips are exactly its clause IDs, in order; a rulebook clause's chip opens
    the rules page's text of that clause; an interpretation's chip keeps its text one click further."""
    cls = game_class(game)
    history = History(cls(players=players, seed=seed))
    play(None, make_agents(cls, players, "heuristic"), history=history, max_steps=100)
    clauses = cls.clauses()
    checked = 0
    for k in range(0, len(history), 5):
        if history[k].is_over():         # the log there reaches back over many steps
            continue
        for viewer in (None, 1):
            p = _Chips()
            p.feed(log_html(history, k, viewer, clauses))
            events = history.events_at(k, viewer=viewer)
            assert len(p.rows) == len(events), k
            for (sentence, chips_), e in zip(p.rows, events):
                assert sentence.strip() == e.text
                assert [c[0] for c in chips_] == list(e.clauses), (k, e.text)
                for cid, rule, essay in chips_:
                    if "-I" in cid:
                        assert essay == unmarked(clauses[cid]) and unmarked(clauses[cid]) not in rule, cid
                    else:
                        assert rule == unmarked(clauses[cid]) and not essay, cid
                checked += len(chips_)
    assert checked > 50


def test_the_class_s_last_move_stays_pinned_until_its_next_decision():
    """Issue 29, part 3: after the class's move, the other players' steps never push it out of sight: it is the
    first thing in the log, at every later step, until the class decides again."""
    cls = game_class("disneyland")
    history = History(cls(players=4, seed=3))
    play(None, make_agents(cls, 4, "heuristic"), history=history, max_steps=120)
    mine = lambda d: d is not None and d.player == 2       # noqa: E731 (the class plays seat 2)
    moves = [j for j in range(1, len(history)) if mine(history[j - 1].pending())]
    assert len(moves) > 5
    for a, b in zip(moves, moves[1:]):
        for k in range(a, b):
            text = visible_text(log_html(history, k, 2, cls.clauses(), for_class=mine))
            assert text.startswith(f"The class's last move (step {a}):"), (k, text[:80])
    before = visible_text(log_html(history, moves[0] - 1, 2, cls.clauses(), for_class=mine))
    assert "last move" not in before                           # nothing to pin before the class's first move


@pytest.mark.parametrize("game", ["disneyland", "mcdonalds", "hamburgerspelet", "fcm"])
def test_the_clause_texts_a_chip_opens_read_plainly(game):
    """A chip's first click opens the rules page's text of a rulebook clause: those texts hold no code words.
    (Interpretations, one click further, are the project's notes and may name its files.)"""
    clauses = game_class(game).clauses()
    bad = {cid: findings(text) for cid, text in clauses.items() if not re.search(r"-I\d", cid) and findings(text)}
    assert not bad


@pytest.mark.parametrize("game", ["disneyland", "mcdonalds", "hamburgerspelet", "fcm"])
def test_an_opened_chip_shows_the_rules_pages_marks_not_their_markdown(game):
    """What a chip opens shows the rules page's `code` and *emphasis* as the page shows them: no backtick or
    asterisk reaches the class (the interpretations name files and options in backticks)."""
    from toolkit.widgets.log import chip
    clauses = game_class(game).clauses()
    marked = [cid for cid, text in clauses.items() if "`" in text or re.search(r"(?<!\w)\*\w", text)]
    assert marked                                   # every game's page marks some words: the check has work
    for cid in marked:
        markup = chip(cid, clauses)
        text = re.sub(r"<[^>]+>", "", markup)
        assert "`" not in text and not re.search(r"(?<![\w ])\*|\*(?![\w ])", text), (cid, text)
        assert "<code>" in markup or "<em>" in markup, cid
