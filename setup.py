"""Package layout that pyproject.toml cannot express (everything else is in pyproject.toml).

The top-level ``maps/`` folder stays the one source of the shipped maps; it is installed as the data-only
package ``japanese_swords.shipped_maps``, found at run time through ``importlib.resources``
(:func:`japanese_swords.maps.shipped_maps_dir`). Packages are discovered, so new subpackages need no edit.
"""

from setuptools import find_packages, setup

setup(
    packages=find_packages(include=["japanese_swords*", "ai*"]) + ["japanese_swords.shipped_maps"],
    package_dir={"japanese_swords.shipped_maps": "maps"},
    # Data the code opens at run time: the MCTS value weights and hand prior, the learned value's network
    # and the command that trained it. (The client's art and sounds are drawn and synthesised at run time,
    # so they have no files.)
    package_data={"ai": ["mcts/*.json", "learned/*.npz", "learned/*.txt"], "japanese_swords.shipped_maps": ["*.map"]},
)
