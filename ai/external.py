"""The ``cmd:PROGRAM ARGS`` agent: any program that speaks the JSON-lines protocol (docs/protocol.md).

The program is started on the first decision and kept for the following games of the same agent object; each
game begins with a ``new_game`` message (a new game is recognised by the per-game generator ``play_game``
passes). Every failure of the program (no answer within the timeout, exit, an unreadable or illegal answer)
raises :class:`ExternalPlayerError` with one line naming the program and the problem; tournaments record it
as that game's error and the other games go on. Options come before the program: ``cmd:timeout=30:prog``.
"""

from __future__ import annotations

import collections
import os
import queue
import random
import re
import shlex
import subprocess
import threading
import weakref

from ai.specerror import SpecError, clip
from japanese_swords import protocol as P
from japanese_swords.actions import Action, Offer, parse_action
from japanese_swords.errors import JapaneseSwordsError
from japanese_swords.observation import Observation

#: Seconds a decision may take, and the start-up (hello to ready) may take, unless the spec says otherwise.
DECISION_TIMEOUT = 60.0
START_TIMEOUT = 300.0  # a served MCTS compiles its kernels on a cold cache before it answers
_OPTION = re.compile(r"(timeout|start)=([0-9]+(?:\.[0-9]+)?):")
_EOF = None


class ExternalPlayerError(JapaneseSwordsError):
    """The player program failed; the message is one line naming the program."""


def parse_cmd(spec: str) -> tuple[list[str], float, float]:
    """``cmd:[timeout=S:][start=S:]PROGRAM ARGS`` -> (argv, decision timeout, start-up timeout)."""
    rest = spec.strip()[len("cmd:"):]
    timeout, start = DECISION_TIMEOUT, START_TIMEOUT
    while m := _OPTION.match(rest):
        value = float(m.group(2))
        if not 0 < value <= 86_400:
            raise SpecError(f"cmd: {m.group(1)} must be in (0, 86400] seconds, got {m.group(2)}")
        timeout, start = (value, start) if m.group(1) == "timeout" else (timeout, value)
        rest = rest[m.end():]
    try:
        argv = shlex.split(rest)
    except ValueError as exc:
        raise SpecError(f"cmd: cannot split the command line {clip(rest)}: {exc}") from None
    if not argv:
        raise SpecError("cmd: give the program to run, e.g. cmd:python examples/protocol_player.py")
    return argv, timeout, start


def _stop(proc: subprocess.Popen) -> None:
    """Ask the program to quit, then make sure it is gone (used on close and by the finalizer)."""
    if proc.poll() is None:
        try:
            proc.stdin.write(P.encode({"type": "quit"}))  # type: ignore[union-attr]
            proc.stdin.flush()  # type: ignore[union-attr]
        except (OSError, ValueError):
            pass
        try:
            proc.wait(timeout=2)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
    for stream in (proc.stdin, proc.stdout, proc.stderr):
        if stream is not None:
            try:
                stream.close()
            except OSError:
                pass


class ExternalAgent:
    """An agent whose decisions come from a program over stdin/stdout (see the module docstring)."""

    def __init__(self, spec: str) -> None:
        self.name = spec
        self.argv, self.timeout, self.start_timeout = parse_cmd(spec)
        self.player_name = ""
        self._proc: subprocess.Popen | None = None
        self._lines: queue.Queue[str | None] = queue.Queue()
        self._stderr: collections.deque[str | None] = collections.deque(maxlen=20)  # the program's last lines
        self._rng: random.Random | None = None  # the generator of the game in progress
        self._ident = 0
        self._line = 0  # lines read from the program (for error messages)
        self._finalizer: weakref.finalize | None = None

    # ----- the process ------------------------------------------------------------------------------------
    def _fail(self, problem: str) -> ExternalPlayerError:
        """Stop the program and build the one-line error (with its last stderr line, if any)."""
        if self._proc is not None:
            proc, self._proc = self._proc, None
            _stop(proc)
        self._rng = None
        tail = next((ln for ln in reversed(self._stderr) if ln and ln.strip()), "")
        where = f"; its last stderr line: {clip(tail.strip(), 160)}" if tail else ""
        return ExternalPlayerError(f"{self.name}: {problem}{where}")

    def _start(self) -> None:
        try:
            self._proc = subprocess.Popen(self.argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                          stderr=subprocess.PIPE, text=True, encoding="utf-8", errors="replace",
                                          bufsize=1, env={**os.environ, "PYTHONUNBUFFERED": "1"})
        except OSError as exc:
            raise ExternalPlayerError(f"{self.name}: cannot start {clip(self.argv[0])}: "
                                      f"{exc.strerror or exc}") from None
        self._finalizer = weakref.finalize(self, _stop, self._proc)
        self._lines, self._line = queue.Queue(), 0
        self._stderr.clear()
        proc, lines, errs = self._proc, self._lines, self._stderr
        threading.Thread(target=_pump, args=(proc.stdout, lines.put), daemon=True).start()
        threading.Thread(target=_pump, args=(proc.stderr, errs.append), daemon=True).start()
        reply = self._ask(P.hello(), "ready", self.start_timeout)
        self.player_name = str(reply.get("name", ""))[:80]

    def close(self) -> None:
        """Stop the program (it gets ``quit`` and two seconds to leave)."""
        if self._finalizer is not None:
            self._finalizer()
        self._proc, self._rng = None, None

    def _ask(self, message: P.Message, expect: str, timeout: float) -> P.Message:
        """Send one message and wait for the answer of type ``expect`` (with the same ``id``, if any)."""
        assert self._proc is not None and self._proc.stdin is not None
        try:
            self._proc.stdin.write(P.encode(message))
            self._proc.stdin.flush()
        except (OSError, ValueError):
            raise self._fail(self._exited("before reading " + message["type"])) from None
        try:
            line = self._lines.get(timeout=timeout)
        except queue.Empty:
            raise self._fail(f"no answer to {message['type']} within {timeout:g} s (the program was stopped)") \
                from None
        if line is _EOF:
            raise self._fail(self._exited(f"instead of answering {message['type']}"))
        self._line += 1
        where = f"its output line {self._line}"
        try:
            reply = P.decode(line, P.PLAYER_MESSAGES, where)
            if reply["type"] == "error":
                raise P.ProtocolError(f"{where}: the player reports an error: {clip(reply.get('message'), 200)}")
            if reply["type"] != expect:
                raise P.ProtocolError(f"{where}: expected {expect!r} answering {message['type']}, "
                                      f"got {reply['type']!r}")
            if "id" in message and reply.get("id") != message["id"]:
                raise P.ProtocolError(f"{where}: {expect} id {clip(reply.get('id'))} does not answer id "
                                      f"{message['id']}")
        except P.ProtocolError as exc:
            raise self._fail(str(exc)) from None
        return reply

    def _exited(self, when: str) -> str:
        assert self._proc is not None
        try:
            code = self._proc.wait(timeout=2)
        except subprocess.TimeoutExpired:
            return f"closed its output {when}"
        return f"exited with status {code} {when}"

    def _begin(self, obs: Observation, rng: random.Random) -> None:
        """Start the program if needed and announce the game when ``rng`` is a new game's generator."""
        if rng is self._rng and self._proc is not None:
            return
        if self._proc is None or self._proc.poll() is not None:
            self._proc = None
            self._start()
        self._rng = rng
        self._send(P.new_game(obs.state.game, obs.seat, rng.getrandbits(63)))

    def _send(self, message: P.Message) -> None:
        assert self._proc is not None and self._proc.stdin is not None
        try:
            self._proc.stdin.write(P.encode(message))
            self._proc.stdin.flush()
        except (OSError, ValueError):
            raise self._fail(self._exited("before the game started")) from None

    # ----- the agent protocol -------------------------------------------------------------------------------
    def choose(self, obs: Observation, legal: list[Action], rng: random.Random) -> Action:
        """The program's answer to ``choose``; it must be one of the legal actions' notations."""
        self._begin(obs, rng)
        self._ident += 1
        reply = self._ask(P.choose(self._ident, obs, legal), "action", self.timeout)
        text = reply.get("action")
        by_text = {str(a): a for a in legal}
        if text in by_text:
            return by_text[text]
        where = f"its output line {self._line}"
        if not isinstance(text, str):
            raise self._fail(f"{where}: action needs 'action' as a string, got {clip(text)}")
        try:  # not listed: a trade offer (offers are not enumerated) or a mistake
            action = parse_action(text)
        except JapaneseSwordsError as exc:
            raise self._fail(f"{where}: {exc}") from None
        why = obs.state.why_illegal(action)
        if why is not None:
            raise self._fail(f"{where}: {clip(text)} is not legal (round {obs.state.round}, "
                             f"{obs.state.phase.name.lower()}): {why}")
        return action

    def respond_to_trade(self, obs: Observation, offer: Offer, rng: random.Random) -> tuple[bool, str]:
        """The program's ``reply`` to a trade offer: ``accept`` (a boolean) and an optional ``reason``."""
        self._begin(obs, rng)
        self._ident += 1
        reply = self._ask(P.trade(self._ident, obs, offer), "reply", self.timeout)
        if not isinstance(reply.get("accept"), bool):
            raise self._fail(f"its output line {self._line}: reply needs 'accept' true or false, got "
                             f"{clip(reply.get('accept'))}")
        return reply["accept"], str(reply.get("reason", ""))[:200]


def _pump(stream, put) -> None:  # noqa: ANN001 - a text stream and a callback
    """Copy lines from ``stream`` to ``put`` (without the newline), then None at the end."""
    try:
        for line in iter(lambda: stream.readline(P.MAX_LINE + 2), ""):
            put(line.rstrip("\n"))
    except (OSError, ValueError):
        pass
    put(_EOF)


def make_external(spec: str) -> ExternalAgent:
    """The agent for a ``cmd:`` spec (called by :func:`ai.agent.make_agent`); SpecError if malformed."""
    return ExternalAgent(spec)
