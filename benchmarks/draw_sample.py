#!/usr/bin/env python3
"""Draw one of the annotated samples of ``tests/data`` again, byte for byte.

Every sample is drawn the same way (``draw_heldout.run``): a seeded RNG, first
a ``random`` group among all eligible corpus records, then a ``baseline-cue``
group among the remaining records whose abstract names a baseline. Samples
differ only in seed and group sizes; each excludes every sample drawn before
it, in the order of :data:`SAMPLES` (only the ``id`` field of those is read),
so no two samples overlap and the held-out
sets are never drawn into a development sample. ``tests/data/HELDOUT.md``
says why each sample was drawn and how it was annotated.

Usage (from the repository root)::

    python benchmarks/draw_sample.py NAME [CORPUS] [--out OUT] [--exclude FILE ...]

``NAME`` is one of the keys of :data:`SAMPLES`; ``CORPUS`` defaults to
``../shared/corpus/abstracts.jsonl`` and ``OUT`` to ``tests/data/NAME.jsonl``.
Uses the standard library only.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass

from draw_heldout import REPO_ROOT, run


@dataclass(frozen=True)
class Sample:
    """How one sample is drawn."""

    seed: int
    n_random: int
    n_cue: int


SAMPLES: dict[str, Sample] = {  # in the order drawn: each excludes every sample above it
    "heldout": Sample(20261129, 25, 15),
    "dev": Sample(7, 20, 10),
    "heldout2": Sample(424242, 25, 15),
    "dev2": Sample(31337, 25, 15),
    "dev3": Sample(27182818, 25, 15),
    "dev4": Sample(16180339, 25, 15),
    "dev5": Sample(14142135, 25, 15),
    "dev6": Sample(17320508, 25, 15),
    "dev7": Sample(22360679, 25, 15),
    "dev8": Sample(26457513, 25, 15),
    "dev9": Sample(31622776, 25, 15),
    "dev10": Sample(33166247, 25, 15),
    "dev11": Sample(34641016, 25, 15),
    "dev12": Sample(36055512, 25, 15),
    "dev13": Sample(37416573, 25, 15),
    "dev14": Sample(38729833, 25, 15),
    "dev15": Sample(41231056, 25, 15),
    "dev16": Sample(42426406, 25, 15),
    "dev17": Sample(43588989, 25, 15),
    "dev18": Sample(44721359, 25, 15),
    "dev19": Sample(45825756, 25, 15),
    "dev20": Sample(46904157, 25, 15),
    "dev21": Sample(47958315, 25, 15),
    "dev22": Sample(48989794, 25, 15),
    "dev23": Sample(50990195, 25, 15),
    "dev24": Sample(51961524, 25, 15),
    "dev25": Sample(52915026, 25, 15),
    "dev26": Sample(53851648, 25, 15),
    "dev27": Sample(54772256, 25, 15),
    "dev28": Sample(55677644, 25, 15),
    "dev29": Sample(56568542, 25, 15),
    "dev30": Sample(57445626, 25, 15),
    "dev31": Sample(58309518, 25, 15),
    "dev32": Sample(59160797, 25, 15),
    "dev33": Sample(60000000, 25, 15),
    "dev34": Sample(60827625, 25, 15),
    "dev35": Sample(61644140, 25, 15),
    "dev36": Sample(62449979, 25, 15),
    "dev37": Sample(63245553, 38, 2),
    "dev38": Sample(64031242, 40, 0),
    "dev39": Sample(64807406, 40, 0),
    "dev40": Sample(65574385, 40, 0),
    "dev41": Sample(66332495, 40, 0),
    "dev42": Sample(67082039, 40, 0),
    "dev43": Sample(67823299, 40, 0),
    "dev44": Sample(68556546, 40, 0),
    "dev45": Sample(69282032, 40, 0),
    "dev46": Sample(70000000, 40, 0),
    "dev47": Sample(70710678, 40, 0),
    "dev48": Sample(71414284, 40, 0),
    "dev49": Sample(72111025, 40, 0),
    "dev50": Sample(72801098, 40, 0),
    "dev51": Sample(73484692, 40, 0),
    "dev52": Sample(74161984, 40, 0),
    "dev53": Sample(74833147, 40, 0),
    "dev54": Sample(75498344, 40, 0),
    "dev55": Sample(76157731, 40, 0),
    "dev56": Sample(76811457, 40, 0),
    "dev57": Sample(77459666, 40, 0),
    "dev58": Sample(78102496, 40, 0),
    "dev59": Sample(78740078, 40, 0),
    "dev60": Sample(79372539, 40, 0),
    "dev61": Sample(80000000, 40, 0),
    "dev62": Sample(80622577, 40, 0),
    "dev63": Sample(81240384, 40, 0),
    "dev64": Sample(81853527, 40, 0),
    "dev65": Sample(82462112, 40, 0),
    "dev66": Sample(83066238, 40, 0),
    "dev67": Sample(83666002, 40, 0),
    "dev68": Sample(84261497, 40, 0),
    "dev69": Sample(84852813, 40, 0),
    "dev70": Sample(85440037, 40, 0),
    "dev71": Sample(86023252, 40, 0),
    "dev72": Sample(86602540, 40, 0),
    "dev73": Sample(87177978, 40, 0),
    "dev74": Sample(87749643, 40, 0),
    "dev75": Sample(88317608, 40, 0),
    "dev76": Sample(88881944, 40, 0),
    "dev77": Sample(89442719, 40, 0),
    "dev78": Sample(90000000, 40, 0),
    "dev79": Sample(90553851, 40, 0),
    "dev80": Sample(91104335, 40, 0),
    "dev81": Sample(91651513, 40, 0),
    "dev82": Sample(92195444, 40, 0),
    "dev83": Sample(93273790, 40, 0),
    "dev84": Sample(93808315, 40, 0),
    "dev85": Sample(94339811, 40, 0),
    "dev86": Sample(94868329, 40, 0),
    "dev87": Sample(95393920, 40, 0),
    "dev88": Sample(95916630, 40, 0),
    "dev89": Sample(96436507, 40, 0),
    "dev90": Sample(96953597, 40, 0),
    "dev91": Sample(97467943, 40, 0),
    "dev92": Sample(97979589, 40, 0),
    "dev93": Sample(98488578, 40, 0),
    "dev94": Sample(98994949, 40, 0),
    "dev95": Sample(99498743, 40, 0),
    "dev96": Sample(100000000, 40, 0),
    "dev97": Sample(100498756, 40, 0),
    "dev98": Sample(100995049, 40, 0),
    "dev99": Sample(101488915, 40, 0),
    "dev100": Sample(101980390, 40, 0),
    "dev101": Sample(102469507, 40, 0),
    "dev102": Sample(102956301, 40, 0),
}


def _earlier(name: str) -> list[str]:
    """The samples drawn before `name`, whose ids it never draws."""
    names = list(SAMPLES)
    return names[:names.index(name)]


def main(argv: list[str] | None = None) -> int:
    """Command-line entry point; returns the process exit status."""
    args = sys.argv[1:] if argv is None else argv
    if not args or args[0] not in SAMPLES:
        print(f"usage: draw_sample.py NAME [CORPUS] [--out OUT]; NAME is one of {', '.join(SAMPLES)}",
              file=sys.stderr)
        return 2
    name, sample = args[0], SAMPLES[args[0]]
    data = REPO_ROOT / "tests" / "data"
    return run(args[1:], doc=__doc__, seed=sample.seed, n_random=sample.n_random, n_cue=sample.n_cue,
               default_out=data / f"{name}.jsonl", default_exclude=tuple(data / f"{e}.jsonl" for e in _earlier(name)))


if __name__ == "__main__":
    sys.exit(main())
