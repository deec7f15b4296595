"""One walk of a sampled world down the search tree: UCT selection with availability counts, progressive
unpruning of the policy-ranked options, and the simultaneous battle commitment searched by decoupled UCT.
Every search (:mod:`ai.mcts.root_search`, :mod:`ai.mcts.battle_search`) walks worlds this way."""

from __future__ import annotations

import random
import time
from collections.abc import Hashable

from ai.batch.state import LaneLeaf
from ai.greedy import GreedyPolicy
from ai.mcts.config import MCTSConfig
from ai.mcts.node import Edge, Node, select, unpruned
from ai.mcts.options import Option, commit_options, options
from ai.mcts.public import QUIET_PHASES, PublicState, WorldCards, quiet_hand_of, rank_draws
from ai.toolkit.commit import cheapest_card
from ai.toolkit.view import View
from japanese_swords.actions import Commit, Discard
from japanese_swords.chance import sample_chance
from japanese_swords.core import CHANCE, Phase
from japanese_swords.engine import State, decision
from japanese_swords.observation import Observation
from japanese_swords.phases import battle as B

#: Rankings remembered at most (about 5 kB each, so about 10 MB; a decision of 256 leaves adds a few hundred):
#: the memory starts afresh when full.
RANK_MEMO_SIZE = 2048
_ATTACK_PHASES = (Phase.BATTLE, Phase.MARCH_BATTLE)


class Descent:
    """The tree walk the searches share (a mixin of :class:`~ai.mcts.bot.MCTSAgent`): it reads the UCT
    constant, the tree's growth steps, the seat searched for and the policies that rank options."""

    c: float
    expand_visits: int
    unprune_step: float
    config: MCTSConfig
    _seat: int
    playout_policy: GreedyPolicy
    opponent_policy: GreedyPolicy
    #: Per seat, the policy that ranks its options in the tree (``opponent_policy=model``: the league style
    #: its play reads as), None: ``opponent_policy`` for every other seat. A new tuple when a reading changes.
    seat_policies: tuple[GreedyPolicy, ...] | None = None

    def world(self, obs: Observation, rng: random.Random, known: dict[int, list[int]] | None = None) -> State:
        """A world consistent with the observation (the agent's determinization)."""
        raise NotImplementedError

    def _pick(self, node: Node, opts: list[Option], forced: int | None) -> tuple[Hashable, Edge]:
        """UCT selection, or the forced option (with its statistics kept up to date)."""
        if forced is None:
            return select(node.edges, [k for k, _ in opts], self.c)
        key = opts[forced][0]
        edge = node.edges.get(key)
        if edge is None:
            edge = node.edges[key] = Edge()
        edge.avail += 1
        edge.n += 1
        return key, edge

    def _ranked(self, world: State, seat: int, rng: random.Random) -> list[Option]:
        """The legal options of ``seat`` in ``world``, the policy's own choice first (the order progressive
        unpruning opens them in): our ``policy`` for our seat, :meth:`policy_of` the others'.

        Remembered by what the seat sees (:func:`seen_key`) where the ranking draws nothing from ``rng``
        (:func:`rank_draws`): sampled worlds differ in hidden cards, so the same public position recurs
        across worlds, sweeps and decisions, and a remembered ranking is the one computing it gives."""
        if rank_draws(world):
            return self._rank(world, seat, rng)
        memo = self._rank_memo(world)
        key = seen_key(world, seat, plain=self._plain_key(seat))
        opts = memo.get(key)
        if opts is None:
            opts = memo[key] = self._rank(world, seat, rng)
        return opts

    def _rank_memo(self, world: State) -> dict:
        """The remembered rankings, valid while the game, the seat searched for and the policies are the
        same (started afresh when one changes or :data:`RANK_MEMO_SIZE` is reached)."""
        memo = self.__dict__.get("_ranked_memo")
        if (memo is None or memo[0] is not world.game or memo[1] != self._seat
                or memo[2] is not self.playout_policy or memo[3] is not self.opponent_policy
                or memo[4] is not self.seat_policies or len(memo[5]) >= RANK_MEMO_SIZE):
            memo = self._ranked_memo = (world.game, self._seat, self.playout_policy, self.opponent_policy,
                                        self.seat_policies, {})
        return memo[5]

    def _plain_key(self, seat: int) -> bool:
        """Whether ``seat``'s rankings may be remembered by :func:`seen_key`'s ``plain`` key: ranked by the
        plain :class:`~ai.greedy.GreedyPolicy`, which reads only part of its own hand in a quiet phase."""
        return type(self.policy_of(seat)) is GreedyPolicy

    def policy_of(self, seat: int) -> GreedyPolicy:
        """The policy ranking ``seat``'s options in the tree: ours, its modelled one, or ``opponent_policy``."""
        if seat == self._seat:
            return self.playout_policy
        return self.opponent_policy if self.seat_policies is None else self.seat_policies[seat]

    def forget_rankings(self) -> None:
        """Drop the remembered rankings (the next search starts as on positions never met: benchmarks)."""
        self.__dict__.pop("_ranked_memo", None)

    def _rank(self, world: State, seat: int, rng: random.Random) -> list[Option]:
        """:meth:`_ranked` computed: the options, checked in ``world``, the policy's choice first."""
        view = View.of_state(world, seat)
        opts = self._valid(world, options(view, rng))
        if len(opts) <= 1:
            return opts
        policy = self.policy_of(seat)
        preferred = policy.act(view, rng)
        for i, (_, a) in enumerate(opts):
            if a == preferred:
                return [opts[i]] + opts[:i] + opts[i + 1:]
        if world.why_illegal(preferred) is None:
            return [("policy", preferred)] + opts
        return opts

    def _valid(self, world: State, opts: list[Option]) -> list[Option]:
        """The options legal in this world."""
        return [(k, a) for k, a in opts if world.why_illegal(a) is None]

    def _descend(self, root: Node, world: State, root_opts: list[Option] | None, rng: random.Random,
                 forced: int | None = None, shallow: bool = False, horizon: int | None = None,
                 cut: bool = False) -> list:
        """Walk one world down the tree, expanding one node; returns the (edge, chooser seat) path. At the
        root, option ``forced`` is taken (the root's choice is made by the halving schedule); without
        ``root_opts`` the root's options are generated in the world and all open. With ``cut`` (the
        ``tree=public`` knob) the walk ends below the root at the first state that is not our own quiet main
        decision (a chance event, another seat's choice, a battle)."""
        return self._walk(root, root, world, [], True, root_opts, rng, forced, shallow, horizon, cut)

    def _walk(self, root: Node, node: Node, world: State, path: list, first: bool, root_opts: list[Option] | None,
              rng: random.Random, forced: int | None, shallow: bool, horizon: int | None,
              cut: bool = False) -> list:
        """:meth:`_descend` from ``node`` on (``path`` walked so far, ``first``: no choice made yet), so that
        a walk begun on public states (:meth:`_descend_public`) goes on in a world."""
        while not world.is_terminal():
            if horizon is not None and not first and turn_ordinal(world) >= horizon:
                break  # the playout horizon: every leaf is judged at the same turn
            seat = world.current_player()
            if cut and node is not root and not (seat == self._seat and not rank_draws(world)):
                node.visits += 1  # tree=public: the tree holds only our own quiet choices
                break
            if seat == CHANCE:
                world.apply(sample_chance(world, rng))
                continue
            at_root = node is root
            if not shallow and not at_root and node.visits < self.expand_visits:
                node.visits += 1  # not yet worth a tree step: the rollout takes over from here
                break
            if first and root_opts is not None:
                opts = root_opts
                first = False
            elif first:
                opts = self._ranked(world, seat, rng) or [("first", world.legal_actions()[0])]
                first = False
            else:
                opts = self._ranked(world, seat, rng)
                if not opts:
                    opts = [("first", world.legal_actions()[0])]
                if len(opts) > 1:
                    opts = opts[:unpruned(node.visits, len(opts), self.unprune_step)]
            node.visits += 1
            b = world.battle
            if decision(world) == "commit" and b is not None and b.attacker_cards is None:
                # The defender sees how many cards were committed (public) and answers that count, so its
                # options are generated after the attacker's commitment and keyed by (count, label): a big
                # commitment meets the Diplomacy it invites (docs/ai.md, "Battles").
                d_seat = b.defender_seat
                ka, ea = self._pick(node, opts, forced if at_root else None)
                world.apply(dict(opts)[ka])
                path.append((ea, seat))
                b2 = world.battle
                count = b2.attacker_count if b2 is not None else 0
                d_opts = [((count, k), a) for k, a in commit_options(View.of_state(world, d_seat))
                          if isinstance(a, Commit) and B.commit_problem(world, d_seat, a.cards) is None]
                if not at_root:
                    d_opts = d_opts[:unpruned(node.visits - 1, len(d_opts), self.unprune_step)]
                if node.sim_edges is None:
                    node.sim_edges = {}
                kd: Hashable = (count, "none")
                if d_opts and b2 is not None and b2.defender_cards is None and world.current_player() == d_seat:
                    kd, ed = select(node.sim_edges, [k for k, _ in d_opts], self.c)
                    world.apply(dict(d_opts)[kd])
                    path.append((ed, d_seat))
                key: Hashable = (ka, kd)
            else:
                if len(opts) == 1:
                    world.apply(opts[0][1])
                    continue
                key, edge = self._pick(node, opts, forced if at_root else None)
                world.apply(dict(opts)[key])
                path.append((edge, seat))
            node, new = node.child(key)
            if new or (shallow and world.battle is None):
                break
        return path

    def plain_keys(self, players: int) -> tuple[bool, bool]:
        """Whether our rankings, and all the other seats', read only a quiet hand's key
        (:meth:`_plain_key`): what :meth:`_descend_public` may keep public, fixed for a search."""
        return (self._plain_key(self._seat),
                all(self._plain_key(s) for s in range(players) if s != self._seat))

    def _descend_public(self, root: Node, ps: PublicState, root_opts: list[Option], cards: WorldCards,
                        rng: random.Random, forced: int, horizon: int,
                        plain_keys: tuple[bool, bool]) -> tuple[list, State | LaneLeaf, int]:
        """:meth:`_descend` of a root search for the world of ``cards``, walked on the decision's public
        states (:mod:`ai.mcts.public`) while our own quiet choices are all that happens, and in the world
        from the first step that needs its cards; every statistic changes as :meth:`_descend` changes it.
        With ``tree=public`` a walk that meets anything else ends there, a leaf, instead of going on in the
        world (only the root's own step is always taken). Returns the path, the leaf (a lane where the
        public state is one the simulator takes) and the leaf's turn ordinal. ``plain_keys``: the search's
        :meth:`plain_keys`."""
        node = root
        path: list = []
        first = True
        cut = self.config.tree == "public"
        # our quiet rankings read our hand's quiet key only, and the others' theirs (not so with the learned
        # prior, which reads the whole hand, ours and by default the others': then a world's hand is walked
        # in the world)
        plain, plain_others = plain_keys
        while True:
            if ps.terminal or (not first and ps.ordinal >= horizon):
                break
            seat = ps.player
            at_root = node is root
            quiet = seat == self._seat and ps.quiet
            if cut and not at_root and not quiet:
                node.visits += 1  # tree=public: the tree holds only our own quiet choices
                break
            if seat == CHANCE:  # (the plain walk deals it before it may cut the leaf)
                drawer = ps.deal_to()
                if drawer >= 0 and (drawer != self._seat or plain):  # the card is the world's, the state public
                    held = ps.state.hands[drawer] if drawer == self._seat and not cards.others[drawer] else None
                    cards = cards.dealt(drawer, rng, held)
                    ps = ps.dealt()
                    continue
                return self._public_fallback(root, node, ps, path, first, root_opts, cards, rng, forced, horizon)
            if not at_root and node.visits < self.expand_visits:
                node.visits += 1
                break
            if not first and (seat != self._seat or cards.others[seat]):
                # a seat whose hand is the world's (another's, or ours after a dealt card): a quiet choice is
                # ranked by what the plain policy reads of it; anything else of ours (an attack's odds read
                # the whole hand) goes on in the world, anything else of another's below
                if ps.quiet and (plain if seat == self._seat else plain_others):
                    ps = ps.as_held(seat, quiet_hand_of(cards.hands[cards.index, seat].tolist()), cards)
                    quiet = True
                elif seat == self._seat:
                    return self._public_fallback(root, node, ps, path, first, root_opts, cards, rng, forced,
                                                 horizon)
            if not quiet and not first and seat == self._seat and ps.main and ps.state.phase in _ATTACK_PHASES:
                # our own attack decision: it reads only what we see, so the world is not built for it; its
                # ranking may draw from the generator (the attack odds), then it is made world by world
                opts = ps.ranked  # type: ignore[assignment]
                if opts is None:
                    watched = Watched(rng)
                    opts = self._ranked(ps.state, seat, watched) or [("first", ps.state.legal_actions()[0])]
                    if not watched.used:  # (no enemy in reach, say): every world's ranking
                        ps.rank(opts)
                if len(opts) > 1:
                    opts = opts[:unpruned(node.visits, len(opts), self.unprune_step)]
                node.visits += 1
                key, edge = (None, None) if len(opts) == 1 else select(node.edges, [k for k, _ in opts], self.c)
                action = opts[0][1] if key is None else dict(opts)[key]
                nxt = ps.after(action)
                if nxt is None:  # the step changes what is hidden: taken in the world, the walk goes on there
                    world = ps.world(cards.hidden)
                    world.apply(action)
                    if key is not None:
                        path.append((edge, seat))
                        node, new = node.child(key)
                        if new:
                            return path, world, turn_ordinal(world)
                    real = rng.real() if isinstance(rng, LazyRandom) else rng
                    path = self._walk(root, node, world, path, False, root_opts, real, forced, False, horizon, cut)
                    return path, world, turn_ordinal(world)
                ps = nxt
                if key is None:
                    continue
                path.append((edge, seat))
                node, new = node.child(key)
                if new:
                    break
                continue
            if not quiet:
                return self._public_fallback(root, node, ps, path, first, root_opts, cards, rng, forced, horizon)
            if first:  # the root: its option ``forced`` (or its only one)
                action = dict(root_opts)[root_opts[0 if len(root_opts) == 1 else forced][0]]
                nxt = ps.after(action)
                if nxt is None:  # a step that changes what is hidden: taken in the world
                    return self._public_fallback(root, node, ps, path, first, root_opts, cards, rng, forced,
                                                 horizon)
                first = False
                node.visits += 1
                ps = nxt
                if len(root_opts) == 1:
                    continue
                key, edge = self._pick(node, root_opts, forced)
            else:
                ranked = ps.ranked
                if ranked is None:
                    ranked = ps.rank(self._ranked(ps.state, seat, rng))
                count = len(ranked)
                if count > 1:
                    count = unpruned(node.visits, count, self.unprune_step)
                if ps.safe(count) < count:  # an open option changes what is hidden: the world's
                    return self._public_fallback(root, node, ps, path, first, root_opts, cards, rng, forced,
                                                 horizon)
                node.visits += 1
                if len(ranked) == 1:
                    ps = ps.after(ranked[0][1])  # type: ignore[assignment]
                    continue
                key, edge = select(node.edges, ps.keys[:count], self.c)
                ps = ps.after(ps.actions[key])  # type: ignore[assignment]
            path.append((edge, seat))
            node, new = node.child(key)
            if new:
                break
        if ps.ready and not (ps.ordinal >= horizon):
            return path, ps.leaf(cards), ps.ordinal
        return path, ps.world(cards.hidden), ps.ordinal

    def _public_fallback(self, root: Node, node: Node, ps: PublicState, path: list, first: bool,
                         root_opts: list[Option], cards: WorldCards, rng: random.Random, forced: int,
                         horizon: int) -> tuple[list, State, int]:
        """The rest of :meth:`_descend_public`'s walk in the world: built at the public state reached."""
        world = ps.world(cards.hidden)
        if isinstance(rng, LazyRandom):  # the walk in the world draws: the generator itself, not the stand-in
            rng = rng.real()
        path = self._walk(root, node, world, path, first, root_opts, rng, forced, False, horizon,
                          self.config.tree == "public")
        return path, world, turn_ordinal(world)


class LazyRandom:
    """``random.Random(seed)``, made on first use: a public walk mostly draws nothing, and making a
    generator costs more than the rest of its step."""

    __slots__ = ("seed", "_rng")

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self._rng: random.Random | None = None

    def real(self) -> random.Random:
        """The generator (made now if it was not yet)."""
        if self._rng is None:
            self._rng = random.Random(self.seed)
        return self._rng

    def __getattr__(self, name: str) -> object:
        return getattr(self.real(), name)


class Watched:
    """A generator that notes whether it was used: a ranking that drew nothing is every world's."""

    __slots__ = ("rng", "used")

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.used = False

    def __getattr__(self, name: str) -> object:
        self.used = True
        return getattr(self.rng, name)


def seen_key(state: State, seat: int, plain: bool = False) -> Hashable:
    """Everything of ``state`` that ``seat`` may see, as one hashable value: the whole state but the other
    hands and the deck (only their sizes) and the occupants (the armies give them). What
    :meth:`Descent._ranked`'s generators, policies and legality checks read; a battle's face-down cards are
    kept, so worlds that differ there are told apart. With ``plain`` (the seat ranked by the plain
    :class:`~ai.greedy.GreedyPolicy`) a main decision of a quiet phase keeps of the seat's own hand only what
    its ranking reads (:func:`quiet_hand_of`), so an opponent's ranking is shared by worlds dealing it other
    cards."""
    b = state.battle
    hand = state.hands[seat]
    mine = quiet_hand_of(hand) if plain and state.phase in QUIET_PHASES else tuple(hand)
    return (seat, state.phase, state.round, state.turn_index, state.order, tuple(state.gold),
            tuple(state.honor), tuple(state.alive), mine, tuple(map(sum, state.hands)),
            sum(state.deck), tuple(state.discard), tuple(state.armies.items()), tuple(state.control),
            state.next_army_id, state.upkeep_paid, state.draws_this_phase, state.honor_bought,
            state.offers_made, frozenset(state.moved), frozenset(state.attacked), frozenset(state.marched),
            tuple(state.pending_draws), None if b is None else tuple(b.__dict__.values()),
            tuple(state.discard_queue), state.intrigue, _Same(state.offer), _Same(state.last_battle), state.winner,
            tuple(state.eliminated_by), state.weather, None if state.bids is None else tuple(state.bids),
            tuple(state.ronin.items()), tuple(state.walls.items()), state.fortified, frozenset(state.breached))


class _Same:
    """A key part equal only to the same object: a battle report or an offer, which worlds cloned from one
    state share, hashed by identity rather than field by field (the dataclass hash cost more than the rest
    of the key). It holds the object, so its identity is not reused while the key lives."""

    __slots__ = ("obj",)

    def __init__(self, obj: object) -> None:
        self.obj = obj

    def __hash__(self) -> int:
        return id(self.obj)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Same) and other.obj is self.obj


def turn_ordinal(state: State) -> int:
    """How many turns have started: leaves are cut at the same ordinal so options compare fairly."""
    return state.round * state.num_players + state.turn_index


def settle_discards(world: State) -> None:
    """Play the discards owed after a battle (cheapest card first), so a lost battle's cut to 3 cards
    shows in the value."""
    while decision(world) == "discard":
        seat = world.current_player()
        world.apply(Discard(cheapest_card(world.hands[seat])))


def _spent(done: int, limit: int | None, deadline: float | None) -> bool:
    """True when an iteration limit or a deadline (perf_counter seconds) has been reached."""
    return (limit is not None and done >= limit) or (deadline is not None and time.perf_counter() >= deadline)
