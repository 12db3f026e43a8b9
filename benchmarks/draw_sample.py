#!/usr/bin/env python3
"""Draw one of the annotated samples of ``tests/data`` again, byte for byte.

Every sample is drawn the same way (``draw_heldout.run``): a seeded RNG, first
a ``random`` group among all eligible corpus records, then a ``baseline-cue``
group among the remaining records whose abstract names a baseline. Samples
differ only in seed, group sizes and which earlier samples they exclude (only
the ``id`` field of those is read), so no two samples overlap and the held-out
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
    exclude: tuple[str, ...]  # earlier samples whose ids are never drawn


SAMPLES: dict[str, Sample] = {
    "heldout": Sample(20261129, 25, 15, ()),
    "dev": Sample(7, 20, 10, ("heldout",)),
    "heldout2": Sample(424242, 25, 15, ("heldout", "dev")),
    "dev2": Sample(31337, 25, 15, ("heldout", "heldout2", "dev")),
    "dev3": Sample(27182818, 25, 15, ("heldout", "heldout2", "dev", "dev2")),
    "dev4": Sample(16180339, 25, 15, ("heldout", "heldout2", "dev", "dev2", "dev3")),
    "dev5": Sample(14142135, 25, 15, ("heldout", "heldout2", "dev", "dev2", "dev3", "dev4")),
    "dev6": Sample(17320508, 25, 15, ("heldout", "heldout2", "dev", "dev2", "dev3", "dev4", "dev5")),
    "dev7": Sample(22360679, 25, 15, ("heldout", "heldout2", "dev", "dev2", "dev3", "dev4", "dev5", "dev6")),
    "dev8": Sample(26457513, 25, 15, ("heldout", "heldout2", "dev", "dev2", "dev3", "dev4", "dev5", "dev6", "dev7")),
    "dev9": Sample(31622776, 25, 15, ("heldout", "heldout2", "dev", "dev2", "dev3", "dev4", "dev5", "dev6", "dev7",
                                      "dev8")),
    "dev10": Sample(33166247, 25, 15, ("heldout", "heldout2", "dev", "dev2", "dev3", "dev4", "dev5", "dev6", "dev7",
                                       "dev8", "dev9")),
    "dev11": Sample(34641016, 25, 15, ("heldout", "heldout2", "dev", "dev2", "dev3", "dev4", "dev5", "dev6", "dev7",
                                       "dev8", "dev9", "dev10")),
    "dev12": Sample(36055512, 25, 15, ("heldout", "heldout2", "dev", "dev2", "dev3", "dev4", "dev5", "dev6", "dev7",
                                       "dev8", "dev9", "dev10", "dev11")),
    "dev13": Sample(37416573, 25, 15, ("heldout", "heldout2", "dev", "dev2", "dev3", "dev4", "dev5", "dev6", "dev7",
                                       "dev8", "dev9", "dev10", "dev11", "dev12")),
    "dev14": Sample(38729833, 25, 15, ("heldout", "heldout2", "dev", "dev2", "dev3", "dev4", "dev5", "dev6", "dev7",
                                       "dev8", "dev9", "dev10", "dev11", "dev12", "dev13")),
    "dev15": Sample(41231056, 25, 15, ("heldout", "heldout2", "dev", "dev2", "dev3", "dev4", "dev5", "dev6", "dev7",
                                       "dev8", "dev9", "dev10", "dev11", "dev12", "dev13", "dev14")),
    "dev16": Sample(42426406, 25, 15, ("heldout", "heldout2", "dev", "dev2", "dev3", "dev4", "dev5", "dev6", "dev7",
                                       "dev8", "dev9", "dev10", "dev11", "dev12", "dev13", "dev14", "dev15")),
    "dev17": Sample(43588989, 25, 15, ("heldout", "heldout2", "dev", "dev2", "dev3", "dev4", "dev5", "dev6", "dev7",
                                       "dev8", "dev9", "dev10", "dev11", "dev12", "dev13", "dev14", "dev15", "dev16")),
    "dev18": Sample(44721359, 25, 15, ("heldout", "heldout2", "dev", "dev2", "dev3", "dev4", "dev5", "dev6", "dev7",
                                       "dev8", "dev9", "dev10", "dev11", "dev12", "dev13", "dev14", "dev15", "dev16",
                                       "dev17")),
    "dev19": Sample(45825756, 25, 15, ("heldout", "heldout2", "dev", "dev2", "dev3", "dev4", "dev5", "dev6", "dev7",
                                       "dev8", "dev9", "dev10", "dev11", "dev12", "dev13", "dev14", "dev15", "dev16",
                                       "dev17", "dev18")),
    "dev20": Sample(46904157, 25, 15, ("heldout", "heldout2", "dev", "dev2", "dev3", "dev4", "dev5", "dev6", "dev7",
                                       "dev8", "dev9", "dev10", "dev11", "dev12", "dev13", "dev14", "dev15", "dev16",
                                       "dev17", "dev18", "dev19")),
    "dev21": Sample(47958315, 25, 15, ("heldout", "heldout2", "dev", "dev2", "dev3", "dev4", "dev5", "dev6", "dev7",
                                       "dev8", "dev9", "dev10", "dev11", "dev12", "dev13", "dev14", "dev15", "dev16",
                                       "dev17", "dev18", "dev19", "dev20")),
    "dev22": Sample(48989794, 25, 15, ("heldout", "heldout2", "dev", "dev2", "dev3", "dev4", "dev5", "dev6", "dev7",
                                       "dev8", "dev9", "dev10", "dev11", "dev12", "dev13", "dev14", "dev15", "dev16",
                                       "dev17", "dev18", "dev19", "dev20", "dev21")),
    "dev23": Sample(50990195, 25, 15, ("heldout", "heldout2", "dev", "dev2", "dev3", "dev4", "dev5", "dev6", "dev7",
                                       "dev8", "dev9", "dev10", "dev11", "dev12", "dev13", "dev14", "dev15", "dev16",
                                       "dev17", "dev18", "dev19", "dev20", "dev21", "dev22")),
    "dev24": Sample(51961524, 25, 15, ("heldout", "heldout2", "dev", "dev2", "dev3", "dev4", "dev5", "dev6", "dev7",
                                       "dev8", "dev9", "dev10", "dev11", "dev12", "dev13", "dev14", "dev15", "dev16",
                                       "dev17", "dev18", "dev19", "dev20", "dev21", "dev22", "dev23")),
    "dev25": Sample(52915026, 25, 15, ("heldout", "heldout2", "dev", "dev2", "dev3", "dev4", "dev5", "dev6", "dev7",
                                       "dev8", "dev9", "dev10", "dev11", "dev12", "dev13", "dev14", "dev15", "dev16",
                                       "dev17", "dev18", "dev19", "dev20", "dev21", "dev22", "dev23", "dev24")),
    "dev26": Sample(53851648, 25, 15, ("heldout", "heldout2", "dev", "dev2", "dev3", "dev4", "dev5", "dev6", "dev7",
                                       "dev8", "dev9", "dev10", "dev11", "dev12", "dev13", "dev14", "dev15", "dev16",
                                       "dev17", "dev18", "dev19", "dev20", "dev21", "dev22", "dev23", "dev24",
                                       "dev25")),
    "dev27": Sample(54772256, 25, 15, ("heldout", "heldout2", "dev", "dev2", "dev3", "dev4", "dev5", "dev6", "dev7",
                                       "dev8", "dev9", "dev10", "dev11", "dev12", "dev13", "dev14", "dev15", "dev16",
                                       "dev17", "dev18", "dev19", "dev20", "dev21", "dev22", "dev23", "dev24",
                                       "dev25", "dev26")),
    "dev28": Sample(55677644, 25, 15, ("heldout", "heldout2", "dev", "dev2", "dev3", "dev4", "dev5", "dev6", "dev7",
                                       "dev8", "dev9", "dev10", "dev11", "dev12", "dev13", "dev14", "dev15", "dev16",
                                       "dev17", "dev18", "dev19", "dev20", "dev21", "dev22", "dev23", "dev24",
                                       "dev25", "dev26", "dev27")),
    "dev29": Sample(56568542, 25, 15, ("heldout", "heldout2", "dev", "dev2", "dev3", "dev4", "dev5", "dev6", "dev7",
                                       "dev8", "dev9", "dev10", "dev11", "dev12", "dev13", "dev14", "dev15", "dev16",
                                       "dev17", "dev18", "dev19", "dev20", "dev21", "dev22", "dev23", "dev24",
                                       "dev25", "dev26", "dev27", "dev28")),
    "dev30": Sample(57445626, 25, 15, ("heldout", "heldout2", "dev", "dev2", "dev3", "dev4", "dev5", "dev6", "dev7",
                                       "dev8", "dev9", "dev10", "dev11", "dev12", "dev13", "dev14", "dev15", "dev16",
                                       "dev17", "dev18", "dev19", "dev20", "dev21", "dev22", "dev23", "dev24",
                                       "dev25", "dev26", "dev27", "dev28", "dev29")),
    "dev31": Sample(58309518, 25, 15, ("heldout", "heldout2", "dev", "dev2", "dev3", "dev4", "dev5", "dev6", "dev7",
                                       "dev8", "dev9", "dev10", "dev11", "dev12", "dev13", "dev14", "dev15", "dev16",
                                       "dev17", "dev18", "dev19", "dev20", "dev21", "dev22", "dev23", "dev24",
                                       "dev25", "dev26", "dev27", "dev28", "dev29", "dev30")),
    "dev32": Sample(59160797, 25, 15, ("heldout", "heldout2", "dev", "dev2", "dev3", "dev4", "dev5", "dev6", "dev7",
                                       "dev8", "dev9", "dev10", "dev11", "dev12", "dev13", "dev14", "dev15", "dev16",
                                       "dev17", "dev18", "dev19", "dev20", "dev21", "dev22", "dev23", "dev24",
                                       "dev25", "dev26", "dev27", "dev28", "dev29", "dev30", "dev31")),
    "dev33": Sample(60000000, 25, 15, ("heldout", "heldout2", "dev", "dev2", "dev3", "dev4", "dev5", "dev6", "dev7",
                                       "dev8", "dev9", "dev10", "dev11", "dev12", "dev13", "dev14", "dev15", "dev16",
                                       "dev17", "dev18", "dev19", "dev20", "dev21", "dev22", "dev23", "dev24",
                                       "dev25", "dev26", "dev27", "dev28", "dev29", "dev30", "dev31",
                                       "dev32")),
    "dev34": Sample(60827625, 25, 15, ("heldout", "heldout2", "dev", "dev2", "dev3", "dev4", "dev5", "dev6", "dev7",
                                       "dev8", "dev9", "dev10", "dev11", "dev12", "dev13", "dev14", "dev15", "dev16",
                                       "dev17", "dev18", "dev19", "dev20", "dev21", "dev22", "dev23", "dev24",
                                       "dev25", "dev26", "dev27", "dev28", "dev29", "dev30", "dev31",
                                       "dev32", "dev33")),
    "dev35": Sample(61644140, 25, 15, ("heldout", "heldout2", "dev", "dev2", "dev3", "dev4", "dev5", "dev6", "dev7",
                                       "dev8", "dev9", "dev10", "dev11", "dev12", "dev13", "dev14", "dev15", "dev16",
                                       "dev17", "dev18", "dev19", "dev20", "dev21", "dev22", "dev23", "dev24",
                                       "dev25", "dev26", "dev27", "dev28", "dev29", "dev30", "dev31", "dev32",
                                       "dev33", "dev34")),
    "dev36": Sample(62449979, 25, 15, ("heldout", "heldout2", "dev", "dev2", "dev3", "dev4", "dev5", "dev6", "dev7",
                                       "dev8", "dev9", "dev10", "dev11", "dev12", "dev13", "dev14", "dev15", "dev16",
                                       "dev17", "dev18", "dev19", "dev20", "dev21", "dev22", "dev23", "dev24",
                                       "dev25", "dev26", "dev27", "dev28", "dev29", "dev30", "dev31", "dev32",
                                       "dev33", "dev34", "dev35")),
    # The baseline-cue pool is used up after dev36 (2 records left): dev37 takes them, dev38 is all random.
    "dev37": Sample(63245553, 38, 2, ("heldout", "heldout2", "dev", "dev2", "dev3", "dev4", "dev5", "dev6", "dev7",
                                       "dev8", "dev9", "dev10", "dev11", "dev12", "dev13", "dev14", "dev15", "dev16",
                                       "dev17", "dev18", "dev19", "dev20", "dev21", "dev22", "dev23", "dev24",
                                       "dev25", "dev26", "dev27", "dev28", "dev29", "dev30", "dev31", "dev32",
                                       "dev33", "dev34", "dev35", "dev36")),
    "dev38": Sample(64031242, 40, 0, ("heldout", "heldout2", "dev", "dev2", "dev3", "dev4", "dev5", "dev6", "dev7",
                                       "dev8", "dev9", "dev10", "dev11", "dev12", "dev13", "dev14", "dev15", "dev16",
                                       "dev17", "dev18", "dev19", "dev20", "dev21", "dev22", "dev23", "dev24",
                                       "dev25", "dev26", "dev27", "dev28", "dev29", "dev30", "dev31", "dev32",
                                       "dev33", "dev34", "dev35", "dev36", "dev37")),
    "dev39": Sample(64807406, 40, 0, ("heldout", "heldout2", "dev", "dev2", "dev3", "dev4", "dev5", "dev6", "dev7",
                                       "dev8", "dev9", "dev10", "dev11", "dev12", "dev13", "dev14", "dev15", "dev16",
                                       "dev17", "dev18", "dev19", "dev20", "dev21", "dev22", "dev23", "dev24",
                                       "dev25", "dev26", "dev27", "dev28", "dev29", "dev30", "dev31", "dev32",
                                       "dev33", "dev34", "dev35", "dev36", "dev37", "dev38")),
    "dev40": Sample(65574385, 40, 0, ("heldout", "heldout2", "dev", "dev2", "dev3", "dev4", "dev5", "dev6", "dev7",
                                       "dev8", "dev9", "dev10", "dev11", "dev12", "dev13", "dev14", "dev15", "dev16",
                                       "dev17", "dev18", "dev19", "dev20", "dev21", "dev22", "dev23", "dev24",
                                       "dev25", "dev26", "dev27", "dev28", "dev29", "dev30", "dev31", "dev32",
                                       "dev33", "dev34", "dev35", "dev36", "dev37", "dev38", "dev39")),
    "dev41": Sample(66332495, 40, 0, ("heldout", "heldout2", "dev", "dev2", "dev3", "dev4", "dev5", "dev6", "dev7",
                                       "dev8", "dev9", "dev10", "dev11", "dev12", "dev13", "dev14", "dev15",
                                       "dev16", "dev17", "dev18", "dev19", "dev20", "dev21", "dev22", "dev23",
                                       "dev24", "dev25", "dev26", "dev27", "dev28", "dev29", "dev30", "dev31",
                                       "dev32", "dev33", "dev34", "dev35", "dev36", "dev37", "dev38", "dev39",
                                       "dev40")),
    "dev42": Sample(67082039, 40, 0, ("heldout", "heldout2", "dev", "dev2", "dev3", "dev4", "dev5", "dev6", "dev7",
                                       "dev8", "dev9", "dev10", "dev11", "dev12", "dev13", "dev14", "dev15",
                                       "dev16", "dev17", "dev18", "dev19", "dev20", "dev21", "dev22", "dev23",
                                       "dev24", "dev25", "dev26", "dev27", "dev28", "dev29", "dev30", "dev31",
                                       "dev32", "dev33", "dev34", "dev35", "dev36", "dev37", "dev38", "dev39",
                                       "dev40", "dev41")),
    "dev43": Sample(67823299, 40, 0, ("heldout", "heldout2", "dev", "dev2", "dev3", "dev4", "dev5", "dev6", "dev7",
                                       "dev8", "dev9", "dev10", "dev11", "dev12", "dev13", "dev14", "dev15", "dev16",
                                       "dev17", "dev18", "dev19", "dev20", "dev21", "dev22", "dev23", "dev24", "dev25",
                                       "dev26", "dev27", "dev28", "dev29", "dev30", "dev31", "dev32", "dev33", "dev34",
                                       "dev35", "dev36", "dev37", "dev38", "dev39", "dev40", "dev41", "dev42")),
    "dev44": Sample(68556546, 40, 0, ("heldout", "heldout2", "dev", "dev2", "dev3", "dev4", "dev5", "dev6", "dev7",
                                       "dev8", "dev9", "dev10", "dev11", "dev12", "dev13", "dev14", "dev15", "dev16",
                                       "dev17", "dev18", "dev19", "dev20", "dev21", "dev22", "dev23", "dev24", "dev25",
                                       "dev26", "dev27", "dev28", "dev29", "dev30", "dev31", "dev32", "dev33", "dev34",
                                       "dev35", "dev36", "dev37", "dev38", "dev39", "dev40", "dev41", "dev42", "dev43")),
}


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
               default_out=data / f"{name}.jsonl", default_exclude=tuple(data / f"{e}.jsonl" for e in sample.exclude))


if __name__ == "__main__":
    sys.exit(main())
