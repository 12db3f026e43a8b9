from kg.lexicon import GazetteerEntry
from kg.model import Evidence, Mention, Paper, PaperRecord
from kg.resolve import norm, resolve

EV = Evidence("s", 0, 1)


def rec(pid, *mentions, aliases=()):
    return PaperRecord(Paper(pid, "x", "t.txt"), tuple(Mention(n, t, 0, 1, key=k) for n, t, k in mentions),
                       aliases=aliases)


GAZ = (GazetteerEntry("MS-COCO", "Dataset", ("COCO", "MSCOCO"), "wikidata:Q123"),
       GazetteerEntry("ViT", "Method", ("Vision Transformer",)))


def test_norm_follows_the_guidelines():
    assert norm("SUN RGB-D") == norm("SUN RGBD") == "sunrgbd"
    assert norm("Llama-3.1") == norm("Llama3.1")


def test_gazetteer_aliases_punctuation_and_case_merge():
    res = resolve([rec("a", ("COCO", "Dataset", None)), rec("b", ("MSCOCO", "Dataset", None)),
                   rec("c", ("SUN RGB-D", "Dataset", None)), rec("d", ("SUN RGBD", "Dataset", None))], GAZ)
    keys = {res.key_for(p, n, "Dataset") for p, n in (("a", "COCO"), ("b", "MSCOCO"))}
    assert len(keys) == 1
    coco = res.entities[keys.pop()]
    assert coco.label == "MS-COCO" and "COCO" in coco.aliases
    assert coco.same_as == ("http://www.wikidata.org/entity/Q123",)
    assert res.key_for("c", "SUN RGB-D", "Dataset") == res.key_for("d", "SUN RGBD", "Dataset")


def test_acronym_definition_merges_long_and_short_form():
    res = resolve([rec("a", ("MAD-X", "Method", None), aliases=(("Model Adaptive Decoder X", "MAD-X"),)),
                   rec("b", ("Model Adaptive Decoder X", "Method", None))], ())
    key = res.key_for("b", "Model Adaptive Decoder X", "Method")
    assert key == res.key_for("a", "MAD-X", "Method")
    assert res.entities[key].label == "MAD-X"


def test_versions_stay_distinct_but_linked():
    res = resolve([rec("a", ("ImageNet", "Dataset", None), ("ImageNet-1k", "Dataset", None),
                        ("CIFAR-10", "Dataset", None), ("CIFAR-100", "Dataset", None))], ())
    base, v = res.key_for("a", "ImageNet", "Dataset"), res.key_for("a", "ImageNet-1k", "Dataset")
    assert base != v and res.entities[v].variant_of == base
    assert res.entities[res.key_for("a", "CIFAR-100", "Dataset")].variant_of is None


def test_variants_are_versions_not_longer_acronyms():
    names = ("QB", "QB1", "QBv2", "QBA", "QBZO", "QBX", "QBX2", "ZAT", "ZATv2", "ZATE", "Blam", "BlamW", "Quux", "Quux-XL", "QuuxNet",
             "QuuxNet50", "QUX", "QUX-B/16", "QUXr", "ZB", "ZbT", "Quux 2", "Quux Large", "Quux AI", "Quux 2.1", "Quux v1.5",
             "QUX-3.5")
    res = resolve([rec("a", *((n, "Method", None) for n in names))], ())

    def base(name):
        parent = res.entities[res.key_for("a", name, "Method")].variant_of
        return res.entities[parent].label if parent else None

    got = {n: base(n) for n in names}
    # two letters and a glued number are another acronym (TD3 is no version of TD); three are a base
    assert got == {"QB": None, "QB1": None, "QBv2": "QB", "QBA": None, "QBZO": None, "QBX": None, "QBX2": "QBX", "ZAT": None, "ZATv2": "ZAT", "ZATE": None,
                   "Blam": None, "BlamW": "Blam", "Quux": None, "Quux-XL": "Quux", "QuuxNet": None,
                   "QuuxNet50": "QuuxNet", "QUX": None, "QUX-B/16": "QUX", "QUXr": None, "ZB": None, "ZbT": None,
                   "Quux 2": "Quux", "Quux Large": "Quux", "Quux AI": None, "Quux 2.1": "Quux", "Quux v1.5": "Quux",
                   "QUX-3.5": "QUX"}


def test_same_name_different_types_stay_apart():
    res = resolve([rec("a", ("MAE", "Method", None), ("MAE", "Metric", None))], ())
    assert res.key_for("a", "MAE", "Method") != res.key_for("a", "MAE", "Metric")


def test_keys_are_stable_across_corpora():
    one = resolve([rec("a", ("Llama-3.1", "Method", None))], ())
    two = resolve([rec("z", ("Llama3.1", "Method", None)), rec("y", ("GPT-4", "Method", None))], ())
    assert one.key_for("a", "Llama-3.1", "Method") == two.key_for("z", "Llama3.1", "Method") == "method/llama31"


def test_a_plus_version_is_another_entity():
    """"DANE+" extends DANE: one node each (scoring still folds the plus sign away)."""
    res = resolve([rec("a", ("DANE", "Method", None), ("DANE+", "Method", None)), rec("b", ("dane+", "Method", None))], ())
    plain, plus = res.key_for("a", "DANE", "Method"), res.key_for("a", "DANE+", "Method")
    assert plain != plus and plus == res.key_for("b", "dane+", "Method")
    assert norm("DANE+") == norm("DANE")


def test_a_short_form_with_two_meanings_merges_nothing_across_papers():
    """"QL" is quux learning in one paper and quantum logic in another: two entities, each
    paper's "QL" resolves to its own long form."""
    a = rec("a", ("QL", "Method", None), ("quux learning", "Method", None), aliases=(("quux learning", "QL"),))
    b = rec("b", ("QL", "Method", None), ("quantum logic", "Method", None), aliases=(("quantum logic", "QL"),))
    res = resolve([a, b], ())
    qa, qb = res.key_for("a", "QL", "Method"), res.key_for("b", "QL", "Method")
    assert qa == res.key_for("a", "quux learning", "Method") and qb == res.key_for("b", "quantum logic", "Method")
    assert qa != qb


def test_a_paper_redefining_a_listed_acronym_keeps_its_own_meaning():
    gaz = (GazetteerEntry("Segment Anything", "Method", ("SAM",)),)
    a = rec("a", ("SAM", "Method", None), ("Sharpness-Aware Minimization", "Method", None),
            aliases=(("Sharpness-Aware Minimization", "SAM"),))
    b = rec("b", ("SAM", "Method", "Segment Anything"))
    res = resolve([a, b], gaz)
    assert res.key_for("a", "SAM", "Method") == res.key_for("a", "Sharpness-Aware Minimization", "Method")
    assert res.key_for("b", "SAM", "Method") == "method/segmentanything" != res.key_for("a", "SAM", "Method")


def test_one_meaning_still_merges_short_and_long_forms():
    a = rec("a", ("QL", "Method", None), aliases=(("quux learning", "QL"),))
    b = rec("b", ("quux learning", "Method", None))
    res = resolve([a, b], ())
    assert res.key_for("a", "QL", "Method") == res.key_for("b", "quux learning", "Method")


def test_no_name_is_listed_for_two_gazetteer_entries_of_one_group():
    """Two entries sharing a name or alias would be merged into one entity by resolution."""
    from collections import defaultdict

    from kg.lexicon import load_gazetteer
    from kg.resolve import GROUP, entity_key

    owners = defaultdict(set)
    for entry in load_gazetteer():
        for form in (entry.name, *entry.aliases):
            owners[(GROUP[entry.type], entity_key(form))].add(entry.name)
    shared = {k: sorted(v) for k, v in owners.items() if len(v) > 1}
    assert not shared, shared


def test_an_acronym_and_its_plural_are_one_entity_named_in_the_singular():
    res = resolve([rec("a", ("QNNs", "Method", None)), rec("b", ("QNN", "Method", None)),
                   rec("c", ("QNNs", "Method", None))], ())
    key = res.key_for("a", "QNNs", "Method")
    assert key == res.key_for("b", "QNN", "Method") and res.entities[key].label == "QNN"


def test_plural_long_forms_are_one_meaning_of_a_short_form():
    a = rec("a", ("QNN", "Method", None), aliases=(("quux neural network", "QNN"),))
    b = rec("b", ("QNNs", "Method", None), aliases=(("Quux Neural Networks", "QNNs"),))
    res = resolve([a, b], ())
    assert res.key_for("a", "QNN", "Method") == res.key_for("b", "QNNs", "Method")


def test_a_modifier_that_changes_the_meaning_keeps_two_meanings_apart():
    a = rec("a", ("QSL", "Method", None), ("self quux learning", "Method", None),
            aliases=(("self quux learning", "QSL"),))
    b = rec("b", ("QSL", "Method", None), ("quux learning", "Method", None), aliases=(("quux learning", "QSL"),))
    c = rec("c", ("QSL", "Method", None), ("self quux learning", "Method", None),
            aliases=(("self-quux learning", "QSL"),))
    res = resolve([a, b, c], ())
    assert res.key_for("a", "QSL", "Method") == res.key_for("c", "QSL", "Method")
    assert res.key_for("b", "QSL", "Method") == res.key_for("b", "quux learning", "Method")
    assert res.key_for("a", "QSL", "Method") != res.key_for("b", "QSL", "Method")


def test_a_very_short_form_defined_once_lends_its_meaning_to_no_other_paper():
    """"QX" defined as quux xylophone in one abstract and used undefined in others means other
    things there; a longer coined short form defined once is the same thing everywhere."""
    a = rec("a", ("QX", "Method", None), ("QUXB", "Method", None),
            aliases=(("quux xylophone", "QX"), ("Quux Blob", "QUXB")))
    b = rec("b", ("QX", "Method", None), ("QUXB", "Method", None))
    res = resolve([a, b], ())
    assert res.entities[res.key_for("a", "QX", "Method")].label == "quux xylophone"
    assert res.key_for("b", "QX", "Method") != res.key_for("a", "QX", "Method")
    assert res.key_for("b", "QUXB", "Method") == res.key_for("a", "QUXB", "Method")
    two = resolve([a, b, rec("c", ("QX", "Method", None), aliases=(("quux xylophones", "QX"),))], ())
    assert two.key_for("a", "QX", "Method") == two.key_for("c", "QX", "Method") == two.key_for("b", "QX", "Method")


def test_a_short_form_defined_twice_by_one_paper_is_still_that_papers_own():
    a = rec("a", ("QX", "Method", None), aliases=(("quux xylophone", "QX"), ("Quux Xylophones", "QX")))
    b = rec("b", ("QX", "Method", None))
    res = resolve([a, b], ())
    assert res.key_for("b", "QX", "Method") != res.key_for("a", "QX", "Method")


def test_a_name_written_in_latex_is_no_definition():
    a = rec("a", ("QX", "Method", None), aliases=(("\\textsc{QX}", "QX"),))
    b = rec("b", ("QX", "Method", None))
    res = resolve([a, b], ())
    assert res.key_for("a", "QX", "Method") == res.key_for("b", "QX", "Method") == "method/qx"


def test_a_size_written_with_times_is_the_size_written_with_x():
    from kg.resolve import entity_key
    assert entity_key("Mixtral-8×7B") == entity_key("Mixtral-8x7B") == entity_key("mixtral 8x7b")
    assert entity_key("Quux×Net") != entity_key("QuuxxNet")  # only between digits


def test_a_name_written_in_the_plural_is_an_alias():
    abstract = "Deep ViTs beat ViT-free nets."
    paper = Paper("a", abstract, "t.txt")
    record = PaperRecord(paper, (Mention("ViT", "Method", 5, 9, key="ViT"), Mention("ViT", "Method", 15, 18, key="ViT")))
    res = resolve([record], GAZ)
    ent = res.entities[res.key_for("a", "ViT", "Method")]
    assert ent.label == "ViT" and "ViTs" in ent.aliases  # as written at 5:9
    assert not any(a.startswith("ViT-") for a in ent.aliases)


def test_plural_and_singular_written_in_different_papers_are_one_entity():
    res = resolve([rec("a", ("QuuxNets", "Method", None), ("zorbed blorp flows", "Method", None),
                        ("Blam policies", "Method", None)),
                   rec("b", ("QuuxNet", "Method", None), ("zorbed blorp flow", "Method", None),
                       ("Blam policy", "Method", None)),
                   rec("c", ("QuuxNet", "Method", None), ("Zorb dynamics", "Method", None), ("Zorb dynamic", "Task", None))],
                  ())
    for plural, single in (("QuuxNets", "QuuxNet"), ("zorbed blorp flows", "zorbed blorp flow"),
                           ("Blam policies", "Blam policy")):
        key = res.key_for("a", plural, "Method")
        assert key == res.key_for("b", single, "Method")
        assert res.entities[key].label == single  # the singular names the entity, the plural is an alias
        assert plural in res.entities[key].aliases


def test_a_name_only_ever_written_in_the_plural_keeps_its_key():
    res = resolve([rec("a", ("k-means", "Method", None), ("Langevin dynamics", "Method", None)),
                   rec("b", ("Langevin dynamic", "Method", None))], ())
    assert res.key_for("a", "k-means", "Method") == "method/kmeans"
    assert res.key_for("a", "Langevin dynamics", "Method") != res.key_for("b", "Langevin dynamic", "Method")
