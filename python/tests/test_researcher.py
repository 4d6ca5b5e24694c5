"""What a researcher found wrong with the module (issue 32, section 1): threads, endless episodes,
the VectorEnv seed, the PettingZoo and OpenSpiel APIs, pickling, argument types."""
import copy
import os
import pickle
import subprocess
import sys
import threading

import numpy as np
import pytest

import allegra
from allegra import openspiel

# ---------------------------------------------------------------------------------------------
# 1. Threads


def test_a_bot_shared_by_threads_does_not_crash():
    # In a child process: before the fix this died of SIGFPE or SIGSEGV in about half the runs,
    # which would have killed pytest itself.
    code = """
import threading, allegra
for spec in ("expert", "mcts:100it"):
    bot = allegra.make_bot(spec)
    errors = []
    def work(k):
        try:
            for g in range(1):
                s = allegra.Game(players=4, rounds=1).new_initial_state(seed=k * 10 + g)
                while not s.is_terminal:
                    if s.is_chance_node:
                        s.deal()
                    else:
                        s.apply(bot.decide(s))
        except Exception as e:
            errors.append(repr(e))
    threads = [threading.Thread(target=work, args=(k,)) for k in range(4)]
    [t.start() for t in threads]
    [t.join() for t in threads]
    assert not errors, errors
print("ok")
"""
    for _ in range(3):
        done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                              timeout=300, env=os.environ)
        assert done.returncode == 0 and "ok" in done.stdout, (done.returncode, done.stderr[-2000:])


def test_a_shared_bot_decides_in_threads_as_alone():
    bot = allegra.make_bot("mcts:100it", seed=3)
    state = allegra.Game(players=3).new_initial_state(seed=4)
    alone = [bot.decide(state, seed=k) for k in range(8)]
    results = {}

    def work(k):
        results[k] = bot.decide(state, seed=k)

    threads = [threading.Thread(target=work, args=(k,)) for k in range(8)]
    [t.start() for t in threads]
    [t.join() for t in threads]
    assert [results[k] for k in range(8)] == alone


def test_a_vector_env_shared_by_threads_steps_every_game_or_none():
    venv = allegra.VectorEnv(8, seed=5, players=4)
    obs, mask = venv.reset()  # views of the env's arrays: they show every later step
    done_steps = []
    failures = []

    def work():
        for _ in range(20):
            try:
                venv.step(venv.random_actions())  # may be stale: another thread stepped
                done_steps.append(1)
            except allegra.IllegalActionError:
                pass
            except Exception as e:  # anything else is a bug
                failures.append(repr(e))

    threads = [threading.Thread(target=work) for _ in range(4)]
    [t.start() for t in threads]
    [t.join() for t in threads]
    assert not failures
    assert venv.episodes.tolist() == [0] * 8  # no game is that short
    # Every successful step applied one action in every game, and nothing else did.
    assert venv.steps.tolist() == [len(done_steps)] * 8
    for i in range(8):
        state = venv.state(i)
        me = state.current_player
        assert venv.current_player[i] == me
        assert np.array_equal(obs[i], state.observation(me))


# ---------------------------------------------------------------------------------------------
# 2. Truncation and auto-reset


def never_reveal(legal):
    """A policy that avoids turning cards up: it draws and discards (the issue's endless game)."""
    for a in (146, 72, 73):  # discard, draw, draw-discard
        if a in legal:
            return a
    return legal[-1]


def test_env_truncates_an_endless_game():
    env = allegra.Env(players=2, seed=1, max_steps=40)
    assert env.max_steps == 40
    steps = 0
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, info = env.last()
        if terminated or truncated:
            assert truncated and not terminated
            assert not obs["action_mask"].any()
            env.step(None)
        else:
            env.step(never_reveal(env.legal_actions()))
            steps += 1
    assert steps == 40 and env.steps == 40 and not env.agents
    assert allegra.Env(max_steps=None).max_steps is None
    assert allegra.Env().max_steps == 10000
    with pytest.raises(ValueError, match="max_steps"):
        allegra.Env(max_steps=0)


def test_vector_env_truncates_and_restarts_each_game_alone():
    venv = allegra.VectorEnv(3, seed=4, players=2, max_steps=50)
    seeds = [venv.state(i).seed for i in range(3)]
    for step in range(50):
        obs, mask, rewards, done = venv.step(venv.random_actions())
    assert done.all() and venv.truncated.all()
    assert venv.episodes.tolist() == [1, 1, 1] and venv.steps.tolist() == [0, 0, 0]
    assert [venv.state(i).seed for i in range(3)] == [s + 3 for s in seeds]
    venv.step(venv.random_actions())
    assert not venv.truncated.any()
    before = [venv.state(i) for i in range(3)]
    obs, mask = venv.reset_game(1, seed=77)
    assert venv.state(1).seed == 77 and venv.steps[1] == 0
    assert venv.state(0) == before[0] and venv.state(2) == before[2]
    assert np.array_equal(obs[1], venv.state(1).observation(venv.current_player[1]))
    with pytest.raises(IndexError):
        venv.reset_game(3)


# ---------------------------------------------------------------------------------------------
# 3. Seeds


def test_vector_env_reset_uses_the_constructor_seed():
    venv = allegra.VectorEnv(2, seed=9)
    assert [venv.state(i).seed for i in range(2)] == [9, 10]
    venv.reset()
    assert [venv.state(i).seed for i in range(2)] == [9, 10]
    venv.reset()  # later resets without a seed: games this env has not dealt
    assert min(venv.state(i).seed for i in range(2)) >= 11
    assert allegra.VectorEnv(2, seed=9).state(0) != allegra.VectorEnv(2, seed=0).state(0)
    env = allegra.Env(seed=9)
    env.reset()
    assert env.seed == 9


# ---------------------------------------------------------------------------------------------
# 5. PettingZoo's AEC API and OpenSpiel's game API (their checks' logic, not their code)

AEC_NAMES = """metadata possible_agents agents agent_selection observation_space action_space
observation_spaces action_spaces num_agents max_num_agents rewards _cumulative_rewards
terminations truncations infos reset step observe last agent_iter render close state unwrapped
render_mode""".split()


def test_pettingzoo_api():
    """PettingZoo's api_test: names, spaces, observations in their space, dict keys, agent order,
    the dead steps, and seeding."""
    env = allegra.Env(players=3, render_mode="ansi")
    for name in AEC_NAMES:
        assert hasattr(env, name), name
    env.reset(seed=42)
    assert env.agents == env.possible_agents and env.num_agents == 3
    assert env.metadata["render_modes"] == ["ansi"]
    for agent in env.possible_agents:
        obs_space, act_space = env.observation_space(agent), env.action_space(agent)
        assert obs_space is not None and act_space.n == allegra.NUM_ACTIONS
        assert env.observation_spaces[agent].contains(env.observe(agent))
    with pytest.raises(ValueError):
        env.observation_space("nobody")
    trace, rng = [], np.random.default_rng(0)
    for agent in env.agent_iter(max_iter=100000):
        obs, reward, terminated, truncated, info = env.last()
        for d in (env.rewards, env.terminations, env.truncations, env.infos,
                  env._cumulative_rewards):
            assert set(d) == set(env.agents)
        assert agent in env.agents and isinstance(reward, float)
        assert env.observation_space(agent).contains(obs)
        if terminated or truncated:
            action = None
        else:
            action = env.action_space(agent).sample(obs["action_mask"])
            assert obs["action_mask"][action] == 1
            action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        trace.append((agent, action))
        env.step(action)
    assert not env.agents and env.agent_selection is None
    assert isinstance(env.render(), str)
    env.close()
    # Same seed, same actions: the same game (api_test's seed test).
    env.reset(seed=42)
    for agent, action in trace:
        assert env.agent_selection == agent
        env.step(action)
    assert env.state() is not None


def openspiel_checks(game, seed, max_moves=100000):
    """OpenSpiel's basic game checks on one random playthrough: the player ids, legal actions
    sorted and within range, chance outcomes summing to 1, clone equality, serialize round trip,
    the tensors' shape, returns in the utility range and summing to utility_sum at the end."""
    rng = np.random.default_rng(seed)
    state = game.new_initial_state()
    assert state.current_player() == openspiel.CHANCE_PLAYER_ID and state.is_chance_node()
    moves = 0
    while not state.is_terminal():
        moves += 1
        assert moves < max_moves
        player = state.current_player()
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            assert abs(sum(p for _, p in outcomes) - 1) < 1e-9
            assert [a for a, _ in outcomes] == state.legal_actions()
            actions, probs = zip(*outcomes)
            action = int(rng.choice(actions, p=probs))
        else:
            assert 0 <= player < game.num_players()
            legal = state.legal_actions()
            assert legal == sorted(legal) and legal
            assert all(0 <= a < game.num_distinct_actions() for a in legal)
            assert state.legal_actions(player) == legal
            assert all(state.legal_actions(p) == [] for p in range(game.num_players()) if p != player)
            mask = state.legal_actions_mask()
            assert [a for a, m in enumerate(mask) if m] == legal
            for p in range(game.num_players()):
                assert len(state.information_state_tensor(p)) == game.information_state_tensor_size()
            action = int(rng.choice(legal))
            assert state.returns() == [0.0] * game.num_players()
        copy_before = state.clone()
        assert copy_before == state
        state.apply_action(action)
        assert copy_before != state
        assert copy_before.move_number() + 1 == state.move_number()
    assert state.current_player() == openspiel.TERMINAL_PLAYER_ID
    returns = state.returns()
    assert all(game.min_utility() <= r <= game.max_utility() for r in returns)
    assert abs(sum(returns) - game.utility_sum()) < 1e-6
    restored = openspiel.deserialize_game_and_state(game, state.serialize())
    assert restored == state and restored.returns() == returns
    assert state.legal_actions() == []
    return state


@pytest.mark.parametrize("players", [2, 4, 6])
def test_openspiel_game_checks(players):
    game = openspiel.load_game(players=players, rounds=1)
    assert game.num_players() == players and game.num_distinct_actions() == allegra.NUM_ACTIONS
    assert game.get_type().chance_mode == "explicit_stochastic"
    assert pickle.loads(pickle.dumps(game)) == game
    for seed in range(2):
        openspiel_checks(game, seed)


def test_openspiel_resample_keeps_the_information_state():
    game = openspiel.load_game(players=3)
    state = game.new_initial_state()
    state.apply_action(7)
    for _ in range(10):
        state.apply_action(state.legal_actions()[0])
    other = state.resample_from_infostate(state.current_player(), lambda: 5)
    for p in range(3):
        assert other.information_state_tensor(p) == state.information_state_tensor(p)
        assert other.information_state_string(p) == state.information_state_string(p)


# ---------------------------------------------------------------------------------------------
# 6. Pickling and copies


def test_everything_pickles():
    game = allegra.Game(players=3, knocking=False)
    assert pickle.loads(pickle.dumps(game)) == game
    state = game.new_initial_state(seed=5, record=True)
    for _ in range(30):
        if state.is_chance_node:
            state.deal()
        state.apply(state.legal_actions()[-1])
    back = pickle.loads(pickle.dumps(state))
    assert back == state and back.seed == state.seed and back.record() == state.record()
    back.apply(back.legal_actions()[0])  # the copy's record goes on
    assert len(back.record().actions()) == len(state.record().actions()) + 1
    plain = game.new_initial_state(seed=5)
    assert pickle.loads(pickle.dumps(plain)) == plain
    record = state.record()
    assert pickle.loads(pickle.dumps(record)) == record
    bot = allegra.make_bot("greedy", seed=3)
    copied = pickle.loads(pickle.dumps(bot))
    assert (copied.spec, copied.seed) == ("greedy", 3)
    assert copied.decide(state, seed=1) == bot.decide(state, seed=1)
    assert copy.deepcopy(bot).spec == "greedy"

    env = allegra.Env(players=4, seed=3, reward="score", max_steps=500)
    for _ in range(40):
        env.step(env.legal_actions()[0])
    for twin in (pickle.loads(pickle.dumps(env)), copy.deepcopy(env), copy.copy(env)):
        assert twin.state() == env.state() and twin.agent_selection == env.agent_selection
        assert twin.steps == env.steps and twin.max_steps == 500
        assert twin._cumulative_rewards == env._cumulative_rewards
        for _ in range(30):  # the copy goes on alone
            twin.step(twin.legal_actions()[-1])
        assert twin.state() != env.state() and twin.steps == env.steps + 30


# ---------------------------------------------------------------------------------------------
# 7. Types


def test_numpy_integers_everywhere_and_clear_type_errors():
    state = allegra.Game(players=2).new_initial_state(seed=1)
    action = state.legal_actions()[0]
    for kind in (np.int64, np.int32, np.uint16):
        assert state.is_legal(kind(action))
        assert allegra.action_to_text(kind(72)) == "draw"
        assert allegra.relative_action(kind(action), kind(1), kind(2)) >= 0
    state.clone().apply(np.int64(action))
    for bad in (1.0, np.float64(3), None, True, [1]):
        with pytest.raises(TypeError):
            state.clone().apply(bad)
        with pytest.raises(TypeError):
            allegra.Env().step(bad if bad is not None else 1.5)
    with pytest.raises(TypeError):
        allegra.VectorEnv(2, seats=[None, 3])
    with pytest.raises(TypeError):
        allegra.VectorEnv(2, seats="random")


def test_vector_env_refuses_floats_and_out_of_range_ints():
    venv = allegra.VectorEnv(2, seed=1, players=2)
    legal = venv.random_actions()
    before = [venv.state(i) for i in range(2)]
    with pytest.raises(TypeError, match="integers"):
        venv.step(legal.astype(np.float64))
    with pytest.raises(TypeError):
        venv.step([float(a) for a in legal])
    with pytest.raises(ValueError, match="not a relative action index"):
        venv.step(legal.astype(np.int64) + 2**32)
    with pytest.raises(ValueError, match="not a relative action index"):
        venv.step(np.array([2**64 - 1, 0], np.uint64))
    assert [venv.state(i) for i in range(2)] == before
    venv.step(legal.astype(np.int64))  # any integer dtype and a list are fine
    venv.step(venv.random_actions().tolist())


def test_relative_action_refuses_seats_the_table_lacks():
    with pytest.raises(ValueError, match="seat"):
        allegra.relative_action(5, 4, 4)
    with pytest.raises(ValueError, match="seat"):
        allegra.absolute_action(5, -1, 4)
    with pytest.raises(ValueError, match="players"):
        allegra.relative_action(5, 0, 7)
    with pytest.raises(ValueError, match="lacks"):
        allegra.relative_action(5 * 12, 0, 3)  # a cell of seat 5 at a table of 3
    for a in range(allegra.NUM_ACTIONS):
        try:
            r = allegra.relative_action(a, 2, 3)
        except ValueError:
            continue
        assert allegra.absolute_action(r, 2, 3) == a
