// The parts of the module written in Python on top of the bound classes (docs/python.md):
//  - allegra.spaces: gymnasium's Box, Discrete and Dict when gymnasium is importable, else small
//    stand-ins with the same names and the members the APIs use (shape, dtype, n, low, high,
//    contains(), sample(), seed(), spaces);
//  - the rest of the PettingZoo AEC API on Env: metadata, observation_space(agent),
//    action_space(agent), observation_spaces, action_spaces, unwrapped;
//  - allegra.openspiel: the game in the shape of an OpenSpiel game and state (load_game()), for
//    OpenSpiel users' algorithms: current_player() with chance as -1 and terminal as -4,
//    legal_actions(), apply_action(), chance_outcomes(), returns(), information_state_tensor(),
//    clone(), ...
// Python, because these are thin, rarely called adapters; the hot paths stay in C++.
#include <pybind11/eval.h>

#include "bindings.h"

namespace allegra::python {

namespace {

constexpr const char* kSpaces = R"PY(
import numpy as _np
try:
    from gymnasium.spaces import Box, Dict, Discrete
    GYMNASIUM = True
except ImportError:
    GYMNASIUM = False

    class _Space:
        """A stand-in for a gymnasium space (gymnasium is not importable)."""
        def seed(self, seed=None):
            self.np_random = _np.random.default_rng(seed)
            return [seed]

        def __contains__(self, x):
            return self.contains(x)

    class Box(_Space):
        """gymnasium.spaces.Box's stand-in: an array of `shape` and `dtype` within [low, high]."""
        def __init__(self, low, high, shape=None, dtype=_np.float32):
            self.dtype = _np.dtype(dtype)
            shape = tuple(shape) if shape is not None else _np.shape(low)
            self.shape = shape
            self.low = _np.broadcast_to(_np.asarray(low, self.dtype), shape).copy()
            self.high = _np.broadcast_to(_np.asarray(high, self.dtype), shape).copy()
            self.seed()

        def contains(self, x):
            x = _np.asarray(x)
            return (x.shape == self.shape and _np.can_cast(x.dtype, self.dtype)
                    and bool(_np.all(x >= self.low)) and bool(_np.all(x <= self.high)))

        def sample(self, mask=None):
            low = _np.where(_np.isfinite(self.low), self.low, -1.0)
            high = _np.where(_np.isfinite(self.high), self.high, low + 2.0)
            if self.dtype.kind in "iu":
                return self.np_random.integers(low, high + 1, self.shape).astype(self.dtype)
            return self.np_random.uniform(low, high, self.shape).astype(self.dtype)

        def __repr__(self):
            return f"Box({self.shape}, {self.dtype})"

    class Discrete(_Space):
        """gymnasium.spaces.Discrete's stand-in: the ints 0..n-1; sample(mask) as gymnasium's."""
        def __init__(self, n, start=0):
            self.n, self.start, self.shape, self.dtype = int(n), int(start), (), _np.dtype(_np.int64)
            self.seed()

        def contains(self, x):
            if isinstance(x, (bool, _np.bool_)) or not isinstance(x, (int, _np.integer)):
                return False
            return self.start <= int(x) < self.start + self.n

        def sample(self, mask=None):
            if mask is None:
                return int(self.start + self.np_random.integers(self.n))
            legal = _np.flatnonzero(_np.asarray(mask))
            return int(self.start + (self.np_random.choice(legal) if len(legal) else 0))

        def __repr__(self):
            return f"Discrete({self.n})"

    class Dict(_Space):
        """gymnasium.spaces.Dict's stand-in: a dict of spaces."""
        def __init__(self, spaces):
            self.spaces = dict(spaces)
            self.shape, self.dtype = None, None
            self.seed()

        def contains(self, x):
            return (isinstance(x, dict) and x.keys() == self.spaces.keys()
                    and all(s.contains(x[k]) for k, s in self.spaces.items()))

        def sample(self, mask=None):
            return {k: s.sample() for k, s in self.spaces.items()}

        def __getitem__(self, key):
            return self.spaces[key]

        def __repr__(self):
            return f"Dict({self.spaces})"
)PY";

constexpr const char* kPettingZoo = R"PY(
import numpy as _np

def _bounds(allegra):
    """Each observation float's bounds: [0, 1] but the card values (-0.1..1.1) and the totals
    and counters that grow with the game (unbounded)."""
    size = allegra.OBSERVATION_SIZE
    low, high = _np.zeros(size, _np.float32), _np.ones(size, _np.float32)
    for name, offset, length, _ in allegra.observation_fields():
        if name == "cells":
            low[offset + 3:offset + length:5] = -0.1
            high[offset + 3:offset + length:5] = 1.1
        elif name == "totals":
            low[offset:offset + length], high[offset:offset + length] = -_np.inf, _np.inf
        elif name in ("round", "clock", "rules", "unseen", "piles"):
            high[offset:offset + length] = _np.inf
    return low, high

def install(allegra, spaces):
    low, high = _bounds(allegra)
    def observation_space(self, agent):
        """The space of observe(agent): Dict(observation: Box float32[534], action_mask: Box
        int8[321] of 0/1)."""
        self._check_agent(agent)
        return spaces.Dict({
            "observation": spaces.Box(low, high, (allegra.OBSERVATION_SIZE,), _np.float32),
            "action_mask": spaces.Box(0, 1, (allegra.NUM_ACTIONS,), _np.int8)})
    def action_space(self, agent):
        """Discrete(NUM_ACTIONS): relative action indexes (legal per the action mask)."""
        self._check_agent(agent)
        return spaces.Discrete(allegra.NUM_ACTIONS)
    def _check_agent(self, agent):
        if agent not in self.possible_agents:
            raise ValueError(f"no agent {agent!r} (agents are {self.possible_agents})")
    Env = allegra.Env
    Env._check_agent = _check_agent
    Env.metadata = {"name": "allegra_v0", "render_modes": ["ansi"], "is_parallelizable": False}
    Env.observation_space = observation_space
    Env.action_space = action_space
    Env.observation_spaces = property(
        lambda self: {a: self.observation_space(a) for a in self.possible_agents},
        doc="observation_space() of every possible agent")
    Env.action_spaces = property(
        lambda self: {a: self.action_space(a) for a in self.possible_agents},
        doc="action_space() of every possible agent")
    Env.unwrapped = property(lambda self: self, doc="The environment itself (no wrappers).")
)PY";

constexpr const char* kOpenSpiel = R"PY(
import numpy as _np

CHANCE_PLAYER_ID = -1    # OpenSpiel's kChancePlayerId
TERMINAL_PLAYER_ID = -4  # OpenSpiel's kTerminalPlayerId
MAX_CHANCE_OUTCOMES = 1024

class GameType:
    """The fields of pyspiel.GameType an algorithm reads."""
    short_name = "allegra"
    long_name = "ALLEGRA"
    dynamics = "sequential"
    chance_mode = "explicit_stochastic"
    information = "imperfect_information"
    utility = "constant_sum"       # the win shares of a game add up to 1
    reward_model = "terminal"
    provides_information_state_string = True
    provides_information_state_tensor = True
    provides_observation_string = True
    provides_observation_tensor = True

class Game:
    """ALLEGRA in the shape of pyspiel.Game: load_game(players=4, ...) takes the rule options of
    allegra.Game. Actions are the absolute indexes of allegra (0..320); a deal is a chance node
    with MAX_CHANCE_OUTCOMES equally likely outcomes at the start (the game's seed), one later."""
    def __init__(self, allegra, options):
        self._allegra = allegra
        self.rules = allegra.Game(options)
    def get_type(self): return GameType()
    def num_players(self): return self.rules.players
    def num_distinct_actions(self): return self._allegra.NUM_ACTIONS
    def max_chance_outcomes(self): return MAX_CHANCE_OUTCOMES
    def min_utility(self): return 0.0
    def max_utility(self): return 1.0
    def utility_sum(self): return 1.0
    def information_state_tensor_shape(self): return [self._allegra.OBSERVATION_SIZE]
    def observation_tensor_shape(self): return [self._allegra.OBSERVATION_SIZE]
    def information_state_tensor_size(self): return self._allegra.OBSERVATION_SIZE
    def observation_tensor_size(self): return self._allegra.OBSERVATION_SIZE
    def get_parameters(self): return self.rules.options
    def new_initial_state(self): return State(self)
    def __str__(self): return f"allegra({self.rules.options})"
    def __eq__(self, other): return isinstance(other, Game) and self.rules == other.rules
    def __reduce__(self): return (load_game, (self.rules.options,))

class State:
    """ALLEGRA in the shape of pyspiel.State. It begins at a chance node (the first deal); each
    later round's deal is a chance node too. The information state tensor is the observation of
    allegra (the public view, egocentric): nobody knows more than the public view in ALLEGRA."""
    def __init__(self, game):
        self._game = game
        self._state = None    # the allegra.State once the first deal is done
        self._history = []    # every action, chance outcomes included
    # Who and what.
    def current_player(self):
        if self._state is None or self._state.is_chance_node:
            return CHANCE_PLAYER_ID
        if self._state.is_terminal:
            return TERMINAL_PLAYER_ID
        return self._state.current_player
    def is_chance_node(self): return self.current_player() == CHANCE_PLAYER_ID
    def is_terminal(self): return self._state is not None and self._state.is_terminal
    def is_player_node(self): return self.current_player() >= 0
    def is_simultaneous_node(self): return False
    def num_players(self): return self._game.num_players()
    def get_game(self): return self._game
    def chance_outcomes(self):
        """The first deal: MAX_CHANCE_OUTCOMES equally likely seeds. A later round's deal comes
        from the game's own random stream, which the first outcome fixed: one outcome, 0."""
        if not self.is_chance_node():
            raise ValueError("chance_outcomes() outside a chance node")
        if self._state is not None:
            return [(0, 1.0)]
        p = 1.0 / MAX_CHANCE_OUTCOMES
        return [(a, p) for a in range(MAX_CHANCE_OUTCOMES)]
    def legal_actions(self, player=None):
        if self.is_chance_node():
            if player not in (None, CHANCE_PLAYER_ID):
                return []
            return [a for a, _ in self.chance_outcomes()]
        if self.is_terminal() or (player is not None and player != self.current_player()):
            return []
        return sorted(self._state.legal_actions())
    def legal_actions_mask(self, player=None):
        size = MAX_CHANCE_OUTCOMES if self.is_chance_node() else self._game.num_distinct_actions()
        mask = [0] * size
        for a in self.legal_actions(player):
            mask[a] = 1
        return mask
    def apply_action(self, action):
        if isinstance(action, bool) or not isinstance(action, (int, _np.integer)):
            raise TypeError(f"an action is an int, got {action!r}")
        action = int(action)
        if self.is_terminal():
            raise ValueError("the game is over")
        if self.is_chance_node():
            if action not in self.legal_actions():
                raise ValueError(f"chance outcome {action} is not one of chance_outcomes()")
            if self._state is None:
                self._state = self._game.rules.new_initial_state(seed=action)
            else:
                self._state.deal()
        else:
            self._state.apply(action)
        self._history.append(action)
    def apply_actions(self, actions): raise ValueError("ALLEGRA is sequential")
    def history(self): return list(self._history)
    def history_str(self): return ", ".join(map(str, self._history))
    def move_number(self): return len(self._history)
    def returns(self):
        if not self.is_terminal():
            return [0.0] * self.num_players()
        return [float(r) for r in self._state.returns()]
    def rewards(self): return self.returns()
    def player_return(self, player): return self.returns()[player]
    def _seat(self, player):
        player = self.current_player() if player is None else player
        if not 0 <= player < self.num_players():
            raise ValueError(f"player must be 0..{self.num_players() - 1}, got {player}")
        return player
    def information_state_tensor(self, player=None):
        if self._state is None:
            return [0.0] * self._game._allegra.OBSERVATION_SIZE
        return self._state.observation(self._seat(player)).tolist()
    def observation_tensor(self, player=None): return self.information_state_tensor(player)
    def information_state_string(self, player=None):
        if self._state is None:
            return "before the deal"
        import json
        return json.dumps(self._state.public_view().to_json(), sort_keys=True) + f"|{self._seat(player)}"
    def observation_string(self, player=None): return self.information_state_string(player)
    def action_to_string(self, player, action=None):
        if action is None:
            player, action = self.current_player(), player
        if player == CHANCE_PLAYER_ID:
            return f"deal {action}"
        return self._game._allegra.action_to_text(action)
    def string_to_action(self, text):
        return self._game._allegra.action_from_text(text, self.num_players())
    def resample_from_infostate(self, player, sampler=None):
        """A state with the same public view and the hidden cards redrawn (for IS-MCTS)."""
        c = self.clone()
        if self._state is not None:
            seed = int(sampler()) if callable(sampler) else int(_np.random.randint(1 << 31))
            c._state = self._state.resample(seed)
        return c
    def clone(self):
        c = State.__new__(State)
        c._game, c._state = self._game, None if self._state is None else self._state.clone()
        c._history = list(self._history)
        return c
    def __deepcopy__(self, memo): return self.clone()
    def __eq__(self, other):
        return isinstance(other, State) and self._history == other._history and self._game == other._game
    def __str__(self):
        return "before the deal" if self._state is None else self._state.diagram()
    def serialize(self): return "\n".join(map(str, self._history))
    @property
    def allegra_state(self):
        """The allegra.State (None before the first deal)."""
        return self._state

def load_game(options=None, **rules):
    """The game for OpenSpiel-style code: load_game(players=4) or load_game({"players": 4})."""
    merged = dict(options or {})
    merged.update(rules)
    return Game(_allegra, merged)

def deserialize_game_and_state(game, text):
    """The state of State.serialize() (the actions from the initial state)."""
    state = game.new_initial_state()
    for line in text.split("\n"):
        if line:
            state.apply_action(int(line))
    return state
)PY";

py::module_ run_as_submodule(py::module_& m, const char* name, const char* doc, const char* code,
                             const py::dict& extra) {
  py::module_ sub = m.def_submodule(name, doc);
  py::dict scope = sub.attr("__dict__");
  for (auto [k, v] : extra) scope[k] = v;
  scope["__builtins__"] = py::module_::import("builtins");
  py::exec(code, scope);
  return sub;
}

}  // namespace

void bind_python_api(py::module_& m) {
  py::module_ spaces = run_as_submodule(
      m, "spaces",
      "gymnasium's Box, Discrete and Dict, or stand-ins with their names when gymnasium is not "
      "importable (GYMNASIUM says which).",
      kSpaces, py::dict());
  py::dict helpers;
  py::exec(kPettingZoo, helpers);
  helpers["install"](m, spaces);
  py::dict extra;
  extra["_allegra"] = m;
  run_as_submodule(m, "openspiel",
                   "ALLEGRA in the shape of an OpenSpiel game and state: load_game(**rules).",
                   kOpenSpiel, extra);
}

}  // namespace allegra::python
