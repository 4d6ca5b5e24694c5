"""Shared fixtures of the Python tests (run by scripts/test.sh after the release build:
PYTHONPATH=build/release/python /usr/bin/python3 -m pytest python/tests)."""
import os
import pathlib
import random

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]


@pytest.fixture
def allegra_bin():
    """The release build's allegra command (ALLEGRA_BIN overrides)."""
    path = pathlib.Path(os.environ.get("ALLEGRA_BIN", ROOT / "build" / "release" / "allegra"))
    if not path.exists():
        pytest.skip(f"no allegra binary at {path} (build the release preset)")
    return path


def play_random(state, rng, max_steps=100000):
    """Plays random legal actions (dealing at chance nodes) to the end; yields each state."""
    for _ in range(max_steps):
        if state.is_terminal:
            return
        if state.is_chance_node:
            state.deal()
        else:
            state.apply(rng.choice(state.legal_actions()))
        yield state
    raise AssertionError("the game did not end")


@pytest.fixture
def rng():
    return random.Random(12345)
