"""ai.batch.jit: cached kernels are dropped when the sources they were compiled from change."""

from __future__ import annotations

from pathlib import Path

import pytest

from ai.batch import jit


def test_a_changed_source_drops_the_cached_kernels(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    cached = tmp_path / "kernel.run_lanes-90.py311.nbi"
    cached.write_text("old")
    assert jit.drop_stale_cache(tmp_path)  # no stamp yet: whatever is there may be stale
    assert not cached.exists()
    cached.write_text("fresh")  # what numba writes after compiling the current sources
    assert not jit.drop_stale_cache(tmp_path)
    assert cached.exists()
    monkeypatch.setattr(jit, "sources_digest", lambda: "edited")
    assert jit.drop_stale_cache(tmp_path)
    assert not cached.exists()
    assert (tmp_path / "kernels.sha256").read_text() == "edited"


def test_the_digest_covers_the_kernel_modules() -> None:
    assert len(jit.sources_digest()) == 64
    assert jit.sources_digest() == jit.sources_digest()
