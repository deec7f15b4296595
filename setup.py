"""Package layout that pyproject.toml cannot express (everything else is in pyproject.toml).

The top-level ``maps/`` folder stays the one source of the shipped maps; it is installed as the data-only
package ``japanese_swords.shipped_maps``, found at run time through ``importlib.resources``
(:func:`japanese_swords.maps.shipped_maps_dir`); ``docs/variants.md`` ships the same way as
``japanese_swords.shipped_docs`` (the rules page's module rulings). Packages are discovered, so new
subpackages need no edit.
"""

from setuptools import find_packages, setup

setup(
    packages=find_packages(include=["japanese_swords*", "ai*"]) + ["japanese_swords.shipped_maps",
                                                                     "japanese_swords.shipped_docs"],
    package_dir={"japanese_swords.shipped_maps": "maps", "japanese_swords.shipped_docs": "docs"},
    # Data the code opens at run time: the MCTS value weights and hand prior, the learned value's network
    # and the command that trained it; docs/variants.md, whose rule modules' rulings the in-game rules page
    # shows (japanese_swords.modules.rulings). (The client's art and sounds are drawn and synthesised at run time,
    # so they have no files.)
    package_data={"ai": ["mcts/*.json", "learned/*.npz", "learned/*.txt"], "japanese_swords.shipped_maps": ["*.map"],
                  "japanese_swords.shipped_docs": ["variants.md"]},
)
