"""Japanese Swords as a PettingZoo AEC environment (docs/env.md); needs ``pip install 'japanese-swords[env]'``.

``env()`` is the wrapped environment, ``raw_env()`` the bare one. The action layout
(:mod:`japanese_swords.env.codec`) and the observation vector (:mod:`japanese_swords.env.encoding`) need
only numpy and can be used without PettingZoo.
"""

from __future__ import annotations

from typing import Any

__all__ = ["env", "raw_env", "JapaneseSwordsEnv"]


def __getattr__(name: str) -> Any:
    if name in __all__:
        try:
            from japanese_swords.env import aec
        except ModuleNotFoundError as exc:
            if exc.name in ("pettingzoo", "gymnasium"):
                raise ModuleNotFoundError(f"japanese_swords.env needs {exc.name}: "
                                          f"pip install 'japanese-swords[env]'", name=exc.name) from None
            raise
        return getattr(aec, name)
    raise AttributeError(f"module 'japanese_swords.env' has no attribute {name!r}")
