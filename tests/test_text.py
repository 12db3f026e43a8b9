import pytest

from kg.text import clean_latex


def test_latex_superscript_is_removed_and_mapped_back():
    raw = "We propose Uni$^2$Det for detection."
    clean = clean_latex(raw)
    assert clean.text == "We propose Uni2Det for detection."
    i = clean.text.index("Uni2Det")
    start, end = clean.original_span(i, i + len("Uni2Det"))
    assert raw[start:end] == "Uni$^2$Det"


def test_commands_quotes_and_escapes():
    clean = clean_latex(r"a \textit{novel} ``quoted'' 3\% gain, 2$\times$ faster \href{http://x.org}{code}")
    assert clean.text == 'a novel "quoted" 3% gain, 2× faster code'


def test_lone_dollar_and_urls_untouched():
    assert clean_latex("costs $5 only").text == "costs $5 only"
    url = "https://github.com/a_b/c~d"
    assert clean_latex(url).text == url


def test_a_markdown_link_stands_apart_from_its_text():
    raw = "Code at [GitHub](https://github.com/Quux-LAB/zorb); see [1] (2)."
    clean = clean_latex(raw)
    assert clean.text == "Code at [GitHub] (https://github.com/Quux-LAB/zorb); see [1] (2)."
    assert len(clean.origin) == len(clean.text)
    i = clean.text.index("https")
    assert raw[clean.original_span(i, i + 5)[0]:].startswith("https")


def test_every_clean_char_maps_to_an_original_index():
    raw = r"$\mathcal{O}(n^2)$ and \emph{x}"
    clean = clean_latex(raw)
    assert len(clean.origin) == len(clean.text)
    assert all(0 <= o < len(raw) for o in clean.origin)
    assert list(clean.origin) == sorted(clean.origin)


def test_font_switches_and_paper_macros_leave_no_text():
    from kg.text import clean_latex

    assert clean_latex(r"weights $\mathcal W_{ij}$ here").text == "weights Wij here"
    assert clean_latex(r"we propose {\ourQuuxName}, a model").text == "we propose , a model"
    assert clean_latex(r"$\alpha$-divergence").text == "alpha-divergence"
    assert clean_latex(r"a method termed {\em quuxmodels} and ${\sf \small QuuxBench}$").text == (
        "a method termed quuxmodels and QuuxBench")
    assert clean_latex(r"we called {\fontfamily{lmtt}\selectfont \textbf{Quux Debugging}}.").text == (
        "we called Quux Debugging.")


def test_fractions_and_text_dashes_read_as_written():
    assert clean_latex(r"scaled to $2c$ and $\frac{2}{c}$, or \dfrac{1}{2}").text == "scaled to 2c and 2/c, or 1/2"
    nested = clean_latex(r"a rate $\frac{\log T}{\sqrt{T}}$ here")
    assert nested.text == "a rate logT/sqrtT here" and len(nested.origin) == len(nested.text)
    assert list(nested.origin) == sorted(nested.origin)
    clean = clean_latex(r"Quux$\textemdash$an extension")
    assert clean.text == "Quux—an extension" and len(clean.origin) == len(clean.text)


def test_typographic_ligatures_are_letters():
    clean = clean_latex("image classiﬁcation and eﬃcient ﬂows")
    assert clean.text == "image classification and efficient flows" and len(clean.origin) == len(clean.text)


def test_a_transpose_reads_as_maths_not_as_a_word():
    assert clean_latex(r"the product $UV^\top$ and $W^{\intercal} x$").text == "the product UV⊤ and W⊤ x"


def test_a_transposed_product_is_no_name():
    from kg.extract import extract
    from kg.model import Paper
    from kg.nlp import build_nlp

    abstract = r"We propose QuuxLR, which factorizes the weight as $UV^\top$. QuuxLR outperforms ZorbRank."
    clean = clean_latex(abstract)
    rec = extract(build_nlp()(clean.text), Paper(id="t", abstract=abstract, source="t"), clean)
    assert {m.name for m in rec.mentions} == {"QuuxLR", "ZorbRank"}


def test_a_macro_in_text_keeps_the_words_apart_but_not_in_maths():
    assert clean_latex(r"\name outperforms BERT").text == "name outperforms BERT"
    assert clean_latex(r"a rate $\log T$").text == "a rate logT"
    assert clean_latex(r"Polyak-\L ojasiewicz").text == "Polyak-Lojasiewicz"  # a letter command


def test_accents_on_one_letter_become_that_letter_accented():
    raw = r"Fr\'echet means, G\"{o}del, Demoir$\acute{e}$ing and Schr\"odinger, not \cdot or \cite{x}"
    clean = clean_latex(raw)
    assert clean.text.startswith("Fréchet means, Gödel, Demoiréing and Schrödinger, not ")
    assert "·" in clean.text and "é" not in clean.text[clean.text.index("not"):]
    e = clean.text.index("é")
    assert raw[clean.original_span(e, e + 1)[0]] == "\\"  # the accented letter maps back to its command


@pytest.mark.parametrize("raw, text, word, raw_word", [
    # Markdown emphasis reads as a quoted term
    ("a technique called *Plan Like a Graph* (PLaG), then **QuuxNet$^2$** at **6.1\\%**",
     'a technique called "Plan Like a Graph" (PLaG), then "QuuxNet2" at "6.1%"', "Plan Like a Graph",
     "Plan Like a Graph"),
    # the bold letters of an acronym stay in their words (the span runs from the word's first letter on)
    ("we propose **U**nified **A**gents with Re**A**soning on Ultra**S**ound (**UARS**)",
     'we propose Unified Agents with ReAsoning on UltraSound ("UARS")', "Unified", "U**nified"),
    # an acronym's brackets in bold stay brackets, unquoted
    ("we introduce **Q**uux **B**ench **(QB)**, a suite", "we introduce Quux Bench (QB), a suite", "(QB)", "(QB)"),
])
def test_markdown_emphasis(raw, text, word, raw_word):
    clean = clean_latex(raw)
    assert clean.text == text
    assert list(clean.origin) == sorted(clean.origin) and len(clean.origin) == len(clean.text)
    i = clean.text.index(word)
    assert raw[slice(*clean.original_span(i, i + len(word)))] == raw_word


def test_stars_that_are_not_emphasis_stay():
    for raw in ("A* search and B* trees", "x* and y*"):
        assert clean_latex(raw).text == raw
    assert clean_latex("the **UA**$^2$ agent").text == "the **UA**2 agent"  # a name's letters, not a term


def test_citations_and_references_leave_no_text_and_a_footnote_stands_apart():
    raw = r"as in~\citep{smith2020} and \cite[p.~3]{a,b} (see \ref{fig}), \eg data\footnote{Code: \url{https://x.org/y}}."
    clean = clean_latex(raw)
    assert "cite" not in clean.text and "smith2020" not in clean.text and "fig" not in clean.text
    assert "e.g. data Code: https://x.org/y." in clean.text
    assert len(clean.origin) == len(clean.text) and list(clean.origin) == sorted(clean.origin)


def test_underscore_emphasis_reads_as_a_quoted_term_but_identifiers_and_subscripts_stay():
    assert clean_latex("we build a novel benchmark, _Quux-NF_, consisting of").text == \
        'we build a novel benchmark, "Quux-NF", consisting of'
    assert clean_latex("see snake_case_name and x_1 y_2").text == "see snake_case_name and x_1 y_2"
    assert clean_latex("a __Bold__ word").text == 'a "Bold" word'


@pytest.mark.parametrize("raw, word, notation", [
    (r"For $\mathbf{W} \in \mathbb{R}^{m}$ we bound", "inRm", True),
    (r"The rate $N^{2d/2}$ holds", "N2d/2", True),
    (r"We propose $\mathsf{QuuxMix}$ here", "QuuxMix", False),
    (r"We propose $ZorbRe$ here", "ZorbRe", False),
    (r"We propose $S^3$, a search method", "S3", False),
    (r"Points in $\mathbb{R}^3$ are", "R3", True),
    (r"We propose Quux$^*$, a search method", "Quux*", False),
    (r"The Quux method is fast", "Quux", False),
])
def test_text_cleaned_out_of_a_formula_of_notation_is_known_as_such(raw, word, notation):
    clean = clean_latex(raw)
    start = clean.text.index(word)
    assert clean.in_formula(start, start + len(word)) is notation


def test_colour_and_environment_markup_shows_only_its_text():
    clean = clean_latex(r"\begin{center}\textcolor{red}{Warning: toxic text.}\end{center} Code: \textcolor{blue}{here}")
    assert clean.text == "Warning: toxic text. Code: here"


def test_a_latex_tie_before_a_bracket_or_a_command_is_a_space():
    """"Low Rank Adapters~(LoRA)": the tie glues no words; a tilde elsewhere ("~10x", a URL) stays."""
    clean = clean_latex(r"Low Rank Adapters~(LoRA) and PPO~\citep{x} are ~10x at https://x.org/a~b.")
    assert clean.text == "Low Rank Adapters (LoRA) and PPO  are ~10x at https://x.org/a~b."
    assert len(clean.origin) == len(clean.text)
