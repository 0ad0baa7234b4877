"""The comparison every golden-transcript test makes: the stored lines against today's, the first difference
shown with its line number."""


def assert_same_lines(stored: list[str], now: list[str]) -> None:
    for k, (a, b) in enumerate(zip(stored, now), 1):
        assert a == b, f"line {k} differs:\n stored: {a}\n now:    {b}"
    assert len(now) == len(stored), f"{len(stored)} lines stored, {len(now)} now"
