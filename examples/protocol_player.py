"""A complete external player for the JSON-lines protocol (docs/protocol.md), with no imports from this project.

Run it in a tournament or self-play as an agent spec::

    japanese-swords bench --agents greedy,"cmd:python examples/protocol_player.py" --games 4

It reads one JSON message per line on stdin and answers on stdout. Its play is a simple rule of thumb, a
starting point for your own: attack when it can, else raise armies, buy honor or draw, else move at random;
it commits its whole allowed hand in battles and declines every trade.
"""

from __future__ import annotations

import json
import random
import sys

#: Preferred first words of an action's notation, best first (see docs/notation.md for the full grammar).
PREFERENCE = ("attack", "commit", "raise", "honor", "draw", "move")


def send(message: dict) -> None:
    """Write one message as one line and flush (the engine waits for the whole line)."""
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def pick(legal: list[str], rng: random.Random) -> str:
    """The first preferred kind of action available, chosen at random among its actions.

    A commitment lists its cards, so the longest ``commit`` is the one with the most cards."""
    for word in PREFERENCE:
        options = [a for a in legal if a.split()[0] == word]
        if not options:
            continue
        if word == "commit":
            return max(options, key=len)
        return rng.choice(options)
    return rng.choice(legal)  # e.g. "end", "pass", a discard


def main() -> int:
    """Answer the engine's messages until ``quit`` or the end of input."""
    rng = random.Random(0)
    for line in sys.stdin:
        if not line.strip():
            continue
        msg = json.loads(line)
        kind = msg["type"]
        if kind == "hello":
            send({"type": "ready", "name": "protocol_player.py"})
        elif kind == "new_game":
            rng = random.Random(msg["seed"])  # msg["seat"] is our seat, msg["map"] the map's text
        elif kind == "choose":
            # msg["observation"]["state"]["hands"][seat]: our cards, counts in the order of new_game's "cards"
            send({"type": "action", "id": msg["id"], "action": pick(msg["legal"], rng)})
        elif kind == "trade":
            send({"type": "reply", "id": msg["id"], "accept": False, "reason": "no trades"})
        elif kind == "quit":
            break
    return 0


if __name__ == "__main__":
    sys.exit(main())
