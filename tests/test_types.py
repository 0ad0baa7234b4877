"""The core is type-checked: mypy finds no error in ``toolkit/core`` (settings in ``pyproject.toml``)."""
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.slow
@pytest.mark.slow
def test_mypy_finds_no_error_in_the_core(tmp_path, monkeypatch):
    from mypy import api                 # in the test extra
    monkeypatch.chdir(ROOT)              # where pyproject.toml names the files and options
    out, err, status = api.run(["--cache-dir", str(tmp_path / "cache"), "--no-error-summary"])
    errors = [line for line in out.splitlines() if ": error:" in line]
    assert status == 0 and not errors, "mypy on toolkit/core:\n" + (out or err)
