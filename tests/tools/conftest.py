"""Tool tests: load a script of ``tools/`` as a module, so its ``main(argv)`` can be called in-process."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

TOOLS = Path(__file__).resolve().parents[2] / "tools"


def load_tool(name: str) -> ModuleType:
    """The module of ``tools/NAME.py``, registered under NAME (as an import would be), so that its dataclasses
    resolve their module and its functions pickle into worker processes by name."""
    spec = importlib.util.spec_from_file_location(name, TOOLS / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module
