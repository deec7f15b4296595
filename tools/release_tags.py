"""Make the tags the docs name (the AI's baseline release, the numpy simulator's reference, releases) where
a copy of the repository lacks them: tags do not always travel with a copy, commits do.

    python tools/release_tags.py          # create the missing tags in this checkout
    python tools/release_tags.py --list   # each tag, its commit, and whether this checkout has it

A tag that exists but points elsewhere is left alone and reported in one line (exit status 1).
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

PROG = "release_tags"

#: tag -> (commit, what it is). The single list the docs refer to (docs/protocol.md, Playing an older release).
TAGS: dict[str, tuple[str, str]] = {
    "v0.4.0": ("93cbe76b596b64946a234226ba6bada254291b4a",
               "release 0.4.0 (its changelog entry dated), the AI issue's baseline"),
    "numpy-turn-reference": ("acf2c6a6c4f8eabc6580a33965bdc2aa847c1bc3",
                             "the last tree with the numpy turn loop the compiled simulator replaced"),
    "v0.17.7": ("be0c42376aa8e087c2e3590f388203a2e1c8fcd1", "release 0.17.7"),
    "v0.17.8": ("2de4291cc6f3752b2ad0aba8357267f4605d243a", "release 0.17.8"),
    "v0.17.9": ("2543615df1e12046c6454635dced0c7cb532748b", "release 0.17.9"),
    "v0.17.10": ("cd28f82fe9cbb2c267231a93ef303d513cc28c4b", "release 0.17.10"),
    "v0.17.11": ("94c73868a00a89dc99bc2a24ed8643a9e1746414", "release 0.17.11"),
    "v0.17.12": ("c8a746687702f23565cd59cd871a340ed9f3f260", "release 0.17.12"),
    "v0.17.13": ("84092b2a7851ebbb4abe7ffee4381f603db99430", "release 0.17.13"),
    "v0.17.14": ("dea1174e001c7104f29181235b35765cf092827f", "release 0.17.14"),
    "v0.17.15": ("644aea73e0ae95eec18c3fd532db4b169911e36c", "release 0.17.15"),
}


class TagError(Exception):
    """A tag that cannot be made as listed (one line)."""


def _git(repo: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["git", "-C", str(repo), *args], capture_output=True, text=True)


def tag_commit(repo: Path, tag: str) -> str | None:
    """The commit ``tag`` names in ``repo``, or None when it has no such tag."""
    done = _git(repo, "rev-parse", "--verify", "--quiet", f"refs/tags/{tag}^{{commit}}")
    return done.stdout.strip() if done.returncode == 0 else None


def status(repo: Path) -> list[tuple[str, str, str | None]]:
    """(tag, listed commit, the commit the tag names here or None) for each listed tag."""
    return [(tag, commit, tag_commit(repo, tag)) for tag, (commit, _) in TAGS.items()]


def state(commit: str, have: str | None) -> str:
    """``present``, ``missing`` or ``elsewhere``: what this checkout's tag is against the listed commit."""
    return "missing" if have is None else "present" if have == commit else "elsewhere"


def make_missing(repo: Path) -> list[str]:
    """Create every listed tag ``repo`` lacks; returns the tags made. Raises :class:`TagError` for a commit
    the repository does not hold or a tag that points elsewhere (the others are made first)."""
    made, problems = [], []
    for tag, commit, have in status(repo):
        found = state(commit, have)
        if found == "elsewhere":
            problems.append(f"{tag} points to {have}, not {commit}")
        elif found == "missing":
            if _git(repo, "cat-file", "-e", f"{commit}^{{commit}}").returncode != 0:
                problems.append(f"{tag}: commit {commit} is not in this repository")
                continue
            done = _git(repo, "tag", tag, commit)
            if done.returncode != 0:
                problems.append(f"{tag}: {done.stderr.strip() or 'git tag failed'}")
                continue
            made.append(tag)
    if problems:
        raise TagError("; ".join(problems))
    return made


def main(argv: list[str] | None = None) -> int:
    """Create or list the tags; returns the exit status."""
    ap = argparse.ArgumentParser(prog=PROG, description=__doc__.split("\n\n")[0])
    ap.add_argument("--list", action="store_true", help="show each tag, its commit and this checkout's state")
    ap.add_argument("--repo", type=Path, default=Path(__file__).resolve().parent.parent, help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if _git(args.repo, "rev-parse", "--git-dir").returncode != 0:
        print(f"{PROG}: {args.repo} is not a git checkout", file=sys.stderr)
        return 1
    if args.list:
        for tag, commit, have in status(args.repo):
            print(f"{tag:22} {commit[:12]}  {state(commit, have):9}  {TAGS[tag][1]}")
        return 0
    try:
        made = make_missing(args.repo)
    except TagError as exc:
        print(f"{PROG}: {exc}", file=sys.stderr)
        return 1
    print(f"made {', '.join(made)}" if made else "every tag is present")
    return 0


if __name__ == "__main__":
    sys.exit(main())
