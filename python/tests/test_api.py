"""The module's API: every class and method, and every error (docs/python.md, "The API")."""
import copy
import json

import numpy as np
import pytest

import allegra
from conftest import play_random


def test_game_options_from_dict_and_kwargs():
    assert allegra.Game().players == 4
    g = allegra.Game({"players": 3}, knocking=False)
    assert g.players == 3
    assert g.options["knocking"] is False
    assert g.options["rounds"] == 3
    assert g.num_actions == allegra.NUM_ACTIONS == 321
    assert g.observation_size == allegra.OBSERVATION_SIZE
    assert "3 players" in repr(g)
    assert allegra.Game(players=3, knocking=False) == g


@pytest.mark.parametrize(
    "kwargs, message",
    [({"players": 7}, "players"), ({"colour": "red"}, "colour"), ({"rounds": "three"}, "rounds")],
)
def test_game_bad_options_name_the_problem(kwargs, message):
    with pytest.raises(ValueError, match=message):
        allegra.Game(**kwargs)


def test_game_options_must_be_a_dict():
    with pytest.raises(TypeError, match="dict"):
        allegra.Game([3])


def test_state_basics():
    s = allegra.Game().new_initial_state(seed=7)
    assert s.seed == 7
    assert s.players == 4
    assert s.phase == "setup-reveal"
    assert s.current_player == 0
    assert not s.is_terminal and not s.is_chance_node
    assert s.round == 0 and s.rounds_played == 0
    assert s.game == allegra.Game()
    legal = s.legal_actions()
    assert legal and all(isinstance(a, int) for a in legal)
    assert s.legal_actions_text() == [allegra.action_to_text(a) for a in legal]
    assert all(s.is_legal(a) and s.why_illegal(a) == "" for a in legal)
    assert s.returns() == [0.0] * 4
    assert s.scores() == [0.0] * 4
    assert "setup-reveal" in repr(s)
    assert "0a0" in s.diagram() or s.diagram()


def test_actions_as_ints_and_text():
    assert allegra.action_to_text(72) == "draw"
    assert allegra.action_from_text("draw") == 72
    assert allegra.action_from_text("swap 1b3", 4) == 74 + 12 + 4 + 3
    named = 0
    for a in range(allegra.NUM_ACTIONS):
        text = allegra.action_to_text(a)
        try:
            back = allegra.action_from_text(text)
        except allegra.IllegalActionError:
            assert text.startswith("clear line#")  # row lines from display column 3 or 4: none
            continue
        assert back == a
        named += 1
    assert named == allegra.NUM_ACTIONS - 6
    with pytest.raises(allegra.IllegalActionError, match="not an action index"):
        allegra.action_to_text(321)
    with pytest.raises(allegra.IllegalActionError):
        allegra.action_from_text("fly away")
    with pytest.raises(allegra.IllegalActionError):
        allegra.action_from_text("swap 5a0", 4)  # no player 5 at a table of 4


def test_relative_and_absolute_actions():
    for players in range(2, 7):
        for seat in range(players):
            for a in (0, 11, 12 * players - 1, 72, 74 + 5, 149 + players - 1, 300, 320):
                r = allegra.relative_action(a, seat, players)
                assert allegra.absolute_action(r, seat, players) == a
    assert allegra.relative_action(12, 1, 4) == 0  # player 1's cell 1a0 is his own 0a0
    assert allegra.relative_action(149 + 0, 1, 4) == 149 + 3  # give 0 = his right neighbour


def test_apply_int_and_text_and_illegal_leaves_state_unchanged():
    s = allegra.Game().new_initial_state(seed=3)
    before = s.clone()
    with pytest.raises(allegra.IllegalActionError, match="not legal"):
        s.apply("draw")  # setup: reveal first
    with pytest.raises(allegra.IllegalActionError):
        s.apply(999)
    with pytest.raises(allegra.IllegalActionError):
        s.apply("nonsense")
    with pytest.raises(TypeError):
        s.apply(1.5)
    assert s == before
    assert not s.is_legal("draw") and s.why_illegal("draw")
    assert not s.is_legal("nonsense")
    s.apply(s.legal_actions_text()[0])
    s.apply(s.legal_actions()[0])
    assert s != before


def test_clone_copy_and_equality():
    s = allegra.Game().new_initial_state(seed=3)
    c = s.clone()
    assert c == s and copy.copy(s) == s and copy.deepcopy(s) == s
    c.apply(c.legal_actions()[0])
    assert c != s


def test_chance_node_deal_and_terminal(rng):
    s = allegra.Game(players=3, rounds=2).new_initial_state(seed=5)
    saw_chance = False
    while not s.is_terminal:
        if s.is_chance_node:
            saw_chance = True
            assert s.current_player == allegra.CHANCE_PLAYER
            assert s.legal_actions() == []
            with pytest.raises(allegra.IllegalActionError):
                s.apply(0)
            s.deal()
        else:
            s.apply(rng.choice(s.legal_actions()))
    assert saw_chance
    assert s.current_player == allegra.NO_PLAYER
    assert s.phase == "game-over"
    assert abs(sum(s.returns()) - 1.0) < 1e-6
    best = min(s.scores())
    assert all((r > 0) == (sc == best) for r, sc in zip(s.returns(), s.scores()))
    with pytest.raises(allegra.IllegalActionError):
        s.deal()
    with pytest.raises(ValueError, match="nobody decides"):
        s.observation()


def test_json_round_trip_and_errors():
    s = allegra.Game().new_initial_state(seed=9)
    for _ in range(20):
        s.apply(s.legal_actions()[-1])
    j = s.to_json()
    assert allegra.State.from_json(j) == s
    assert allegra.State.from_json(json.dumps(j)) == s
    bad = dict(j)
    bad["phase"] = "dancing"
    with pytest.raises(ValueError, match="phase"):
        allegra.State.from_json(bad)
    with pytest.raises(ValueError):
        allegra.State.from_json("{not json")


def test_public_view():
    s = allegra.Game().new_initial_state(seed=4)
    v = s.public_view()
    assert v.current_player == s.current_player and v.phase == s.phase and v.players == 4
    assert v.legal_actions() == s.legal_actions()
    j = v.to_json()
    assert "draw_pile" not in j and j["draw_pile_size"] > 0
    assert all("value" not in cell for grid in j["grids"] for cell in grid)
    t = v.sample(1)
    assert t.public_view() == v
    assert np.array_equal(v.observation(), s.observation())
    assert "PublicView" in repr(v)


def test_resample_keeps_the_public_view():
    s = allegra.Game().new_initial_state(seed=4)
    r = s.resample(11)
    assert r.public_view() == s.public_view()
    assert r.to_json()["draw_pile"] != s.to_json()["draw_pile"]


def test_observation_and_mask():
    s = allegra.Game().new_initial_state(seed=4)
    o = s.observation()
    assert o.dtype == np.float32 and o.shape == (allegra.OBSERVATION_SIZE,)
    assert s.observation(2).shape == o.shape
    with pytest.raises(ValueError, match="seat"):
        s.observation(4)
    m = s.action_mask()
    assert m.dtype == np.uint8 and m.shape == (allegra.NUM_ACTIONS,)
    assert sorted(np.flatnonzero(m).tolist()) == sorted(s.legal_actions())
    fields = allegra.observation_fields()
    assert sum(size for _, _, size, _ in fields) == allegra.OBSERVATION_SIZE
    assert [f[0] for f in fields][:2] == ["cells", "phase"]


def test_record_requires_recording():
    s = allegra.Game().new_initial_state(seed=1)
    with pytest.raises(ValueError, match="record=True"):
        s.record()


def test_record_save_load_replay(tmp_path, rng):
    s = allegra.Game(players=3).new_initial_state(seed=21, record=True)
    for _ in play_random(s, rng):
        pass
    rec = s.record()
    assert rec.seed == 21 and rec.rounds == 3 and rec.game.players == 3
    assert rec.totals == s.scores()
    assert rec.winners == [p for p, r in enumerate(s.returns()) if r > 0]
    assert len(rec.actions()) > 50
    assert rec.replay() == s
    path = tmp_path / "games.jsonl"
    allegra.save_records(str(path), [rec, rec])
    rec.save(str(path))  # appends
    loaded = allegra.Record.load(str(path))
    assert loaded == [rec, rec, rec] and allegra.load_records(str(path)) == loaded
    assert allegra.Record.from_json(rec.to_json()) == rec
    assert allegra.Record.from_json(rec.to_line()) == rec
    assert "Record" in repr(rec)


def test_record_errors(tmp_path, rng):
    s = allegra.Game(players=2, rounds=1).new_initial_state(seed=2, record=True)
    for _ in play_random(s, rng):
        pass
    j = s.record().to_json()
    j["rounds"][0]["steps"][3]["action"] = "draw-discard"
    j["rounds"][0]["steps"][4]["action"] = "draw-discard"
    broken = allegra.Record.from_json(j)
    with pytest.raises(allegra.ReplayError, match="round 1"):
        broken.replay()
    with pytest.raises(ValueError, match="record"):
        allegra.Record.from_json({"seed": "x"})
    bad = tmp_path / "bad.jsonl"
    bad.write_text("\n{}\n")
    with pytest.raises(ValueError, match="bad.jsonl:2"):
        allegra.Record.load(str(bad))
    with pytest.raises(ValueError, match="cannot open"):
        allegra.Record.load(str(tmp_path / "missing.jsonl"))


def test_bots_by_spec():
    s = allegra.Game().new_initial_state(seed=8)
    for spec in ["random", "greedy", "expert", "mcts:50it", "easy", "medium"]:
        bot = allegra.make_bot(spec, seed=1)
        assert bot.spec == spec and bot.name
        a = bot.decide(s, seed=5)
        assert a in s.legal_actions()
        assert bot.decide(s.public_view(), seed=5) == a  # a pure function of view and seed
        assert bot.decide(s) in s.legal_actions()
    with pytest.raises(ValueError, match="unknown"):
        allegra.make_bot("genius")
    with pytest.raises(TypeError):
        allegra.make_bot("random").decide("state")
    assert "greedy" in allegra.bot_specs()


def test_bot_sees_only_the_public_view():
    s = allegra.Game().new_initial_state(seed=8)
    for _ in range(12):
        s.apply(s.legal_actions()[0])
    bot = allegra.make_bot("expert")
    a = bot.decide(s, seed=3)
    for k in range(5):
        assert bot.decide(s.resample(k), seed=3) == a


def test_sim_table():
    t = allegra.sim(["greedy", "random", "random"], games=12, seed=3)
    assert t["spec"] == ["greedy", "random"]
    assert t["games"] == [12, 12] and t["instances"] == [1, 2]
    assert all(len(v) == 2 for v in t.values())
    assert t["win_rate"][0] > t["win_rate"][1]
    assert allegra.sim(["greedy", "random", "random"], games=12, seed=3, threads=2) == t
    with pytest.raises(ValueError):
        allegra.sim(["greedy", "nobody"], games=2)
    with pytest.raises(ValueError):
        allegra.sim(["greedy", "random"], games=2, players=3)
