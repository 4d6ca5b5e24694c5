"""A record written from Python replays with `allegra replay --check`."""
import random
import subprocess

import allegra
from conftest import play_random


def test_python_records_replay_with_the_cli(tmp_path, allegra_bin):
    records = []
    for seed, players in [(1, 2), (2, 4), (3, 6)]:
        s = allegra.Game(players=players).new_initial_state(seed=seed, record=True)
        for _ in play_random(s, random.Random(seed)):
            pass
        records.append(s.record())
    path = tmp_path / "python.jsonl"
    allegra.save_records(str(path), records)
    out = subprocess.run([str(allegra_bin), "replay", str(path), "--check"],
                         capture_output=True, text=True)
    assert out.returncode == 0, out.stdout + out.stderr


def test_cli_rejects_a_broken_python_record(tmp_path, allegra_bin):
    s = allegra.Game(players=3).new_initial_state(seed=4, record=True)
    for _ in play_random(s, random.Random(4)):
        pass
    j = s.record().to_json()
    j["totals_half"][0] += 2
    path = tmp_path / "broken.jsonl"
    allegra.Record.from_json(j).save(str(path))
    out = subprocess.run([str(allegra_bin), "replay", str(path), "--check"],
                         capture_output=True, text=True)
    assert out.returncode != 0
