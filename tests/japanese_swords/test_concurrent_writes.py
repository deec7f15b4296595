"""Two processes writing into one folder at once (issue 35): records of two tournaments with the same
file names, and two clients saving, autosaving and pruning autosaves in one save folder. Every file is
always one whole version (never a mix, never half-written), no write fails because of the other process,
no temporary file stays behind, and a save neither process owns is untouched."""

from __future__ import annotations

import multiprocessing as mp
import traceback
from pathlib import Path

from japanese_swords.app.client.library import list_saves, prune_autosaves, save_info
from japanese_swords.app.client.session import HUMAN, Session
from japanese_swords.game import Game, Rules
from japanese_swords.maps import load_map
from japanese_swords.records import Record, load_record, save_record
from tests.japanese_swords.fuzzing import hang_guard
from tests.japanese_swords.random_play import random_actions

FILES = 40
ROUNDS = 25


def _record(seats: list[str], seed: int, limit: int = 150) -> Record:
    game = Game(load_map("classic-2p"), Rules(max_rounds=40))
    record = Record(game, seats, seed)
    steps = list(random_actions(game, seed, limit))
    record.actions = [str(a) for _, a in steps]
    record.finish(steps[-1][0])
    return record


def _write_records(folder: str, who: str, barrier, errors) -> None:
    """One tournament's writer: the same file names as the other's, its own seat names."""
    try:
        records = [_record([f"{who}-a", f"{who}-b"], i) for i in range(FILES)]
        barrier.wait(30)
        for i, record in enumerate(records):
            save_record(record, Path(folder) / f"game-{i:05d}.json")
    except BaseException:
        errors.put(f"{who}: {traceback.format_exc()}")


def _play_client(folder: str, who: str, barrier, errors) -> None:
    """One client: autosaves every 'turn' (each into its own slot, pruning to the newest five) and saves."""
    try:
        record = _record([HUMAN, "random"], 7 if who == "A" else 8, 60)
        session = Session.from_record(record, 0)
        saves = Path(folder)
        barrier.wait(30)
        for turn in range(ROUNDS):
            session.save(saves / f"autosave-{who}-{turn:03d}.json")
            prune_autosaves(saves)
            session.save(saves / f"game-{who}.json")
            for path in list_saves(saves, limit=50):  # the menu listing while the other writes
                save_info(path)
    except BaseException:
        errors.put(f"{who}: {traceback.format_exc()}")


def _run_two(target, folder: Path) -> list[str]:
    ctx = mp.get_context("spawn")
    barrier, errors = ctx.Barrier(2), ctx.Queue()
    procs = [ctx.Process(target=target, args=(str(folder), who, barrier, errors)) for who in ("A", "B")]
    for p in procs:
        p.start()
    with hang_guard(180):
        for p in procs:
            p.join()
    found = []
    while not errors.empty():
        found.append(errors.get())
    assert [p.exitcode for p in procs] == [0, 0], found
    return found


def test_two_tournaments_writing_records_with_the_same_names(tmp_path: Path) -> None:
    assert _run_two(_write_records, tmp_path) == []
    files = sorted(tmp_path.iterdir())
    assert [p.name for p in files] == [f"game-{i:05d}.json" for i in range(FILES)], "a temporary file was left"
    for path in files:
        record = load_record(path)  # whole and valid
        who = record.seats[0].split("-")[0]
        assert record.seats == [f"{who}-a", f"{who}-b"], "one writer's file, not a mix"
        record.verify()


def test_two_clients_saving_and_pruning_in_one_save_folder(tmp_path: Path) -> None:
    keep = tmp_path / "game-keep.json"
    save_record(_record([HUMAN, "random"], 3, 50), keep)
    before = keep.read_bytes()
    assert _run_two(_play_client, tmp_path) == []
    assert keep.read_bytes() == before, "a save neither client owns was changed"
    names = sorted(p.name for p in tmp_path.iterdir())
    assert not [n for n in names if n.startswith(".")], "a temporary file was left"
    autos = [n for n in names if n.startswith("autosave-")]
    assert 1 <= len(autos) <= 6  # each prunes to five; the other's last autosave may come after
    assert {"autosave-A-024.json", "autosave-B-024.json"} & set(autos)
    for name in names:
        assert save_info(tmp_path / name).error == "", name
