"""The knock window (R7 of docs/rules.md) is a simultaneous decision: every eligible player
answers at once and nobody sees another's answer before the window closes. Whatever a player
answered first, nothing a later player is shown changes: the public view and its JSON, a bot's
decision, the AEC env's and the VectorEnv's observations (issue 32, item 4)."""
import numpy as np
import pytest

import allegra

PLAYERS = 4
KNOCK = allegra.action_from_text("knock")
PASS = allegra.action_from_text("pass")
DRAW = allegra.action_from_text("draw")


def pending(state):
    return state.public_view().to_json()["knock_pending"]


def to_window(step, state_of, seed):
    """Plays (random, but always drawing from the draw pile) through `step` until a knock window
    with at least two players still to answer is open. Returns the number of actions taken."""
    rng = np.random.default_rng(seed)
    for n in range(5000):
        s = state_of()
        if s.phase == "knock-window" and len(pending(s)) >= 2:
            return n
        legal = s.legal_actions()
        step(DRAW if DRAW in legal else int(rng.choice(legal)))
    raise AssertionError("no knock window with two players to answer")


def window_state(seed):
    s = allegra.Game(players=PLAYERS).new_initial_state(seed=seed)

    def step(a):
        s.apply(a)
        if s.is_chance_node:
            s.deal()

    to_window(step, lambda: s, seed)
    return s


def answered(state, action):
    s = state.clone()
    s.apply(action)
    assert s.phase == "knock-window"  # the window is still open
    return s


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_public_view_does_not_show_an_earlier_answer(seed):
    s = window_state(seed)
    knocked, passed = answered(s, KNOCK), answered(s, PASS)
    assert knocked.to_json() != passed.to_json()  # the full state keeps it (saves)
    assert knocked.public_view() == passed.public_view()
    view = knocked.public_view().to_json()
    assert view == passed.public_view().to_json()
    assert view["knockers"] == []
    assert knocked.current_player == passed.current_player
    for seat in range(PLAYERS):
        assert np.array_equal(knocked.observation(seat), passed.observation(seat))
        assert np.array_equal(knocked.public_view().observation(seat), passed.observation(seat))


@pytest.mark.parametrize("spec", ["greedy", "expert", "mcts:200it"])
def test_bot_decision_does_not_depend_on_an_earlier_answer(spec):
    for seed in (1, 2, 3):
        s = window_state(seed)
        knocked, passed = answered(s, KNOCK), answered(s, PASS)
        bot = allegra.make_bot(spec)
        for k in range(3):
            assert bot.decide(knocked, seed=k) == bot.decide(passed, seed=k)
            assert bot.decide(knocked.public_view(), seed=k) == bot.decide(passed, seed=k)


def test_aec_env_observations_do_not_depend_on_an_earlier_answer():
    envs = [allegra.Env(players=PLAYERS, seed=8) for _ in range(2)]
    actions = []

    def step(a):
        actions.append(a)

    # Find the window on a State with the same seed, then replay the actions on both envs.
    s = allegra.Game(players=PLAYERS).new_initial_state(seed=8)

    def step_state(a):
        step(allegra.relative_action(a, s.current_player, PLAYERS))
        s.apply(a)
        if s.is_chance_node:
            s.deal()

    to_window(step_state, lambda: s, 8)
    for env in envs:
        for a in actions:
            env.step(a)
        assert env.state().phase == "knock-window"
    me = envs[0].agent_selection
    seat = int(me.split("_")[1])
    envs[0].step(allegra.relative_action(KNOCK, seat, PLAYERS))
    envs[1].step(allegra.relative_action(PASS, seat, PLAYERS))
    assert envs[0].agent_selection == envs[1].agent_selection != me
    for agent in envs[0].possible_agents:
        a, b = envs[0].observe(agent), envs[1].observe(agent)
        assert np.array_equal(a["observation"], b["observation"]), agent
        assert np.array_equal(a["action_mask"], b["action_mask"]), agent


def test_vector_env_observations_do_not_depend_on_an_earlier_answer():
    venvs = [allegra.VectorEnv(1, seed=5, players=PLAYERS) for _ in range(2)]
    for v in venvs:
        v.reset(5)
    s = venvs[0].state(0)
    actions = []

    def step_state(a):
        actions.append(allegra.relative_action(a, s.current_player, PLAYERS))
        s.apply(a)
        if s.is_chance_node:
            s.deal()

    to_window(step_state, lambda: s, 5)
    for v in venvs:
        for a in actions:
            v.step(np.array([a], np.int32))
        assert v.state(0).phase == "knock-window"
    seat = int(venvs[0].current_player[0])
    outs = [
        venvs[0].step(np.array([allegra.relative_action(KNOCK, seat, PLAYERS)], np.int32)),
        venvs[1].step(np.array([allegra.relative_action(PASS, seat, PLAYERS)], np.int32)),
    ]
    assert np.array_equal(outs[0][0], outs[1][0])  # observations
    assert np.array_equal(outs[0][1], outs[1][1])  # masks
    assert venvs[0].current_player[0] == venvs[1].current_player[0] != seat
