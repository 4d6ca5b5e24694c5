"""Random games from Python checked against the main invariants of the C++ conformance suite
(tests/engine/conformance/invariants.h): card conservation, the legal list (non-empty exactly
when someone decides, every listed action legal, illegal actions refused with the state
unchanged), the public view (no hidden card, equal under resampling), JSON round trips, and a
result with the lowest total winning."""
import collections
import random

import pytest

import allegra
from conftest import play_random


def all_cards(j):
    """Every card of a full state's JSON: cells, piles, held, hand, taken, pending."""
    cards = collections.Counter()
    for grid in j["grids"]:
        for cell in grid:
            if cell["state"] != "empty":
                cards[cell["value"]] += 1
    cards.update(j["draw_pile"])
    cards.update(j["discard_pile"])
    for key in ("held", "hand", "taken", "pending_discard"):
        if isinstance(j.get(key), int):
            cards[j[key]] += 1
    return cards


def deck(state):
    counts = state.game.options["deck_counts"]
    full = collections.Counter({v - 1: c for v, c in enumerate(counts)})
    start = all_cards(allegra.Game(state.game.options).new_initial_state(0).to_json())
    assert sum(start.values()) <= sum(full.values())
    return start


@pytest.mark.parametrize(
    "options, seed",
    [
        ({"players": 2}, 1),
        ({"players": 3, "knocking": False}, 2),
        ({"players": 4}, 3),
        ({"players": 5, "optional_clearing": True}, 4),
        ({"players": 6, "discard_draw_may_discard": True, "rounds": 2}, 5),
    ],
)
def test_random_game_invariants(options, seed):
    rng = random.Random(seed)
    state = allegra.Game(options).new_initial_state(seed)
    expected = deck(state)
    every = list(range(allegra.NUM_ACTIONS))
    steps = 0
    for s in play_random(state, rng):
        steps += 1
        j = s.to_json()
        assert all_cards(j) == expected, f"cards not conserved at step {steps}"
        legal = s.legal_actions()
        deciding = not s.is_terminal and not s.is_chance_node
        assert bool(legal) == deciding
        assert len(set(legal)) == len(legal)
        if steps % 7 == 0:
            legal_set = set(legal)
            assert [a for a in every if s.is_legal(a)] == sorted(legal_set)
            if deciding:
                probe = rng.choice([a for a in every if a not in legal_set])
                before = s.clone()
                with pytest.raises(allegra.IllegalActionError):
                    s.apply(probe)
                assert s == before
        if steps % 11 == 0:
            assert allegra.State.from_json(j) == s
            view = s.public_view()
            assert s.resample(steps).public_view() == view
            assert view.sample(steps).public_view() == view
            assert "draw_pile" not in view.to_json()
    assert state.is_terminal
    returns = state.returns()
    assert abs(sum(returns) - 1.0) < 1e-6
    best = min(state.scores())
    assert [r > 0 for r in returns] == [t == best for t in state.scores()]
