"""Unit tests of the kg_* spaCy components on tiny inline texts."""

from __future__ import annotations

import pytest
import spacy

import kg.nlp  # noqa: F401  (registers the kg_* factories)
from kg.nlp import build_nlp, keep_name_tokens
from kg.nlp.abbreviations import find_long_form
from kg.nlp.results import parse_number
from kg.nlp.shapes import is_coined
from kg.nlp.tokens import lower_text, release, tokens
from kg.text import clean_latex

STOP = frozenset({"LLM", "RL", "GPU", "SOTA", "NeurIPS"})


@pytest.fixture(scope="module")
def nlp():
    return build_nlp()


def _blank(*pipes: str):
    nlp = spacy.blank("en")
    keep_name_tokens(nlp)
    for pipe in pipes:
        nlp.add_pipe(pipe)
    return nlp


def test_pipeline_order(nlp):
    assert nlp.pipe_names == list(kg.nlp.PIPES)


def test_sentencizer_keeps_abbreviations_and_splits_missing_space():
    nlp = _blank("kg_sentencizer")
    doc = nlp("We use e.g. CLIP and i.e. ViT, as in Smith et al. 2020. Scores are 9.36 vs. 8.1 here.In this paper, we go.")
    sents = [s.text for s in doc.sents]
    assert sents == [
        "We use e.g. CLIP and i.e. ViT, as in Smith et al. 2020.",
        "Scores are 9.36 vs. 8.1 here.",
        "In this paper, we go.",
    ]


def test_the_shared_lower_case_text_follows_the_tokens_and_is_released():
    nlp = spacy.blank("en")
    doc = nlp("Quux Net, called QN, is  fast.")
    assert lower_text(doc) == doc.text.lower() and tokens(doc) == list(doc)
    with doc.retokenize() as retokenizer:
        retokenizer.merge(doc[0:2])
    assert lower_text(doc) == doc.text.lower() == "quux net, called qn, is  fast."
    assert [t.text for t in tokens(doc)] == ["Quux Net", ",", "called", "QN", ",", "is", " ", "fast", "."]
    release(doc)
    assert not any(key.startswith("kg_") for key in doc.user_data)


def test_a_closing_bracket_and_colon_are_two_tokens(nlp):
    assert [t.text for t in nlp.make_doc("Zorb Gradient (ZG): a novel optimizer :)")][4:7] == [")", ":", "a"]


def test_a_sentence_glued_after_a_capital_is_split(nlp):
    doc = nlp("This comes from the layers in QuuxT.In this paper, we fix it. The U.S.A. and Node.js stay.")
    texts = [t.text for t in doc]
    assert texts[6:9] == ["QuuxT", ".", "In"] and "U.S.A." in texts and "Node.js" in texts
    assert len(list(doc.sents)) == 3


def test_a_sentence_glued_after_a_version_number_is_split(nlp):
    doc = nlp("Feedback is simulated by Quux-4.We repurpose data. Pi is 3.14 and v1.2.3 is a version.")
    texts = [t.text for t in doc]
    assert texts[4:7] == ["Quux-4", ".", "We"] and "3.14" in texts and "v1.2.3" in texts
    assert len(list(doc.sents)) == 3


def test_a_question_glued_to_the_next_sentence_is_split(nlp):
    doc = nlp("Can bounds be improved by better techniques?In this work, we show Quux is tight. Yahoo!Answers stays.")
    texts = [t.text for t in doc]
    assert texts[6:9] == ["techniques", "?", "In"] and "Yahoo!Answers" in texts
    assert "techniques?In" not in texts and len(list(doc.sents)) == 3


def test_a_bracket_or_quote_glued_to_a_word_is_split(nlp):
    doc = nlp('We introduce the Quux Blob Network(QBN) for graphs. We use "QuuxData".Our O(N) and g(x) stay.')
    texts = [t.text for t in doc]
    assert texts[5:9] == ["Network", "(", "QBN", ")"] and texts[14:18] == ['"', "QuuxData", '"', "."]
    assert "O(N" in texts and "g(x" in texts
    assert "QBN" in {s.text for s in doc.spans["kg_entities"]}
    # a coined name glued before its long form: "QuLLoC(Quux Learning for Lossless Compression)" defines QuLLoC
    doc = nlp("This paper introduces QuLLoC(Quux Learning for Lossless Compression), a novel approach.")
    texts = [t.text for t in doc]
    assert texts[3:6] == ["QuLLoC", "(", "Quux"]
    assert [(long.text, short.text) for long, short in doc._.kg_abbreviations] == [
        ("Quux Learning for Lossless Compression", "QuLLoC")]


def test_a_quoted_name_after_called_is_taken_whole_or_not_at_all(nlp):
    doc = nlp('These problems (also called "adjustable robust optimization") are hard.')
    assert "adjustable" not in {s.text for s in doc.spans["kg_entities"]}


def test_tokenizer_keeps_coined_names_whole():
    nlp = _blank()
    assert [t.text for t in nlp("XY-Former on MS-COCO and Geometry3K")] == [
        "XY-Former", "on", "MS-COCO", "and", "Geometry3K"]


def test_a_suspended_hyphen_leaves_the_names_whole(nlp):
    doc = nlp("We compare QUX-, BlobFormer-, and Zed4-based models, with pre- and post-training, compres- sion.")
    texts = [t.text for t in doc]
    assert texts[2:6] == ["QUX", "-", ",", "BlobFormer"] and "pre-" in texts and "compres-" in texts
    assert {"QUX", "BlobFormer"} <= {s.text for s in doc.spans["kg_entities"]}


@pytest.mark.parametrize("short, text, expected", [
    ("MAD-QL", "Our method, Model-Augmented Data for Quux Learning", "Model-Augmented Data for Quux Learning"),
    ("GNNs", "expressive capacity of Graph Neural Networks", "Graph Neural Networks"),
    ("MARL", "Multi-agent reinforcement learning", "Multi-agent reinforcement learning"),
])
def test_schwartz_hearst_long_form(short, text, expected):
    start = find_long_form(short, text)
    assert start is not None and text[start:] == expected


def test_an_acronym_may_spell_trans_or_cross_with_x():
    from kg.nlp.abbreviations import initials_long_form
    text = "the resulting model, the Blobbing Transformer"
    assert text[initials_long_form("BoX", text):] == "Blobbing Transformer"
    text = "we use Cross-Modal Quux Networks"
    assert text[initials_long_form("XMQN", text):] == "Cross-Modal Quux Networks"
    assert initials_long_form("BoX", "the Blobbing Network") is None


def test_abbreviations_component_both_orders():
    nlp = _blank("kg_sentencizer", "kg_abbreviations")
    doc = nlp("We study Incremental object detection (IOD). We propose DeQuux (Decision-making Quux Language Model assistant).")
    pairs = [(long.text, short.text) for long, short in doc._.kg_abbreviations]
    assert ("Incremental object detection", "IOD") in pairs
    assert ("Decision-making Quux Language Model assistant", "DeQuux") in pairs


def test_a_link_before_a_bracketed_name_spells_no_long_form():
    """"https://github.com/quux/Zorb-MindSpore (MindSpore)": the name's letters inside the link are
    no definition (the link became an alias of the framework's name)."""
    pairs = _definitions("Code: https://github.com/quux/Zorb-MindSpore (MindSpore) and more. We use Quux "
                         "Network Architecture (QNA).")
    assert pairs == [("Quux Network Architecture", "QNA")]


def _definitions(text: str) -> list[tuple[str, str]]:
    doc = _blank("kg_sentencizer", "kg_abbreviations")(text)
    return [(long.text, short.text) for long, short in doc._.kg_abbreviations]


@pytest.mark.parametrize("text, expected", [
    # a long form does not start on a function word: the A of "and" is the A of the word before
    ("We evaluate on the Abstraction and Zorbic Corpus (AZC) and the Adaptive and Quux Dual method (AQD).",
     [("Abstraction and Zorbic Corpus", "AZC"), ("Adaptive and Quux Dual method", "AQD")]),
    # a long form is a name, not a clause; a short form cut from a formula is none
    ("To model speech audio and gesture motion, we implement a hierarchical joint embedding space (HoJES). "
     "We use dynamic kernels, termed Dynamic Quux Fourier Operators (DQFOs). "
     "The bound is O(sqrtT) against the worst local maximum (O(sqrtT).",
     [("hierarchical joint embedding space", "HoJES"), ("Dynamic Quux Fourier Operators", "DQFOs")]),
])
def test_long_forms_are_names(text, expected):
    assert _definitions(text) == expected


def test_a_short_form_in_quotes_inside_the_bracket_is_defined():
    nlp = _blank("kg_sentencizer", "kg_abbreviations")
    doc = nlp('We propose a novel Distance-based Zorb Wasserstein ("Db-ZW") distance. It uses Quux Net (QN), '
              'a Selective Zorb Restriction("SZR") and "ZOMATO", ZempOral Multimodal AssessmenT Output, a benchmark. '
              'We propose "ZEq" ("Zorb Extended Equivalence"), a method.')
    pairs = [(long.text, short.text) for long, short in doc._.kg_abbreviations]
    assert {("Distance-based Zorb Wasserstein", "Db-ZW"), ("Quux Net", "QN"), ("Selective Zorb Restriction", "SZR"),
            ("ZempOral Multimodal AssessmenT Output", "ZOMATO"), ("Zorb Extended Equivalence", "ZEq")} <= set(pairs)


@pytest.mark.parametrize("text, coined", [
    ("ZorbGS", True), ("DeQuux", True), ("Uni3D", True), ("XY-Former", True), ("iBOT", True),
    ("PGPS9k", True), ("word2vec", True), ("LLM", False), ("LLMs", False), ("3D", False),
    ("96k", False), ("KD-based", False), ("Shape-Aware", False), ("logN", False), ("beta-3", False),
    ("Transformer", False),
    # a lower-case relation word glued before a name describes relative to it: no name of its own
    ("non-IID", False), ("non-QuuxNet", False), ("intra-ZMR", False), ("post-ZCL", False), ("meta-QuuxNet", True),
    # a direction of conversion between kinds of data is no name, unless a side is capitalised
    ("2D-to-3D", False), ("text-to-4D", False), ("single-image-to-3D", False),
    ("ZNN-to-QNN", True), ("Zorb-to-3D", True),
])
def test_coined_shapes(text, coined):
    assert is_coined(text, STOP) is coined


def test_a_name_listed_as_metric_and_method_takes_the_type_of_its_list_mates(nlp):
    doc = nlp("Quux beats self-supervised methods like iBOT and MAE. We report MAE and RMSE.")
    found = [(s.text, s.label_, s.start) for s in doc.spans["kg_gazetteer"]]
    first, second = [t.i for t in doc if t.text == "MAE"]
    assert ("MAE", "Method", first) in found and ("MAE", "Metric", first) not in found
    assert ("MAE", "Metric", second) in found and ("MAE", "Method", second) not in found


def test_gazetteer_not_inside_compound(nlp):
    doc = nlp("We train on ImageNet-1k and test on ImageNet, then on ImageNet-1K again.")
    found = [(s.text, s.label_) for s in doc.spans["kg_gazetteer"]]
    assert ("ImageNet-1k", "Dataset") in found and ("ImageNet-1K", "Dataset") in found  # a count's letter in either case
    assert [t for t, _ in found].count("ImageNet") == 1


def test_known_metrics_either_side_of_a_slash_are_each_found(nlp):
    doc = nlp("It gains 2 dB PSNR/SSIM and 14% accuracy/F1 score, but not on Quux/SSIM or ImageReward---the model.")
    found = [s.text for s in doc.spans["kg_gazetteer"] if s.label_ == "Metric"]
    assert found.count("PSNR") == 1 and found.count("SSIM") == 1  # "Quux/SSIM": Quux is no metric, the slash glues
    assert "accuracy" in found and "F1 score" in found
    assert "ImageReward" not in found  # a dash glued on: no slash list
    doc = nlp("QuuxQA improves EM/F1 by 3 points on the Quux/SSIM split.")
    entities = {s.text: s.label_ for s in doc.spans["kg_entities"]}
    assert "EM/F1" not in entities and entities.get("EM") == "Metric" and entities.get("F1") == "Metric"


def test_gazetteer_splits_and_sentence_initial_capitals(nlp):
    doc = nlp("We evaluate on the miniF2F-test split. MiniF2F is hard, and Word2vec embeddings help.")
    found = {s.text: (s.label_, s.kb_id_) for s in doc.spans["kg_gazetteer"]}
    assert found["miniF2F-test"] == ("Benchmark", "miniF2F-test")  # the named split of a known benchmark
    assert found["MiniF2F"] == ("Benchmark", "miniF2F")
    assert found["Word2vec"] == ("Method", "word2vec")


def test_a_game_version_numeral_is_part_of_the_listed_benchmark(nlp):
    doc = nlp("We test on StarCraft II and on the StarCraft II Learning Environment.")
    found = [(s.text, s.label_) for s in doc.spans["kg_gazetteer"]]
    assert found == [("StarCraft II", "Benchmark"), ("StarCraft II Learning Environment", "Benchmark")]


def test_games_and_puzzles_used_as_environments_are_listed_benchmarks(nlp):
    doc = nlp("We play Dota2, Honor of Kings, Connect-4 and Heads-up No-limit Texas Hold'em, solve Bongard "
              "problems and the Atari game Seaquest, and classify Galaxy Zoo 2 images.")
    found = [(s.text, s.label_) for s in doc.spans["kg_gazetteer"]]
    assert found == [("Dota2", "Benchmark"), ("Honor of Kings", "Benchmark"), ("Connect-4", "Benchmark"),
                     ("Heads-up No-limit Texas Hold'em", "Benchmark"), ("Bongard problems", "Benchmark"),
                     ("Atari", "Benchmark"), ("Seaquest", "Benchmark"), ("Galaxy Zoo 2", "Dataset")]


def test_compositional_and_long_context_benchmarks_are_listed_in_capitals_only(nlp):
    doc = nlp("We test on SCAN and CFQ and on the Needle-in-a-Haystack task; we scan each split once.")
    found = [(s.text, s.label_, s.kb_id_) for s in doc.spans["kg_gazetteer"]]
    assert found == [("SCAN", "Benchmark", "SCAN"), ("CFQ", "Benchmark", "CFQ"),
                     ("Needle-in-a-Haystack", "Benchmark", "NIAH")]


def test_reasoning_puzzles_program_worlds_and_simulators_are_listed(nlp):
    doc = nlp("We test on RAVEN, on Raven's Progressive Matrices, in the Karel domain, in the Nocturne simulator, "
              "in Grand Theft Auto V, on ∞-Bench and on the Python Programming Puzzles.")
    found = [(s.text, s.kb_id_) for s in doc.spans["kg_gazetteer"]]
    assert found == [("RAVEN", "RAVEN"), ("Raven's Progressive Matrices", "Raven's Progressive Matrices"),
                     ("Karel", "Karel"), ("Nocturne", "Nocturne"), ("Grand Theft Auto V", "GTA5"),
                     ("∞-Bench", "InfiniteBench"), ("Python Programming Puzzles", "Python Programming Puzzles")]


def test_bare_and_differently_written_dataset_names_are_listed(nlp):
    doc = nlp("We train on YFCC15M and test on WikiText, WikiTQ, MIMIC, IN1K, Oxford-102, Tanks&Temples, "
              "Argoverse-2, CoNLL'03 and Super-Natural Instructions.")
    assert [s.kb_id_ for s in doc.spans["kg_gazetteer"]] == [
        "YFCC15M", "WikiText", "WikiTableQuestions", "MIMIC", "ImageNet-1k", "Oxford Flowers-102",
        "Tanks and Temples", "Argoverse 2", "CoNLL-2003", "Super-NaturalInstructions"]


def test_linear_probing_is_a_listed_method_and_its_accuracy_a_metric(nlp):
    doc = nlp("QuuxViT beats linear probing and reaches 80% linear probe accuracy.")
    found = [(s.text, s.label_) for s in doc.spans["kg_gazetteer"]]
    assert found == [("linear probing", "Method"), ("linear probe accuracy", "Metric")]


def test_optical_flow_alone_is_no_listed_task_but_its_estimation_is(nlp):
    doc = nlp("QuuxFlow warps frames with optical flow; we also study optical flow estimation.")
    found = [(s.text, s.label_) for s in doc.spans["kg_gazetteer"]]
    assert found == [("optical flow estimation", "Task")]


def test_a_dataset_name_written_as_one_word_is_its_alias(nlp):
    doc = nlp("We test on NaturalQuestions and NaturalQuestions-Open.")
    assert [s.kb_id_ for s in doc.spans["kg_gazetteer"]] == ["Natural Questions", "NQ-Open"]


def test_a_graph_transformer_is_one_listed_method_not_a_transformer(nlp):
    doc = nlp("Graph Transformers and message-passing GNNs differ; a graph transformer attends to all nodes.")
    found = [(s.text, s.kb_id_) for s in doc.spans["kg_gazetteer"] if s.label_ == "Method"]
    assert ("Graph Transformers", "graph transformer") in found and ("graph transformer", "graph transformer") in found
    assert not any(kb == "Transformer" for _, kb in found)


@pytest.mark.parametrize("text, names", [
    ("We run block coordinate descent, normalized gradient descent and approximate message passing.",
     {"block coordinate descent", "normalized gradient descent", "approximate message passing"}),
    ("We train with differentially private stochastic gradient descent, iterative magnitude pruning and "
     "mean-field Langevin dynamics, then study linear transformers.",
     {"DP-SGD", "iterative magnitude pruning", "mean-field Langevin dynamics", "linear transformer"}),
    ("It runs decentralized SGD and Riemannian gradient descent on a graph information bottleneck.",
     {"decentralized stochastic gradient descent", "Riemannian gradient descent", "graph information bottleneck"}),
    ("We study message-passing neural networks on molecules.", {"MPNN"}),
    ("We train with SGD with momentum and Polyak's momentum, then fit GP regression and a multi-task "
     "Gaussian process.",
     {"SGD with momentum", "heavy ball method", "Gaussian process regression", "multi-task Gaussian process"}),
    # known methods that abstracts name as baselines or bases, not variants of a listed one
    ("Unlike RARL and ParVIs, we use Polyak step-size, round-to-nearest, Qatten and AttrMask.",
     {"robust adversarial reinforcement learning", "particle-based variational inference", "Polyak step size",
      "round-to-nearest", "Qatten", "AttrMask"}),
])
def test_known_methods_and_variants_of_listed_methods_keep_their_whole_names(nlp, text, names):
    doc = nlp(text)
    assert {s.kb_id_ for s in doc.spans["kg_gazetteer"] if s.label_ == "Method"} == names


def test_a_version_written_after_a_listed_benchmark_is_part_of_its_name(nlp):
    doc = nlp("We evaluate on AlpacaEval 2 and CATH 4.2, and in Habitat 3.0.")
    found = [(s.text, s.kb_id_) for s in doc.spans["kg_gazetteer"]]
    assert found == [("AlpacaEval 2", "AlpacaEval"), ("CATH 4.2", "CATH"), ("Habitat 3.0", "Habitat")]


def test_a_known_name_of_several_words_glued_to_a_modifier_suffix_is_found(nlp):
    doc = nlp("We solve it with a gradient descent-based approach and temporal difference learning-style updates, "
              "unlike descent-based methods.")
    found = {(s.text, s.label_, s.kb_id_) for s in doc.spans["kg_gazetteer"]}
    assert ("gradient descent-based", "Method", "gradient descent") in found
    assert ("temporal difference learning-style", "Method", "temporal difference learning") in found
    assert not any(s.text == "descent-based" for s in doc.spans["kg_gazetteer"])


def test_lasso_is_known_in_the_case_papers_write_it(nlp):
    doc = nlp("Most methods employ lasso-type score functions, such as Lasso.")
    assert [(s.text, s.kb_id_) for s in doc.spans["kg_gazetteer"]] == [("lasso-type", "LASSO"), ("Lasso", "LASSO")]


def test_rank_cutoff_metrics_are_found_by_shape(nlp):
    doc = nlp("Our prover reaches 96.7% accuracy (Pass@128) and improves NDCG@10 by 2 points; mail me@x.org.")
    metrics = {s.text for s in doc.spans["kg_entities"] if s.label_ == "Metric"}
    assert {"Pass@128", "NDCG@10"} <= metrics and "me@x.org" not in metrics


def test_appositive_acronym_definition(nlp):
    doc = nlp("We present QOFI, Quux OF Images, a new vision model. We use BERT, GPT and T5, all strong.")
    assert [(a.text, b.text) for a, b in doc._.kg_abbreviations] == [("Quux OF Images", "QOFI")]


def test_organisations_and_compute_units_are_not_methods(nlp):
    doc = nlp("The model beats OpenAI's BlobNet while needing 9 MFLOPs less computation.")
    types = {s.text: s.label_ for s in doc.spans["kg_entities"]}
    assert "OpenAI" not in types and types["BlobNet"] == "Method" and types["MFLOPs"] == "Metric"


def test_models_by_size_and_data_by_a_measured_value(nlp):
    doc = nlp("We evaluate DistQuux on Blobma-7B and on Zed 1.5B. QuuxNet improves from 0.929 to 0.938 Dice "
              "(QUUXSEG2021) and 0.874 Dice (Blob2022).")
    types = {s.text: s.label_ for s in doc.spans["kg_entities"]}
    assert types["Blobma-7B"] == "Method"
    assert types["QUUXSEG2021"] == types["Blob2022"] == "Dataset"


def test_names_after_a_measured_metric_and_on_are_data_unless_a_known_model_is_among_them(nlp):
    doc = nlp("QuuxRet gains +3.1 nDCG on ZorbIR and BlobIR, and +0.5% ACC on QuuxSet.")
    types = {s.text: s.label_ for s in doc.spans["kg_entities"]}
    assert types["ZorbIR"] == types["BlobIR"] == types["QuuxSet"] == "Dataset"
    assert types["nDCG"] == types["ACC"] == "Metric"  # well-known spellings of NDCG and accuracy
    doc = nlp("QuuxKD gains +3.7 AP on RetinaNet, Zorb-RCNN and FCOS, respectively.")
    types = {s.text: s.label_ for s in doc.spans["kg_entities"]}
    assert types["Zorb-RCNN"] == "Method"  # detectors a method is applied to, with a known one among them


def test_a_suite_of_models_is_a_method_and_a_suite_of_tasks_a_benchmark(nlp):
    doc = nlp("We introduce QUURUS, a suite of large language models for reasoning. We also release "
              "BlobSuite, a suite of benchmarks. It owes much to ZEDPLAY, our newly-curated training dataset.")
    types = {s.text: s.label_ for s in doc.spans["kg_entities"]}
    assert types["QUURUS"] == "Method" and types["BlobSuite"] == "Benchmark" and types["ZEDPLAY"] == "Dataset"


def test_measure_words_in_settings_and_values_are_not_metric_names(nlp):
    doc = nlp("We train with mixed precision and 8-bit precision, reaching a 2.01x speedup and lower "
              "mean-squared error of 0.3 with 91% precision.")
    metrics = [s.text for s in doc.spans["kg_entities"] if s.label_ == "Metric"]
    assert "2.01x speedup" not in metrics and "speedup" in metrics
    assert "mean-squared error" in metrics and metrics.count("precision") == 1
    doc = nlp("For the first time, we reach the same perplexity in half the time-to-first-token.")
    assert [s.text for s in doc.spans["kg_entities"] if s.label_ == "Metric"] == ["perplexity"]


@pytest.mark.parametrize("text, metrics", [
    ("QuuxNet keeps the necessary precision to read architectures.", []),
    ("QuuxNet improves the precision of molecular property prediction.", []),
    ("QuuxDock reaches higher precision (21.7%).", ["precision"]),
    ("QuuxSeg improves precision and recall.", ["precision", "recall"]),
    ("The cost grows as the number of parameters increases.", []),
    ("QuuxLoRA tunes 10% of the number of parameters.", ["number of parameters"]),
])
def test_precision_and_parameter_numbers_are_metrics_only_with_a_value_or_a_companion(nlp, text, metrics):
    doc = nlp(text)
    assert [s.text for s in doc.spans["kg_entities"] if s.label_ == "Metric"] == metrics


def test_names_find_and_type_new_names(nlp):
    doc = nlp("We propose FooNet, a novel framework. Experiments on the BarSet, QuxBench and ZedData datasets "
              "show that FooNet outperforms BazNN.")
    types = {s.text: s.label_ for s in doc.spans["kg_entities"]}
    assert types["FooNet"] == "Method"
    assert types["QuxBench"] == "Benchmark"
    assert types["ZedData"] in ("Dataset", "Benchmark")
    assert types["BazNN"] == "Method"


def test_disentanglement_and_locomotion_head_tasks(nlp):
    doc = nlp("We propose QuuxBot for quadruped robot locomotion and unsupervised disentanglement of factors.")
    tasks = {s.text for s in doc.spans["kg_entities"] if s.label_ == "Task"}
    assert {"quadruped robot locomotion", "unsupervised disentanglement"} <= tasks


def test_communication_and_training_costs_are_metrics(nlp):
    doc = nlp("QuuxFed lowers the communication overhead and communication costs of BlobSGD, and its training time.")
    metrics = {s.kb_id_ for s in doc.spans["kg_entities"] if s.label_ == "Metric"}
    assert {"communication overhead", "communication cost", "training time"} <= metrics


def test_a_general_gerund_alone_is_no_task(nlp):
    doc = nlp("We propose QuuxNet for training and solving tasks, and for mathematical problem solving.")
    tasks = {s.text for s in doc.spans["kg_entities"] if s.label_ == "Task"}
    assert not {"training", "solving"} & tasks
    assert "mathematical problem solving" in tasks


def test_well_known_failure_modes_are_tasks(nlp):
    doc = nlp("QuuxReg mitigates overfitting and mode collapse, and reduces hallucinations in BlobLM.")
    tasks = {s.kb_id_ for s in doc.spans["kg_entities"] if s.label_ == "Task"}
    assert {"overfitting", "mode collapse", "hallucination"} <= tasks


def test_fairness_and_pdes_are_tasks_but_a_quality_in_a_list_of_measures_is_a_metric(nlp):
    doc = nlp("QuuxFair improves fairness when solving partial differential equations. Hyperparameters "
              "trade off accuracy, fairness, robustness, or inference cost.")
    spans = [(s.label_, s.kb_id_ or s.text, s.sent.start == 0) for s in doc.spans["kg_entities"]]
    assert ("Task", "fairness", True) in spans
    assert any(t == "Task" and n.endswith("partial differential equations") for t, n, _ in spans)
    assert {("Metric", n, False) for n in ("accuracy", "fairness", "robustness", "inference cost")} <= set(spans)


def test_a_defined_class_of_problems_is_a_task(nlp):
    doc = nlp("We study regret in Latent Quux Decision Processes (LQDPs) and Blob Extensive-Form Games (BEFGs). "
              "We solve the Zorbic Routing Problem (ZRP) with QuuxNet.")
    labels = {s.text: s.label_ for s in doc.spans["kg_entities"]}
    assert labels["LQDPs"] == labels["BEFGs"] == labels["ZRP"] == "Task"
    doc = nlp("We study the Quux Zorb Testing (QZT) problem and the Blobby Subset Sum (BSS) problems.")
    labels = {s.text: s.label_ for s in doc.spans["kg_entities"]}
    assert labels["QZT"] == labels["BSS"] == "Task"


def test_a_defined_effect_is_a_task_unless_the_acronym_is_coined(nlp):
    doc = nlp("Attention leads to Quux Overfitting (QO) issues. We observe Blob Collapse (BC) and zorb covariate "
              "shift (ZCS). We propose Label-Agnostic Forgetting (LAF).")
    labels = {s.text: s.label_ for s in doc.spans["kg_entities"]}
    assert labels["QO"] == labels["BC"] == labels["ZCS"] == "Task"
    assert labels["LAF"] == "Method"


def test_field_acronyms_are_not_names(nlp):
    doc = nlp("Recent LLMs and RL agents run on a GPU and reach SOTA.")
    assert [s.text for s in doc.spans["kg_entities"] if s.label_ in ("Method", "Dataset")] == []


def test_a_pointer_to_earlier_text_opens_no_phrase(nlp):
    doc = nlp("Based on the above analysis, we introduce QuuxNet. It avoids the aforementioned rate "
              "collapse and the above selection bias.")
    names = {s.kb_id_ or s.text for s in doc.spans["kg_entities"]}
    assert not any(n.lower().startswith(("above", "aforementioned")) for n in names)


def test_original_and_off_open_no_task_phrase(nlp):
    doc = nlp("QuuxNet keeps the accuracy of the original node classification task. Otherwise, experts are better "
              "off solving the tasks on their own.")
    tasks = {s.kb_id_ or s.text for s in doc.spans["kg_entities"] if s.label_ == "Task"}
    assert "node classification" in tasks
    assert not any(t.startswith(("original", "off")) for t in tasks)


def test_a_word_before_a_coordinated_measure_shares_its_head_unless_it_is_a_quality(nlp):
    doc = nlp("QuuxNet cuts training and inference time. Spiking nets combine biological realism and energy "
              "efficiency.")
    metrics = {s.kb_id_ or s.text for s in doc.spans["kg_entities"] if s.label_ == "Metric"}
    assert {"training time", "inference time", "energy efficiency"} <= metrics
    assert "realism efficiency" not in metrics
    doc = nlp("We test QuuxNet on two real-world datasets of stock prices and energy consumption.")
    assert "prices consumption" not in {s.kb_id_ or s.text for s in doc.spans["kg_entities"]}


def test_a_noun_with_a_modifier_of_its_own_before_a_coordinated_measure_heads_its_own_phrase(nlp):
    doc = nlp("QuuxNet improves memory footprint and training stability. It incurs a minimal "
              "computation and communication cost and cuts the on-line computational and storage cost by 2x.")
    metrics = {s.kb_id_ or s.text for s in doc.spans["kg_entities"] if s.label_ == "Metric"}
    assert "footprint stability" not in metrics and "training stability" in metrics
    assert {"computation cost", "communication cost", "computational cost", "storage cost"} <= metrics


def test_evaluative_words_and_etc_are_no_part_of_a_task(nlp):
    doc = nlp("Quux graphs have become a critical research problem. QuuxNet excels in 3D spatial tasks, including "
              "binding pose prediction, face animation, etc.")
    tasks = {s.kb_id_ or s.text for s in doc.spans["kg_entities"] if s.label_ == "Task"}
    assert "face animation" in tasks
    assert not any("critical" in t or "etc" in t.split() for t in tasks)


def test_speedup_is_a_metric_however_it_is_spelled(nlp):
    """"a 3x speed-up", "5x speedups", "considerable speed-ups": the measure on its own, as "speedup" is."""
    doc = nlp("It gives a 3x speed-up over ZorbNet and 5x speedups on BlobSet, with considerable speed-ups.")
    names = [s.kb_id_ for s in doc.spans["kg_entities"] if s.label_ == "Metric"]
    assert names == ["speed-up", "speedups", "speed-ups"]


def test_halving_or_a_negligible_amount_reports_a_measure(nlp):
    doc = nlp("QuuxLoRA halves the communication cost. It runs at negligible computational cost.")
    names = {s.kb_id_ for s in doc.spans["kg_entities"] if s.label_ == "Metric"}
    assert {"communication cost", "computational cost"} <= names


def test_verbs_of_change_do_not_enter_metric_names(nlp):
    """"QuuxNet doubles throughput and raises top-1 accuracy": the metrics are throughput and top-1
    accuracy, not "doubles throughput" or "raises top-1 accuracy"."""
    doc = nlp("QuuxNet doubles throughput and raises top-1 accuracy on ImageNet.")
    assert {s.kb_id_ for s in doc.spans["kg_entities"] if s.label_ == "Metric"} == {"throughput", "top-1 accuracy"}


def test_task_and_metric_phrases(nlp):
    doc = nlp("We address incremental object detection. It improves decoding throughput and accuracy.")
    spans = {(s.kb_id_, s.label_) for s in doc.spans["kg_entities"]}
    assert ("incremental object detection", "Task") in spans
    assert ("decoding throughput", "Metric") in spans


def test_cues(nlp):
    doc = nlp("Our model outperforms X and is based on Y.")
    assert {(c.text, c.label_) for c in doc.spans["kg_cues"]} >= {
        ("outperforms", "compared_with"), ("based on", "builds_on")}


@pytest.mark.parametrize("text, value, unit", [
    ("+9.36%", 9.36, "%"), ("50,000×", 50000.0, "x"), ("54ms", 54.0, "ms"), ("-3", -3.0, None)])
def test_parse_number(text, value, unit):
    assert parse_number(text) == (value, unit)


def test_results_component(nlp):
    doc = nlp("It runs at 20 FPS and is 5× faster, with 78.8% accuracy on 268 tasks.")
    got = [(s.text, s._.kg_value, s._.kg_unit) for s in doc.spans["kg_results"]]
    assert got == [("20 FPS", 20.0, "FPS"), ("5×", 5.0, "x"), ("78.8%", 78.8, "%")]


@pytest.mark.parametrize("text, expected", [
    ("It gives a 2-21 % gain.", [("2-21 %", 21.0, 2.0, "%")]),
    ("Gains of 1.5-2 times.", [("1.5-2 times", 2.0, 1.5, "x")]),
    ("It cuts cost by 5%-8%.", [("5%-8%", 8.0, 5.0, "%")]),
    ("It is 3.5–20× faster.", [("3.5–20×", 20.0, 3.5, "x")]),
    ("It is 2x-4x faster.", [("2x-4x", 4.0, 2.0, "x")]),
    # LaTeX's en dash "--", spaced or glued (spaCy reads a glued one as "3", "-", "-5%")
    ("It is up to 14.84 -- 21.58% higher.", [("14.84 -- 21.58%", 21.58, 14.84, "%")]),
    ("Gains of 3--5% on Quux.", [("3--5%", 5.0, 3.0, "%")]),
    ("It is 10 to 100 times faster.", [("10 to 100 times", 100.0, 10.0, "x")]),
    ("It improves by 35% to 50% over Quux.", [("35% to 50%", 50.0, 35.0, "%")]),
    ("It uses between 2% and 5% of the memory.", [("2% and 5%", 5.0, 2.0, "%")]),
    # a change is no range (see the next test); nor are two values of different units or a falling pair
    ("It reduces the rate from 93.75% to 0%.", [("from 93.75% to 0%", 0.0, None, "%")]),
    ("It rises from 20% to 35%.", [("from 20% to 35%", 35.0, None, "%")]),
    ("Speedups ranging from 1.65x to 3.22x.", [("1.65x to 3.22x", 3.22, 1.65, "x")]),
    ("It is 5% to 3x better.", [("5%", 5.0, None, "%"), ("3x", 3.0, None, "x")]),
    ("It scores 9.36% and 20 FPS.", [("9.36%", 9.36, None, "%"), ("20 FPS", 20.0, None, "FPS")]),
    # "N x M" is a size, not a factor
    ("On 256 x 256 images it is 5 x faster.", [("5 x", 5.0, None, "x")]),
    ("A 5 × 5 grid, 2× faster.", [("2×", 2.0, None, "x")]),
])
def test_results_read_a_range_as_one_value(nlp, text, expected):
    """Why: quoting "21 %" for "a 2-21 % gain" misquotes the paper; the range is one reported value."""
    doc = nlp(text)
    got = [(s.text, s._.kg_value, s._.kg_min_value, s._.kg_unit) for s in doc.spans["kg_results"]]
    assert got == expected


@pytest.mark.parametrize("text, expected", [
    ("It reduces the rate from 93.75% to 0%.", ("from 93.75% to 0%", 0.0, 93.75, "%")),
    ("Accuracy rises from 55.6% to 81.6% on Quux.", ("from 55.6% to 81.6%", 81.6, 55.6, "%")),
    ("It lifts it from 17.7 to 67.2% success rate.", ("from 17.7 to 67.2%", 67.2, 17.7, "%")),
    ("Latency falls from 12 to 3 ms.", ("from 12 to 3 ms", 3.0, 12.0, "ms")),
    # an arrow between two values is a change too, spaced or glued
    ("It lifts pass@1 43.4% → 46.3% on Quux.", ("43.4% → 46.3%", 46.3, 43.4, "%")),
    ("The error falls 4.98%→0.62%.", ("4.98%→0.62%", 0.62, 4.98, "%")),
])
def test_results_read_a_change_as_one_value_with_the_value_before(nlp, text, expected):
    """Why: in "from 55.6% to 81.6%" the first number is the value before the change; read alone, it
    would be reported as the method's result."""
    doc = nlp(text)
    got = [(s.text, s._.kg_value, s._.kg_from_value, s._.kg_unit) for s in doc.spans["kg_results"]]
    assert got == [expected]


def test_missing_model_raises():
    from kg.errors import ModelNotFound
    with pytest.raises(ModelNotFound, match="spacy download"):
        build_nlp("xx_no_such_pipeline_sm")


def test_verbs_do_not_enter_task_phrases(nlp):
    doc = nlp("Our architecture demonstrates stable training. These include quux-conditioned generation. "
              "Many problems involve solving blob tasks. A model that covers quux restoration and blob enhancement.")
    names = {s.kb_id_ for s in doc.spans["kg_entities"] if s.label_ == "Task"}
    assert not any("demonstrates" in n or n.startswith(("include", "involve", "covers")) for n in names)
    assert "quux restoration" in names


def test_evaluative_words_and_verbs_do_not_start_a_task(nlp):
    doc = nlp("This enables successful unsupervised domain adaptation. We conduct blob node classification. "
              "It needs further training, utilizing quux topic modeling.")
    names = {s.kb_id_ for s in doc.spans["kg_entities"] if s.label_ == "Task"}
    assert {"unsupervised domain adaptation", "blob node classification", "quux topic modeling"} <= names
    assert not any(n.startswith(("successful", "conduct", "further", "utilizing")) for n in names)
    # participles of making or naming say how the thing was made, not which task it is
    doc = nlp("It replaces the designed quux pruning. We study the so-called blob segmentation.")
    names = {s.kb_id_ for s in doc.spans["kg_entities"] if s.label_ == "Task"}
    assert {"quux pruning", "blob segmentation"} <= names
    assert not any(n.startswith(("designed", "called", "so-called")) for n in names)
    # words of how carefully it is done are no part of a task
    doc = nlp("It requires careful blob tuning and principled quux exploration. We give a detailed zorb analysis.")
    names = {s.kb_id_ for s in doc.spans["kg_entities"] if s.label_ == "Task"}
    assert not any(n.startswith(("careful", "principled", "detailed")) for n in names)
    doc = nlp("It avoids inferior quux learning by incorporating blob variable modeling.")
    names = {s.kb_id_ for s in doc.spans["kg_entities"] if s.label_ == "Task"}
    assert not any(n.startswith(("inferior", "incorporating")) for n in names)


def test_search_and_query_times_and_evaluative_cues_report_metrics(nlp):
    doc = nlp("QuuxNAS finds architectures with much less search time. QuuxIndex gives a competitive "
              "rendering speed. It was the first time anyone tried this.")
    metrics = {s.text for s in doc.spans["kg_entities"] if s.label_ == "Metric"}
    assert {"search time", "rendering speed"} <= metrics and "first time" not in metrics
    doc = nlp("Quux methods suffer from high computational cost. Decrease the truncation error.")
    metrics = {s.text for s in doc.spans["kg_entities"] if s.label_ == "Metric"}
    assert "computational cost" in metrics and "truncation error" not in metrics


def test_a_naming_verb_does_not_start_a_task(nlp):
    doc = nlp("We revisit the approach which we call quux hash clustering for retrieval.")
    tasks = {s.text for s in doc.spans["kg_entities"] if s.label_ == "Task"}
    assert not any(t.startswith("call ") for t in tasks)


def test_one_head_word_listed_after_a_metric_is_a_metric(nlp):
    doc = nlp("QuuxNet is the best in terms of accuracy and speed. The model and speed are fine.")
    metrics = [s.text for s in doc.spans["kg_entities"] if s.label_ == "Metric"]
    assert metrics == ["accuracy", "speed"]  # the second "speed" follows no metric


def test_metric_phrase_needs_a_reported_value(nlp):
    doc = nlp("It may help decrease the zorbing error. We reach 3.1 zorbing error on Quux.")
    metrics = [s for s in doc.spans["kg_entities"] if s.label_ == "Metric"]
    assert metrics and all(m.start > doc[8].i for m in metrics)  # only the one with a value
    doc = nlp(clean_latex(r"It gives up to $\sim$1.53$\times$ zorbing speedup and $\sim$48% blob reduction.").text)
    assert {"zorbing speedup", "blob reduction"} <= {s.kb_id_ for s in doc.spans["kg_entities"] if s.label_ == "Metric"}


@pytest.mark.parametrize("text, metric", [
    ("For smooth problems we establish a zorbing rate of O(logT/sqrtT) for QuuxOpt.", "zorbing rate"),
    ("Experiments show that QuuxOpt achieves a zorbing rate comparable to Adam.", "zorbing rate"),
    ("QuuxOpt automatically reduces the zorbing usage of existing networks.", "zorbing usage"),
])
def test_a_bound_or_an_achieved_measure_is_reported(nlp, text, metric):
    assert metric in {s.kb_id_ for s in nlp(text).spans["kg_entities"] if s.label_ == "Metric"}


def test_a_name_right_after_a_comparison_cue_is_a_system(nlp):
    doc = nlp("Uni-Quux outperforms MedQuux-PMC-VQA by 1.22%, and we release BlobQA, a new dataset.")
    types = {s.text: s.label_ for s in doc.spans["kg_entities"]}
    assert types["MedQuux-PMC-VQA"] == "Method" and types["BlobQA"] == "Dataset"


def test_measures_by_shape_and_ending(nlp):
    doc = nlp("QuuxTok attains 0.91 wSSIM and a higher Zorb Score than BlobGAN.")
    types = {s.text: s.label_ for s in doc.spans["kg_entities"]}
    assert types["wSSIM"] == "Metric" and types["Zorb Score"] == "Metric" and types["QuuxTok"] == "Method"


def test_plural_known_method_is_a_class(nlp):
    doc = nlp("It improves many networks, including CNNs and vision transformers, and ResNet-50.")
    methods = {s.kb_id_ for s in doc.spans["kg_entities"] if s.label_ == "Method"}
    assert "ResNet-50" in methods and not methods & {"convolutional neural network", "ViT", "CNNs"}


def test_citation_keys_are_not_names(nlp):
    doc = nlp("This extends a recent result ([QRS20], EC 2020) on zorbs.")
    assert "QRS20" not in {s.text for s in doc.spans["kg_entities"]}


def test_redefined_acronym_is_not_the_listed_one(nlp):
    doc = nlp("We extend the Quux Product Representation (TPR) to soft codes.")
    labels = {s.label_ for s in doc.spans["kg_entities"] if s.text == "TPR"}
    assert "Metric" not in labels


def test_an_acronym_given_by_a_naming_word_is_the_papers_not_a_listed_metric(nlp):
    doc = nlp("We design a modular planner for robot teams, dubbed MCC, to share goals. MCC agents plan well.")
    assert not any(s.label_ == "Metric" for s in doc.spans["kg_gazetteer"])
    assert {s.text: s.label_ for s in doc.spans["kg_entities"]}.get("MCC") == "Method"
    kind = nlp("We report a metric called MCC on every split.")
    assert [s.label_ for s in kind.spans["kg_gazetteer"]] == ["Metric"]
    term = nlp("It finds an assignment for some variables (called MAP variables) and reports MCC.")
    assert [s.label_ for s in term.spans["kg_gazetteer"]] == ["Metric", "Metric"]


def _tasks(nlp, text):
    doc = nlp(text)
    return {s.kb_id_ for s in doc.spans["kg_entities"] if s.label_ == "Task"}


@pytest.mark.parametrize("text, task", [
    ("We use zorb signals to guide blob representation learning.", "blob representation learning"),
    ("The Quux prior guides zorb clustering across domains.", "zorb clustering"),
])
def test_a_task_phrase_does_not_grow_over_the_verb_guide(nlp, text, task):
    tasks = _tasks(nlp, text)
    assert task in tasks and not any(t.startswith("guide") for t in tasks)


@pytest.mark.parametrize("text", [
    "This zorb mismatch degrades blob retrieval in practice.",
    "Our quux prior augments zorb detection, and hence blob learning.",
    "The framework casts quux classification as a game.",
])
def test_a_task_phrase_does_not_grow_over_a_verb_in_s(nlp, text):
    assert not [t for t in _tasks(nlp, text) if {"degrades", "augments", "hence", "casts"} & set(t.split())]


@pytest.mark.parametrize("text, task, wrong", [
    ("Quux diffusion marks progress in de novo blob design, a central topic.", "de novo blob design",
     "novo blob design"),  # the short first word of a fixed pair ("de novo", "in vitro") stays
    ("We train a zorb network for a given quux classification task.", "quux classification",
     "given quux classification"),
    ("Quantifying the impact of zorb samples is an open research problem.", None, "open research"),
])
def test_task_phrases_keep_fixed_pairs_and_drop_given(nlp, text, task, wrong):
    tasks = _tasks(nlp, text)
    assert (task is None or task in tasks) and wrong not in tasks


def test_bare_optimization_and_inference_name_no_task(nlp):
    assert not _tasks(nlp, "The optimization problem needed to fit the density is non-convex.")
    assert not _tasks(nlp, "Our method reduces the cost of inference tasks and of optimization tasks.")
    assert _tasks(nlp, "We study stochastic optimization and causal inference.") == {
        "stochastic optimization", "causal inference"}


def test_task_frames(nlp):
    tasks = _tasks(nlp, "Quux-to-Blob (Q2B) synthesis is hard. We study the problem of learning sparse zorb "
                        "networks. We target the detection of machine-written text. Q2B synthesis matters.")
    assert {"quux-to-blob synthesis", "learning sparse zorb networks", "machine-written text detection"} <= tasks
    # a plural object is a set of things, not a task domain
    assert not any("encoders" in t for t in _tasks(nlp, "It speeds up the inference of unimodal encoders."))


@pytest.mark.parametrize("text, task", [
    ("Offline zorb optimization aims to maximize a black-box objective.", "offline zorb optimization"),
    ("Quux opacity denotes the difficulty of reading a model.", "quux opacity"),
    ("Zorb blob localization (ZBL) is a hard problem.", "zorb blob localization"),
])
def test_the_subject_of_the_opening_sentence_is_its_task(nlp, text, task):
    """The verb after the opening subject ends the phrase (it is no modifier of it), an acronym may
    stand between them, and verbs beyond "is/has" count."""
    assert task in _tasks(nlp, text)


def test_plain_items_of_a_list_of_known_tasks_are_tasks(nlp):
    tasks = _tasks(nlp, "QuuxNet is tested on image classification, object detection, and zorb blending.")
    assert "zorb blending" in tasks
    # one known task is no list of tasks, and a list with a name of another type is none either
    assert "zorb blending" not in _tasks(nlp, "QuuxNet is tested on image classification, parsing, and zorb blending.")
    assert "zorb blending" not in _tasks(nlp, "QuuxNet is tested on image classification, object detection, "
                                              "ImageNet, and zorb blending.")


def test_qualities_listed_with_a_known_metric_are_metrics(nlp):
    doc = nlp("QuuxNet improves accuracy, latency, and zorbability over BlobNet.")
    metrics = {s.kb_id_ for s in doc.spans["kg_entities"] if s.label_ == "Metric"}
    assert "zorbability" in metrics
    doc = nlp("QuuxNet improves accuracy, quuxiness, and zorbability over BlobNet.")
    assert {"quuxiness", "zorbability"} <= {s.kb_id_ for s in doc.spans["kg_entities"] if s.label_ == "Metric"}
    doc = nlp("QuuxNet improves accuracy, latency, and zorb blending over BlobNet.")
    assert "zorb blending" not in {s.kb_id_ for s in doc.spans["kg_entities"] if s.label_ == "Metric"}


def test_weak_task_heads_need_a_frame(nlp):
    text = ("Zorbs are useful. Further, we combine generative and contrastive training. "
            "Our method is designed for quux pre-training. We perform multi-zorb fine-tuning.")
    tasks = _tasks(nlp, text)
    assert "contrastive training" not in tasks
    assert {"quux pre-training", "multi-zorb fine-tuning"} <= tasks


def test_sentences_without_ends_are_capped_in_length():
    import spacy

    nlp = spacy.blank("en")
    nlp.add_pipe("kg_sentencizer", config={"max_tokens": 20})
    doc = nlp(" ".join(f"word{i}," if i % 7 == 6 else f"word{i}" for i in range(100)))
    lengths = [len(s) for s in doc.sents]
    assert max(lengths) <= 20 and sum(lengths) == len(doc)
    assert all(s[-1].text.endswith(",") for s in list(doc.sents)[:-1])  # cut after a comma when one is near


@pytest.mark.parametrize("text, pair", [
    ('Here we introduce "Quux Any Blob" (QAB), a paradigm.', ("Quux Any Blob", "QAB")),
    ("It introduces Causal Quux Graph Models (Causal QGMs), a class of models.",
     ("Causal Quux Graph Models", "Causal QGMs")),
    ("We equip it with Dynamic Quux Augmentation (D2QA) for search.", ("Dynamic Quux Augmentation", "D2QA")),
    ("an algorithm, Pairwise Proximal Perturbed Quux (P3Q), that learns", ("Pairwise Proximal Perturbed Quux", "P3Q")),
    ("We study quux-to-video (Q2V) generation.", ("quux-to-video", "Q2V")),
    ("We train with Proximal Plurb Optimization (PPO) here.", ("Proximal Plurb Optimization", "PPO")),
    ("We propose a quux-to-quux (Q2Q) protocol.", ("quux-to-quux", "Q2Q")),
    ("It is as strong as the 1-dimensional Quux-Blob (1-QB) test.", ("1-dimensional Quux-Blob", "1-QB")),
    ("We use the sequential Morris Quux Maze (sQM) task.", ("sequential Morris Quux Maze", "sQM")),
    ("It is inspired by In-Quux Learning (IQL) results.", ("In-Quux Learning", "IQL")),
    ("We study learning from label quux (LLQ) here.", ("learning from label quux", "LLQ")),
])
def test_abbreviations_with_quotes_and_qualified_short_forms(nlp, text, pair):
    assert [(a.text, b.text) for a, b in nlp(text)._.kg_abbreviations] == [pair]


def test_a_direction_between_kinds_of_data_is_neither_a_mention_nor_a_proposal(nlp):
    doc = nlp("We propose the first 2D-to-3D knowledge distillation strategy for Zorb segmentation. "
              "We introduce a 3D-to-4D motion magnitude metric and QuuxNet, a novel text-to-4D pipeline.")
    names = {span.text for span in doc.spans["kg_entities"]}
    assert "QuuxNet" in names and not names & {"2D-to-3D", "3D-to-4D", "text-to-4D"}


@pytest.mark.parametrize("text, name", [
    ("We present Zorbworld, a simulation environment. Within Zorbworld, two task distributions are presented.",
     "Zorbworld"),
    ("Leveraging Quux Flow, which targets a straight trajectory, our vocoder is fast.", "Quux Flow"),
    ("Through Blob Coefficients, the product becomes a convolution.", "Blob Coefficients"),
    ("Existing Zorb Radiance Fields struggle with fine detail.", "Zorb Radiance Fields"),
    ("Traditional Quux Chain Sampling scales poorly.", "Quux Chain Sampling"),
    ("Previous Blob Flow methods need many steps.", "Blob Flow"),
])
def test_a_word_that_opens_a_sentence_is_not_part_of_the_name_after_it(nlp, text, name):
    names = {span.text for span in nlp(text).spans["kg_entities"]}
    openers = {"Within", "Leveraging", "Through", "Existing", "Traditional", "Previous"}
    assert name in names and not any(found.split()[0] in openers for found in names)


@pytest.mark.parametrize("text, word", [
    ("Detecting anomalies in datasets is a longstanding problem in machine learning.", "longstanding"),
    ("Labeling 3D medical scans is a time-consuming task that requires expertise.", "time-consuming"),
    ("Detecting a small community in a network is an interesting problem.", "interesting"),
    ("It helps on several tasks including segmentation, depth estimation, and others by up to 14.9%.", "others"),
])
def test_an_evaluative_word_before_a_task_word_is_no_task(nlp, text, word):
    assert word not in {span.text for span in nlp(text).spans["kg_entities"]}


def test_inequalities_are_not_names():
    assert not is_coined("Gamma≤S", STOP) and not is_coined("K×N", STOP)


def test_pieces_of_compounds_and_approximate_sizes_are_not_names():
    assert not is_coined("QuuxAR-", STOP) and not is_coined("QuuxEdit/", STOP) and not is_coined("~400B", STOP)
    assert is_coined("QuuxAR", STOP)


def test_quantities_and_number_formats_are_not_names():
    assert not is_coined("NeurIPS'22", STOP) and is_coined("Quux'22", STOP)  # a venue and its year
    assert not is_coined("1T", STOP)
    assert not is_coined("512K", STOP)
    assert is_coined("T5", STOP)


def test_new_names_listed_where_results_are_reported_are_datasets(nlp):
    doc = nlp("Our models substantially outperform competitive baselines on QUUXQA, BLOBARI, and ZELI7.")
    types = {s.text: s.label_ for s in doc.spans["kg_entities"]}
    assert types == {"QUUXQA": "Dataset", "BLOBARI": "Dataset", "ZELI7": "Dataset"}
    doc = nlp("We evaluate whether our approach can train agents in the Quux Game and the BlobOrNot negotiation task.")
    types = {s.text: s.label_ for s in doc.spans["kg_entities"]}
    assert types["Quux Game"] == "Dataset" and types["BlobOrNot"] == "Dataset"


def test_full_stop_after_a_name_ending_in_a_capital_is_split(nlp):
    assert [t.text for t in nlp("It outperforms QuuxViT.")][-2:] == ["QuuxViT", "."]
    assert [t.text for t in nlp("We train Quux-7B.")][-2:] == ["Quux-7B", "."]
    assert "U.S." in [t.text for t in nlp("Data from the U.S. and more.")]


def test_a_lower_case_modifier_is_not_part_of_a_name(nlp):
    doc = nlp("It beats the Transformer-based Quux Blob on tasks.")
    names = {s.text for s in doc.spans["kg_entities"]}
    assert "Quux Blob" in names and "Transformer-based Quux Blob" not in names
    doc = nlp("We propose Gaussian-Aware Quux Guidance.")
    assert "Gaussian-Aware Quux Guidance" in {s.text for s in doc.spans["kg_entities"]}


@pytest.mark.parametrize("text, pairs", [
    ("We introduce Parallelizable Quux Binder or PQB, the first model.", [("Parallelizable Quux Binder", "PQB")]),
    ("We train on images or CNN features.", []),
    ("A way to explore called Quux Policy Gradients, or QPG. QPG is fast.", [("Quux Policy Gradients", "QPG")]),
    ("We explore Decision Quux (dubbed DeQu) in offline RL.", [("Decision Quux", "DeQu")]),
])
def test_or_definitions_of_acronyms(nlp, text, pairs):
    assert [(a.text, b.text) for a, b in nlp(text)._.kg_abbreviations] == pairs


@pytest.mark.parametrize("text, tasks, not_tasks", [
    ("The method reduces the over-quuxing problem in deep graph models.", {"over-quuxing"}, set()),
    ("Training often leads to a blob imbalance problem across devices.", {"blob imbalance"}, set()),
    ("Prior work focused on text-based quuxical problems.", set(), {"text-based quuxical", "quuxical"}),
    ("Such phenomena also affect classic RL problems.", set(), {"classic RL"}),
    ("We study solving zorbetric problems and geometric problem solving.", set(), {"solving zorbetric", "geometric"}),
    ("We also address the retrieval problem of quux search.", {"retrieval"}, set()),
    ("Maximizing quux functions is a classic algorithmic problem.", set(), {"classic algorithmic", "algorithmic"}),
    # the problem word of a listed task ("inverse problems") stays in the name, a leading gerund does not
    ("We study the quuxed linear inverse problems of imaging.", {"quuxed linear inverse problems"},
     {"quuxed linear inverse"}),
    ("A zorb for solving blind inverse problems is given.", {"blind inverse problems"},
     {"solving blind inverse", "solving blind inverse problems"}),
])
def test_a_named_problem_is_a_task(nlp, text, tasks, not_tasks):
    found = {s.kb_id_ for s in nlp(text).spans["kg_entities"] if s.label_ == "Task"}
    assert tasks <= found and not found & not_tasks


def test_tasks_listed_after_a_comma_and_including(nlp):
    doc = nlp("It improves results across vision tasks, including quux segmentation, blob detection and zorbing.")
    found = {s.kb_id_ for s in doc.spans["kg_entities"] if s.label_ == "Task"}
    assert {"quux segmentation", "blob detection", "zorbing"} <= found


def test_one_word_items_of_a_domain_list_are_no_tasks(nlp):
    found = _tasks(nlp, "Trees are used across various domains, including healthcare, finance, and quux forecasting. "
                        "It helps applications such as zorbing and blob detection.")
    assert "quux forecasting" in found and "blob detection" in found
    assert not found & {"healthcare", "finance", "zorbing"}


def test_vision_tasks_name_no_task(nlp):
    found = _tasks(nlp, "Experiments on downstream vision tasks and quux segmentation tasks show gains.")
    assert "quux segmentation" in found and "vision" not in found


def test_problem_solving_is_one_task_head(nlp):
    doc = nlp("This motivates research on their application in mathematical problem solving.")
    assert [(s.text, s.label_) for s in doc.spans["kg_entities"]] == [("mathematical problem solving", "Task")]


def test_a_listed_acronym_keeps_its_type_when_its_long_form_is_written_differently(nlp):
    doc = nlp("Contrastive language image pretraining (CLIP) is a standard method.")
    assert {s.text: s.label_ for s in doc.spans["kg_entities"]}["CLIP"] == "Method"


def test_an_acronym_the_abstract_defines_is_not_a_known_name_in_other_case(nlp):
    doc = nlp("We propose Fast Adaptive Learning of COmpositional Networks (FALCON). FALCON beats Falcon on Omniglot.")
    known = {(s.text, s.kb_id_) for s in doc.spans["kg_gazetteer"]}
    assert ("Falcon", "Falcon") in known and not any(text == "FALCON" for text, _ in known)
    undefined = nlp("We train on OMNIGLOT.")
    assert [s.kb_id_ for s in undefined.spans["kg_gazetteer"]] == ["Omniglot"]


def test_a_name_listed_with_a_known_dataset_after_as_well_as_is_data(nlp):
    doc = nlp("QuuxNet reaches the best results on ImageNet, as well as ZorbVid.")
    types = {s.text: s.label_ for s in doc.spans["kg_entities"]}
    assert types.get("ZorbVid") == "Dataset"


def test_a_superlative_is_no_part_of_a_metric_name(nlp):
    doc = nlp("QuuxNet achieves the current published highest accuracy of 91.2% on ZorbSet.")
    metrics = {s.kb_id_ for s in doc.spans["kg_entities"] if s.label_ == "Metric"}
    assert "accuracy" in metrics and not any("highest" in m for m in metrics)


def test_a_listed_model_with_its_version_is_that_version_and_a_new_name_keeps_its_score_apart(nlp):
    doc = nlp("QuuxTok attains gFID 2.13, beating Stable Diffusion 2.1 and Claude 3.5 Sonnet; BERT is slower.")
    names = {s.kb_id_ for s in doc.spans["kg_entities"] if s.label_ == "Method"}
    assert {"Stable Diffusion 2.1", "Claude 3.5 Sonnet", "BERT"} <= names  # the listed release, whole
    assert "Stable Diffusion" not in names and not any(n.startswith("gFID") for n in names)


def test_a_listed_name_ending_in_an_acronym_is_also_found_spaced(nlp):
    from kg.nlp.gazetteer import surface_forms

    assert "Science QA" in surface_forms("ScienceQA") and "Text VQA" in surface_forms("TextVQA")
    assert not any(" " in f for f in surface_forms("ImageNet")) and not any(" " in f for f in surface_forms("GoQA"))
    doc = nlp("When fine-tuned on Science QA, it reaches a new state of the art.")
    assert [(s.text, s.kb_id_) for s in doc.spans["kg_entities"] if s.label_ in ("Dataset", "Benchmark")] == [
        ("Science QA", "ScienceQA")]


def test_a_listed_name_written_as_listed_keeps_its_name_when_an_alias_spells_it_too():
    from kg.lexicon import GazetteerEntry
    from kg.nlp.gazetteer import Gazetteer

    nlp = spacy.blank("en")
    gaz = Gazetteer(nlp, [GazetteerEntry("Quux-large", "Method", ("Quux large",))])
    doc = gaz(nlp("We prune Quux-large and Quux large."))
    assert [(s.text, s.id_) for s in doc.spans["kg_gazetteer"]] == [("Quux-large", "Quux-large"),
                                                                    ("Quux large", "Quux large")]


def test_a_data_name_with_inner_capitals_is_found_title_cased(nlp):
    doc = nlp("We evaluate on Hellaswag, Winogrande and Mujoco. We fine-tune Roberta and Deberta.")
    names = {(s.kb_id_, s.label_) for s in doc.spans["kg_entities"]}
    assert {("HellaSwag", "Benchmark"), ("WinoGrande", "Benchmark")} <= names
    assert not {n for n, label in names if n in ("RoBERTa", "DeBERTa")}  # model names keep their capitals


def test_a_listed_version_or_size_is_found_after_a_space_or_with_its_letter_in_either_case(nlp):
    doc = nlp("Our model outperforms GPT 4o and ResNet 50 on Something-Something-v2. Top 5 of the runs ...")
    found = {(s.text, s.kb_id_) for s in doc.spans["kg_gazetteer"]}
    assert {("GPT 4o", "GPT-4o"), ("ResNet 50", "ResNet-50"),
            ("Something-Something-v2", "Something-Something V2")} <= found
    assert not any(s.text.startswith("Top") for s in doc.spans["kg_entities"])  # metrics are not respelled


def test_a_spaced_form_keeps_the_listed_name_it_spells():
    from kg.lexicon import GazetteerEntry
    from kg.nlp.gazetteer import Gazetteer

    nlp = spacy.blank("en")
    gaz = Gazetteer(nlp, [GazetteerEntry("Quux 3", "Method", ("Quux-3",))])
    doc = gaz(nlp("We prune Quux 3 and Quux-3."))
    assert [(s.text, s.id_) for s in doc.spans["kg_gazetteer"]] == [("Quux 3", "Quux 3"), ("Quux-3", "Quux-3")]


@pytest.mark.parametrize("name, plural, not_plural", [
    ("accuracy", "accuracies", "accuracys"),
    ("top-1 accuracy", "top-1 accuracies", "top-1 accuracys"),
    ("sample complexity", "sample complexities", "sample complexitys"),
    ("transformer", "transformers", "transformeres"),
    ("survey", "surveys", "surveies"),  # a vowel before the "y": a plain "s"
])
def test_a_listed_name_is_found_in_its_plural(name, plural, not_plural):
    from kg.nlp.gazetteer import surface_forms

    assert plural in surface_forms(name) and not_plural not in surface_forms(name)


def test_latex_em_dash_glued_to_words_separates_them():
    nlp = _blank("kg_sentencizer")
    doc = nlp("attacks in a federated setting ---for image classification--- where PCR---combining two methods")
    words = [t.text for t in doc]
    assert words[4:9] == ["setting", "---", "for", "image", "classification"]
    assert words[9] == "---" and "PCR" in words and "combining" in words
    doc = nlp("we develop quux guidance with auxiliary latents (QuGAL)---a diffusion algorithm")
    assert [t.text for t in doc][7:11] == ["(", "QuGAL", ")", "---"]  # the short form is defined


def test_a_listed_hyphenated_compound_is_found_spaced(nlp):
    from kg.nlp.gazetteer import _spaced_compound

    assert _spaced_compound("Chain-of-Thought") == {"Chain of Thought"}
    assert _spaced_compound("self-attention") == {"self attention"}
    assert not _spaced_compound("Q-learning") and not _spaced_compound("GPT-4") and not _spaced_compound("Mask R-CNN")
    doc = nlp("Chain of Code outperforms Chain of Thought on most tasks.")
    assert ("Chain of Thought", "Chain-of-Thought") in {(s.text, s.kb_id_) for s in doc.spans["kg_entities"]}


def test_the_hyphenated_words_of_a_listed_phrase_are_found_spaced(nlp):
    from kg.nlp.gazetteer import _spaced_compound

    assert _spaced_compound("retrieval-augmented generation") == {"retrieval augmented generation"}
    assert _spaced_compound("Kullback-Leibler divergence") == {"Kullback Leibler divergence"}
    assert not _spaced_compound("k-nearest neighbors") and not _spaced_compound("graph transformer")
    doc = nlp("We study few shot learning and in context learning with retrieval augmented generation.")
    found = {(s.text, s.kb_id_) for s in doc.spans["kg_gazetteer"]}
    assert {("few shot learning", "few-shot learning"), ("in context learning", "in-context learning"),
            ("retrieval augmented generation", "retrieval-augmented generation")} <= found


@pytest.mark.parametrize("text, pairs", [
    ("We propose Divergent Quux Analysis (DQA-GPT), a detector.", [("Divergent Quux Analysis", "DQA-GPT")]),
    ("We propose a spectral GNN with triple quux ensemble (TQE-GNN).", [("triple quux ensemble", "TQE-GNN")]),
    ("We fit a Gaussian quux model (GQ-SDE) to the data.", []),  # "SDE" is no model family: unexplained letters
])
def test_an_acronym_with_a_model_family_glued_on_is_defined_by_its_initials(nlp, text, pairs):
    assert [(a.text, b.text) for a, b in nlp(text)._.kg_abbreviations] == pairs


def test_a_release_tag_of_a_listed_name_is_found_in_lower_case(nlp):
    from kg.nlp.gazetteer import surface_forms

    assert "Llama2-chat" in surface_forms("Llama2-Chat") and "MT-bench" in surface_forms("MT-Bench")
    assert not any(f.endswith("-chat") for f in surface_forms("Chain-of-Thought"))  # folded anyway
    doc = nlp("Ours outperforms retrieval-augmented Llama2-chat and wins on MT-bench.")
    found = {(s.text, s.label_) for s in doc.spans["kg_gazetteer"]}
    assert {("Llama2-chat", "Method"), ("MT-bench", "Benchmark")} <= found


def test_a_size_word_alone_is_no_name(nlp):
    doc = nlp("Upcycled T5 Base, Large, and XL models outperform their dense counterparts.")
    names = {s.text for s in doc.spans["kg_entities"]}
    assert not names & {"Large", "XL"}


def test_a_capitalised_word_before_a_listed_acronym_is_a_new_name(nlp):
    doc = nlp("We develop a new method, Quuxle SGD, that converges faster. Training uses SGD and a Blobby MLP.")
    names = {s.text: s.label_ for s in doc.spans["kg_entities"]}
    assert names["Quuxle SGD"] == "Method" and names["Blobby MLP"] == "Method" and names["SGD"] == "Method"


def test_masked_auto_encoder_is_the_listed_method(nlp):
    doc = nlp("A representative model, the masked auto-encoder (MAE), masks patches. We extend the prevalent "
              "masked autoencoder (MAE) too.")
    names = {s.text: s.label_ for s in doc.spans["kg_entities"]}
    assert names["MAE"] == "Method" and not any(n.startswith("prevalent") for n in names)


def test_a_list_after_a_method_word_stays_methods_despite_a_listed_dataset(nlp):
    doc = nlp("QuuxPAGE is faster than all previous methods, including Blobby SGD, Zed SGD, and SPIDER.")
    names = {s.text: s.label_ for s in doc.spans["kg_entities"]}
    assert names["Blobby SGD"] == names["Zed SGD"] == "Method"


def test_an_owner_before_a_list_member_keeps_the_list_together(nlp):
    doc = nlp("We then use the QuuxFarm and Zorbic's BLOB-RL datasets. ZorbNet's CIFAR-10 accuracy rises.")
    names = {s.text: s.label_ for s in doc.spans["kg_entities"]}
    assert names["QuuxFarm"] == names["BLOB-RL"] == "Dataset" and names["ZorbNet"] == "Method"


def test_a_kind_word_before_a_naming_word_types_the_name(nlp):
    doc = nlp("We build a large dataset, named Zorb170k, of image pairs. We also introduce a benchmark called "
              "QUUXEVAL. A method named BlobFit is trained on it.")
    names = {s.text: s.label_ for s in doc.spans["kg_entities"]}
    assert names["Zorb170k"] == "Dataset" and names["QUUXEVAL"] == "Benchmark" and names["BlobFit"] == "Method"


def test_a_name_described_as_data_or_holding_items_of_data_is_a_dataset(nlp):
    doc = nlp("We release ZorbA, which is a large-scale dataset of images. BlobB comprises 2,000 annotated "
              "dialogues. We also collect QuuxC, containing 5M image-text pairs. BlobNet is a strong method. "
              "Finding the FooBarQ is a key challenge.")
    names = {s.text: s.label_ for s in doc.spans["kg_entities"]}
    assert names["ZorbA"] == names["BlobB"] == names["QuuxC"] == "Dataset"
    assert names["BlobNet"] == names["FooBarQ"] == "Method"


def test_what_a_model_is_trained_on_and_a_named_split_are_data(nlp):
    doc = nlp("We pretrain QuuxNet on BlobWeb. We report results on the ZorBo test set. Models fine-tuned on "
              "HobBo do better. We train QuuxNet on 8 A100 GPUs.")
    names = {s.text: s.label_ for s in doc.spans["kg_entities"]}
    assert names["BlobWeb"] == names["ZorBo"] == names["HobBo"] == "Dataset" and names["QuuxNet"] == "Method"


def test_a_collection_of_items_of_data_is_a_dataset_but_models_for_tasks_are_not(nlp):
    doc = nlp("We release ZorBa, a collection of 5k annotated images. HobBo provides 300 problems. We also "
              "introduce QuuxIT: single and multi-task models for four editing tasks.")
    names = {s.text: s.label_ for s in doc.spans["kg_entities"]}
    assert names["ZorBa"] == names["HobBo"] == "Dataset" and names["QuuxIT"] == "Method"


def test_software_frameworks_are_not_methods(nlp):
    doc = nlp("We implement QuuxNet in PyTorch and JAX. We compare with PyTorch3D.")
    names = {s.text for s in doc.spans["kg_entities"]}
    assert "PyTorch" not in names and "JAX" not in names and {"QuuxNet", "PyTorch3D"} <= names


def test_a_lower_case_long_form_ending_in_a_method_acronym_is_a_method(nlp):
    doc = nlp("Our method, amortized variational QKL (AVQKL), beats QKL. We also study diffusion MRI (dMRI).")
    names = {s.text: s.label_ for s in doc.spans["kg_entities"]}
    assert names["AVQKL"] == "Method" and names.get("dMRI") != "Method"


def test_training_efficiency_and_quantization_phrases_are_no_tasks(nlp):
    """Heads right on fewer than a third of the development samples' uses: ways to train, properties,
    compression techniques ("quux pre-training" stays a task where framed, see above)."""
    text = ("Zorbs are useful. Our method is designed for quux training and improves the sample "
            "efficiency of zorb agents. We study extreme quux quantization and blob labeling.")
    tasks = _tasks(nlp, text)
    assert not {"quux training", "sample efficiency", "extreme quux quantization", "blob labeling"} & tasks


def test_a_long_form_takes_the_title_word_whose_initial_the_letter_match_skipped(nlp):
    """Schwartz & Hearst take the second S of "SSE-Q" from inside "Sparse"; the word before holds it."""
    pairs = lambda text: [(a.text, b.text) for a, b in nlp(text)._.kg_abbreviations]  # noqa: E731
    assert pairs("We build the Static Sparse Equiangular Tight Frame Quux (SSE-Q), a head.") == [
        ("Static Sparse Equiangular Tight Frame Quux", "SSE-Q")]
    assert pairs("We train a Calibrated ConfidenceQuux (CCQuux) here.") == [("Calibrated ConfidenceQuux", "CCQuux")]
    assert pairs("Distributed Deep Reinforcement Learning (DRL) is hard.") == [("Deep Reinforcement Learning", "DRL")]
    assert pairs("We use Stochastic Sparse Sampling (SS) here.") == [("Sparse Sampling", "SS")]  # whole by initials


@pytest.mark.parametrize("text, found", [
    # names written without a hyphen are their listed aliases
    ("QuuxNet reaches an AUCROC of 0.91 with GPT3.5.", [("AUCROC", "AUROC"), ("GPT3.5", "GPT-3.5")]),
    # the area under the precision-recall curve goes by several short names
    ("QuuxNet gains 4% AUCPR, 3% AUPR and 2% AU-PRC over AUPR-In.",
     [("AUCPR", "AUPRC"), ("AUPR", "AUPRC"), ("AU-PRC", "AUPRC"), ("AUPR-In", "AUPR-In")]),
    # a bare PASCAL is PASCAL VOC; OE62 is listed
    ("QuuxSeg gains 5.6% mIoU on PASCAL and QuuxMol wins on the OE62 dataset.",
     [("mIoU", "mIoU"), ("PASCAL", "PASCAL VOC"), ("OE62", "OE62")]),
])
def test_listed_aliases_and_datasets(nlp, text, found):
    doc = nlp(text)
    assert [(s.text, s.kb_id_) for s in doc.spans["kg_gazetteer"]] == found


@pytest.mark.parametrize("text, kb_ids", [
    # Monte Carlo techniques are listed whole
    ("We use Monte Carlo sampling, Monte-Carlo estimation and Monte Carlo methods, and Langevin Monte Carlo sampling.",
     ["Monte Carlo sampling", "Monte Carlo estimation", "Monte Carlo methods", "Langevin Monte Carlo"]),
    # a model size or a distribution is listed whole
    ("We prompt PaLM 2-L and PaLM2-S and fit a von Mises Fisher distribution.",
     ["PaLM 2-L", "PaLM 2-S", "von Mises-Fisher distribution"]),
    # named variants of known techniques are listed whole
    ("We use Armijo line search, QR decomposition, clipped SGD, gradual magnitude pruning and entropy-regularized "
     "optimal transport.",
     ["Armijo line search", "QR decomposition", "clipped SGD", "gradual magnitude pruning",
      "entropic optimal transport"]),
    # known generators, learning rules and classic algorithms
    ("We attack Bard and Midjourney, invert Glow, train with the Forward-Forward algorithm and Hebbian learning, use "
     "a Dirichlet process, the Kaczmarz method, Ford-Fulkerson, the Barzilai-Borwein method with Sinkhorn iteration "
     "and Householder reflections.",
     ["Bard", "Midjourney", "Glow", "Forward-Forward", "Hebbian learning", "Dirichlet process", "Kaczmarz algorithm",
      "Ford-Fulkerson", "Barzilai-Borwein method", "Sinkhorn algorithm", "Householder transformation"]),
])
def test_known_methods_are_listed_whole(nlp, text, kb_ids):
    doc = nlp(text)
    assert [s.kb_id_ for s in doc.spans["kg_gazetteer"]] == kb_ids


def test_operators_bridges_and_ranking_models_are_listed_methods_and_the_bridge_problem_a_task(nlp):
    doc = nlp("We learn a Schrödinger bridge with a Koopman operator, Hamiltonian dynamics, Mallows models, "
              "Lempel-Ziv and Lagrangian relaxation, and solve the Schrödinger bridge problem.")
    assert [(s.kb_id_, s.label_) for s in doc.spans["kg_gazetteer"]] == [
        ("Schrödinger bridge", "Method"), ("Koopman operator", "Method"), ("Hamiltonian dynamics", "Method"),
        ("Mallows model", "Method"), ("Lempel-Ziv", "Method"), ("Lagrangian relaxation", "Method"),
        ("Schrödinger bridge problem", "Task")]
