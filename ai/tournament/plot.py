"""PNG plots of a benchmark summary: the rating list with error bars, or Elo against an AI budget.

matplotlib is an optional extra (``pip install -e .[plot]``); it is imported lazily, and
:func:`require_matplotlib` turns its absence into a one-line error before any game is played.
"""

from __future__ import annotations

import io
from pathlib import Path

from ai.tournament.report import atomic_write


class PlotUnavailable(RuntimeError):
    """matplotlib is not installed."""


def require_matplotlib() -> None:
    """Raise PlotUnavailable (one line) when matplotlib cannot be imported."""
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise PlotUnavailable("--plot needs matplotlib: pip install -e '.[plot]' (or pip install matplotlib)") \
            from None


def _pyplot():  # -> the matplotlib.pyplot module
    """pyplot on the file-only Agg backend (imported lazily)."""
    require_matplotlib()
    import matplotlib

    matplotlib.use("Agg")  # files only, no display
    import matplotlib.pyplot as plt

    return plt


def _errors(rows: list[dict], lo_cap: float, hi_cap: float) -> tuple[list[float], list[list[float]]]:
    """Centres and asymmetric error lengths; unbounded ends are drawn to the axis caps."""
    ys, lo, hi = [], [], []
    for r in rows:
        y = r["elo"] if r["elo"] is not None else 0.0
        ys.append(y)
        lo.append(y - (r["elo_low"] if r["elo_low"] is not None else lo_cap))
        hi.append((r["elo_high"] if r["elo_high"] is not None else hi_cap) - y)
    return ys, [lo, hi]


def plot_summary(summary: dict, path: str | Path) -> None:
    """Write a PNG: Elo against the swept value when the summary has a sweep, else the rating list."""
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(8, 4.5), dpi=100)
    c = summary["config"]
    title = f"map {c['map']}, seed {c['seed']}, {summary['games']['counted']} games"
    rated = [r for r in summary["ratings"] if r["elo"] is not None]
    finite = [v for r in rated for v in (r["elo_low"], r["elo_high"]) if v is not None] or [0.0]
    lo_cap, hi_cap = min(finite) - 100.0, max(finite) + 100.0
    if summary.get("sweep"):
        sw = summary["sweep"]
        pts = [p for p in sw["points"] if p["elo"] is not None]
        ys, err = _errors(pts, lo_cap, hi_cap)
        label = pts[0]["agent"].split(":")[0] if pts else "swept agent"
        ax.errorbar([p["value"] for p in pts], ys, yerr=err, fmt="o-", capsize=4, label=label)
        if len(pts) > 1 and min(p["value"] for p in pts) > 0:
            ax.set_xscale("log")
        from matplotlib.ticker import NullLocator

        ax.xaxis.set_minor_locator(NullLocator())
        ax.set_xticks([p["value"] for p in pts], [f"{p['value']:g}" for p in pts])
        ax.set_xlabel(sw["key"])
        ax.set_ylabel("Elo (95% interval)")
        others = [r for r in rated if r["agent"] not in {p["agent"] for p in sw["points"]}]
        styles = ["--", ":", "-.", (0, (5, 1))]
        for k, r in enumerate(others):
            ax.axhline(r["elo"], linestyle=styles[k % len(styles)], linewidth=0.9, color="grey",
                       label=f"{r['agent']} ({r['elo']:+.0f})")
        ax.legend(fontsize=8)
        ax.set_title(f"Elo against {sw['key']} ({title})")
    else:
        rows = list(reversed(rated))  # best at the top
        xs, err = _errors(rows, lo_cap, hi_cap)
        ax.errorbar(xs, range(len(rows)), xerr=err, fmt="o", capsize=4)
        ax.set_yticks(range(len(rows)), [r["agent"] for r in rows])
        ax.set_xlabel(f"Elo ({summary['rating_model']['anchor']} = 0; 95% interval)")
        ax.axvline(0.0, linestyle=":", linewidth=0.8, color="grey")
        ax.set_title(f"Rating list ({title})")
    ax.grid(True, alpha=0.3)
    fig.tight_layout()
    buf = io.BytesIO()
    fig.savefig(buf, format="png")
    plt.close(fig)
    atomic_write(path, buf.getvalue())
