"""The rules of each phase of a turn, one module each: what is legal there (and why not) and what each
action does. :mod:`japanese_swords.engine` ties them together: who decides, dispatch and settling.

- :mod:`.revenue`  gold from fortresses and keeps; Prosperity (ruling 5)
- :mod:`.expense`  upkeep, disbanding, raising armies (ruling 6)
- :mod:`.draw`     buying cards and the deals that follow; reshuffling (ruling 7)
- :mod:`.honor`    buying honor, Much Honor, Intrigue and its reply (ruling 8)
- :mod:`.travel`   moves and Forced March (rulings 2, 3, 13)
- :mod:`.battle`   attacks, secret commitments and their resolution (rulings 9-12)
- :mod:`.common`   what several phases share: the acting army, removing armies, control, elimination
"""
