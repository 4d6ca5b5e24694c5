"""The RL environments: the AEC protocol, observations under resampling, masks against the legal
actions, and the vector env against single envs."""
import numpy as np
import pytest

import allegra


def legal_relative(state):
    me = state.current_player
    return sorted(allegra.relative_action(a, me, state.players) for a in state.legal_actions())


def test_aec_protocol_plays_a_game_to_the_end():
    env = allegra.Env(players=3, seed=5)
    assert env.possible_agents == ["player_0", "player_1", "player_2"]
    assert env.agents == env.possible_agents and env.num_agents == 3
    rng = np.random.default_rng(0)
    total = {a: 0.0 for a in env.possible_agents}
    steps = 0
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, info = env.last()
        total[agent] += reward
        assert not truncated and info == {}
        if terminated:
            env.step(None)
            continue
        mask = obs["action_mask"]
        assert obs["observation"].dtype == np.float32
        assert obs["observation"].shape == (env.observation_size,)
        assert mask.dtype == np.int8 and mask.shape == (env.num_actions,)
        env.step(int(rng.choice(np.flatnonzero(mask))))
        steps += 1
    assert steps > 100
    assert env.agents == [] and env.agent_selection is None
    assert abs(sum(total.values()) - 1.0) < 1e-6  # "win": the win shares, once each


def test_aec_errors_and_reset():
    env = allegra.Env(seed=2)
    assert env.seed == 2
    agent = env.agent_selection
    before = env.state()
    with pytest.raises(allegra.IllegalActionError, match="not legal"):
        env.step(72)  # draw during the setup
    with pytest.raises(allegra.IllegalActionError):
        env.step(5000)
    with pytest.raises(ValueError, match="terminated or truncated agent"):
        env.step(None)
    assert env.state() == before and env.agent_selection == agent
    with pytest.raises(ValueError, match="no agent"):
        env.observe("player_9")
    with pytest.raises(ValueError, match="reward"):
        allegra.Env(reward="money")
    assert env.observe(1)["observation"].shape == (allegra.OBSERVATION_SIZE,)
    env.reset()  # the first reset without a seed takes the constructor's (issue 32)
    assert env.seed == 2
    env.reset()
    assert env.seed == 3
    env.reset(seed=2)
    assert env.state() == before
    assert "0a0" in env.render() or env.render()
    env.close()


def test_aec_score_rewards_sum_to_minus_the_totals():
    env = allegra.Env(players=4, seed=8, reward="score")
    total = np.zeros(4)
    rng = np.random.default_rng(1)
    while not env.terminations[env.agent_selection]:
        env.step(int(rng.choice(env.legal_actions())))
        total += [env.rewards[a] for a in env.possible_agents]
    assert np.allclose(total, -np.array(env.state().scores()) / 10, atol=1e-3)


def test_action_mask_equals_the_legal_actions():
    env = allegra.Env(players=5, seed=3)
    rng = np.random.default_rng(2)
    for _ in range(400):
        state = env.state()
        if state.is_terminal:
            break
        me = state.current_player
        mask = env.observe(me)["action_mask"]
        assert np.flatnonzero(mask).tolist() == legal_relative(state)
        assert sorted(env.legal_actions()) == legal_relative(state)
        assert np.array_equal(state.action_mask(relative=True), mask.astype(np.uint8))
        other = (me + 1) % 5
        assert not env.observe(other)["action_mask"].any()
        env.step(int(rng.choice(env.legal_actions())))


def test_observations_identical_under_resampling_of_hidden_cards():
    s = allegra.Game(players=4).new_initial_state(seed=6)
    rng = np.random.default_rng(3)
    checked = 0
    while not s.is_terminal:
        if s.is_chance_node:
            s.deal()
            continue
        if checked < 300:
            for seat in range(4):
                o = s.observation(seat)
                assert np.array_equal(s.public_view().observation(seat), o)
                for k in range(2):
                    assert np.array_equal(s.resample(checked * 7 + k).observation(seat), o)
            checked += 1
        s.apply(int(rng.choice(s.legal_actions())))
    assert checked == 300


def test_observation_is_egocentric():
    s = allegra.Game(players=4).new_initial_state(seed=6)
    fields = {name: (off, size) for name, off, size, _ in allegra.observation_fields()}
    off, size = fields["current"]
    for seat in range(4):
        o = s.observation(seat)
        current = o[off : off + size]
        assert current[(s.current_player - seat) % 4] == 1 and current.sum() == 1
        assert o[fields["players"][0] + 2] == 1  # 4 players


def test_vector_env_equals_single_envs():
    n, seed = 6, 40
    venv = allegra.VectorEnv(n, seed=seed, players=3, reward="score")
    obs, mask = venv.reset(seed)
    envs = [allegra.Env(players=3, seed=seed + i, reward="score") for i in range(n)]
    rng = np.random.default_rng(4)
    finished = 0
    for step in range(3000):
        for i, env in enumerate(envs):
            agent = env.agent_selection
            assert venv.current_player[i] == int(agent.split("_")[1])
            o = env.observe(agent)
            assert np.array_equal(obs[i], o["observation"]), (step, i)
            assert np.array_equal(mask[i], o["action_mask"].astype(bool))
        actions = np.array([rng.choice(np.flatnonzero(mask[i])) for i in range(n)], np.int32)
        obs, mask, rewards, done = venv.step(actions)
        for i, env in enumerate(envs):
            env.step(int(actions[i]))
            r = [env.rewards[a] for a in env.possible_agents]
            assert np.allclose(rewards[i], r), (step, i)
            assert bool(done[i]) == env.terminations[env.possible_agents[0]]
            if done[i]:
                finished += 1
                env.reset(seed=seed + i + venv.episodes[i] * n)
    assert finished >= 2


def test_vector_env_learner_against_bots():
    venv = allegra.VectorEnv(16, seats=[None, "random", "greedy", "random"], seed=1)
    obs, mask = venv.reset(1)
    assert (venv.current_player == 0).all()
    wins = 0.0
    for _ in range(3000):
        obs, mask, rewards, done = venv.step(venv.random_actions())
        assert (venv.current_player == 0).all()
        wins += rewards[:, 0][done].sum()
    assert venv.episodes.sum() > 0
    assert venv.state(0).players == 4


def test_vector_env_errors():
    with pytest.raises(ValueError, match="num_envs"):
        allegra.VectorEnv(0)
    with pytest.raises(ValueError, match="one bot spec"):
        allegra.VectorEnv(2, seats=[None, "random"])
    with pytest.raises(ValueError, match="agent"):
        allegra.VectorEnv(2, seats=["random"] * 4)
    with pytest.raises(ValueError, match="unknown"):
        allegra.VectorEnv(2, seats=[None, "wizard", "random", "random"])
    venv = allegra.VectorEnv(3, seed=2)
    obs, mask = venv.reset(2)
    kept = obs.copy()
    with pytest.raises(allegra.IllegalActionError, match="game 1"):
        venv.step(np.array([int(np.flatnonzero(mask[0])[0]), 72, 0], np.int32))
    assert np.array_equal(obs, kept)  # nothing applied
    with pytest.raises(ValueError, match="one action per game"):
        venv.step(np.zeros(2, np.int32))
    with pytest.raises(IndexError):
        venv.state(3)


@pytest.mark.parametrize("players,seats", [(2, None), (4, None), (5, None), (6, None),
                                           (4, [None, "random", "greedy", None])])
def test_vector_env_rows_equal_fresh_observations(players, seats):
    # The vector env rewrites each row incrementally (only the cells, per-seat fields, 1s, unseen
    # counts and discard-pile counts that changed): every row must still equal the observation
    # written from scratch, over game restarts and bots' turns, at every table size.
    venv = allegra.VectorEnv(5, seats=seats, seed=11, players=players)
    obs, mask = venv.reset(11)
    for step in range(2500):
        for i in range(5):
            s = venv.state(i)
            me = int(venv.current_player[i])
            assert me == s.current_player
            assert np.array_equal(obs[i], s.observation(me)), (step, i)
            assert np.array_equal(mask[i], s.action_mask(relative=True).astype(bool)), (step, i)
        obs, mask, rewards, done = venv.step(venv.random_actions())
    assert venv.episodes.sum() >= 2


def test_vector_env_arrays_are_read_only_views():
    venv = allegra.VectorEnv(2, seed=3)
    obs, mask = venv.reset(3)
    for array in (obs, mask, venv.current_player, venv.episodes):
        assert not array.flags.writeable
        with pytest.raises(ValueError):
            array[0] = 0
    obs2, mask2, rewards, done = venv.step(venv.random_actions())
    assert obs2 is obs and mask2 is mask  # the same arrays at every step
    assert not rewards.flags.writeable and not done.flags.writeable
    kept = obs.copy()
    del venv  # a kept array stays valid after the env is gone
    assert np.array_equal(obs, kept)
