"""The opponent league: registered agents that each play one recognisable style, besides ``greedy``.

Strength measured against ``greedy`` alone rewards beating one way of playing; the league adds the
styles a human opponent tends to fall into (docs/ai.md, "The league"). Each is the greedy rules with
the style's decisions rewritten, reading only its seat's observation.
"""

from ai.league import hoarder, honor_racer, rusher, turtle

#: The league's agent specs, in the order benchmarks report them.
LEAGUE: tuple[str, ...] = ("honor_racer", "rusher", "turtle", "hoarder")

__all__ = ["LEAGUE", "hoarder", "honor_racer", "rusher", "turtle"]
