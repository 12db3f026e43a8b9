"""Tests of kg.extract on tiny abstracts: names, relations, results, offsets."""

from __future__ import annotations

import time

import pytest

from kg.extract import code_url, extract
from kg.model import Paper
from kg.nlp import build_nlp
from kg.text import clean_latex


@pytest.fixture(scope="module")
def nlp():
    return build_nlp()


def run(nlp, abstract: str):
    paper = Paper(id="t:1", abstract=abstract, source="t.txt")
    clean = clean_latex(abstract)
    return extract(nlp(clean.text), paper, clean)


def rel(record, relation: str) -> set[str]:
    return {r.target for r in record.relations if r.relation == relation}


def test_proposes_compared_and_evaluated(nlp):
    rec = run(nlp, "We propose FooNet, a novel framework for image classification. Experiments on "
                   "CIFAR-10 and ImageNet show that FooNet outperforms ResNet, ViT and BarFormer.")
    assert rel(rec, "proposes") == {"FooNet"}
    assert rel(rec, "compared_with") == {"ResNet", "ViT", "BarFormer"}
    assert {"CIFAR-10", "ImageNet"} <= rel(rec, "evaluated_on")
    assert "FooNet" in rel(rec, "mentions")


def test_acronym_definition_gives_short_name_and_alias(nlp):
    rec = run(nlp, "Our method, Model-Augmented Data for Quux Learning (MAD-QL) uses small amounts of data.")
    assert rel(rec, "proposes") == {"MAD-QL"}
    assert ("Model-Augmented Data for Quux Learning", "MAD-QL") in rec.aliases


def test_a_name_as_written_in_latex_is_an_alias_only_when_whole(nlp):
    rec = run(nlp, r"We propose Foo$^2$Det. We also study \underline{Q}uux \underline{B}lob \underline{L}earning (QBL) here.")
    assert ("Foo$^2$Det", "Foo2Det") in rec.aliases
    assert ("Quux Blob Learning", "QBL") in rec.aliases
    assert not any(a.startswith("Q}") or a.startswith("uux") for a, _ in rec.aliases)


def test_latex_name_is_cleaned_and_offsets_point_into_original(nlp):
    abstract = r"We present Foo$^2$Det, a brand new framework for 3D detection."
    rec = run(nlp, abstract)
    assert rel(rec, "proposes") == {"Foo2Det"}
    mention = next(m for m in rec.mentions if m.name == "Foo2Det")
    assert abstract[mention.start:mention.end] == "Foo$^2$Det"
    prop = next(r for r in rec.relations if r.relation == "proposes")
    assert abstract[prop.evidence.start:prop.evidence.end].startswith("We present")
    assert 0.0 <= prop.confidence <= 1.0


def test_builds_on_and_no_self_baseline(nlp):
    rec = run(nlp, "We introduce QuxNet, built upon CLIP. QuxNet outperforms QuxNet-lite baselines.")
    assert "CLIP" in rel(rec, "builds_on")
    assert "QuxNet" not in rel(rec, "compared_with")


def test_results(nlp):
    rec = run(nlp, "We propose ZapNet. ZapNet runs at 20 FPS and is 15$\\times$ faster than SlowNet.")
    got = {(r.value_text, r.value, r.unit) for r in rec.results}
    assert ("20 FPS", 20.0, "FPS") in got
    assert ("15×", 15.0, "x") in got
    fast = next(r for r in rec.results if r.unit == "x")
    assert fast.baseline == "SlowNet" and fast.method == "ZapNet"


def test_code_url():
    assert code_url("Code: https://github.com/a/b.") == "https://github.com/a/b"
    assert code_url("No code here.") is None


def test_hostile_input_is_fast(nlp):
    text = ("(" * 2000) + " a" * 50_000 + ("ZorbGS-" * 20_000) + " e.g." * 5000 + "1," * 20_000
    start = time.process_time()
    run(nlp, text)
    assert time.process_time() - start < 20


def run_titled(nlp, abstract: str, title: str):
    paper = Paper(id="t:2", abstract=abstract, source="t.txt", title=title)
    clean = clean_latex(abstract)
    return extract(nlp(clean.text), paper, clean)


def test_naming_and_passive_cues_propose_without_first_person(nlp):
    rec = run(nlp, "A zorbing quux strategy (ZQS) is proposed to align nodes. "
                   "The resulting generator is termed as QuuxGen in the paper.")
    assert {"ZQS", "QuuxGen"} <= rel(rec, "proposes")


def test_namely_after_a_proposal_cue_gives_the_name(nlp):
    rec = run(nlp, "We propose a multi-teacher knowledge distillation framework, namely $\\textit{FedZorb}$, to learn. "
                   "We evaluate two baselines, namely QuuxA and QuuxB.")
    assert rel(rec, "proposes") == {"FedZorb"}  # not the phrase before it, and not the named baselines


def test_an_appositive_after_a_short_form_introduces_the_name(nlp):
    rec = run(nlp, "Our method has two parts: Zorb Half-Space Gradient (ZHSG): a novel optimizer. "
                   "We also release Quux-to-Blobs (Q2B), a new dataset of blobs.")
    assert {"ZHSG", "Q2B"} <= rel(rec, "proposes")
    assert "Q2B" in {r.target for r in rec.relations if r.relation == "mentions" and r.target_type == "Dataset"}


def test_an_appositive_of_a_family_or_an_aside_proposes_nothing(nlp):
    rec = run(nlp, "Zorb Flow Networks (ZFlowNets), a new family of samplers, have shown promise. "
                   "Zorbo (Evolved Quux Momentum), a new optimizer found by search, works well. "
                   "We measure conditional quux information (CQI), a new training method called QuuxMin is proposed.")
    assert not {"ZFlowNets", "Evolved Quux Momentum", "CQI"} & rel(rec, "proposes")


def test_a_name_after_our_kind_word_is_proposed(nlp):
    rec = run(nlp, "Our two-stage approach ZorbFit consists of two steps. Our method ResNet is run on CIFAR-10.")
    assert rel(rec, "proposes") == {"ZorbFit"}  # a listed name after "our method" is used, not proposed


def test_split_competitive_and_comparable_cues(nlp):
    rec = run(nlp, "We propose ZorbNet. It shows competitive performance with strong methods such as QuuxZero. "
                   "It reaches comparable accuracy to BlobNet. It gives competitive results with only 10% of the data.")
    assert rel(rec, "compared_with") == {"QuuxZero", "BlobNet"}
    rec = run(nlp, "We propose ZorbNet. Despite its size, ZorbNet performs comparably to QuuxGPT-4 on charts.")
    assert rel(rec, "compared_with") == {"QuuxGPT-4"}


@pytest.mark.parametrize("text", [
    "We propose ZorbNet. It achieves performance on par in accuracy with BlobNet on charts.",
    "We propose ZorbNet. It achieves on-par results with BlobNet on charts.",
])
def test_a_split_cue_whose_first_part_has_two_words_or_a_hyphen(nlp, text):
    assert rel(run(nlp, text), "compared_with") == {"BlobNet"}


def test_enumerated_proposals_are_coordinated(nlp):
    rec = run(nlp, "We propose two ideas: (i) Prompt Zorbing and (ii) Attention Quuxing to fix it.")
    assert rel(rec, "proposes") == {"Prompt Zorbing", "Attention Quuxing"}


def test_defined_parts_listed_after_a_proposal_are_proposed(nlp):
    rec = run(nlp, "We propose a novel method QuuxSGT, featuring a Simple Blob Tokenizer (SBT) and an effective "
                   "decoding strategy. QuuxFlow consists of two Zorb Neural Networks (ZNNs) for the boundary.")
    assert rel(rec, "proposes") == {"QuuxSGT", "SBT"}
    rec = run(nlp, "We propose a new framework, Quux Information Blobbing (QIB), consisting of Quux Information "
                   "Bottleneck (QIBN) and Quux Disentangling (QD).")
    assert rel(rec, "proposes") == {"QIB", "QIBN", "QD"}
    rec = run(nlp, "We propose QuuxDet. QuuxDet incorporates a Query Zorb Matching (QZM) module, built on adaptive window "
                   "pruning Blob blocks (AdaWPB). It uses feed-forward network (FFN) layers and blocks such as the Neural "
                   "Quux Logic Unit (NQLU), and is inspired by Zorb Memory Units (ZMU) in our ZMUFormer.")
    assert rel(rec, "proposes") == {"QuuxDet", "QZM", "AdaWPB", "ZMUFormer"}


def test_coordinated_proposals_each_defined_with_an_acronym(nlp):
    rec = run(nlp, "We present two algorithms, Local-Quux (LQ) and Quux-Blob (QB), both with constant regret.")
    assert rel(rec, "proposes") == {"LQ", "QB"}
    rec = run(nlp, "We consider risk measures, called Expected Quux Measures (EQMs), and derive policy gradient "
                   "updates for them.")
    assert rel(rec, "proposes") == {"EQMs"}


def test_a_lower_case_long_form_with_a_method_head_is_a_method(nlp):
    rec = run(nlp, "We train with natural zorb descent (NZD) and a cross-encoder (CE). We study prediction sets (PS). "
                   "Zorb-based augmentations (ZA) help, as does inverse zorb weighting (IZW).")
    methods = {r.target for r in rec.relations if r.relation == "mentions" and r.target_type == "Method"}
    assert {"NZD", "CE", "ZA", "IZW"} <= methods and "PS" not in methods


def test_a_listed_method_defined_inside_a_task_phrase_is_still_named(nlp):
    rec = run(nlp, "We propose QuuxEdit for video editing. We incorporate low-rank adaptation (LoRA) fine-tuning "
                   "and an update schedule.")
    methods = {r.target for r in rec.relations if r.relation == "mentions" and r.target_type == "Method"}
    assert "LoRA" in methods and "LoRA" in rel(rec, "builds_on")
    unlisted = run(nlp, "Multivariate quux series (MQS) forecasting is a fundamental task. We propose ZorbNet.")
    assert "MQS" not in {r.target for r in unlisted.relations if r.target_type == "Method"}


def test_a_lower_case_long_form_ending_in_transform_is_a_method(nlp):
    rec = run(nlp, "We decompose the signal with the discrete zorb transform (DZT) before pooling.")
    methods = {r.target for r in rec.relations if r.relation == "mentions" and r.target_type == "Method"}
    assert "DZT" in methods


def test_a_name_used_before_the_cue_is_not_proposed(nlp):
    rec = run(nlp, "The quality of zorb augmentation (ZA) functions matters. We propose to learn the mapping as a "
                   "function of ZA. We also propose a new quux method, Generalizable Quux Learning (GQL).")
    assert rel(rec, "proposes") == {"GQL"}
    rec = run(nlp, "Zorb models (ZMs) are popular. We propose a method of equipping ZMs with the QuuxLM model.")
    assert not rel(rec, "proposes")


def test_title_prefix_names_the_proposal(nlp):
    rec = run_titled(nlp, "The data are used to train ZorbReasoner with two tuning stages.",
                     "ZorbReasoner: Reasoning about Zorbs")
    assert rel(rec, "proposes") == {"ZorbReasoner"}


def test_baseline_list_stops_at_description_and_names_the_base_of_a_class(nlp):
    rec = run(nlp, "We propose FooNet. FooNet outperforms networks trained using gradient descent, "
                   "and is competitive with predictions by BarFormer. It also beats existing CLIP-based solutions.")
    # "CLIP-based solutions" are measured against as CLIP (as the annotators of the samples read it)
    assert rel(rec, "compared_with") == {"BarFormer", "CLIP"}


def test_the_introduction_of_a_name_proposes_it(nlp):
    rec = run(nlp, "Our first contribution is the introduction of the Quux Trimmed Blob (QTB), a fast aggregator.")
    assert "QTB" in rel(rec, "proposes")
    rec = run(nlp, "We pioneer the introduction of Domain Adaptation into ZorbNet for spiking models.")
    assert "ZorbNet" not in rel(rec, "proposes")


def test_an_acronym_glued_to_a_lower_case_noun_right_after_we_introduce_is_proposed(nlp):
    rec = run(nlp, "In this work, we introduce QZ-learning, which learns the advantage directly.")
    assert "QZ-learning" in rel(rec, "proposes")
    rec = run(nlp, "We propose QZ-based training, which is cheap.")  # a description, no name
    assert not {p for p in rel(rec, "proposes") if p.startswith("QZ")}


@pytest.mark.parametrize("text, name, proposed", [
    # a passive cue after a bracketed name and its kind proposes it, unless authors are credited
    ("We propose QuuxFormer for forecasting. Then the Two-Stage Zorb (TSZ) layer is proposed to mix.", "TSZ", True),
    ("The Stochastic Quux Blob (SQB) model is introduced by Zorb et al. (2022) as an interpolation.", "SQB", False),
    # a novel lower-case long form named a method is the paper's method
    ("A novel free quux selection (FreeQS) method is proposed following this pipeline.", "FreeQS", True),
    # a defined encoder-decoder of the paper's method is a proposed part
    ("We propose QuuxFormer for forecasting. QuuxFormer establishes a Hierarchical Zorb "
     "Encoder-Decoder (HZED) to use the information at different scales.", "HZED", True),
])
def test_defined_acronyms_of_the_papers_method_and_parts_are_proposed(nlp, text, name, proposed):
    assert (name in rel(run(nlp, text), "proposes")) == proposed


def test_a_new_listed_task_before_a_defined_acronym_and_method_kind_stays_a_task(nlp):
    rec = run(nlp, "We build a new reinforcement learning (RL) framework for robots.")  # a listed task stays one
    assert ("reinforcement learning", "Task") in {(r.target, r.target_type) for r in rec.relations}


def test_a_method_named_right_before_baseline_is_a_baseline(nlp):
    rec = run(nlp, "We propose QuuxSparse. It speeds up inference by 1.8 times over the dense ResNet-50 baseline model.")
    assert "ResNet-50" in rel(rec, "compared_with")
    rec = run(nlp, "We propose QuuxSparse and present a simple Mamba-based baseline. We tune our ResNet-50 baseline.")
    assert not {"Mamba", "ResNet-50"} & rel(rec, "compared_with")


def test_what_the_paper_replaces_is_a_baseline_and_what_replaces_it_is_not(nlp):
    rec = run(nlp, "We propose QuuxGen. We replaced T5 with a small decoder as the text encoder.")
    assert "T5" in rel(rec, "compared_with")
    rec = run(nlp, "We propose QuuxFormer, which replaces LayerNorm with BatchNorm in every block.")
    assert "BatchNorm" not in rel(rec, "compared_with")
    rec = run(nlp, "We propose QuuxGen. Early timesteps can be replaced with a faster DiT without loss.")
    assert "DiT" not in rel(rec, "compared_with")


def test_an_emphasised_name_with_a_novel_appositive_is_proposed(nlp):
    rec = run(nlp, "We combine two solvers to derive **QuuxQP**, a new method tailored for network problems.")
    assert "QuuxQP" in rel(rec, "proposes")


def test_variant_of_proposal_is_not_built_on(nlp):
    rec = run(nlp, "We introduce QuuxCTM, a new model. We scale it up, making QuuxCTM-DiT-1B the largest model.")
    assert "QuuxCTM-DiT-1B" not in rel(rec, "builds_on")


def test_glued_known_name_builds_on(nlp):
    rec = run(nlp, "We propose FooNet. We devise a CLIP-based network to score images.")
    assert "CLIP" in rel(rec, "builds_on")


def test_optimal_transport_is_a_tool_a_method_rests_on_not_a_task(nlp):
    """HELDOUT.md's conventions list optimal transport among the named tools a method builds on."""
    rec = run(nlp, "We propose QuuxFlow. QuuxFlow builds on optimal transport to align two quux distributions.")
    assert "optimal transport" in rel(rec, "builds_on")
    assert "optimal transport" not in rel(rec, "addresses")


def test_a_specific_task_the_title_names_or_the_gazetteer_lists_is_kept_beside_the_general_one(nlp):
    abstract = ("Clients hold different models in federated learning. We propose QuuxFed, which achieves "
                "personalized federated learning. It also supports continual learning, privacy-preserving continual "
                "learning and online continual learning.")
    rec = run_titled(nlp, abstract, "Towards Personalized Federated Learning via Model Reassembly")
    tasks = rel(rec, "addresses")
    assert {"federated learning", "personalized federated learning", "continual learning"} <= tasks
    assert "privacy-preserving continual learning" not in tasks  # the title does not name it: the general task
    assert "online continual learning" in tasks  # a listed task of its own stays beside the general one


def test_a_method_the_paper_revisits_is_a_base(nlp):
    rec = run(nlp, "This paper revisits the Quux Blob Network (QBN) for fast scene reconstruction.")
    assert "QBN" in rel(rec, "builds_on")


def test_a_method_the_paper_is_compatible_with_is_a_base(nlp):
    rec = run(nlp, "We propose QuuxAttn. QuuxAttn is compatible with the ZorbAttention algorithm.")
    assert "ZorbAttention" in rel(rec, "builds_on")


def test_use_inside_a_baseline_description_is_not_built_on(nlp):
    rec = run(nlp, "We propose QuuxNet. QuuxNet outperforms networks trained using ZorbNet on small data.")
    assert "ZorbNet" not in rel(rec, "builds_on")


def test_a_glued_name_inside_a_baseline_is_not_built_on(nlp):
    rec = run(nlp, "We propose FooNet. Our FooNet outperforms Transformer-based world models on long tasks.")
    assert "Transformer" not in rel(rec, "builds_on")
    assert "Transformer" in rel(run(nlp, "We propose FooNet. FooNet uses Transformer-based world models."),
                                "builds_on")


def test_data_paper_evaluates_the_models_it_uses(nlp):
    rec = run(nlp, "We present QuuxBench, a new benchmark. We test ten models on QuuxBench using ZorbNet "
                   "prompting strategies.")
    assert "ZorbNet" not in rel(rec, "builds_on")


def test_as_the_encoder_builds_on(nlp):
    rec = run(nlp, "We propose QuuxNet, which uses a frozen ZorbNet as the encoder.")
    assert "ZorbNet" in rel(rec, "builds_on")


def test_lower_case_techniques_in_method_positions(nlp):
    rec = run(nlp, "We adopt zorbic cloning and frobnic quux sampling to train the policy. "
                   "Zorbic cloning is fast. We compare with blorp descent.")
    assert {"zorbic cloning", "frobnic quux sampling"} <= rel(rec, "builds_on")
    assert "blorp descent" in rel(rec, "compared_with")
    rec = run(nlp, "Zorbic cloning and frobnic sampling are studied in this paper.")
    assert not {"zorbic cloning", "frobnic sampling"} & rel(rec, "mentions")  # no method position


def test_a_lower_case_gradient_in_a_method_position_is_a_quantity_not_a_technique(nlp):
    rec = run(nlp, "We propose QuuxOpt, which uses first-order gradients to update the zorb weights.")
    assert not {"first-order gradients", "first-order gradient"} & rel(rec, "builds_on")
    rec = run(nlp, "We propose QuuxOpt. QuuxOpt builds on multi-agent zorb gradient (MAZG) methods.")
    assert "MAZG" in rel(rec, "builds_on")  # a defined long form ending in "gradient" still names a method


def test_a_lower_case_embedding_in_a_method_position_is_a_representation_not_a_technique(nlp):
    rec = run(nlp, "We propose QuuxRec, which uses zorbic token embeddings to encode the blob history.")
    assert not {"zorbic token embeddings", "zorbic token embedding"} & rel(rec, "builds_on")
    rec = run(nlp, "We propose QuuxRec. QuuxRec builds on zorbic token embeddings (ZTE).")
    assert "ZTE" in rel(rec, "builds_on")  # a defined long form ending in "embeddings" still names a method


@pytest.mark.parametrize("abstract, bases", [
    ("Zorbic Quux Attention (ZQA) is a popular way to speed up inference. "
     "We propose BlobSpec, which drafts tokens in a tree and verifies them.", {"ZQA"}),
    ("Zorbic Quux Attention (ZQA) is a popular way to speed up inference. "
     "We study why ZQA works and find that acceptance rates vary.", set()),  # an analysis paper builds nothing
    ("Zorbic Quux Attention (ZQA) and BlobNet are popular. We propose QuuxSpec, which drafts tokens.",
     set()),  # a list opens the sentence, not a subject
    ("QuuxNet-based planners have shown strong results. We propose BlobRL, which plans.", set()),  # a kind of work
])
def test_the_method_an_abstract_opens_with_is_a_base_of_a_method_paper(nlp, abstract, bases):
    assert rel(run(nlp, abstract), "builds_on") == bases


def test_listed_practice_in_a_method_position_is_a_technique(nlp):
    rec = run(nlp, "We propose QuuxNet, which employs masked language modeling to align the two views. "
                   "QuuxNet outperforms techniques such as structure from motion and multi-view stereo.")
    assert "masked language modeling" in rel(rec, "builds_on")
    assert {"structure from motion", "multi-view stereo"} <= rel(rec, "compared_with")
    assert not {"masked language modeling", "structure from motion"} & rel(rec, "addresses")
    # contrastive and adversarial training stay tasks after a use cue (annotators never list them as bases),
    # and name a practice after a comparison cue only
    rec = run(nlp, "We propose QuuxNet, which employs contrastive learning and adversarial training. "
                   "QuuxNet outperforms adversarial training and is better than standard contrastive learning.")
    assert not rel(rec, "builds_on")
    assert rel(rec, "compared_with") == {"adversarial training", "contrastive learning"}
    rec = run(nlp, "We study contrastive learning. We apply QuuxNet to structure from motion.")
    assert {"contrastive learning", "structure from motion"} <= rel(rec, "addresses")  # the subject, not a tool
    rec = run(nlp, "We propose QuuxNet, which uses reinforcement learning to plan.")
    assert "reinforcement learning" not in rel(rec, "builds_on")  # a field, not a listed practice
    rec = run(nlp, "We propose QuuxMoE. QuuxMoE surpasses multi-task learning on 19 tasks.")
    assert "multi-task learning" in rel(rec, "compared_with")


def test_task_stated_by_the_title(nlp):
    def tasks(title):
        return rel(run_titled(nlp, abstract, title), "addresses")

    abstract = "We propose QuuxOpt, a second-order optimizer. QuuxOpt halves the cost of zorbic network pre-training."
    assert "zorbic network pre-training" in tasks("QuuxOpt: Fast Optimization for Zorbic Network Pre-training")
    assert "zorbic network pre-training" not in tasks("QuuxOpt: A Fast Optimizer")
    # a weak head the title does not frame is as often the method's own name
    assert "zorbic network pre-training" not in tasks("Zorbic Network Pre-training with QuuxOpt")


def test_what_the_title_frames_is_a_task_without_a_head_word(nlp):
    abstract = ("We study zorb review, where quux reviewers grade papers. We propose QuuxFair, which keeps "
                "blob fairness across zorb review rounds and frobnic models.")
    rec = run_titled(nlp, abstract, "Blob Fairness in Zorb Review")
    assert "zorb review" in {t.lower() for t in rel(rec, "addresses")}
    assert "zorb review" not in {t.lower() for t in rel(run(nlp, abstract), "addresses")}
    # a run ending in a kind of system names none; nor does a lone word that is no noun
    rec = run_titled(nlp, abstract, "QuuxFair for Frobnic Models in Blob")
    assert not {"frobnic models", "blob"} & {t.lower() for t in rel(rec, "addresses")}
    # the run that opens the title, where the abstract writes it in lower case
    rec = run_titled(nlp, abstract, "Zorb Review with Quux Reviewers")
    assert "zorb review" in {t.lower() for t in rel(rec, "addresses")}
    rec = run_titled(nlp, "We propose QuuxFair. QuuxFair Review is fast.", "QuuxFair Review with Blobs")
    assert not {t for t in rel(rec, "addresses") if "review" in t.lower()}


def test_a_known_method_the_title_uses_is_a_base(nlp):
    abstract = ("We propose QuuxIL, an imitation learner. Its policy updates follow gradient boosting. To scale "
                "it, we propose to draw samples with a Zorbic Blob Sampler (ZBS).")
    assert "Gradient Boosting" in rel(run_titled(nlp, abstract, "Imitation Learning via Gradient Boosting"), "builds_on")
    assert "Gradient Boosting" not in rel(run_titled(nlp, abstract, "Imitation Learning"), "builds_on")
    # an acronym the paper defines in capitals where it proposes is its own part, not a base the title names
    rec = run_titled(nlp, abstract, "Scaling QuuxIL with Zorbic Blob Sampler")
    assert not [r for r in rec.relations if r.relation == "builds_on" and r.rule.startswith("title use")]
    # a method the title changes ("Compressing LoRA") is one the paper works on; one it studies is not
    abstract = "Current methods, such as LoRA, adapt weights within a bound. We introduce QuuxLA, which overcomes it."
    assert "LoRA" in rel(run_titled(nlp, abstract, "QuuxLA: Compressing LoRA using Random Blobs"), "builds_on")
    assert "LoRA" not in rel(run_titled(nlp, abstract, "QuuxLA: Understanding LoRA"), "builds_on")
    # the run that opens the title (or its part after the colon) before "for" is what the paper applies
    abstract = "We study online classification. Our model tracks drift with a Kalman filter and a Blob prior."
    assert "Kalman filter" in rel(run_titled(nlp, abstract, "Kalman Filter for Online Classification"), "builds_on")
    assert "Kalman filter" in rel(run_titled(nlp, abstract, "Quux: Kalman Filter with Blob Priors"), "builds_on")
    assert "Kalman filter" not in rel(run_titled(nlp, abstract, "Kalman Filter: Online Classification"), "builds_on")


def test_prior_work_technique_is_not_built_on(nlp):
    rec = run(nlp, "Pipelines based on conventional frobnic sampling are slow; we propose QuuxNet.")
    assert "frobnic sampling" not in rel(rec, "builds_on")
    # prior work the paper takes up, listed by its members, is used all the same
    rec = run(nlp, "We study robustness. We adapt two prior methods, ZedCon and BlobNet, within our framework.")
    assert {"ZedCon", "BlobNet"} <= rel(rec, "builds_on")


def test_model_names_with_size_and_version_suffixes(nlp):
    rec = run(nlp, "We fine-tune Zorblax-3-70B-Instruct and compare with Quuxna-7B-v1.5 and Frob-4-Turbo.")
    assert "Zorblax-3-70B-Instruct" in rel(rec, "builds_on")
    assert {"Quuxna-7B-v1.5", "Frob-4-Turbo"} <= rel(rec, "compared_with")


def test_task_lists_and_framings(nlp):
    rec = run(nlp, "Zorbic content creation is essential for media. We propose QuuxNet, a framework for "
                   "glorbification. It serves applications such as blorp imputation, frob design and quux "
                   "summarization. QuuxNet excels on feature zorbing, frob selection, as well as downstream "
                   "blorp classification tasks.")
    tasks = rel(rec, "addresses")
    assert {"zorbic content creation", "glorbification", "blorp imputation", "frob design"} <= tasks
    assert {"feature zorbing", "frob selection"} <= tasks


def test_a_general_head_alone_is_no_task_but_shares_the_modifier_of_its_partner(nlp):
    rec = run(nlp, "We propose QuuxNet. QuuxNet excels on blorp classification and generation tasks, on zorbic "
                   "planning and understanding tasks, and on prediction and evaluation tasks.")
    tasks = rel(rec, "addresses")
    assert {"blorp classification", "blorp generation", "zorbic planning", "zorbic understanding"} <= tasks
    assert not tasks & {"generation", "understanding", "prediction", "evaluation"}
    rec = run(nlp, "We propose QuuxNet. QuuxNet does well on reinforcement learning and evaluation tasks.")
    assert "reinforcement evaluation" not in rel(rec, "addresses")  # a paradigm's modifier is its own


def test_task_named_by_the_methods_that_do_it(nlp):
    rec = run(nlp, "We find that zorbic blob recognition models are brittle. We propose QuuxNet, which trains quux "
                   "manifold learning methods and blorp generation models.")
    tasks = rel(rec, "addresses")
    assert "zorbic blob recognition" in tasks  # a strong task head before a kind of method
    assert "quux manifold learning" not in tasks  # "learning methods": a kind of learner
    assert "blorp generation" not in tasks  # a weak head still needs a task framing


def test_listed_name_introduced_by_its_own_paper(nlp):
    # names the gazetteer lists by now, introduced by the paper that made them
    assert "SimPO" in rel(run(nlp, "We introduce SimPO – a simpler preference optimization algorithm."), "proposes")
    rec = run(nlp, "We bootstrap questions, which results in a new dataset called MetaMathQA. We finetune on it.")
    assert "MetaMathQA" in rel(rec, "proposes")
    rec = run(nlp, "We derive a loss from prospect theory. We call this approach KTO, and it matches DPO.")
    assert "KTO" in rel(rec, "proposes")
    rec = run(nlp, "We analyse a widely used algorithm, called FedAvg, through task arithmetic.")
    assert "FedAvg" not in rel(rec, "proposes")  # an existing thing named, not a new one
    rec = run(nlp, "We propose a method called Federated Learning for Global Flatness (FedGF) for flat minima.")
    assert rel(rec, "proposes") == {"FedGF"}  # the listed words only start the new name
    rec = run_titled(nlp, "SimPO aligns the reward with the generation metric and outperforms DPO.",
                     "SimPO: Simple Preference Optimization")
    assert "SimPO" in rel(rec, "proposes")  # the title names it


def test_plain_capitalised_names_in_a_compared_list(nlp):
    rec = run(nlp, "We propose QuuxNet. QuuxNet outperforms ZorbNet and Slumbot, and it is faster than Gurobi.")
    assert {"ZorbNet", "Slumbot", "Gurobi"} <= rel(rec, "compared_with")
    rec = run(nlp, "We propose QuuxNet. It is more accurate than Gaussian and Bayes-consistency baselines, "
                   "and works better than English prompts.")
    assert not {"Gaussian", "Bayes-consistency", "English"} & rel(rec, "compared_with")


def test_a_class_based_on_a_named_method_after_a_comparison_cue_names_a_baseline(nlp):
    rec = run(nlp, "We propose QuuxNet. QuuxNet outperforms methods based on Transformers on all tasks.")
    assert rel(rec, "compared_with") == {"Transformer"}  # as "Transformer-based methods" does
    rec = run(nlp, "We propose QuuxNet. QuuxNet outperforms methods based on the contrastive divergence algorithm.")
    assert rel(rec, "compared_with") == {"contrastive divergence"}
    rec = run(nlp, "We propose QuuxNet. QuuxNet outperforms current methods based on thresholding.")
    assert rel(rec, "compared_with") == set()  # a lower-case technique describes the class


def test_a_defined_acronym_glued_to_a_modifier_suffix_is_a_mention_of_it(nlp):
    rec = run(nlp, "The Forward-Blob (FB) algorithm is popular. We propose QuuxFB. Experiments on CIFAR-10 show "
                   "significant advantages over existing FB-based algorithms.")
    assert rel(rec, "compared_with") == {"FB"}  # as "CNN-based algorithms" names CNN
    rec = run(nlp, "Monte Carlo (MC) sampling is slow. Furthermore, we propose an MC-based privacy accountant.")
    assert "MC" not in rel(rec, "proposes")  # the new thing is based on MC
    rec = run(nlp, "We formulate it as a graph quux bottleneck (GQB) problem. Our GQB-based method captures graphs.")
    assert "GQB" not in rel(rec, "proposes")
    rec = run(nlp, "We propose the gradient-based Graph Quux Saliency (GQS). The GQS-based framework helps. "
                   "Code is available at https://github.com/someone/GQS")
    assert rel(rec, "proposes") == {"GQS"}  # "the GQS-based framework" is no software container named GQS


def test_a_lower_case_name_the_paper_found_or_a_notion_it_names_is_a_term_not_a_proposal(nlp):
    rec = run(nlp, "We propose QuuxDiff. In this study, we identify specific regions within the noise, termed zorb "
                   "patches, that induce objects.")
    assert rel(rec, "proposes") == {"QuuxDiff"}
    assert "zorb patches" not in rel(rec, "builds_on")  # a term of the text, no base either
    rec = run(nlp, "Firstly, we introduce a stability concept called *compositional quux stability*.")
    assert rel(rec, "proposes") == set()
    rec = run(nlp, "We propose *online quux learning*, the first approach to this problem.")
    assert rel(rec, "proposes") == {"online quux learning"}  # a named approach is still proposed


def test_present_as_an_adjective_proposes_nothing(nlp):
    rec = run(nlp, "Also, our method allows one to use existing algorithms even when constraints are present, "
                   "including the quux-weights algorithm (QWA) (Smith, 2008).")
    assert "QWA" not in rel(rec, "proposes")
    rec = run(nlp, "We herein present QuuxTrees, a simple method for tabular imputation.")
    assert rel(rec, "proposes") == {"QuuxTrees"}


def test_a_recently_proposed_thing_called_x_is_earlier_work_even_in_our_sentence(nlp):
    rec = run(nlp, "Our bounds improve the existing bounds and match the upper bounds shown for a recently proposed "
                   "algorithm called QuuxB.")
    assert rel(rec, "proposes") == set()
    rec = run(nlp, "We enhance QuuxPS by incorporating a recently developed technique called zorbeating.")
    assert "zorbeating" not in rel(rec, "proposes")
    rec = run(nlp, "We recently proposed a method called QuuxC, which we extend here.")
    assert rel(rec, "proposes") == {"QuuxC"}  # "we recently proposed": still the authors' own


def test_untyped_acronym_named_by_a_comparison_cue(nlp):
    text = "Zorbic blob chaining (ZBC) was studied before. We propose QuuxNet, which outperforms ZBC by 3%."
    rec = run(nlp, text)
    assert "ZBC" in rel(rec, "compared_with")
    assert "ZBC" in rel(rec, "mentions")
    rec = run(nlp, "Zorbic blob chaining (ZBC) was studied before. We propose QuuxNet for faster ZBC.")
    assert "ZBC" not in rel(rec, "mentions")  # no cue types it: it stays untyped


def test_known_as_and_coordinated_proposals(nlp):
    rec = run(nlp, "In this work, we propose a method, known as Quuxair, to learn fair representations.")
    assert rel(rec, "proposes") == {"Quuxair"}
    rec = run(nlp, "In this paper, we first analyze the loss function of QuuxFold, known as the Zorb Aligned Point "
                   "Loss (ZAPL), and raise an issue.")
    assert rel(rec, "proposes") == set()  # "known as" names a known thing; only a proposal verb proposes
    rec = run(nlp, "We compare our method to an existing method known as BlobGAN.")
    assert "BlobGAN" not in rel(rec, "proposes")
    rec = run(nlp, "We also develop two novel techniques, Priority Quux and Clipped BLOB, to stabilize training.")
    assert rel(rec, "proposes") == {"Priority Quux", "Clipped BLOB"}
    rec = run(nlp, "We propose QuuxMix and Progressive Blob Labeling (PBL) in image and label space.")
    assert rel(rec, "proposes") == {"QuuxMix", "PBL"}  # a Title-Case long form with its acronym, not a task
    rec = run(nlp, "Specifically, we propose two novel implementations: a Dynamic Quux Network (DQN2) and a Hyper Blob "
                   "Network (HBN).")
    assert rel(rec, "proposes") == {"DQN2", "HBN"}  # each item with its own article
    rec = run(nlp, "We propose QuuxNet, a Blob Network (BN2) for speech.")
    assert rel(rec, "proposes") == {"QuuxNet"}  # an apposition describes the name; it is no second item


def test_a_capitalised_word_we_refer_to_as_is_a_name(nlp):
    rec = run(nlp, "This approach, which we refer to as Quuxlearn, removes the need for a critic.")
    assert rel(rec, "mentions") == {"Quuxlearn"}


def test_lower_case_words_before_a_called_name_are_not_the_name(nlp):
    rec = run(nlp, "We propose a framework, called interpretable Quux-based Graph Blob (QGB), for graphs.")
    assert rel(rec, "proposes") == {"QGB"}


def test_a_paper_never_builds_on_or_compares_with_its_own_proposal():
    from kg import KnowledgeGraph
    from kg.model import Evidence, Mention, PaperRecord, Relation

    ev = Evidence("We introduce Quux Any Blob (QAB).", 0, 33)
    mentions = (Mention("Quux Any Blob", "Method", 13, 26), Mention("QAB", "Method", 28, 31))
    rec = PaperRecord(paper=Paper(id="t:1", abstract=ev.sentence, source="t.txt"), mentions=mentions, results=(),
                      relations=(Relation("proposes", "Quux Any Blob", "Method", ev, 0.9),
                                 Relation("builds_on", "QAB", "Method", ev, 0.6),
                                 Relation("compared_with", "QAB", "Method", ev, 0.6),
                                 Relation("builds_on", "FooNet", "Method", ev, 0.6)),
                      aliases=(("Quux Any Blob", "QAB"),), code_url=None)
    from kg.graph import build_graph
    from kg.resolve import resolve

    G = build_graph([rec], resolve([rec]))
    edges = {(k, G.nodes[v]["label"]) for _, v, k in G.out_edges("paper:t:1", keys=True)}
    assert ("proposes", "QAB") in edges and ("builds_on", "FooNet") in edges
    assert not {e for e in edges if e[0] in ("builds_on", "compared_with") and e[1] == "QAB"}


def test_a_proposal_named_after_a_method_builds_on_it(nlp):
    rec = run(nlp, "QuuxFormer is a popular model. In this paper we introduce a novel method, QuuxFormer-GA, "
                   "which changes how QuuxFormer starts. Experiments show that QuuxFormer-GA outperforms QuuxFormer.")
    assert rel(rec, "proposes") == {"QuuxFormer-GA"}
    assert "QuuxFormer" in rel(rec, "builds_on") and "QuuxFormer" in rel(rec, "compared_with")
    rec = run(nlp, "We present MetaBLOBZ, built from the data of BLOBZ, a known model.")
    assert "BLOBZ" in rel(rec, "builds_on")


def test_a_proposal_named_after_a_hyphenated_method_builds_on_it(nlp):
    rec = run(nlp, "Quux-UCB is a classic algorithm. We propose an event-triggered algorithm, ET-Quux-UCB, that resets "
                   "its data when it detects changes. ET-Quux-UCB outperforms Quux-UCB.")
    assert rel(rec, "proposes") == {"ET-Quux-UCB"}
    assert "Quux-UCB" in rel(rec, "builds_on")


def test_a_new_acronym_defined_in_an_own_sentence_is_not_a_base(nlp):
    rec = run(nlp, "We propose QuuxOpt, a new bandit algorithm. Our regret bounds show the importance of the zorb "
                   "selection strategy (ZSS). QuuxOpt solves a Blob Adaptive Estimating equation (BAE) with a "
                   "Gaussian process (GP) prior.")
    assert not {"ZSS", "BAE"} & rel(rec, "builds_on")  # parts and notions of the new work
    assert "GP" in rel(rec, "builds_on")  # a listed long form: a known method it uses
    rec = run(nlp, "We propose QuuxTune, a new fine-tuning method. QuuxTune backpropagates gradients through a "
                   "frozen model into Low Rank Adapters (LoRA).")
    assert "LoRA" in rel(rec, "builds_on")  # a listed acronym, whatever its long form


@pytest.mark.parametrize("abstract, proposed", [
    ("We curate QuuxBench, a benchmark of 3,000 multi-step problems.", "QuuxBench"),
    ("To study safety, we create ZorbGuard, a dataset of 2,000 harmful prompts.", "ZorbGuard"),
])
def test_a_dataset_the_paper_creates_or_curates_is_proposed(nlp, abstract, proposed):
    assert rel(run(nlp, abstract), "proposes") == {proposed}


@pytest.mark.parametrize("abstract, word, named", [
    # a plain capitalised word that "we" propose, followed by what it does, and written again
    ("In this work, we propose Quuxle to learn the causal history. Quuxle runs fast.", "Quuxle", True),
    ("We design a detector called Zorb-Probe that reads the prompts. Zorb-Probe is cheap.", "Zorb-Probe", True),
    # written once, it may only open a long form or a sentence about something else
    ("We propose Quuxle to learn the causal history. It runs fast.", "Quuxle", False),
    ("We introduce Sketching for Regularized Quux Optimization, a fast algorithm.", "Sketching", False),
])
def test_a_recurring_word_we_propose_before_what_it_does_is_a_name(nlp, abstract, word, named):
    assert (word in rel(run(nlp, abstract), "proposes")) is named


def test_build_on_names_a_base_not_a_proposal(nlp):
    rec = run(nlp, "We build on QuuxFormer and propose ZorbNet, a faster model.")
    assert rel(rec, "proposes") == {"ZorbNet"}
    assert "QuuxFormer" in rel(rec, "builds_on")
    rec = run(nlp, "Hence, we propose QuuxSHAP, a variation of ZorbValues based on entropy maximization.")
    assert "ZorbValues" in rel(rec, "builds_on")  # "a variation of X", as "a variant of X"


def test_well_known_tasks_are_listed(nlp):
    rec = run(nlp, "We propose ZorbRank for passage reranking and debiasing. ZorbRank also helps multi-hop reasoning "
                   "and length generalization.")
    assert {"debiasing", "multi-hop reasoning", "length generalization"} <= rel(rec, "addresses")
    assert rel(rec, "addresses") & {"reranking", "passage reranking"}


def test_a_name_the_title_announces_is_proposed(nlp):
    rec = run_titled(nlp, "We propose a new attack Quuxeleon that leverages a poisoning strategy.",
                     "Quuxeleon: Label-Only Leakage with Adaptive Poisoning")
    assert rel(rec, "proposes") == {"Quuxeleon"}


def test_a_name_written_as_the_authors_latex_macro_takes_the_titles_spelling(nlp):
    rec = run_titled(nlp, r"We present \quuxeleon, a single Transformer model. At test time, \quuxeleon is fast.",
                     "Quuxeleon: Fast and Slow Thinking with Blob Traces")
    assert rel(rec, "proposes") == {"Quuxeleon"}
    rec = run_titled(nlp, "We present quuxeleon, a single Transformer model.", "Quuxeleon: Fast and Slow Thinking")
    assert "Quuxeleon" not in rel(rec, "proposes")  # a plain lower-case word is not the name


def test_a_title_that_is_the_long_form_of_an_acronym_proposes_it(nlp):
    rec = run_titled(nlp, "This is achieved through Chain of Quux Optimization (CQO), where models are tuned.",
                     "Chain of Quux Optimization: Improving Reasoning in Blob Models")
    assert rel(rec, "proposes") == {"CQO"}


def test_names_the_paper_calls_its_own_are_proposed(nlp):
    rec = run(nlp, "Its strength comes from QUUXINTERACT, our newly curated large-scale dataset. "
                   "Additionally, our Token-Level Quux-Mix module aligns explanations with patches. "
                   "Like boosting, our new algorithm, QuuxBoost, keeps an ensemble; the old algorithm, BlobBoost, "
                   "does not.")
    assert rel(rec, "proposes") == {"QUUXINTERACT", "Token-Level Quux-Mix", "QuuxBoost"}


def test_the_proposed_kind_then_a_name_in_apposition_proposes_it(nlp):
    rec = run(nlp, "Experiments show that the proposed framework, QUUX-GNN, outperforms existing methods. We evaluate "
                   "on several benchmarks, including our newly proposed benchmark, ZorbBench, with rare prompts. "
                   "Unlike the proposed method, BlobNet keeps an ensemble.")
    assert rel(rec, "proposes") == {"QUUX-GNN", "ZorbBench"}


def test_a_name_after_a_kind_and_the_is_new_and_typed_by_the_kind(nlp):
    rec = run(nlp, "Quux tuning (QT) is crucial. We propose QuuxSel, which selects QT data. Furthermore, we introduce "
                   "a curated QT dataset, the Selective Zorb, created by applying QuuxSel to other data.")
    assert rel(rec, "proposes") == {"QuuxSel", "Selective Zorb"}
    assert ("Selective Zorb", "Dataset") in {(r.target, r.target_type) for r in rec.relations}
    rec = run(nlp, "We propose QuuxComm. Experiments on real-world datasets, including the QCAA football network, "
                   "show its efficacy.")
    assert "QCAA" in rel(rec, "evaluated_on")


def test_quoted_lower_case_words_after_we_propose_are_the_new_name(nlp):
    rec = run(nlp, "We propose *online quux learning*, the first approach to this problem. We also introduce "
                   "\"zorb guidance\", which edits images. This paper presents a *counter-argument*: small weights "
                   "matter. We propose a *window quux* scheme. An effect that we term *blob displacement*, is seen.")
    assert rel(rec, "proposes") == {"online quux learning", "zorb guidance"}


def test_quoted_lower_case_words_after_a_novel_kind_and_a_comma_are_the_new_name(nlp):
    rec = run(nlp, "We propose a novel quux prompting methodology, *blob prompting*, which helps. We introduce a "
                   "novel surrogate loss, *multi-label zorb loss*, that accounts for labels. We study a novel method, "
                   "*quux encoding*, to estimate noise.")
    assert rel(rec, "proposes") == {"multi-label zorb loss"}  # "methodology" is no kind word; "study" no proposal
    rec = run(nlp, "We propose a novel benchmark, *quux zorb suite*, which holds 500 tasks.")
    assert ("quux zorb suite", "Benchmark") in {(r.target, r.target_type) for r in rec.relations if
                                               r.relation == "proposes"}


def test_lower_case_words_that_we_call_a_new_kind_are_the_new_name(nlp):
    rec = run(nlp, "We address this issue by coining a new approach, which we term *quux centrality*. We propose a "
                   "new \\emph{practical} extraction attack that we call ``zorb phishing''. The core of our method is "
                   "a technique which we call the multitask blob rehearsal, that anticipates the future.")
    assert rel(rec, "proposes") == {"quux centrality", "zorb phishing", "multitask blob rehearsal"}
    rec = run(nlp, "We identify a critical issue in these methods, which we term ``quux wandering''. We analyse the "
                   "pretrained model, which we call *zorb statistics*. A phenomenon we call *blob memorization* "
                   "appears.")
    assert not rel(rec, "proposes")  # an issue of methods, a model already there, a phenomenon


@pytest.mark.parametrize("sentence, name", [
    ("To this end, we introduce quux history, a simple and highly effective solution to the problem.", "quux history"),
    ("We introduce zorb heads, an efficient and interpretable alternative to blob models.", "zorb heads"),
    ("Then we propose blob pruning, an orthogonal enhancement to quux caching.", "blob pruning"),
])
def test_lower_case_words_we_introduce_as_a_solution_alternative_or_enhancement_are_the_new_name(nlp, sentence, name):
    assert rel(run(nlp, sentence), "proposes") == {name}


@pytest.mark.parametrize("abstract, proposed", [
    ("We propose a new approach, data-faithful quux attribution, which trains a model.", {"data-faithful quux attribution"}),
    ("Our approach, direct zorb modeling, predicts the representation.", {"direct zorb modeling"}),
    # no head noun at the end, a participle first, a verb phrase
    ("We propose a novel method, albeit simple, that works.", set()),
    ("We propose a novel estimation method, grounded in our quux finding, that helps.", set()),
    ("We design a new method, offer zorb insights, and test it.", set()),
])
def test_lower_case_words_after_a_novel_kind_and_a_comma_name_it_when_they_end_in_a_head(nlp, abstract, proposed):
    assert rel(run(nlp, abstract), "proposes") == proposed


def test_a_capitalised_word_then_lower_case_words_described_after_we_introduce_is_the_new_name(nlp):
    rec = run(nlp, "To this end, we introduce Zorbic backpropagation, a parallel iterative algorithm. "
                   "We study one-step quuxing, also known as Blob-free backpropagation, a method for fast solvers.")
    assert rel(rec, "proposes") == {"Zorbic backpropagation"}


def test_our_right_before_a_new_name_proposes_it_unless_the_name_modifies_a_noun(nlp):
    rec = run(nlp, "Value-based methods lead to the development of our QuuxCoder (pronounced quux coder). "
                   "Experiments show that our ZorbNet can scale. Our BLOB bounds are always valid.")
    assert rel(rec, "proposes") == {"QuuxCoder", "ZorbNet"}


def test_a_model_whose_rate_or_ability_the_work_improves_is_a_baseline(nlp):
    rec = run(nlp, "We propose QuuxAlign. QuuxAlign improves the harmlessness rate of ZorbLM 30B from 82% to 97%, "
                   "and enhances the reasoning abilities of BlobLM by 3 points.")
    assert rel(rec, "compared_with") >= {"ZorbLM 30B", "BlobLM"}


def test_another_name_of_a_known_thing_is_not_a_proposal(nlp):
    rec = run(nlp, "We show that offline (also called multi-quux) SGD has heavy tails. We also propose QuuxSGD.")
    assert rel(rec, "proposes") == {"QuuxSGD"}
    rec = run(nlp, "We design a sampler, which we also call BlobSampler, for quux graphs.")
    assert rel(rec, "proposes") == {"BlobSampler"}


def test_a_model_whose_performance_the_work_improves_is_base_and_baseline(nlp):
    rec = run(nlp, "We propose QuuxPrompt. QuuxPrompt substantially improves ZorbLM and BlobLM's performance on "
                   "reasoning tasks. This work studies the goal of improving QuuxNets by scaling.")
    assert rel(rec, "compared_with") >= {"ZorbLM", "BlobLM"} and rel(rec, "builds_on") >= {"ZorbLM", "BlobLM"}
    assert "QuuxNets" not in rel(rec, "compared_with")  # "the goal of improving X": no comparison
    rec = run(nlp, "We propose QuuxPrompt. QuuxPrompt scales well, greatly enhancing models like ZorbLM-9B and BlobLM.")
    assert rel(rec, "compared_with") >= {"ZorbLM-9B", "BlobLM"}
    rec = run(nlp, "We propose QuuxSketch. QuuxSketch improves upon ZorbSketch by 3% in recall.")
    assert "ZorbSketch" in rel(rec, "compared_with") and "ZorbSketch" in rel(rec, "builds_on")
    rec = run(nlp, "We propose QuuxPrompt. It improves ZorbLM on reasoning tasks.")
    assert "ZorbLM" not in rel(rec, "compared_with")  # no "'s" or "by": not said what of it improves
    rec = run(nlp, "We propose QuuxPrompt. For instance, QuuxPrompt improves ZorbLM-2L performance on MMLU by 7%.")
    assert "ZorbLM-2L" in rel(rec, "compared_with") and "ZorbLM-2L" in rel(rec, "builds_on")
    rec = run(nlp, "We propose QuuxDecode. QuuxDecode improves the decoding speed of ZorbLM-7B, ZorbLM-13B, and "
                   "BlobLM-33B by up to 4x. QuuxDecode also enhances the efficiency of QuuxFlow models.")
    assert rel(rec, "compared_with") >= {"ZorbLM-7B", "ZorbLM-13B", "BlobLM-33B", "QuuxFlow"}
    assert rel(rec, "builds_on") >= {"ZorbLM-7B", "ZorbLM-13B", "BlobLM-33B"}
    rec = run(nlp, "We propose QuuxDecode. QuuxDecode improves the speed and quality of ZorbLM.")
    assert "ZorbLM" not in rel(rec, "compared_with")  # "speed and": the owner reading needs one measure phrase
    rec = run(nlp, "We propose QuuxPrompt. QuuxPrompt improves the strongest available LLMs such as ZorbLM-7B and "
                   "BlobLM, and improves pretrained models such as QuuxBERT by extending them.")
    assert rel(rec, "compared_with") >= {"ZorbLM-7B", "BlobLM", "QuuxBERT"}
    assert rel(rec, "builds_on") >= {"ZorbLM-7B", "BlobLM", "QuuxBERT"}


def test_architectures_the_method_is_shown_on_are_its_bases(nlp):
    rec = run(nlp, "We propose to fix quux training by re-parameterization. We demonstrate the effectiveness of our "
                   "methods on several common model architectures, such as ZorbNet, BlobNet, and QuuxViT, across tasks.")
    assert rel(rec, "builds_on") >= {"ZorbNet", "BlobNet", "QuuxViT"}


def test_a_contrast_with_our_method_proposes_nothing(nlp):
    rec = run(nlp, "Unlike our new algorithm, BlobBoost keeps no ensemble of weak learners.")
    assert "BlobBoost" not in rel(rec, "proposes")


def test_a_known_method_named_in_the_plural_is_that_method(nlp):
    # The seed gold lists "deep transformers" as Transformer and "Convolutional Networks" as a method,
    # and so do the later samples' annotators: a plural architecture name is a mention of it.
    rec = run(nlp, "We propose QuuxNets. In experiments, QuuxNets achieve superior performance compared to "
                   "classical U-Nets in image segmentation.")
    assert "U-Net" in rel(rec, "compared_with")
    assert "U-Net" in {m.name for m in rec.mentions if m.type == "Method"}


def test_members_of_a_prior_class_are_mentioned_not_compared_with_without_a_comparison(nlp):
    # "Prior methods, such as X" names related work; annotators call X a baseline only where the
    # abstract compares with it (untuned samples 0 of 2, development 2 of 6 right as baselines).
    rec = run(nlp, "We propose QuuxTok. Prior methods, such as ZorbGAN, use 2D grids. Recent approaches like "
                   "BlobKS help. QuuxTok outperforms YakSolver.")
    assert rel(rec, "compared_with") == {"YakSolver"}
    assert {"ZorbGAN", "BlobKS"} <= {m.name for m in rec.mentions if m.type == "Method"}


def test_our_proposed_long_form_method_is_a_proposal_not_a_task(nlp):
    rec = run(nlp, "We present QuuxMath, which improves reasoning by applying our proposed Reinforcement Learning "
                   "from Blob Feedback (RLBF) method to mathematics. QuuxMath-Mistral 7B and QuuxMath 70B "
                   "surpass open models.")
    assert {"QuuxMath", "RLBF", "QuuxMath-Mistral 7B", "QuuxMath 70B"} <= rel(rec, "proposes")
    assert "RLBF" not in rel(rec, "addresses")


def test_variants_grown_from_a_proposed_name_are_proposed(nlp):
    rec = run(nlp, "We propose Quuxeta, a new optimizer. We provide two implementations, QuuxetaR and QuuxetaS, "
                   "based on RAdam and SGDM. We also propose QBlobSSA, and its quantized form QQBlobSSA "
                   "fits in memory; a deep version DeepQBlobSSA is faster. We validate QBlobSSAin vision tasks.")
    assert {"Quuxeta", "QuuxetaR", "QuuxetaS", "QBlobSSA", "QQBlobSSA", "DeepQBlobSSA"} <= rel(rec, "proposes")
    assert "QBlobSSAin" not in rel(rec, "proposes")  # a word glued on by a typo grows no name


def test_a_plus_version_and_slash_pairs_are_two_names(nlp):
    rec = run(nlp, "We revisit QANE, an established method. We present an extension, QANE+, which supports "
                   "inexact solvers. Our method FedQ retains the complexity of QANE/QANE+ on ViT-B/16.")
    assert "QANE+" in rel(rec, "proposes")
    assert {"QANE", "QANE+", "ViT-B/16"} <= rel(rec, "mentions")
    assert "QANE/QANE+" not in rel(rec, "mentions")


def test_numbers_in_brackets_do_not_end_a_baseline_list(nlp):
    rec = run(nlp, "We propose Quuxer, a novel prover. Quuxer reaches 96.7% accuracy, outperforming Blob-Math-7B "
                   "(73.0% and 7.5%) and TheoremQuux (50.1% and 4.0%). It also beats strong baselines "
                   "(e.g., ZedNet and YarnFormer).")
    assert {"Blob-Math-7B", "TheoremQuux", "ZedNet", "YarnFormer"} <= rel(rec, "compared_with")


def test_versions_and_size_ranges(nlp):
    rec = run(nlp, "We propose Quux-Former V2, a novel predictor. Smaller models (770M-11B parameters) compete.")
    assert "Quux-Former V2" in rel(rec, "proposes")
    assert not any("770M" in m for m in rel(rec, "mentions"))


def test_a_word_capitalised_only_to_open_the_sentence_starts_no_name(nlp):
    rec = run(nlp, "Nowadays Quuxing Transformers have emerged. While Blob Zed Nets are popular, they are slow.")
    names = rel(rec, "mentions")
    assert not any(n.startswith(("Nowadays", "While")) for n in names)
    assert "Quuxing Transformers" in names


@pytest.mark.parametrize("text", ["Our QuuxFormer replaces ZedAttention with local blob layers.",
                                  "QuuxFormer uses local blob layers instead of ZedAttention."])
def test_what_the_method_replaces_is_its_baseline(nlp, text):
    rec = run(nlp, "We propose QuuxFormer, a point cloud model. " + text)
    assert "ZedAttention" in rel(rec, "compared_with")


def test_what_the_own_method_matches_is_its_baseline_but_not_in_background(nlp):
    rec = run(nlp, "We propose QuuxFormer, a point cloud model. QuuxFormer matches ZedNet-L on ModelNet40 with half "
                   "the compute. Classical analyses show that such rates match SGD on convex problems.")
    assert rel(rec, "compared_with") == {"ZedNet-L"}


@pytest.mark.parametrize("cue", ["comparable to that of", "even exceeds that of", "higher than those of"])
def test_a_baseline_after_that_of(nlp, cue):
    rec = run(nlp, f"We propose QuuxNet, a point cloud model. QuuxNet reaches an accuracy {cue} ZedNet on ModelNet40.")
    assert rel(rec, "compared_with") == {"ZedNet"}


@pytest.mark.parametrize("abstract, expected", [
    # a listed dataset or benchmark, then the name of one of its settings
    ("We propose QuuxRL, an offline agent. The gains are largest in hard settings, including AntMaze Zorb Play and "
     "Visual Genome Quux Relation.", {"AntMaze Zorb Play": "Benchmark", "Visual Genome Quux Relation": "Dataset"}),
    # an appositive that calls a sized name data outweighs its model-like shape
    ("We caption slides with a multimodal model, creating ZorbGen-1.6M, a dataset containing 1.6 million "
     "image-caption pairs. Quux-7B, a model trained on it, beats Blob-7B.", {"ZorbGen-1.6M": "Dataset",
                                                                             "Quux-7B": "Method"}),
])
def test_names_typed_as_data(nlp, abstract, expected):
    types = {m.name: m.type for m in run(nlp, abstract).mentions}
    assert {name: types.get(name) for name in expected} == expected


def test_a_size_class_is_no_name(nlp):
    rec = run(nlp, "Our Quux-1.5B model surpasses all sub-2B public models and even outperforms Blob-3B.")
    assert rel(rec, "compared_with") == {"Blob-3B"}


@pytest.mark.parametrize("cue", ["baseline models like", "baseline methods, such as", "baselines, including"])
def test_listed_baselines_are_compared_with(nlp, cue):
    rec = run(nlp, f"We propose QuuxDet, a detector. Gains hold on KITTI under different {cue} ZedNet, YarnPoint and Blob-RCNN++.")
    assert {"ZedNet", "YarnPoint", "Blob-RCNN++"} <= rel(rec, "compared_with")


@pytest.mark.parametrize("sentence", ["We report encouraging results and comparisons to ZedNet.",
                                      "It is on-par with ZedNet at half the cost.",
                                      "Extensive comparisons against ZedNet favour it."])
def test_more_comparison_phrases_name_baselines(nlp, sentence):
    rec = run(nlp, f"We propose QuuxDet, a detector. {sentence}")
    assert rel(rec, "compared_with") == {"ZedNet"}


def test_a_known_name_introduced_with_its_definition_is_proposed(nlp):
    rec = run(nlp, "By instruction tuning on such data, we introduce LLaVA: Large Language and Vision Assistant, an "
                   "end-to-end trained model. We use CLIP, a strong encoder.")
    assert rel(rec, "proposes") == {"LLaVA"}
    assert "Vision Assistant" not in rel(rec, "mentions")


def test_objects_of_a_purpose_or_an_on_phrase_are_not_proposed(nlp):
    rec = run(nlp, "This paper introduces a novel framework for translating the Quuxlib4 corpus into language. "
                   "We present the results of this pipeline on Quuxlib4 as Blorald, a dataset.")
    assert "Quuxlib4" not in rel(rec, "proposes")


@pytest.mark.parametrize("abstract, present, absent", [
    # a model the work improves is both a baseline and a base
    ("We propose QuuxDec, a novel decoding method. QuuxDec consistently improves the performance of BlobLM "
     "models on TruthfulQA by 12 points.", {"compared_with": "BlobLM", "builds_on": "BlobLM"}, {}),
    ("Inspired by how QuBERT uses clustering to discover units, we propose BlobFA, a novel model.",
     {"builds_on": "QuBERT"}, {}),
    # a model used to label data and beaten as a baseline is in both relations
    ("We present QOFI, a new vision model. We label images using a BLIPX model. QOFI outperforms the BLIPX "
     "model trained on the original data.", {"builds_on": "BLIPX", "compared_with": "BLIPX"}, {}),
    ("We propose BlobLabel, a novel labelling method. Then we train QLIP models on these labels.",
     {"builds_on": "QLIP"}, {}),
    # a use cue's targets end at a following comparison cue
    ("We propose QuuxConv, a novel layer. Using this extension, we outperform a BlobFormer on WikiText103 by "
     "0.2 PPL.", {"compared_with": "BlobFormer"}, {"builds_on": "BlobFormer"}),
    # "X-based" in background is not the paper's base; in its own sentence it is
    ("Transformer-based trajectory methods have shown strong results. We propose BlobRL, a novel method. Our "
     "CLIP-based planner is fast.", {"builds_on": "CLIP"}, {"builds_on": "Transformer"}),
    # a class of other work right before the cue owns the use; in the paper's own sentence the use is its own
    ("Most protein LMs are based on the Transformer architecture. We propose BlobPLM, a novel model.",
     {}, {"builds_on": "Transformer"}),
    ("We propose two new unlearning methods based on Transformer models.", {"builds_on": "Transformer"}, {}),
])
def test_use_and_comparison_cues(nlp, abstract, present, absent):
    rec = run(nlp, abstract)
    for relation, name in present.items():
        assert name in rel(rec, relation), (relation, name)
    for relation, name in absent.items():
        assert name not in rel(rec, relation), (relation, name)


def test_a_shorter_task_of_the_same_paper_does_not_merge_two_known_tasks(tmp_path):
    from kg.api import KnowledgeGraph

    corpus = tmp_path / "c.jsonl"
    corpus.write_text(
        '{"id": "a", "abstract": "Deep reinforcement learning is hard. We study reinforcement learning with QuuxNet."}\n'
        '{"id": "b", "abstract": "We propose BlobNet for deep reinforcement learning in games."}\n')
    G = KnowledgeGraph.build([corpus]).graph
    labels = {d["label"]: d["aliases"] for _, d in G.nodes(data=True) if d.get("kind") == "Task"}
    assert "deep reinforcement learning" in labels and "reinforcement learning" in labels
    assert "reinforcement learning" not in labels["deep reinforcement learning"]


def test_a_redefined_listed_acronym_does_not_carry_the_listed_key(nlp):
    rec = run(nlp, "We study disentangled representation learning (DRL). DRL is hard; we propose BlobVAE, a novel model.")
    keys = {m.key for m in rec.mentions if m.name == "disentangled representation learning"}
    assert keys and "deep reinforcement learning" not in keys


def test_a_task_is_never_renamed_to_a_bare_head_and_bare_heads_give_way(nlp):
    rec = run(nlp, "Federated learning (FL) lets clients train together. Existing methods focus on specific learning "
                   "tasks. We propose QuuxFed for multiclass classification and evaluate it on classification tasks.")
    tasks = rel(rec, "addresses")
    assert "federated learning" in tasks and "multiclass classification" in tasks
    assert "learning" not in tasks and "classification" not in tasks


@pytest.mark.parametrize("text", [
    "We propose QuuxNet. In experiments, QuuxNet outperforms ZorbNet and Blobot on Atari.",
    "We propose QuuxNet. In experiments, QuuxNet outperforms ZorbNet, BlobGAN, and Blobot across games.",
])
def test_a_plain_capitalised_word_that_closes_a_list_of_names_is_a_name(nlp, text):
    assert "Blobot" in rel(run(nlp, text), "compared_with")


def test_a_plain_capitalised_word_after_a_used_name_and_and_is_used_too(nlp):
    assert "Blobot" in rel(run(nlp, "We propose QuuxNet. QuuxNet builds on ZorbNet and Blobot."), "builds_on")


def test_a_capitalised_word_after_a_name_and_and_is_no_name_without_a_list_end(nlp):
    rec = run(nlp, "We propose QuuxNet. QuuxNet outperforms ZorbNet and Blobot models on Atari.")
    assert "Blobot" not in rel(rec, "mentions")


def test_slash_siblings_name_two_datasets(nlp):
    rec = run(nlp, "We propose QuuxNet, a novel network. Experiments on CIFAR-10/100 and on BLOB7/12 show gains; "
                   "half (1/2) of the data suffice with ViT-B/16.")
    assert {"CIFAR-10", "CIFAR-100"} <= rel(rec, "evaluated_on")
    assert {"BLOB7", "BLOB12"} <= rel(rec, "mentions")
    assert "ViT-B/16" in rel(rec, "mentions")


@pytest.mark.parametrize("abstract, proposed", [
    # after "incorporate" (propose or use) only a name new to the abstract is proposed
    ("Quux network (QNN) based approaches dominate the field. We then propose BlobFormer. We incorporate the "
     "capability of QNN into BlobFormer. We incorporate Zebra Mode Smoothing.", {"BlobFormer", "Zebra Mode Smoothing"}),
    # a later naming word in the sentence gives the name
    ("The success of Quux Neural Networks (QNNs) needs explanations. In this work, we propose a novel framework of "
     "explainable QNNs, called Prototype Blob Bottleneck (PBB), for graphs.", {"PBB"}),
    # "which is called y" (lower case, not first person) defines a term
    ("Hidden features may affect both selection and feedback, which is called hidden quuxing. We propose "
     "BlobDebias, a novel method.", {"BlobDebias"}),
    ("Earlier work found two properties of voting rules called quuxity and blob-robustness.", set()),
    # ... unless the term gets an acronym
    ("This procedure—dubbed the quux accountant (QXA)—yields a bound.", {"QXA"}),
    # "the proposed X model" is the paper's own; "the proposed X preserving ansatz" is no name of a kind
    ("We propose QuuxSelect to train the proposed Kernel Blob Optimization (KBO) model.", {"QuuxSelect", "KBO"}),
    ("We revisit the Hamming Quux (HQ) ansatz. Results show the value of the proposed HQ preserving ansatz.", set()),
    # a known name used as the kind of the new work is not proposed
    ("Recently, Robust Quux Optimization (RQO) methods have shown promise. We propose a manifold-based RQO "
     "method.", set()),
    # ... but one the paper introduced itself still is
    ("We propose a new approach through a Mixture-of-Quux (MoQ) methodology. We construct a layered MoQ "
     "architecture.", {"MoQ"}),
    # "design" after a noun is a noun ("control design tasks"), after "we" or an adverb a verb
    ("We study quux control design tasks using blob optimization methods.", set()),
    ("We carefully design QuuxNorm, a new layer.", {"QuuxNorm"}),
    # an opening phrase is no apposition
    ("Using QuuxLM-7B, our method surpasses the baseline on eight tasks.", set()),
    # a plural kind word names every item of the apposition
    ("We release a corpus of commits. Our models, QuuxCoder and ZorbCoder, beat the baselines.",
     {"QuuxCoder", "ZorbCoder"}),
    # "compile" makes a dataset or benchmark the way "construct" does
    ("Using the Blob library, we compile the QuuxSet-v1 dataset with 1,132 instances.", {"QuuxSet-v1"}),
    # a cue that names nothing: the new name opening the next sentence is the proposal ...
    ("Here we propose a method for learning simulators from video. Quux Particle Dynamics (QPD) jointly "
     "learns a latent representation of scenes. QPD needs no labels.", {"QPD"}),
    # ... but not a term the cue's sentence already defined, in whatever case
    ("We present a novel framework for reconstructing structures from zorb-Blob Tomography (zorb-BT) data. "
     "Zorb-BT is a powerful imaging technique.", set()),
])
def test_what_a_proposal_cue_proposes(nlp, abstract, proposed):
    assert rel(run(nlp, abstract), "proposes") == proposed


def test_results_name_the_owner_data_and_baseline_of_each_value(nlp):
    rec = run(nlp, "We propose QuuxLM, a novel model. QuuxLM reaches 65.1% on AlpacaEval, compared to 57.5% by "
                   "ZedGPT. QuuxLM achieves a 96.7% accuracy on formalizing statements in the miniF2F-test and a 23.5% "
                   "accuracy on our internal data, outperforming YakMath-7B (73.0% and 7.5%) and TheoremYak (50.1% "
                   "and 4.0%).")
    by_value = {r.value_text: r for r in rec.results}
    assert (by_value["65.1%"].method, by_value["65.1%"].baseline) == ("QuuxLM", "ZedGPT")
    assert (by_value["57.5%"].method, by_value["57.5%"].baseline) == ("ZedGPT", None)
    assert by_value["96.7%"].dataset == "miniF2F-test"
    # no "respectively": both of the paper's values are measured against the first baseline named
    assert by_value["96.7%"].baseline == by_value["23.5%"].baseline == "YakMath-7B"
    assert by_value["73.0%"].method == by_value["7.5%"].method == "YakMath-7B"
    assert by_value["50.1%"].method == "TheoremYak"


def test_a_margin_value_is_in_the_metric_named_before_by(nlp):
    """"reduces training time by 44% with comparable accuracy": the 44% is training time, although
    accuracy follows the value; "by 9% in the success rate" keeps the metric after it."""
    rec = run(nlp, "We propose QuuxNet. QuuxNet reduces training time by 44% with comparable accuracy to the "
                   "baseline. It improves the throughput of inference by up to 58% with no loss in accuracy. "
                   "It beats BlobNet by 2.1% in accuracy and by 9% in the success rate.")
    got = {r.value_text: r.metric for r in rec.results}
    assert got == {"44%": "training time", "58%": "throughput", "2.1%": "accuracy", "9%": "success rate"}


def test_a_value_stated_with_of_is_in_the_metric_before_it(nlp):
    """"an accuracy of 85% in classification and 0.19 in SSIM": the 85% is accuracy, although another
    metric follows the value closely."""
    rec = run(nlp, "We propose QuuxNet. QuuxNet achieves an accuracy of 85% in semantic classification tasks and "
                   "0.19 in structural similarity index (SSIM).")
    assert {r.value_text: r.metric for r in rec.results} == {"85%": "accuracy"}


def test_a_metric_right_after_the_next_value_is_that_values(nlp):
    """"112x faster training and 82x reduction in GPU memory usage": the GPU memory is the 82x's; values
    joined as a list ("80.1% and 75.2% top-1 accuracy", "5.9% vs 1.9% word error rate") or followed by
    their metric later ("by 1.4% for soft prompts and 2.2% for hard prompts in accuracy") share it."""
    got = {}
    for text in ("QuuxNet achieves up to 112x faster training and 82x reduction in GPU memory usage.",
                 "QuuxNet reaches 80.1% and 75.2% top-1 accuracy.",
                 "QuuxNet improves over BlobNet by 1.4% for soft prompts and 2.2% for hard prompts in accuracy.",
                 "QuuxNet gets 5.9% vs 1.9% word error rate."):
        got |= {r.value_text: r.metric for r in run(nlp, "We propose QuuxNet. " + text).results}
    assert got["112x"] is None and got["82x"] == "GPU memory usage"
    assert got["80.1%"] == got["75.2%"] == "top-1 accuracy"
    assert got["1.4%"] == got["2.2%"] == "accuracy"
    assert got["5.9%"] == got["1.9%"] == "word error rate"


def test_a_bracketed_value_is_measured_on_the_dataset_before_the_bracket(nlp):
    """"GSM8K (+17.9%), SVAMP (+11.0%)": each gain is on the dataset it follows, not on the next one."""
    rec = run(nlp, "We propose QuuxPrompt. QuuxPrompt improves over chain-of-thought prompting on reasoning "
                   "benchmarks, including GSM8K (+17.9%), SVAMP (+11.0%) and StrategyQA (+6.4%).")
    assert {r.value_text: r.dataset for r in rec.results} == {"+17.9%": "GSM8K", "+11.0%": "SVAMP",
                                                              "+6.4%": "StrategyQA"}


def test_a_margin_is_over_the_comparison_before_it(nlp):
    """"outperforms X by more than 25% at ..., and surpasses ZorbCLIP": ZorbCLIP is not the baseline of
    the 25%; a cue right after the margin still is ("by 67% compared to ZorbFT")."""
    rec = run(nlp, "We propose QuuxGeo. QuuxGeo outperforms earlier vision-language models by more than 25% at "
                   "country level, and surpasses ZorbCLIP while using fewer resources. QuuxGeo surpasses BlobLoRA "
                   "in accuracy while reducing the GPU memory footprint by 67% compared to ZorbFT.")
    assert {r.value_text: r.baseline for r in rec.results} == {"25%": None, "67%": "ZorbFT"}


def test_a_first_person_value_on_a_named_model_is_the_papers_method(nlp):
    """"Our approach lifts ResNet-50 to 80.5%": the value is the paper's one method, run on ResNet-50;
    a value the sentence gives a model without "we"/"our", or gives a baseline of the paper, stays
    that model's."""
    rec = run(nlp, "We propose QuuxNorm, a normalization layer. Our approach lifts ResNet-50 to a top-1 accuracy "
                   "of 80.5% on ImageNet. Plain ResNet-50 reaches 76.1% top-1 accuracy. Our approach lifts ViT-B/16 "
                   "to 81.0%, outperforming ZorbQuant by 3.6% (80.9% vs 77.3%).")
    got = {r.value_text: r.method for r in rec.results}
    assert (got["80.5%"], got["76.1%"]) == ("QuuxNorm", "ResNet-50")
    assert got["77.3%"] == "ZorbQuant"  # a baseline's own value stays the baseline's


def test_a_value_is_never_credited_to_its_own_baseline(nlp):
    """"outperforming ZorbQuant by 3.6% (80.5% vs 76.9%)": the 3.6% and the 80.5% are measured against
    ZorbQuant, so neither is ZorbQuant's own (a "vs" between two values names no baseline); the 76.9%
    after "vs" is; a capital "VS" is no result's method."""
    rec = run(nlp, "Our approach lifts ResNet-50 to a top-1 accuracy of 80.5%, outperforming ZorbQuant by 3.6% "
                   "(80.5% VS 76.9%).")
    got = [(r.value_text, r.method, r.baseline) for r in rec.results]
    assert [(v, b) for v, _, b in got] == [("80.5%", "ZorbQuant"), ("3.6%", "ZorbQuant"), ("80.5%", "ZorbQuant"),
                                           ("76.9%", None)]
    assert all(m != b for _, m, b in got)
    assert got[-1][1] == "ZorbQuant"


def test_a_value_of_an_improvement_or_of_alternating_comparisons_has_its_baseline(nlp):
    """"QuuxPrompt improves ZorbLM performance on MMLU by 7%": relative to ZorbLM; "outperforms A by
    2% and B by 3%": each margin over the name before it; an improvement cue that names nothing does
    not hide the comparison before it."""
    rec = run(nlp, "We propose QuuxPrompt. For instance, QuuxPrompt improves ZorbLM-2L performance on MMLU by 7%. "
                   "It outperforms GazNet by 2% and TarNet by 3%. Compared to standard BlobPrompt, QuuxPrompt "
                   "significantly improves the student model's performance, achieving an average improvement of 6.2%.")
    got = {r.value_text: (r.method, r.baseline) for r in rec.results}
    assert got["7%"] == ("QuuxPrompt", "ZorbLM-2L")
    assert got["2%"] == ("QuuxPrompt", "GazNet") and got["3%"] == ("QuuxPrompt", "TarNet")
    assert got["6.2%"] == ("QuuxPrompt", "BlobPrompt")


def test_a_metric_after_values_of_another_unit_is_not_the_earlier_values(nlp):
    """"9.0%, 26.3% performance gain on A and B, while bringing 5.13x, 6.29x speedup": the speedup is
    the "x" values' metric only; values of one unit listed before their metric share it."""
    rec = run(nlp, "We propose QuuxSel. QuuxSel achieves 9.0%, 26.3% performance gain on image recognition and "
                   "captioning, while bringing 5.13x and 6.29x speedup in wall-clock time, respectively. It "
                   "reaches 80.1%, 75.2% and 70.3% top-1 accuracy.")
    got = {r.value_text: r.metric for r in rec.results}
    assert got["9.0%"] is None and got["26.3%"] is None
    assert got["5.13x"] == got["6.29x"] == "speedup"
    assert got["80.1%"] == got["75.2%"] == got["70.3%"] == "top-1 accuracy"


def test_a_value_of_the_papers_own_experiments_is_its_methods(nlp):
    rec = run(nlp, "We propose QuuxPrune, a pruning method. It keeps 91.2% accuracy on CIFAR-10. Extensive "
                   "experiments show a 2.5x speedup on ImageNet. Pruning is popular. It often loses 7% accuracy.")
    got = {r.value_text: r.method for r in rec.results}
    assert got["91.2%"] == got["2.5x"] == "QuuxPrune"
    assert got["7%"] is None  # "It" after a sentence that is not about the paper's own work


def test_a_value_after_a_comparison_is_relative_to_its_baseline(nlp):
    rec = run(nlp, "We propose QuuxNet. QuuxNet outperforms BlobNet by 3.2% accuracy on ImageNet. QuuxNet shows "
                   "improvements over previous SOTA, ZorbNet, including on zero-shot classification (+9.36%) and "
                   "retrieval (+4.3%). It beats YakNet and FooNet by 2% and 3%, respectively. It is 5x faster than "
                   "BarNet. Our model reaches 80% accuracy, while GazNet outperforms TarNet with 70%.")
    got = {r.value_text: (r.method, r.baseline) for r in rec.results}
    assert got["3.2%"] == ("QuuxNet", "BlobNet")
    assert {r.value_text: r.task for r in rec.results}["+9.36%"] == "zero-shot classification"
    assert got["+9.36%"] == got["+4.3%"] == ("QuuxNet", "ZorbNet")
    assert (got["2%"], got["3%"]) == (("QuuxNet", "YakNet"), ("QuuxNet", "FooNet"))
    assert got["5x"] == ("QuuxNet", "BarNet")  # the one method the paper proposes
    assert got["80%"][1] is None  # the later cue has a subject of its own
    assert got["70%"] == ("GazNet", "TarNet")


def test_a_comparison_opening_a_long_sentence_is_the_baseline_of_its_later_values(nlp):
    """"compared with X, ours achieves a, b, c ... gain on ..., while bringing d, e ... speedup": the
    values far from the cue are still relative to X; nearer names before a value win over farther ones,
    and a value never shares the method of the value before it when that method is its baseline."""
    rec = run(nlp, "We propose QuuxSel. Compared with the state-of-the-art method ZorbSel enhanced by our label "
                   "embeddings, QuuxSel achieves 9.0%, 26.3%, 20.1%, 54.8%, 12.2% performance gain on image "
                   "recognition, referring, captioning, visual question answering, and text question answering, "
                   "while bringing 5.13x, 6.29x, 3.59x, 6.19x, and 5.66x speedup in wall-clock time, respectively. "
                   "QuuxSel outperforms supervised methods, e.g., BlobSel (3.5% F1 for classification, 7.5% Dice "
                   "for segmentation, and 2.2% F1 for detection) and other self-supervised methods, e.g., GazSel "
                   "(4.6% F1 for classification, 0.4% Dice for segmentation, and 2.1% F1 for detection).")
    got = {r.value_text: (r.method, r.baseline) for r in rec.results}
    assert got["9.0%"][1] == got["5.13x"][1] == got["5.66x"][1] == "ZorbSel"
    assert got["2.2%"] == ("QuuxSel", "BlobSel")
    assert got["2.1%"] == ("QuuxSel", "GazSel")  # not GazSel's own, as the value before it in the bracket


@pytest.mark.parametrize("text, data", [
    ("We propose a quux defense. The method obtains improved adversarial robustness on four datasets (ImageNet, "
     "Cityscapes, PASCAL VOC, and MS-COCO) on image recognition.", {"ImageNet", "Cityscapes", "PASCAL VOC", "MS-COCO"}),
    ("Notably, QuuxCoder-7B even surpasses the prominent ChatGPT on HumanEval+.", {"HumanEval+"}),
    ("For example, linear probing on ImageNet using ViT-B is improved by 1.7%.", {"ImageNet"}),
])
def test_improved_surpasses_and_obtains_make_an_evaluation_sentence(nlp, text, data):
    assert rel(run(nlp, text), "evaluated_on") >= data


def test_gains_and_improvements_on_data_are_evaluations(nlp):
    rec = run(nlp, "We propose QuuxGuide. This leads to significant improvements in ImageNet generation. "
                   "It also exhibits efficiency gains in the Atari suite.")
    assert {"ImageNet", "Atari"} <= rel(rec, "evaluated_on")


def test_own_sentence_bases_are_known_or_sized_models(nlp):
    # a new name seen only by its shape in the paper's own sentence is mostly its own part: no base
    rec = run(nlp, "We propose QuuxAdapt. Our QuuxAdapt with the ZorbFormer head trains in one pass.")
    assert "ZorbFormer" not in rel(rec, "builds_on")
    # a sized model named there is the model the method is applied to
    rec = run(nlp, "We propose QuuxAdapt. Our QuuxAdapt with BlorpLM-13B-Instruct trains in one pass.")
    assert "BlorpLM-13B-Instruct" in rel(rec, "builds_on")
    rule = next(r.rule for r in rec.relations if r.relation == "builds_on" and r.target == "BlorpLM-13B-Instruct")
    assert rule == "own sentence; shape"


def test_an_unnamed_method_of_the_paper_is_built_with_the_known_methods_of_its_own_sentences(nlp):
    # no name is proposed, but the paper presents a method of its own: what its sentences name is used
    rec = run(nlp, "Quux recordings are hard to cluster. In this paper, we develop an efficient Markov chain "
                   "Monte Carlo (MCMC) algorithm to sample the posterior of the model.")
    assert "MCMC" in rel(rec, "builds_on")
    rec = run(nlp, "Quux graphs are large. Our approach trains a ResNet with dropout on them.")
    assert {"ResNet", "Dropout"} <= rel(rec, "builds_on")
    # an analysis paper presents no method: the methods it names are studied, not used
    rec = run(nlp, "In this paper, we study how a graph neural network trained with dropout forgets quux graphs.")
    assert not rel(rec, "builds_on")
    rec = run(nlp, "We present an analysis of graph neural networks trained with dropout on quux graphs.")
    assert not rel(rec, "builds_on")


def test_a_sentence_about_the_proposed_method_is_the_papers_own(nlp):
    rec = run(nlp, "Quux graphs are hard to sample. We develop a new algorithm for them. "
                   "The proposed method runs a ResNet on each graph.")
    assert "ResNet" in rel(rec, "builds_on")
    rec = run(nlp, "Quux graphs are hard to sample. We develop a new algorithm for them. "
                   "The method proposed by others runs a ResNet on each graph.")
    assert "ResNet" not in rel(rec, "builds_on")


def test_a_sized_release_of_a_listed_model_is_what_a_method_paper_runs(nlp):
    rec = run(nlp, "We propose QuuxAdapt, an adapter. Experiments with ViT-S/16 and Llama2-13B show large gains. "
                   "A short BlorpScript-L program suffices. It also beats DiT-XL on ImageNet.")
    assert {"ViT-S/16", "Llama2-13B"} <= rel(rec, "builds_on")
    assert "BlorpScript-L" not in rel(rec, "builds_on")  # a tag after a new name is part of the name
    assert "DiT-XL" not in rel(rec, "builds_on")  # a baseline


@pytest.mark.parametrize("sentence", [
    "QuuxNet beats strong baselines (FooNet, BarNet) on ImageNet.",  # the bracket after a class is its list
    "QuuxNet surpasses the performance of several systems, including FooNet and BarNet.",
    "We compare QuuxNet with FooNet and BarNet on ImageNet.",  # a split cue: "compare ... with"
    "We compare our new quux model to FooNet and BarNet.",
    "FooNet and BarNet are consistently outperformed by QuuxNet.",  # passive: the subject list
    "QuuxNet gives a 3% improvement in accuracy over FooNet and BarNet.",  # "improvement ... over"
    "QuuxNet outperforms all prior distillation and pruning techniques, such as FooNet and BarNet.",  # a class, then its list
])
def test_baselines_after_a_class_or_the_performance_of(nlp, sentence):
    rec = run(nlp, "We propose QuuxNet, a new model. " + sentence)
    assert rel(rec, "compared_with") == {"FooNet", "BarNet"}


def test_a_split_compare_cue_is_not_with_respect_to(nlp):
    rec = run(nlp, "We propose QuuxNet, a new model. We compare QuuxNet with respect to FooNet's loss.")
    assert "FooNet" not in rel(rec, "compared_with")


def test_an_acronym_bracket_after_a_class_is_no_list(nlp):
    rec = run(nlp, "We propose QuuxNet. Leveraging large language models (LLMs) such as ChatGPT, QuuxNet labels data.")
    assert "ChatGPT" in rel(rec, "builds_on")


def test_a_listed_model_with_a_glued_size_is_that_release(nlp):
    rec = run(nlp, "We propose QuuxAlign. In evaluations on Llama 3-8B and Qwen 2.5-7B-Instruct, QuuxAlign wins.")
    assert {"Llama 3-8B", "Qwen 2.5-7B-Instruct"} <= rel(rec, "builds_on")


def test_a_coined_name_with_a_size_word_is_a_model(nlp):
    rec = run(nlp, "We propose QuuxPrune. We prune the baseline BERT-large model and RoBERTa-base with QuuxPrune.")
    assert {"BERT-large", "RoBERTa-base"} <= rel(rec, "builds_on")
    rec = run(nlp, "We propose QuuxPrune, unlike KD-based pruning.")
    assert "KD-based" not in rel(rec, "builds_on") | rel(rec, "proposes")


def test_a_model_size_written_with_times_is_a_name(nlp):
    rec = run(nlp, "We propose QuuxAlign. By training over base LLMs including Mixtral-8$\\times$7B, we obtain MLLMs.")
    assert "Mixtral-8×7B" in rel(rec, "builds_on")


def test_new_names_listed_with_a_base_are_bases_too(nlp):
    rec = run(nlp, "We propose QuuxQuant. We quantize LLMs, including OPT, BLOOM, ZorbLM and BlorpGPT, with QuuxQuant.")
    assert {"OPT", "BLOOM", "ZorbLM", "BlorpGPT"} <= rel(rec, "builds_on")
    rec = run(nlp, "We propose QuuxQuant. We quantize OPT with QuuxQuant. ZorbLM and BlorpGPT are slow.")
    assert not {"ZorbLM", "BlorpGPT"} & rel(rec, "builds_on")  # not in a list with a base


def test_relations_carry_their_rule_and_the_rule_score(nlp):
    rec = run(nlp, "We propose FooNet. FooNet outperforms ResNet on CIFAR-10.")
    baseline = next(r for r in rec.relations if r.relation == "compared_with" and r.target == "ResNet")
    assert baseline.rule == "compared with cue; gazetteer"
    assert 0.0 < baseline.confidence <= 1.0  # the heuristic score: the graph applies the calibration


@pytest.mark.parametrize("abstract, name, listed", [
    # the listed entry names a long form, and the paper's is another: a new name, no listed key
    ("We propose Adaptive Risk Control (ARC), a new method. ARC beats PPO.", "ARC", None),
    ("Our Direct Policy Optimisation (DPO) algorithm is simple. DPO beats PPO.", "DPO", None),
    # an entry listing no long form is contradicted by the kind the long form's head names
    ("We compare with Grouped Quux Attention (GQA) in decoding speed.", "GQA", None),
    ("We release the Multi-lingual Blob Reasoning Benchmark (BLOOM). Models fail on BLOOM.", "BLOOM", None),
    # the listed long form, written with small differences, is the listed name
    ("We evaluate on the AI2 Reasoning Challenge (ARC) and report accuracy.", "ARC", "ARC"),
    ("We train Denoised Diffusion Probabilistic Models (DDPMs) on faces.", "DDPMs", "DDPM"),
])
def test_a_defined_listed_acronym_is_the_listed_name_only_with_its_listed_long_form(nlp, abstract, name, listed):
    rec = run(nlp, abstract)
    keys = {m.key for m in rec.mentions if m.name == name}
    assert (listed in keys) if listed else keys == {None}


def test_a_defined_measure_is_a_metric_and_a_proposed_one_is_no_proposal(nlp):
    rec = run(nlp, "We report the quux blob error rate (QBER) of QuuxNet. QBER drops by half.")
    assert "quux blob error rate" in rel(rec, "uses_metric")
    assert {m.type for m in rec.mentions if m.name in ("QBER", "quux blob error rate")} == {"Metric"}
    rec = run(nlp, "We propose the proximity-informed quux calibration error (PIQCE), a new measure.")
    assert rel(rec, "proposes") == set()  # GUIDELINES: proposals are methods and data; a measure is a metric
    assert "proximity-informed quux calibration error" in rel(rec, "uses_metric")


def test_a_defined_class_of_listed_models_is_a_method_the_paper_does_not_propose(nlp):
    rec = run(nlp, "With the success of Vision Transformers (ViTs) in vision, there is interest in pruning them. "
                   "We introduce QuuxPrune, a novel token pruning strategy designed for ViTs in SSL.")
    assert "ViTs" in rel(rec, "mentions")
    assert rel(rec, "proposes") == {"QuuxPrune"}


@pytest.mark.parametrize("abstract, proposed", [
    ("We introduce quux conditioning using Blob-wise Linear Zorbing (BLZ) layers.", set()),  # a use
    ("We design a quux approach via Zorb Blob Estimation (ZBE) to distill noise.", set()),
    # a use word inside a long form, or before the new thing, does not end the search
    ("We call this problem quux adaptation using privileged blobs (QAUPB).", {"QAUPB"}),
    ("We introduce an approach using a novel Zorb Conformer architecture.", {"Zorb Conformer"}),
    # a capitalised word right after a proposal cue keeps the size written after it
    ("Using our scaling analysis, we train and release Quux 1B, a large diffusion language model "
     "which outperforms GPT-2 in likelihood.", {"Quux 1B"}),
    # a name set off by commas after "our" and a kind word, whatever its shape
    ("Our algorithm, Top-$k$, considers the $k$ best attributes as possible splits. "
     "We show that Top-$k$ outperforms greedy algorithms.", {"Top-k"}),
])
def test_what_follows_a_proposal_cue_and_a_use_word(nlp, abstract, proposed):
    assert rel(run(nlp, abstract), "proposes") == proposed


def test_a_new_thing_designed_for_a_name_does_not_propose_that_name(nlp):
    rec = run(nlp, "We develop an architecture designed for scalability: the Quux Scaled Attention Potential (QSAP). "
                   "We also design a module designed for BlobNet backbones.")
    assert rel(rec, "proposes") == {"QSAP"}


def test_listed_method_inside_own_long_form_is_a_base(nlp):
    rec = run(nlp, "We propose Scalable Decoupled LoRA (SD-LoRA), a quux method for zorbing. "
                   "Decision Transformer (DT) is a common policy model.")
    assert "SD-LoRA" in rel(rec, "proposes")
    assert "LoRA" in rel(rec, "builds_on")
    assert "Transformer" not in rel(rec, "builds_on") | rel(rec, "mentions")  # not our long form


def test_a_method_after_for_in_our_long_form_is_its_purpose_not_its_base(nlp):
    rec = run(nlp, "We propose Model-Augmented Quux for Q-learning (MAQ), a zorbing method.")
    assert "MAQ" in rel(rec, "proposes")
    assert "Q-learning" not in rel(rec, "builds_on")


def test_task_inside_a_long_form_is_addressed_but_not_inside_a_task(nlp):
    rec = run(nlp, "We propose Diversity-induced Mixup for OOD detection (diverseMix), a quux method. "
                   "We also study incremental object detection (IOD).")
    assert {"Mixup"} <= rel(rec, "builds_on")
    assert "out-of-distribution detection" in rel(rec, "addresses")
    assert "object detection" not in rel(rec, "addresses")


def test_measures_after_in_terms_of_in_a_comparison_are_metrics(nlp):
    rec = run(nlp, "QuuxRL outperforms PPO in terms of policy optimality and sample diversity. "
                   "The gradient with respect to the zorb weights is bounded.")
    assert {"policy optimality", "sample diversity"} <= rel(rec, "uses_metric")
    assert not any("zorb" in m for m in rel(rec, "uses_metric"))


def test_a_measure_after_less_or_a_fraction_of_the_is_reported(nlp):
    rec = run(nlp, "QuuxNet matches BlobNet while requiring less training time and a fraction of the "
                   "computation cost. Deeper nets decrease the zorb error.")
    assert {"training time", "computation cost"} <= rel(rec, "uses_metric")
    assert "zorb error" not in rel(rec, "uses_metric")


def test_improve_or_reduce_reports_a_measure_but_to_improve_states_an_aim(nlp):
    rec = run(nlp, "QuuxNet can improve training efficiency and reduce the memory usage. To improve the "
                   "acceptance rate of the proposal, we add a zorb penalty.")
    metrics = rel(rec, "uses_metric")
    assert {"training efficiency", "memory usage"} <= metrics
    assert "acceptance rate" not in metrics


def test_a_verb_before_a_measure_is_no_part_of_its_name(nlp):
    rec = run(nlp, "QuuxNet reduces latency by 20% while maintaining accuracy and promoting diversity, and "
                   "shortens training time with a 3 times speedup and negligible perplexity loss. The setting "
                   "necessitates learning to plan.")
    metrics = rel(rec, "uses_metric")
    assert {"latency", "accuracy", "training time", "speedup"} <= metrics
    assert not {"maintaining accuracy", "promoting diversity", "shortens training time", "times speedup",
                "negligible perplexity"} & metrics
    assert not any(t.startswith("necessitates") for t in rel(rec, "addresses"))


def test_quality_measures_and_coordinated_measures(nlp):
    rec = run(nlp, "QuuxGS improves both the inference speed and result quality, and achieves better "
                   "reconstruction quality without sacrificing quality.")
    metrics = rel(rec, "uses_metric")
    assert {"result quality", "reconstruction quality"} <= metrics
    assert not {"speed quality", "sacrificing quality"} & metrics


def test_an_activity_after_in_terms_of_is_no_metric(nlp):
    rec = run(nlp, "QuuxRL outperforms PPO in terms of handling label skew.")
    assert not rel(rec, "uses_metric")


def test_a_defined_acronym_before_a_singular_method_kind_is_a_method(nlp):
    rec = run(nlp, "It minimizes the conventional cross zorb (CZ) loss. Quux-to-blob (Q2B) diffusion models are popular.")
    assert "CZ" in rel(rec, "mentions")
    assert "Q2B" not in rel(rec, "mentions")  # a class: the kind word is plural


def test_a_short_form_closed_before_based_is_defined_and_not_proposed(nlp):
    rec = run(nlp, "In this paper, we propose a novel Zorb Quux Transform (ZQT)-based layer for hybrid computing. "
                   "The ZQT is cheap.")
    assert "ZQT" in rel(rec, "mentions")
    assert "ZQT" not in rel(rec, "proposes")


@pytest.mark.parametrize("abstract, relation, names", [
    # an elliptic comparison names a second baseline
    ("QuuxMixer outperforms BERT by 0.8 points on GLUE and ViT by 2% top-1 accuracy on ImageNet.",
     "compared_with", {"BERT", "ViT"}),
    # "as well as" joins a further baseline that a class noun describes
    ("The resulting QuuxFormer outperforms the vanilla Transformer, as well as the classical multilayer perceptron, "
     "on control tasks.", "compared_with", {"Transformer", "multilayer perceptron"}),
    # ... also when the value comes a few words after "by"
    ("QuuxLM outperforms ZorbLlama by an average of 35% and Flan-T5 by an average of 10%.",
     "compared_with", {"ZorbLlama", "Flan-T5"}),
    # a listed name after "a novel <kind>" is proposed by the paper
    ("To cope with these challenges, we design a novel framework DeepIM to model the latent space.",
     "proposes", {"DeepIM"}),
])
def test_one_sentence_states_the_relation(nlp, abstract, relation, names):
    assert names <= rel(run(nlp, abstract), relation)


@pytest.mark.parametrize("abstract, proposed, not_proposed", [
    ("We combine features of accelerated descent with the zorb method, resulting in a single-loop "
     "Accelerated Zorb Primal-Dual (AZPD) method.", {"AZPD"}, set()),
    ("We bind QuuxBind with extra expert spaces, resulting in three main variants: QuuxBind++ and ZorbIB.",
     {"QuuxBind++", "ZorbIB"}, set()),
    # a gain or a number between the cue and the name: the name is the baseline, not the outcome
    ("We also introduce ZorbSigmoid, an implementation of sigmoid attention yielding a 17% inference kernel "
     "speed-up over QuuxAttention2 on H100 GPUs.", {"ZorbSigmoid"}, {"QuuxAttention2"}),
])
def test_what_the_own_work_results_in_is_proposed(nlp, abstract, proposed, not_proposed):
    found = rel(run(nlp, abstract), "proposes")
    assert proposed <= found and not (not_proposed & found)


def test_a_listed_name_right_after_we_propose_and_a_pause_is_proposed(nlp):
    rec = run(nlp, "To bridge this gap, we propose AdaLoRA, which allocates the budget. "
                   "We introduce LoRA into the zorb encoder.")
    assert rel(rec, "proposes") == {"AdaLoRA"}


@pytest.mark.parametrize("listed, unlisted, relation, names", [
    # the members of a class a use cue names are bases past the cue's window
    ("We propose a simple generalization of standard and empirically successful decision tree "
     "learning algorithms such as ID3, C4.5, and CART.",
     "We propose QuuxTree, a generalization of standard and empirically successful decision tree "
     "learning algorithms. ID3, C4.5 and CART are shown for comparison.", "builds_on", {"ID3", "C4.5", "CART"}),
    # the list a class noun announces after a comparison cue is compared, however long the class phrase
    ("We find that ZorbNet outperforms the previously leading joint self- and weakly supervised "
     "methods, QuuxA, QuuxB, and QuuxC.",
     "We find that ZorbNet outperforms the previously leading joint self- and weakly supervised "
     "methods by far when trained with QuuxA and QuuxB.", "compared_with", {"QuuxA", "QuuxB"}),
])
def test_a_class_list_runs_past_the_cue_window(nlp, listed, unlisted, relation, names):
    assert names <= rel(run(nlp, listed), relation)
    assert not names & rel(run(nlp, unlisted), relation)  # no class list: the window still bounds the cue


def test_a_proper_name_and_words_after_we_called_is_the_name(nlp):
    rec = run(nlp, "We reformulate language models as structural equation models using the Gumbel-max trick, "
                   "which we called Quuxley counterfactual generation.")
    assert rel(rec, "proposes") == {"Quuxley counterfactual generation"}
    rec = run(nlp, "We study a model called Quuxley for sampling.")  # one word: the title-word rules decide
    assert "Quuxley for sampling" not in rel(rec, "mentions")


def test_one_capitalised_word_ending_our_sentence_after_a_naming_word_is_proposed(nlp):
    rec = run(nlp, r"To this end, we propose a novel approach called \textbf{Quuxord}. It is fast.")
    assert rel(rec, "proposes") == {"Quuxord"}
    rec = run(nlp, "QuuxBack is an add-on to a state-of-the-art SAT solver called Quuxat. It is fast.")
    assert "Quuxat" not in rel(rec, "proposes")  # no "we": a tool named in passing


def test_a_name_given_in_a_sentence_about_earlier_work_is_not_proposed(nlp):
    rec = run(nlp, "Recently, a novel local learning algorithm, called Quux-Quux, has received attention. "
                   "We propose QuuxTri, three techniques that improve the Quux-Quux algorithm.")
    assert rel(rec, "proposes") == {"QuuxTri"}
    rec = run(nlp, "Recently, we proposed a novel algorithm called QuuxPrior, which is fast.")
    assert rel(rec, "proposes") == {"QuuxPrior"}  # first person: still ours


def test_a_plain_word_compared_with_its_score_in_brackets_is_a_baseline(nlp):
    rec = run(nlp, "QuuxNA obtains higher recovery rates (56% on average) compared to Rosetto (45% on average).")
    assert rel(rec, "compared_with") == {"Rosetto"}
    rec = run(nlp, "QuuxNA is compared to Rosetto (see Section 4).")
    assert "Rosetto" not in rel(rec, "compared_with")


@pytest.mark.parametrize("text, proposed", [
    ("In this work, we propose quux upcycling -- a simple way to reuse sunk training costs.", {"quux upcycling"}),
    ("We introduce quux decay, a regularization technique for deep networks.", {"quux decay"}),
    ("We present quux scaling: a paradigm for low-precision training.", {"quux scaling"}),
    (r"To this end, we propose \ours, a modular approach to planning.", set()),  # a macro for the name
    ("We propose a novel quux decay, a regularization technique.", set()),  # an article: a description
    ("In this work, we propose the quux exploitation attack, an extremely simple approach.",
     {"quux exploitation attack"}),
    ("We propose zorb-based prompting, a simple and effective example selection scheme.", {"zorb-based prompting"}),
    ("We introduce quux monoculture, a behavior observed in large language models.", set()),  # a clause
])
def test_lower_case_words_described_as_a_kind_of_method_are_proposed(nlp, text, proposed):
    assert rel(run(nlp, text), "proposes") == proposed


def test_a_name_described_as_a_test_bed_is_a_benchmark(nlp):
    rec = run(nlp, "We contribute QuuxQA-Constraints, a test-bed of 9.7K visual questions annotated with constraints.")
    assert ("QuuxQA-Constraints", "Benchmark") in {(r.target, r.target_type) for r in rec.relations}


@pytest.mark.parametrize("text, proposed", [
    ("To evaluate generalization, we build a novel benchmark, _Quux-NF_, consisting of 961 pairs.",
     {("Quux-NF", "Benchmark")}),
    ("We then use influence functions to derive a new slice discovery method, QuuxEmbed, which is fast.",
     {("QuuxEmbed", "Method")}),
    ("Prior work built a novel benchmark, QuuxBench, consisting of 961 pairs.", set()),  # not ours
    # the first of several new things after a colon, even in the object of a use cue ("based on")
    ("We generate series based on two novel architectures: QuuxNet, an INR network for trends, and a hypernetwork.",
     {("QuuxNet", "Method")}),
    # several words describe the kind; the subject is the paper's proposal, so the part is ours too
    ("We present Quux-Walk, an inductive method. Quux-Walk uses a novel adaptive and permutation invariant pooling "
     "strategy, ZorbMixer, along with an anonymization process.", {("Quux-Walk", "Method"), ("ZorbMixer", "Method")}),
    ("We establish a new and comprehensive table VQA benchmark, ZorbTab, featuring 9,000 QA pairs.",
     {("ZorbTab", "Benchmark")}),
    ("BlobNet is a popular model. BlobNet uses a novel adaptive pooling strategy, ZorbMixer, for graphs.", set()),
    # the name alone in brackets after the new kind
    ("We arrive at a new RL-based molecular design algorithm (QuuxFormer) and analyse it on 25 tasks.",
     {("QuuxFormer", "Method")}),
    ("We evaluate our model on a novel benchmark (QUUX-Zero) and it sets a new state of the art.",
     {("QUUX-Zero", "Benchmark")}),
    ("We use a novel zorb quux network (ZQN) for this.", set()),  # a short form of the words before: a base
    ("Recently, Smith et al. built a new quux algorithm (ZorbNet) for images.", set()),  # not ours
])
def test_a_name_after_a_new_kind_and_a_comma_in_our_sentence_is_proposed(nlp, text, proposed):
    rec = run(nlp, text)
    assert {(r.target, r.target_type) for r in rec.relations if r.relation == "proposes"} == proposed


@pytest.mark.parametrize("text, evaluated, not_evaluated", [
    ("We propose QuuxNet. QuuxNet excels in zero-shot classification on ImageNet-1k, when pre-training a ViT-B on "
     "CC3M.", {"ImageNet-1k"}, {"CC3M"}),
    ("We propose QuuxNet. Experiments with models pretrained on ImageNet show gains on CIFAR-10.",
     {"CIFAR-10"}, {"ImageNet"}),
    ("We propose QuuxNet. Experiments show QuuxNet matches pretrained ControlNets on COCO.", {"COCO"}, set()),
    ("We propose QuuxNet, pre-trained and evaluated on ImageNet.", {"ImageNet"}, set()),
])
def test_pretraining_data_is_not_evaluation_data(nlp, text, evaluated, not_evaluated):
    found = rel(run(nlp, text), "evaluated_on")
    assert evaluated <= found and not (not_evaluated & found)


def test_a_name_given_to_a_previously_proposed_method_is_not_proposed(nlp):
    rec = run(nlp, "To improve transfer, a previously proposed method called Intermediate Quux Attack (IQA) "
                   "fine-tunes an example. We propose IQA-DA, which enhances IQA.")
    assert rel(rec, "proposes") == {"IQA-DA"}


@pytest.mark.parametrize("text, proposed", [
    ("In this work, we present a systematic study of the Quux Moving Average (QMA) of weights.", set()),
    ("We develop a new analysis of QuuxSGD in convex settings.", set()),
    ("We propose a framework for conservative evaluation of offline policy learning (CEOPL).", {"CEOPL"}),
])
def test_what_a_study_is_of_is_not_proposed(nlp, text, proposed):
    assert rel(run(nlp, text), "proposes") == proposed


@pytest.mark.parametrize("text, proposed", [
    ("Experiments demonstrate the superiority of QuuxTransformer. "
     "The code for QuuxTransformer is available at https://github.com/someone/QuuxTransformer", {"QuuxTransformer"}),
    ("Results favour QuuxFormer. Code: https://github.com/someone/quuxformer.git.", {"QuuxFormer"}),
    ("Our code is available as part of the QuuxLib library (https://github.com/lab/QuuxLib).", set()),
    ("Results favour QuuxFormer. Code: https://github.com/someone/QuuxFormer/tree/v2", set()),  # a later branch
])
def test_a_name_the_code_repository_is_named_after_is_proposed(nlp, text, proposed):
    assert rel(run(nlp, text), "proposes") == proposed


def test_a_new_name_called_a_metric_is_a_metric_not_a_proposed_method(nlp):
    rec = run(nlp, "We propose QuuxPPL, a novel metric that focuses on key tokens. QuuxPPL correlates with accuracy.")
    assert "QuuxPPL" in rel(rec, "uses_metric")
    assert "QuuxPPL" not in rel(rec, "proposes") | {m.name for m in rec.mentions if m.type == "Method"}
    rec = run(nlp, "We detect Zorb Shifts, the metric of FPR95 falling by 28%.")
    assert "Zorb Shifts" not in rel(rec, "uses_metric")  # "the metric of" names the value's measure


@pytest.mark.parametrize("text, metrics", [
    ("In this paper, we introduce a new metric called QuuxSim to mitigate such limitations.", {"QuuxSim"}),
    ("We propose a novel disentanglement metric ZorbPIN and build an information-geometric connection.", {"ZorbPIN"}),
    ("We propose two such distance metrics, ZorbKL and flips, and show that they correlate.",
     {"ZorbKL"}),
    ("We develop a learning-based measure, dubbed BlobSim, to estimate errors.", {"BlobSim"}),
])
def test_a_new_name_after_a_metric_kind_is_a_metric_not_a_proposed_method(nlp, text, metrics):
    rec = run(nlp, text)
    assert rel(rec, "uses_metric") == metrics and not rel(rec, "proposes")


def test_a_defined_acronym_of_a_class_of_networks_names_no_method(nlp):
    rec = run(nlp, "Deep neural networks (DNNs) are vulnerable. We propose QuuxDef, which protects DNNs better "
                   "than artificial neural networks (ANNs) do.")
    assert rel(rec, "mentions") == {"QuuxDef"}
    rec = run(nlp, "Aligning text-to-image diffusion model (T2I) with preference is hard. We propose QuuxGen, which "
                   "optimizes T2I by preference data and reads whole slide images (WSI).")
    assert rel(rec, "mentions") == {"QuuxGen"}  # a setting and a data format are no methods either
    rec = run(nlp, "Human-agent teams play Multi-player Online Battle Arena (MOBA) games. We propose QuuxTeam for "
                   "MOBA games.")
    assert {m.name for m in rec.mentions if m.type == "Method"} == {"QuuxTeam"}  # a game genre is no method either
    rec = run(nlp, "Human-agent collaboration in MOBA games is hard. We propose QuuxTeam for MOBA games.")
    assert rel(rec, "mentions") == {"QuuxTeam"}  # nor, undefined, a name
    rec = run(nlp, "We propose QuuxPrune. QuuxPrune outperforms pruned DNNs and their ANN counterparts.")
    assert rel(rec, "mentions") == {"QuuxPrune"}  # undefined, by shape alone, they are no names either


def test_a_space_a_graph_a_frame_or_a_setting_is_no_method(nlp):
    rec = run(nlp, "We propose QuuxNet, which learns DAGs in an RKHS, and improve on a simplex ETF. QuuxNet "
                   "outperforms OoD detectors.")
    assert rel(rec, "mentions") == {"QuuxNet"}


@pytest.mark.parametrize("text, name", [
    ("We propose QuuxGen, which writes LaTeX and SMILES strings from IMU signals in UV space under GDPR. "
     "QuuxGen outperforms CDF estimates and halves CO2 emissions.", "QuuxGen"),
    ("We train QuuxDraw with MindSpore on one RTX 2080Ti for voters in the United States, under Non-IID data; "
     "the problem is NP-complete.", "QuuxDraw"),
    ("We propose QuuxChip, which runs on an FPGA with SIMD units and 8 GB of VRAM via JavaScript and YAML "
     "configs; it filters NSFW prompts from ArXiv and IEEE texts at 16 kHz, beyond TC0.", "QuuxChip"),
    ("We propose QuuxGate, which keeps SRAM small on MCUs, learns XOR and NAND gates from MoCap clips, "
     "crops an ROI, obeys CCPA, follows LeCun and answers STEM questions.", "QuuxGate"),
    ("We propose QuuxQ for Noisy Intermediate-Scale Quantum (NISQ) devices, assuming the Strong Exponential "
     "Time Hypothesis (SETH).", "QuuxQ"),
    ("We propose QuuxTune for Language-Model-as-a-Service (LMaaS) and Machine Learning as a Service (MLaaS), "
     "tested on three In-Distribution (ID) sets; QuuxTune outperforms LMaaS tuning.", "QuuxTune"),
    ("We release QuuxSet on Hugging Face. We study the Hugging Face Hub, where QuuxSet is hosted.", "QuuxSet"),
    ("We propose QuuxDAG, which learns a Directed Acyclic Graph (DAG) under the Karush-Kuhn-Tucker (KKT) "
     "conditions, maps views to Bird's Eye View (BEV), and denoises cryogenic electron microscopy (cryo-EM) "
     "images.", "QuuxDAG"),
    ("We propose QuuxGrasp for 6-DoF grasp poses and 2D/3D scenes, with 1-Lipschitz layers and a bound in the "
     "Wasserstein-2 metric; QuuxGrasp reaches a Nash Equilibrium.", "QuuxGrasp"),
    ("We propose QuuxCode, written in Python under the MIT License, which reaches the Pareto Front and a "
     "Correlated Equilibrium, uses the Fisher Information Matrix and Statistical Query bounds, and beats Code "
     "LLMs, Video-LLMs and protein language models (pLMs) on InD, scRNA-seq and Cryo-ET data with System-2 "
     "reasoning for PersonX near the Eiffel Tower.", "QuuxCode"),
    ("We study the Quux Effect and the Zorb Curse with QuuxProbe, which reads Neural Collapse, as in "
     "Cognitive Science and Natural Language Processing, on Traditional Chinese texts.", "QuuxProbe"),
    ("We test QuuxCare on EHR and COVID records for K-12 students, trained on a labeled in-distribution (ID) "
     "dataset and on Natural Language Processing (NLP) benchmark datasets.", "QuuxCare"),
    ("Can Geometry help? Does Shape help? During Alignment, QuuxGeo learns. Assuming Gaussian noise, it is "
     "exact. Given Semantic cues, it is fast.", "QuuxGeo"),
    ("We probe Vision Models with QuuxProbe and build on Speech Language Models (SpeechLMs).", "QuuxProbe"),
    ("We propose QuuxKernel, which learns in a Reproducing Kernel Hilbert Space (RKHS) a Probability Density "
     "Function (PDF) over Regions of Interest (ROIs) seen by Unmanned Aerial Vehicles (UAVs), Metal-Organic "
     "Frameworks (MOFs), Complementarity-Determining Regions (CDRs), Organic Structure-Directing Agents "
     "(OSDAs) and Local Field Potentials (LFPs).", "QuuxKernel"),
    ("We propose QuuxPriv for Human-AI teams, which draws TikZ figures under pure-DP and approximate-DP, "
     "and under epsilon-DP and varepsilon-DP.", "QuuxPriv"),
    ("We propose QuuxCache, which compresses the key-value (KV) cache for Questions and Answers (Q&A).",
     "QuuxCache"),
])
def test_hardware_software_notations_places_fields_and_phenomena_are_no_methods_or_data(nlp, text, name):
    rec = run(nlp, text)
    assert {m.name for m in rec.mentions if m.type in ("Method", "Dataset", "Benchmark")} == {name}


def test_training_speed_and_memory_efficiency_are_listed_metrics(nlp):
    rec = run(nlp, "QuuxFormer doubles the training speed and improves the memory efficiency of ZorbNet.")
    assert {"training speed", "memory efficiency"} <= rel(rec, "uses_metric")


def test_a_name_right_after_the_proposed_or_our_proposed_is_the_papers(nlp):
    rec = run(nlp, "Within neural ODE models, the proposed model QuuxODE demonstrates superior performance.")
    assert rel(rec, "proposes") == {"QuuxODE"}
    rec = run(nlp, "We build on Zorb Slots (ZS). Our proposed ZSD outperforms ZS on three scenes.")
    assert rel(rec, "proposes") == {"ZSD"}
    rec = run(nlp, "However, the proposed VI approaches either use a recognition network or a simple posterior.")
    assert not rel(rec, "proposes")  # a plural kind after the name: a class of earlier work


def test_well_known_instruction_and_review_data_are_listed_datasets(nlp):
    rec = run(nlp, "We tune QuuxLM on OASST and evaluate it on Yelp reviews and COYO captions.")
    assert {"OASST", "Yelp Reviews", "COYO"} <= rel(rec, "evaluated_on")
    rec = run(nlp, "We propose Safe Quux (SQ), trained with PKU-SafeRLHF.")
    assert "PKU-SafeRLHF" in rel(rec, "mentions")


def test_the_path_of_a_markdown_link_names_nothing(nlp):
    rec = run(nlp, "We propose QuuxNet. Code is at [GitHub](https://github.com/ZorbLab2024/QuuxNet) and "
                   "[this https URL](https://arxiv.org/abs/2404.03828).")
    assert rel(rec, "mentions") == {"QuuxNet"}


def test_well_known_anomaly_offline_rl_and_unlearning_benchmarks_are_listed(nlp):
    rec = run(nlp, "QuuxPlan gains 38% over past planners on Maze2D, NeoRL and TOFU, and detects defects in VisA.")
    typed = {(r.target, r.target_type) for r in rec.relations if r.relation == "mentions"}
    assert {("Maze2D", "Benchmark"), ("NeoRL", "Benchmark"), ("TOFU", "Benchmark"), ("VisA", "Dataset")} <= typed


def test_a_known_dataset_glued_to_pretrained_is_that_dataset_and_not_evaluation_data(nlp):
    rec = run(nlp, "While it underperforms LiT for JFT-pretrained models, it outperforms LiT on Places365.")
    assert "JFT" in rel(rec, "mentions")
    assert "JFT" not in rel(rec, "evaluated_on")


@pytest.mark.parametrize("text, evaluated", [
    ("However, existing benchmarks like GSM8K or MATH are now solved with high accuracy.", set()),
    ("Research has relied on small benchmarks, such as HumanEval and MBPP, with accuracy as the measure.", set()),
    ("Experimental results on recent benchmarks (e.g., GSM8K and MATH) show high accuracy.", {"GSM8K", "MATH"}),
    ("We reach high accuracy on existing benchmarks like GSM8K.", {"GSM8K"}),  # our sentence
])
def test_data_given_as_examples_of_earlier_work_is_not_evaluation_data(nlp, text, evaluated):
    assert rel(run(nlp, text), "evaluated_on") == evaluated


@pytest.mark.parametrize("text, name", [
    ("When working on 11 language understanding tasks from QuuxSource, it outperforms larger LLMs.", "QuuxSource"),
    ("We extract knowledge from LLMs with auxiliary map data from QuuxStreetMap.", "QuuxStreetMap"),
])
def test_a_new_name_items_of_data_are_taken_from_is_a_dataset(nlp, text, name):
    rec = run(nlp, text)
    assert (name, "Dataset") in {(r.target, r.target_type) for r in rec.relations if r.relation == "mentions"}


@pytest.mark.parametrize("text", [
    "We propose QuuxNet. Our method reaches 84% on ZorbSpeech.",
    "We propose QuuxNet. We find accuracies of $69$\\% on ImageNet and $84$\\% on ZorbSpeech.",
])
def test_a_new_name_a_value_is_reported_on_is_a_dataset(nlp, text):
    rec = run(nlp, text)
    typed = {(r.target, r.target_type) for r in rec.relations if r.relation == "mentions"}
    assert ("ZorbSpeech", "Dataset") in typed
    assert ("ZorbSpeech", "Dataset") in {(r.target, r.target_type) for r in rec.relations if r.relation == "evaluated_on"}


def test_a_variant_of_a_listed_dataset_glued_by_a_hyphen_is_data(nlp):
    rec = run(nlp, "We propose QuuxDiff. It improves the state of the art on ImageNet-64x64 (which has 12K tokens) "
                   "and on MNIST-4 (four classes). A COCO-based detector is used.")
    typed = {(r.target, r.target_type) for r in rec.relations if r.relation == "mentions"}
    assert {("ImageNet-64x64", "Dataset"), ("MNIST-4", "Dataset")} <= typed
    assert not any(name.startswith("COCO") and kind == "Dataset" for name, kind in typed)


def test_a_new_name_a_model_is_distilled_from_is_not_a_dataset(nlp):
    rec = run(nlp, "We distil a student from QuuxTeacher and compare it with QuuxTeacher.")
    assert ("QuuxTeacher", "Dataset") not in {(r.target, r.target_type) for r in rec.relations}


@pytest.mark.parametrize("text, data", [
    ("On the GLaM dataset, our method matches tuned weights.", {"GLaM"}),
    ("We evaluate our policy on the RT-1 dataset and on a physical robot.", {"RT-1"}),
    ("We curate an instruction tuning dataset of 1.1M samples.", set()),  # a technique's data
])
def test_a_listed_model_name_before_dataset_names_its_data(nlp, text, data):
    rec = run(nlp, text)
    assert {r.target for r in rec.relations if r.relation == "mentions" and r.target_type == "Dataset"} == data


@pytest.mark.parametrize("text, proposed", [
    ("We propose QuuxCompiler. QuuxCompiler has three components: (i) a Function Quux Planner, formulating "
     "plans; (ii) a Task Quux Unit, dispatching tasks; and (iii) a QuuxVar objective function.",
     {"QuuxCompiler", "Function Quux Planner", "Task Quux Unit"}),  # not the modifier of an unnamed part
    ("Our approach comprises three key modules: Multi-View Quux (MVQ) and Motion Quux Estimator (MQE).",
     {"MVQ", "MQE"}),
    ("Prior systems have two components: a Quux Planner and a Quux Executor.", set()),  # not our work
    ("We propose QuuxLoRA. QuuxLoRA introduces two innovations to save memory: (a) 4-bit BlobFloat (BF4), "
     "a new data type, and (b) Paged Quuxers to manage spikes.",
     {"QuuxLoRA", "BF4", "Paged Quuxers"}),  # the colon ends the clause of the component word
    ("We achieve improvements on two VLMs: QuuxVL-7B and BlobVL-13B.", set()),  # results, not parts
    ("We design QuuxFormer, which can use one of two efficient attention layers -- QF-Attention and QC-Attention.",
     {"QuuxFormer", "QF-Attention", "QC-Attention"}),
    ("We present two variants: QCD-Linear for linear relationships, and QCD-Nonlinear for the rest.",
     {"QCD-Linear", "QCD-Nonlinear"}),
])
def test_the_named_parts_of_our_work_listed_after_components_are_proposed(nlp, text, proposed):
    assert rel(run(nlp, text), "proposes") == proposed


def test_parts_listed_with_bare_commas_are_all_proposed(nlp):
    rec = run(nlp, "Our approach integrates three core components: Feature Quuxer, Operator Quuxing, and Step Rehash.")
    assert rel(rec, "proposes") == {"Feature Quuxer", "Operator Quuxing", "Step Rehash"}


def test_openai_reasoning_models_are_methods(nlp):
    rec = run(nlp, "We evaluate o1-preview and o1-mini, and compare against GPT-o1.")
    assert {"o1-preview", "o1-mini", "GPT-o1"} <= {r.target for r in rec.relations if r.target_type == "Method"}


@pytest.mark.parametrize("text, name, type_", [
    ("We pre-trained it on 22 million cells from the QuuxGene database.", "QuuxGene", "Dataset"),
    ("It is the top entry on the Ego4D QuuxVQ challenge leaderboard.", "QuuxVQ", "Benchmark"),
])
def test_a_new_name_before_database_or_challenge_is_data(nlp, text, name, type_):
    rec = run(nlp, text)
    assert (name, type_) in {(r.target, r.target_type) for r in rec.relations if r.relation == "mentions"}


def test_a_list_opening_the_sentence_is_not_in_apposition_to_our(nlp):
    rec = run(nlp, "We present ZorbGen. On the hard QuuxBench and QuuxBench-v2, our evaluation shows that ZorbGen "
                   "beats BlobPix. We also release BlobSet, our new dataset.")
    assert rel(rec, "proposes") == {"ZorbGen", "BlobSet"}
    assert {"QuuxBench", "QuuxBench-v2"} <= rel(rec, "evaluated_on")  # a version of a benchmark is one too


def test_a_measure_the_method_enhances_is_reported(nlp):
    rec = run(nlp, "QuuxNet enhances computational efficiency and gives greater sample efficiency. "
                   "Deeper nets decrease the zorb error.")
    assert {"computational efficiency", "sample efficiency"} <= rel(rec, "uses_metric")
    assert not any("zorb" in m for m in rel(rec, "uses_metric"))


def test_a_proposed_title_run_may_end_in_learning(nlp):
    rec = run(nlp, "We propose Dynamic Zorb Learning, a method for editing. We also propose a Quux Learning "
                   "framework. This direction, which we term Blob Zorb Learning, matters.")
    assert rel(rec, "proposes") == {"Dynamic Zorb Learning"}


def test_a_name_after_namely_at_the_end_of_the_proposal_sentence_is_proposed(nlp):
    """"we introduce a causal model to characterize X, namely, Causal Quux Model.": past the cue's
    purpose ("to characterize"), a ", namely" that ends the sentence with a name names the new thing;
    "namely" that lists members of a class does not."""
    rec = run(nlp, "To tackle this issue, we introduce a causal graphical model to characterize the zorb "
                   "mechanism, namely, Causal Quux Model. We evaluate it on two problems, namely ZorbSet "
                   "and BlobSet.")
    assert rel(rec, "proposes") == {"Causal Quux Model"}


def test_a_title_run_ending_in_a_task_activity_is_a_task(nlp):
    """"applications, including Movie Recommendation, Image Summarization": tasks, not methods; a run
    a proposal cue or "named" names, or that spells out the coined name before it, stays a method."""
    rec = run(nlp, "We propose QuuxGreedy. It helps applications, including Zorb Recommendation, Blob "
                   "Summarization, and more.")
    assert {"zorb recommendation", "blob summarization"} <= {n.lower() for n in rel(rec, "addresses")}
    assert not any(m.type == "Method" and m.name.endswith(("Recommendation", "Summarization")) for m in rec.mentions)
    rec = run(nlp, "In this paper, we propose QUUXBORN, Zorb-Learned Boundary Segmentation with Blob Training. "
                   "We also introduce an approach named Zorb-cognitive Denoising for noisy labels.")
    assert not any("Segmentation" in n or "Denoising" in n for n in rel(rec, "addresses"))


def test_a_listed_name_that_is_the_whole_long_form_but_a_kind_word_is_not_its_base(nlp):
    rec = run(nlp, "We test our Soft Actor-Critic algorithms (SACA) on Atari. "
                   "We propose Proximal Policy Optimization with Zorb Rewards (PPO-ZR), a quux method.")
    assert "PPO-ZR" in rel(rec, "proposes")
    assert rel(rec, "builds_on") == {"PPO"}  # from the second long form only


def test_our_lower_case_long_form_before_a_kind_word_names_a_method_not_a_task(nlp):
    rec = run(nlp, "By composing programs, our proposed hierarchical zorbic reinforcement learning (HZRL) "
                   "framework produces program policies.")
    assert "HZRL" in rel(rec, "proposes")
    assert not any("zorbic" in t for t in rel(rec, "addresses"))


def test_a_comparison_between_methods_of_others_is_background_not_a_baseline(nlp):
    rec = run(nlp, "Transformers have surpassed RNNs in popularity for sequence modeling. "
                   "We propose QuuxNet, a zorbic sequence model. QuuxNet outperforms Mamba on long sequences. "
                   "QuuxNet-7B even surpasses GPT-4 on GSM8K.")
    assert rel(rec, "compared_with") == {"Mamba", "GPT-4"}


def test_a_modification_to_a_named_method_builds_on_it(nlp):
    rec = run(nlp, "ZorbNCE is a popular contrastive loss. "
                   "We propose QuuxCE, a simple modification to ZorbNCE that reweights negatives.")
    assert "QuuxCE" in rel(rec, "proposes")
    assert "ZorbNCE" in rel(rec, "builds_on")


def test_a_formula_of_notation_gives_no_names(nlp):
    rec = run(nlp, r"We study $\mathbf{W} \in \mathbb{R}^{m \times d}$ and $X^T X$ under a $\Delta L_2$ loss. "
                   r"We propose $S^3$, a predictor-based search method, which outperforms ZorbSearch.")
    names = {m.name for m in rec.mentions}
    assert not names & {"inRm", "XT", "DeltaL2"}
    assert rel(rec, "proposes") == {"S3"}
    assert rel(rec, "compared_with") == {"ZorbSearch"}


def test_a_tolerance_asked_for_is_no_reported_metric(nlp):
    rec = run(nlp, "QuuxGD reaches the desired accuracy in few steps and approximates any map with arbitrary "
                   "precision. On MNIST it reaches 99% accuracy.")
    assert rel(rec, "uses_metric") == {"accuracy"}
    assert "precision" not in {m.name for m in rec.mentions}
    rec = run(nlp, "QuuxGD reaches the desired accuracy in few steps.")
    assert "accuracy" not in rel(rec, "uses_metric")


def test_yet_joins_clauses_and_starts_no_task(nlp):
    rec = run(nlp, "Agents show promise in zorbic negotiation tasks, yet evaluation in this domain remains hard. "
                   "Quuxing is a crucial yet unexplored problem.")
    tasks = rel(rec, "addresses")
    assert "zorbic negotiation" in tasks
    assert not any("yet" in t.lower().split() for t in tasks)


def test_maximum_likelihood_estimation_is_a_method_not_a_task(nlp):
    rec = run(nlp, "Classical Maximum Likelihood Estimation (MLE) is minimax optimal here.")
    types = {m.name: m.type for m in rec.mentions}
    assert types["MLE"] == "Method"
    assert not any("likelihood" in t.lower() for t in rel(rec, "addresses"))


def test_performance_over_and_as_accurate_as_name_baselines(nlp):
    rec = run(nlp, "We propose QuuxNet, which shows superior performance over ZorbNet on long inputs. "
                   "It is as accurate as BlobFormer while using fewer FLOPs, with better accuracy over QuuxZO-2.")
    assert rel(rec, "compared_with") == {"ZorbNet", "BlobFormer", "QuuxZO-2"}
    rec = run(nlp, "We propose QuuxNet; it matches the accuracy of ZorbNet and the quality of BlobVAE in 16 epochs.")
    assert "ZorbNet" in rel(rec, "compared_with")
    rec = run(nlp, "We show the superior efficiency of QuuxNet over ZorbNet, and its superior long-context "
                   "capabilities over recurrent models such as BlobRNN-2.")
    assert rel(rec, "compared_with") == {"ZorbNet", "BlobRNN-2"}


def test_a_method_compared_in_conjunction_with_a_technique_is_not_set_against_it(nlp):
    rec = run(nlp, "We propose QuuxPE, a module for neural PDE solvers. We compare QuuxPE in conjunction with "
                   "LoRA on a PDE benchmark. We compare QuuxPE with ZorbNet.")
    assert rel(rec, "compared_with") == {"ZorbNet"}


def test_curriculum_learning_used_by_a_method_is_a_technique(nlp):
    rec = run(nlp, "By adapting curriculum learning to train QuuxRTL, we enable it to outperform GPT-4.")
    assert "curriculum learning" in rel(rec, "builds_on")


def test_a_verb_after_by_is_not_part_of_the_task(nlp):
    rec = run(nlp, "QuuxNet is robust when training deep zorbic segmentation on device.")
    assert "deep zorbic segmentation" in rel(rec, "addresses")
    assert not any(t.startswith("training") for t in rel(rec, "addresses"))


def test_verbs_that_link_clauses_start_no_task(nlp):
    rec = run(nlp, "QuuxBench holds tasks spanning machine translation and involving zorbic summarization, "
                   "advancing code generation.")
    tasks = rel(rec, "addresses")
    assert {"machine translation", "zorbic summarization", "code generation"} <= tasks
    assert not any(t.split()[0] in ("spanning", "involving", "advancing") for t in tasks)


def test_versus_and_generic_adjectives_are_not_part_of_names(nlp):
    rec = run(nlp, "We compare QuuxFT vs. full fine-tuning on GLUE. QuuxPC improves over basic gradient descent "
                   "with no extra training time.")
    assert {"full fine-tuning", "gradient descent"} <= rel(rec, "compared_with")
    names = {m.name for m in rec.mentions}
    assert not any(n.split()[0] in ("vs.", "basic", "extra") for n in names)


def test_a_model_trained_on_data_is_a_method_even_after_datasets(nlp):
    rec = run(nlp, "We test it on 12 benchmark datasets, QuuxNet11 and ResNet-50 training on CIFAR10, "
                   "and BlobRM training on Criteo.")
    typed = {(r.target, r.target_type) for r in rec.relations if r.relation == "mentions"}
    assert {("QuuxNet11", "Method"), ("BlobRM", "Method")} <= typed
    assert not {"QuuxNet11", "BlobRM"} & rel(rec, "evaluated_on")


def test_a_modifier_glued_onto_a_model_size_is_not_part_of_the_name(nlp):
    rec = run(nlp, "With a Quux-3-8B-based SFT model, our method wins. We also try Blob-2-7B-like models.")
    names = {r.target for r in rec.relations if r.relation == "mentions"}
    assert {"Quux-3-8B", "Blob-2-7B"} <= names
    assert not any(n.endswith(("-based", "-like")) for n in names)


def test_a_listed_name_glued_to_type_or_a_size_word_is_found(nlp):
    rec = run(nlp, "We propose QuuxZero, a new AlphaZero-type algorithm. With a Swin-Base model it beats Quux-S.")
    names = {r.target for r in rec.relations if r.relation == "mentions"}
    assert {"AlphaZero", "Swin-Base", "Quux-S"} <= names
    assert "QuuxZero" in rel(rec, "proposes")


def test_implement_simplify_and_daunting_start_no_task(nlp):
    rec = run(nlp, "Pretrained models greatly simplify zorbic forecasting pipelines. QuuxRL implements zorbic policy "
                   "optimization on one-time data. To handle this daunting problem, we propose BlobNet.")
    tasks = {m.name for m in rec.mentions if m.type == "Task"}
    assert {"zorbic forecasting", "zorbic policy optimization"} <= tasks
    assert not any(t.split()[0] in ("simplify", "implements", "daunting") for t in tasks)


@pytest.mark.parametrize("text, proposed, based", [
    ("Following this protocol, we train QuuxGPT-II, a specialized LLM for the medical domain.", {"QuuxGPT-II"}, set()),
    ("We pre-train ZorbFormer from scratch and conduct extensive experiments.", {"ZorbFormer"}, set()),
    ("We propose BlobLabel. Then we train QuuxLM models on these labels.", {"BlobLabel"}, {"QuuxLM"}),  # a family
    ("We train ResNet-50 on the new data and find that it helps.", set(), {"ResNet-50"}),  # a listed name: a base
    ("Using these algorithms, we train deep convolutional quux networks (DCQNs) on five tasks.", set(), {"DCQNs"}),
])
def test_a_name_no_list_knows_after_we_train_is_the_papers_model(nlp, text, proposed, based):
    rec = run(nlp, text)
    assert rel(rec, "proposes") == proposed
    assert rel(rec, "builds_on") == based


def test_a_word_after_a_novel_kind_and_a_comma_is_proposed(nlp):
    rec = run(nlp, "We propose a novel method, Quuxsurv, to overcome this limitation. Recently, a novel method, "
                   "Zorbilla, was shown to work.")
    assert rel(rec, "proposes") == {"Quuxsurv"}
    rec = run(nlp, "In this paper, we propose a new decoding strategy, self-consistency, to replace greedy decoding.")
    assert rel(rec, "proposes") == {"self-consistency"}  # a listed name, introduced by its own paper
    rec = run(nlp, "We formalize this scenario as a new problem called partial label quux adaptation (PLQA). We "
                   "propose a setting called zorb drift learning, and a method called Blobber.")
    assert rel(rec, "proposes") == {"Blobber"}  # a problem or setting given a name is a task, not a proposal
    assert rel(rec, "addresses") >= {"partial label quux adaptation", "zorb drift learning"}
    rec = run(nlp, "We study model routing. Our system, Quuxhive, plans chains of actions. Our proposed approach, "
                   "Zorbloki, ranks keys.")
    assert rel(rec, "proposes") == {"Quuxhive", "Zorbloki"}


@pytest.mark.parametrize("abstract, baselines", [
    ("We propose QuuxNeRV. It achieves 72.3% bit rate saving over ZorbNeRV and 43.4% over BlobVC.",
     {"ZorbNeRV", "BlobVC"}),
    ("We propose QuuxDet. It shows substantial enhancements over the prior state-of-the-art ZorbGroup3D. "
     "Its error rate reduction over BlobMatch is 10%.", {"ZorbGroup3D", "BlobMatch"}),
])
def test_a_saving_enhancement_or_reduction_over_a_name_compares_with_it(nlp, abstract, baselines):
    assert rel(run(nlp, abstract), "compared_with") == baselines


@pytest.mark.parametrize("abstract, baseline", [
    ("We propose QuuxRAG. QuuxRAG improves accuracy by 43% over ZorbRAG.", "ZorbRAG"),
    ("We propose QuuxPolicy. It accelerates inference 5× over Zorb Policies.", "Zorb Policies"),
    ("We propose QuuxCAM. It improves faithfulness by about 2x over ZorbCAM.", "ZorbCAM"),
])
def test_a_number_glued_to_its_unit_before_over_compares_with_what_follows(nlp, abstract, baseline):
    """The tokenizer keeps "43%" whole, so the cue "% over" must also be read after a glued unit."""
    assert baseline in rel(run(nlp, abstract), "compared_with")


def test_a_long_form_after_a_kind_and_a_comma_is_a_method(nlp):
    rec = run(nlp, "We propose an objective for defending models against zorbic attacks and an algorithm, Robust "
                   "Quux Optimization (RQO), to create robust defenses. RQO adapts to new attacks.")
    assert rel(rec, "proposes") == {"RQO"}  # not the task "Robust Quux Optimization", and not a baseline
    assert "RQO" not in rel(rec, "compared_with")
    rec = run(nlp, "We revisit a classical algorithm, Zorbic Quux Analysis (ZQA), for blob detection.")
    assert {m.name: m.type for m in rec.mentions}.get("ZQA") == "Method"
    assert not rel(rec, "proposes")  # "we revisit" proposes nothing


def test_a_listed_long_form_keeps_its_name_when_its_acronym_is_listed_for_another(nlp):
    # ARC is listed as the AI2 Reasoning Challenge; "Abstraction and Reasoning Corpus" is another
    # listed benchmark, so its acronym must not turn it into the AI2 one.
    rec = run(nlp, "We study GPT-4 on the Abstraction and Reasoning Corpus (ARC), a benchmark of abstract reasoning. "
                   "GPT-4 solves only 13/50 of the simplest ARC tasks.")
    assert rel(rec, "evaluated_on") == {"Abstraction and Reasoning Corpus"}


def test_listed_environments_and_lower_case_dataset_alias(nlp):
    rec = run(nlp, "We propose QuuxBoN. We evaluate it using the AlpacaFarm and Anthropic's hh-rlhf datasets, "
                   "and train a planner on Sokoban puzzles.")
    assert {"AlpacaFarm", "hh-rlhf", "Sokoban"} <= rel(rec, "evaluated_on")


def test_a_technique_phrase_outside_a_use_or_comparison_keeps_only_its_listed_method(nlp):
    rec = run(nlp, "Prior analyses study noisy gradient descent on convex losses. We propose QuuxOpt, an optimizer "
                   "built on natural policy gradient, and test it on MuJoCo.")
    methods = {m.name for m in rec.mentions if m.type == "Method"}
    assert "noisy gradient descent" not in methods and "gradient descent" in methods
    assert "natural policy gradient" in rel(rec, "builds_on") and "natural policy gradient" in methods


def test_a_proposal_named_as_a_listed_lower_case_method_with_words_before_builds_on_it(nlp):
    rec = run(nlp, "Speculative decoding speeds up the inference of language models. We introduce zorbic "
                   "speculative decoding, which adapts the draft model to the query distribution.")
    assert "zorbic speculative decoding" in rel(rec, "proposes")
    assert "speculative decoding" in rel(rec, "builds_on")


def test_a_method_alone_in_brackets_after_its_kind_is_the_baseline(nlp):
    rec = run(nlp, "We propose QuuxNet, a new planner. QuuxNet outperforms a reinforcement learning algorithm (PPO).")
    assert "PPO" in rel(rec, "compared_with")
    rec = run(nlp, "We propose QuuxNet, a new planner. It beats the state-of-the-art method (ZorbFormer) by 4%.")
    assert "ZorbFormer" in rel(rec, "compared_with")
    rec = run(nlp, "We propose QuuxNet, a new planner. QuuxNet outperforms ZorbNet (Blob et al.) and Yarn (PPO).")
    assert "PPO" not in rel(rec, "compared_with")  # a note on an item, after no kind word
    rec = run(nlp, "We propose QuuxNet. Using PPO with ZorbNet as a symbolic model (ZorbPPO), it wins.")
    assert "ZorbPPO" not in rel(rec, "builds_on")  # after a named method, the bracket names the combination


def test_in_contrast_to_compares_only_in_the_papers_own_sentences(nlp):
    rec = run(nlp, "We propose QuuxNet, a new sampler. In contrast to ZorbNet, QuuxNet needs no warm-up.")
    assert "ZorbNet" in rel(rec, "compared_with")
    rec = run(nlp, "We propose QuuxNet, a new sampler. Tempering, in contrast to Langevin dynamics, is stable "
                   "with respect to random matrices.")
    assert "Langevin dynamics" not in rel(rec, "compared_with")
    assert "random matrices" not in rel(rec, "uses_metric")  # an "own" cue reports no measure


def test_what_the_paper_offers_an_alternative_to_is_its_baseline(nlp):
    rec = run(nlp, "We propose QuuxNet, a lightweight alternative to cross-attention and to ZorbNet. Diffusion "
                   "models have emerged as an alternative to BlobGAN.")
    assert {"cross-attention", "ZorbNet"} <= rel(rec, "compared_with")
    assert "BlobGAN" not in rel(rec, "compared_with")  # background: not the paper's own sentence


@pytest.mark.parametrize("abstract, relation, name", [
    ("We propose QuuxNet. Compared to prior methods, our approach leverages variational inference to encode "
     "dynamics.", "compared_with", "variational inference"),
    ("Training generative adversarial networks (GANs) suffers from instability. Using this setting, we can "
     "discuss GANs comprehensively.", "builds_on", "GANs"),
])
def test_an_opening_cue_phrase_without_a_name_relates_nothing_after_its_comma(nlp, abstract, relation, name):
    assert name not in rel(run(nlp, abstract), relation)


def test_an_opening_cue_phrase_with_an_example_list_keeps_its_names(nlp):
    rec = run(nlp, "We propose QuuxNet. Compared to prior methods, e.g., PPO and TRPO, our approach wins.")
    assert {"PPO", "TRPO"} <= rel(rec, "compared_with")


def test_what_an_attack_or_defence_is_against_is_neither_baseline_nor_base(nlp):
    rec = run(nlp, "We propose QuuxAttack, a new class of poisoning attacks against ZorbNet. Its attacks also transfer "
                   "against black-box models like BlobLM-7B.")
    assert rel(rec, "proposes") == {"QuuxAttack"}  # ZorbNet is attacked, not proposed
    assert not rel(rec, "compared_with") & {"ZorbNet", "BlobLM-7B"}
    assert "BlobLM-7B" not in rel(rec, "builds_on")
    rec = run(nlp, "Our defense QuuxGuard offers improved robustness against the PGD and AutoAttack attacks.")
    assert not rel(rec, "compared_with") & {"PGD", "AutoAttack"}
    rec = run(nlp, "We propose QuuxNet. We evaluate its robustness against baseline Transformers and against "
                   "ZorbNet, which it outperforms.")
    assert "Transformer" in rel(rec, "compared_with")  # "against baseline X" still names a baseline


def test_a_compared_class_named_at_length_gives_the_examples_it_lists(nlp):
    rec = run(nlp, "We propose QuuxDiT. QuuxDiT easily surpasses state-of-the-art open-source models as well as "
                   "mainstream closed-source commercial models including ZorbDiffusion, BlobArt, and FooGen V6.")
    assert {"ZorbDiffusion", "BlobArt", "FooGen V6"} <= rel(rec, "compared_with")


@pytest.mark.parametrize("abstract, name", [
    ("Furthermore, we introduce cross-quuxing, a data-efficient variant of quuxing.", "cross-quuxing"),
    ("We propose decoupled zorb loss - a simple modification to the InfoNCE loss.", "decoupled zorb loss"),
    ("We propose blob guidance, an extension of diffusion-based generative sampling.", "blob guidance"),
])
def test_lower_case_words_described_as_a_variant_or_with_hyphenated_words_are_proposed(nlp, abstract, name):
    assert rel(run(nlp, abstract), "proposes") == {name}


def test_a_short_form_described_by_its_title_case_long_form_takes_it_as_alias(nlp):
    rec = run(nlp, "In this paper, we propose QuRa, an effective and efficient Quux Rank Reduction approach for "
                   "model personalization.")
    assert ("Quux Rank Reduction", "QuRa") in rec.aliases
    assert rel(rec, "mentions") == {"QuRa"}  # the long form is no second method
    rec = run(nlp, "We introduce QAT, an innovative model that Quantizes All Tokens with zorb prompts.")
    assert not rec.aliases  # a clause, not a long form
    rec = run(nlp, "We present ZAB, a benchmark for Zorb AI Blobs that tests agents.")
    assert not [a for a in rec.aliases if a[1] == "ZAB"]  # "a benchmark for ...": what it is for


def test_an_acronym_spelled_by_a_known_long_form_of_the_abstract_means_that_long_form(tmp_path):
    """SAM is listed as Segment Anything; in an abstract that writes Sharpness-Aware Minimization
    (inside a coined long form) and then uses SAM undefined, SAM is that optimizer."""
    from kg.api import KnowledgeGraph

    corpus = tmp_path / "c.jsonl"
    corpus.write_text(
        '{"id": "a", "abstract": "We present a Quux-Inspired Sharpness-Aware Minimization (QISAM) algorithm. '
        'It is motivated by the uneven convergence of SAM across domains."}\n'
        '{"id": "b", "abstract": "We propose ZorbSeg, which builds on SAM for medical image segmentation."}\n')
    kg = KnowledgeGraph.build([corpus])
    G = kg.graph
    builds = {(u, d["label"]) for u, v, k in G.edges(keys=True) if k == "builds_on" for d in [G.nodes[v]]}
    assert ("paper:a", "Sharpness-Aware Minimization") in builds and ("paper:a", "Segment Anything") not in builds
    assert ("paper:b", "Segment Anything") in builds


def test_no_implied_definition_where_the_abstract_defines_the_acronym_or_it_already_means_the_name(nlp):
    doc = nlp("Segment Anything Model (SAM) is strong. Proximal Policy Optimization is popular; PPO is unstable. "
              "We tune Sharpness-Aware Minimization with SAM and ADAM.")
    assert [(a.text, b.text) for a, b in doc._.kg_implied_abbreviations] == []


def test_than_before_a_quantity_compares_no_method(nlp):
    rec = run(nlp, "We raise the success rate from 0% to more than 95% across 11 language models including ZorbLM, "
                   "BlobLM and QuuxLM, at 30x lower cost. QuuxNet is also 3x faster than BlobNet, and gains more "
                   "than 2 BLEU points over the ZorbMT baseline.")
    assert not {"ZorbLM", "BlobLM", "QuuxLM"} & rel(rec, "compared_with")
    assert {"BlobNet", "ZorbMT"} <= rel(rec, "compared_with")


def test_a_change_in_a_measure_reports_the_measure(nlp):
    rec = run(nlp, "QuuxPIP shows a significant reduction in infeasible rate and a substantial improvement in "
                   "solution quality. We decrease the truncation error.")
    metrics = rel(rec, "uses_metric")
    assert {"infeasible rate", "solution quality"} <= metrics and "truncation error" not in metrics


def test_a_new_measure_is_a_metric_not_a_proposed_method(nlp):
    rec = run(nlp, "We introduce a new group fairness measure termed Zorbed Demographic Parity (ZDP), which "
                   "quantifies the gap. We then propose QuuxFair, an algorithm that trains under ZDP constraints.")
    assert rel(rec, "proposes") == {"QuuxFair"}
    assert "zorbed demographic parity" in {m.lower() for m in rel(rec, "uses_metric")}
    assert ("Zorbed Demographic Parity", "ZDP") in rec.aliases
    rec = run(nlp, "We present COMET, an innovative hierarchical framework for medical time series.")
    assert rel(rec, "proposes") == {"COMET"}  # a listed metric's name, proposed anew as a framework


def test_a_proposed_plain_word_is_the_name_wherever_it_is_repeated(nlp):
    """"This paper introduces Lantern": a plain capitalised word is a name only where it is introduced,
    but its later sentences are about the paper's own work all the same."""
    rec = run(nlp, "This paper introduces Lantern, a scalable algorithm for quux decoding. To improve scalability, "
                   "Lantern uses a tree search. Lantern improves the decoding speed of ZorbLM-7B by 4x.")
    assert "ZorbLM-7B" in rel(rec, "compared_with")
    (res,) = rec.results
    assert (res.method, res.baseline) == ("Lantern", "ZorbLM-7B")
    assert sum(m.name == "Lantern" for m in rec.mentions) == 3


def test_a_capitalised_word_before_module_names_a_part(nlp):
    """"a Coef module": a plain capitalised word is a name where a determiner and a part word frame it."""
    rec = run(nlp, "We propose QuuxFormer, a forecasting architecture. Next, we design a Coef module that computes "
                   "coefficients. Finally, we present a Forecast module that selects the bases.")
    assert rel(rec, "proposes") == {"QuuxFormer", "Coef", "Forecast"}
    rec = run(nlp, "We propose QuuxFormer. Forecast quality matters.")
    assert rel(rec, "proposes") == {"QuuxFormer"}  # no part word: a capital at the start of a sentence



def test_a_value_of_our_method_goes_to_the_main_one_of_several_proposals(nlp):
    text = ("We propose QuuxFusion, built on a Zorb Fusion Encoder (ZFE) module. QuuxFusion fuses views and "
            "QuuxFusion aligns them. Our method improves mAP by 1.4%.")
    paper = Paper(id="t:1", abstract=text, source="t.txt")
    rec = extract(nlp(clean_latex(text).text), paper, clean_latex(text))
    assert rel(rec, "proposes") == {"QuuxFusion", "ZFE"}
    assert [r.method for r in rec.results] == ["QuuxFusion"]  # named most often
    titled = Paper(id="t:2", abstract=text.replace("QuuxFusion fuses views and QuuxFusion aligns them. ", ""),
                   source="t.txt", title="ZFE: Zorb Fusion for Quux Views")
    clean = clean_latex(titled.abstract)
    assert [r.method for r in extract(nlp(clean.text), titled, clean).results] == ["ZFE"]  # the title's one


def test_a_short_form_before_latex_em_dash_is_defined(nlp):
    rec = run(nlp, "For the latter, we develop quux guidance with auxiliary latents (QuGAL)---a diffusion "
                   "conditioning algorithm that is applicable to latents.")
    assert rel(rec, "proposes") == {"QuGAL"}


def test_a_proposal_whose_acronym_letters_are_in_bold_is_found(nlp):
    rec = run(nlp, "Built upon this, we propose a novel model selection method, known as **Z**orb-normalized "
                   "**A**daptive-margin **B**lobbing (ZAB). We prove that ZAB is sound.")
    assert rel(rec, "proposes") == {"ZAB"}
    rec = run(nlp, "We propose Zorb for **R**eal-time **T**ext-driven motion **C**ontrol. Zorb is fast.")
    assert "Real-time Text-driven" not in rel(rec, "mentions")  # no acronym follows: the capitals are no name
