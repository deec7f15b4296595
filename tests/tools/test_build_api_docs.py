"""tools/build_api_docs.py: pdoc renders the docstrings of every submodule (not only a package's
``__all__``) to HTML."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tests.tools.conftest import TOOLS, load_tool


def test_submodules_lists_every_module_of_a_package() -> None:
    found = load_tool("build_api_docs").submodules(["japanese_swords.env"])
    assert found[0] == "japanese_swords.env"
    assert {"japanese_swords.env.codec", "japanese_swords.env.single", "japanese_swords.env.encoding"} <= set(found)


def test_the_tool_writes_html_from_the_docstrings(tmp_path: Path) -> None:
    out = tmp_path / "api"
    run = subprocess.run([sys.executable, str(TOOLS / "build_api_docs.py"), "--out", str(out),
                          "--modules", "japanese_swords.env", "ai.agent"], capture_output=True, text=True,
                         timeout=600)
    assert run.returncode == 0, run.stderr[-2000:]
    assert run.stdout.strip() == f"wrote {out / 'index.html'}"
    codec = (out / "japanese_swords" / "env" / "codec.html").read_text()
    assert "The environment&#39;s fixed integer action space" in codec or "fixed integer action space" in codec
    assert "Build an agent from its spec" in (out / "ai" / "agent.html").read_text()
