"""The standing fault suite: the real server process killed (SIGKILL) at random instants during
keyed writes and during resets, and its disk filled up (bench/faults.py says how each is done and
checked, and runs many more of them).

After each fault a new server starts on the same database file, every request is sent again
under its key, and the file itself must show every acknowledged write, each retried write done
once, and running totals equal to the rows they count. The instants are random at each run; a
failure names its seed, which ``python bench/faults.py --seed N`` replays.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

from faults import Tally, run  # noqa: E402

SEED = random.SystemRandom().randrange(2**32)


def verdict(tally: Tally) -> str:
    problems = "\n".join(tally.problems[:10])
    return f"with --seed {SEED} ({len(tally.problems)} problems):\n{problems}"


async def test_kills_during_keyed_writes_lose_no_answered_write_and_retries_apply_once(tmp_path):
    tally = await run(kills=3, resets=0, full_disks=0, seed=SEED, folder=tmp_path)
    assert not tally.problems, verdict(tally)
    assert tally.cut_off >= 3  # each kill cut off requests in flight, which their retry did once


async def test_a_kill_during_a_reset_leaves_the_fixture_or_everything_before_it(tmp_path):
    tally = await run(kills=0, resets=2, full_disks=0, seed=SEED, folder=tmp_path)
    assert not tally.problems, verdict(tally)
    assert tally.faults["kill during a reset"] == 2


async def test_a_full_disk_refuses_writes_with_a_5xx_that_did_nothing(tmp_path):
    tally = await run(kills=0, resets=0, full_disks=1, seed=SEED, folder=tmp_path)
    assert not tally.problems, verdict(tally)
    assert tally.failed > 0  # the disk did fill
    # A write refused with a 5xx had done nothing: its retry did it, and got no stored answer.
    assert (tally.replayed_on_retry, tally.applied_on_retry) == (0, tally.failed), verdict(tally)
