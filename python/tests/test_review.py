"""allegra.review(): the game review as a dict, the same data as `allegra review --json`."""
import json
import random
import subprocess

import pytest

import allegra
from conftest import play_random


def random_record(seed, players=2):
    s = allegra.Game(players=players, rounds=1).new_initial_state(seed=seed, record=True)
    for _ in play_random(s, random.Random(seed)):
        pass
    return s.record()


def test_review_returns_the_documented_data():
    r = allegra.review(random_record(1), samples=2)
    assert r["format"] == "allegra-review"
    assert r["reviewed"] == [0, 1]
    assert r["decisions"], "a random game has decisions with a choice"
    d = r["decisions"][0]
    assert d["label"] in ("best", "good", "inaccuracy", "mistake", "blunder")
    assert d["choices"][0]["loss"] == 0
    assert {s["player"] for s in r["summaries"]} == {0, 1}
    # A dict or JSON text of the record gives the same review; threads change nothing.
    assert allegra.review(random_record(1).to_json(), samples=2) == r
    assert allegra.review(random_record(1).to_line(), samples=2, threads=2) == r
    only = allegra.review(random_record(1), samples=2, player=1)
    assert only["reviewed"] == [1]
    assert all(x["player"] == 1 for x in only["decisions"])


def test_review_is_the_clis(tmp_path, allegra_bin):
    record = random_record(2, players=3)
    path = tmp_path / "game.jsonl"
    record.save(str(path))
    out = subprocess.run([str(allegra_bin), "review", str(path), "--samples", "2", "--json",
                          "--seed", "7"], capture_output=True, text=True, check=True)
    cli = json.loads(out.stdout)
    del cli["game"]
    assert allegra.review(record, samples=2, seed=7) == cli


def test_review_rejects_bad_input():
    record = random_record(3)
    with pytest.raises(ValueError, match="not at this table"):
        allegra.review(record, player=2, samples=2)
    with pytest.raises(ValueError, match="hard or expert"):
        allegra.review(record, level="easy")
    j = record.to_json()
    j["rounds"][0]["steps"][0]["action"] = "draw"
    with pytest.raises(ValueError, match="does not replay"):
        allegra.review(j, samples=2)
