"""What every AI builds on, so the agents import it instead of each other.

- :mod:`.view`       what one seat may know (:class:`View`), its opponents, a never-illegal fallback
- :mod:`.distances`  move-cost distances and the board's keeps, from the engine's shortest-path routine
- :mod:`.commit`     battle commitments under the rules' limits: strongest, just enough, cheapest card
- :mod:`.odds`       Monte Carlo battle odds from a seat's view
"""
