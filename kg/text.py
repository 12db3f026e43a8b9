"""Text hygiene: make read text safe to store, and clean LaTeX out of it for extraction.

`sanitize` runs on everything a corpus reader takes from a file (ids, titles,
abstracts, names): it replaces control characters and unpaired surrogates one
for one, so the text stays valid in every export format and offsets into it
are unchanged.

Abstracts arrive with `$^2$`, `\\textit{...}`, ``quotes'', Markdown's
`*emphasis*` and friends. Extraction runs on the cleaned text, but evidence
offsets must point into the original abstract that is stored on the paper, so
every cleaned character remembers the index of the original character it came
from.
"""

from __future__ import annotations

import re
import unicodedata
from bisect import bisect_right
from dataclasses import dataclass
from urllib.parse import quote

# Commands whose braced argument is the visible text.
_KEEP_ARG = re.compile(
    r"\\(?:textit|textbf|textsc|texttt|textrm|textsf|emph|underline|mathrm|mathbf|mathit|"
    r"mathcal|mathbb|mathsf|mathtt|boldsymbol|bm|text|mbox|hbox|textnormal|textup|textmd|operatorname|url)"
    r"\s*\{(?P<arg>[^{}]{0,300})\}"
)
_HREF = re.compile(r"\\href\s*\{[^{}]{0,500}\}\s*\{(?P<arg>[^{}]{0,300})\}")
_SYMBOLS = {
    "times": "×", "cdot": "·", "sim": "~", "approx": "≈", "le": "≤", "leq": "≤",
    "ge": "≥", "geq": "≥", "pm": "±", "infty": "∞", "to": "→", "rightarrow": "→",
    "ldots": "...", "dots": "...", "cdots": "...", "neq": "≠", "ne": "≠",
    "textemdash": "—", "textendash": "–", "textquoteright": "'", "textquoteleft": "'", "textasciitilde": "~",
    "top": "⊤", "intercal": "⊤",  # a transpose: "UV^\top" reads "UV⊤", maths, not a name "UVtop"
    "eg": "e.g.", "ie": "i.e.", "etal": "et al.",  # authors' macros for the abbreviations
    "footnote": " ",  # "data\footnote{Code at ...}": the note's text follows, apart from the word it hangs on
}
# A citation, cross-reference or label shows no words of the abstract: "\citep{smith2020}" is dropped whole.
_REFERENCE = re.compile(r"\\(?:cite[pt]?|citealp|citeauthor|ref|eqref|autoref|cref|Cref|label)\*?\s*"
                        r"(?:\[[^\]{}]{0,80}\]\s*)?\{[^{}]{0,300}\}")
# Markup that shows no words of its own: a colour ("\\textcolor{red}{Warning}" reads "Warning") or an
# environment ("\\begin{center}") or a font family ("\\fontfamily{lmtt}"); the command and its first
# braced argument are dropped.
_MARKUP = re.compile(r"\\(?:textcolor|color|colorbox|begin|end|fontfamily|fontseries|fontshape)"
                     r"\s*\{[A-Za-z!*0-9]{1,30}\}")
_FRAC = re.compile(r"\\[dt]?frac\s*\{(?P<num>(?:[^{}]|\{[^{}]{0,50}\}){0,100})\}\s*\{(?P<den>(?:[^{}]|\{[^{}]{0,50}\}){0,100})\}")
# Accents on one letter: "Fr\\'echet", "G\\"{o}del", "Demoir$\\acute{e}$ing" read "Fréchet", "Gödel", "Demoiréing".
_ACCENT_MARKS = {"'": "\u0301", "acute": "\u0301", "`": "\u0300", "grave": "\u0300", '"': "\u0308", "ddot": "\u0308",
                 "^": "\u0302", "hat": "\u0302", "~": "\u0303", "tilde": "\u0303", "=": "\u0304", "bar": "\u0304",
                 ".": "\u0307", "dot": "\u0307", "u": "\u0306", "breve": "\u0306", "v": "\u030c", "check": "\u030c",
                 "c": "\u0327", "H": "\u030b", "r": "\u030a", "k": "\u0328"}
_ACCENT = re.compile(r"\\(?:(?P<mark>['`\"^~=.])(?:\{(?P<a1>[A-Za-z])\}|(?P<a2>[A-Za-z]))"
                     r"|(?P<named>acute|grave|ddot|hat|tilde|bar|dot|breve|check|[cuvHrk])\s*\{(?P<a3>[A-Za-z])\})")
# Markdown emphasis, "*term*", "**Name**" or "_Name_": a pair of one or two stars (or underscores) around
# text that starts and ends with a non-space, outside a word ("A* search", "**U**nified", "snake_case" are
# no emphasis); inside, plain text, escaped signs and whole $...$ math only, so a star inside math never
# pairs with one outside.
_EMPHASIS = re.compile(r"(?<![\w*\\])(?P<stars>\*\*?|__?)(?=[^\s*_])"
                       r"(?P<emphasized>(?:[^*_$\\\n]|\\[%&#_]|\$[^$\n]{1,100}\$){1,150}?)"
                       r"(?<=[^\s*_\\])(?P=stars)(?![\w*$])")
# Markdown emphasis inside a word, the letters of an acronym in bold ("**P**ositive **U**nlabeled, Re**A**soning
# (**PURA**)"): the stars go, the letters stay in their word, when the acronym follows in brackets (in the same
# clause). Bold letters with no acronym after them ("for **R**eal-time **T**ext-driven motion") stay as they are:
# without the stars, the capitals they mark would read as a name.
_ACROSTIC = re.compile(r"(?:(?<=[A-Za-z])|(?=\*\*?[A-Za-z0-9]{1,8}\*\*?[A-Za-z]))"
                       r"(?P<amark>\*\*?)(?P<letters>[A-Za-z0-9]{1,8})(?P=amark)"
                       r"(?=[^.;()]{0,200}(?:\*\*)?\((?:\*\*)?[A-Za-z0-9][\w-]*(?:\*\*)?\))")
_TOKEN = re.compile(
    r"(?=[\\`'$}{*_~\]\ufb00-\ufb06])"  # every token starts with one of these: other positions fail at once
    r"(?:(?P<href>\\href\s*\{[^{}]{0,500}\}\s*\{[^{}]{0,300}\})"
    r"|(?P<reference>" + _REFERENCE.pattern + r")"
    r"|(?P<markup>" + _MARKUP.pattern + r")"
    r"|(?P<frac>" + _FRAC.pattern + r")"
    r"|(?P<keep>" + _KEEP_ARG.pattern + r")"
    r"|(?P<accent>" + _ACCENT.pattern + r")"
    r"|(?P<escaped>\\[%&#_$])"
    r"|(?P<space>\\[,;:! ]|(?<=[\w.,;:)\]])~(?=[(\[\\]))"  # "Adapters~(LoRA)": a tie is a space
    r"|(?P<command>\\[A-Za-z]+\*?\s?)"
    r"|(?P<quote>``|'')"
    r"|(?P<math>\$[^$]{1,300}\$)"
    r"|(?P<acrostic>" + _ACROSTIC.pattern + r")"
    r"|(?P<emphasis>" + _EMPHASIS.pattern + r")"
    r"|(?P<brace>[{}])"
    r"|(?P<ligature>[\ufb00-\ufb06])"
    r"|(?P<link>\](?=\((?:https?://|www\.))))"  # Markdown's "[code](https://...)": the link apart from its text
)
_MATH_DROP = re.compile(r"[\^_{}]")
# A formula that writes a word of three letters or more besides its commands may hold a name
# ("$ProtoRe$", "$\\mathsf{QuuxMix}$", "$\\texttt{quuxlm}$"); one without ("$W \\in \\mathbb{R}^{m}$") is notation.
# So may a capital with a power ("$C^3$", "$R^3M$": "we propose $S^3$, a search method"), unless it is
# a set or space ("$\\mathbb{R}^3$").
_MATH_COMMAND = re.compile(r"\\[A-Za-z]+")
_MATH_WORD = re.compile(r"[A-Za-z]{3}")
_POWER_NAME = re.compile(r"\$[A-Z]\^\d[A-Za-z]?\$")
_MATH_SETS = re.compile(r"\\(?:mathbb|mathcal|mathfrak|mathscr)\b")

_LETTER_COMMANDS = {"L", "l", "o", "O", "i", "j", "ss", "aa", "AA", "ae", "AE", "oe", "OE"}
_FONT_COMMANDS = {"mathcal", "mathbb", "mathbf", "mathrm", "mathit", "mathsf", "mathtt", "mathfrak", "mathscr",
                  "boldsymbol", "bm", "textbf", "textit", "textrm", "textsf", "texttt", "textsc", "emph", "rm", "bf",
                  "it", "sf", "tt", "sc", "cal", "bb", "left", "right", "big", "Big", "bigl", "bigr", "mbox", "hbox",
                  "underline", "uline",
                  # declarations that switch the font or size of what follows ("{\\em Foo}", "\\small"): no text
                  "em", "tiny", "scriptsize", "footnotesize", "small", "normalsize", "large", "Large", "LARGE",
                  "huge", "Huge", "rmfamily", "sffamily", "ttfamily", "bfseries", "mdseries", "itshape", "upshape",
                  "slshape", "scshape", "selectfont", "noindent"}

# C0 controls except tab, line feed and carriage return; DEL; C1 controls; the
# non-characters U+FFFE/U+FFFF. None is allowed in XML 1.0 (RDF/XML, TriG
# consumers, HTML) and several move a terminal's cursor when printed.
_CONTROL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ufffe\uffff]")
# Unpaired UTF-16 surrogates: impossible in a decoded UTF-8 file, but a JSON
# escape such as "\\ud800" produces one, and it cannot be encoded as UTF-8.
_SURROGATE = re.compile("[\ud800-\udfff]")


def _notation_only(formula: str) -> bool:
    """Does a $...$ formula write no word, only notation?"""
    letters = _MATH_COMMAND.sub("", formula).replace(" ", "").replace("{", "").replace("}", "")
    if _MATH_WORD.search(letters):
        return False
    return not (_POWER_NAME.fullmatch(letters) and not _MATH_SETS.search(formula))


def sanitize(text: str) -> str:
    """Replace control characters with a space and unpaired surrogates with U+FFFD, one for one."""
    if _SURROGATE.search(text):
        text = _SURROGATE.sub("\ufffd", text)
    return _CONTROL.sub(" ", text)


_SCHEME = re.compile(r"^([A-Za-z][A-Za-z0-9+.-]{0,30}):")
_STRAY_PERCENT = re.compile(r"%(?![0-9A-Fa-f]{2})")
# What RFC 3986 allows literally in each part (letters, digits and "-._~" are always kept; "%" keeps
# the %XX escapes); everything else is percent-encoded, so the result is a valid URI, hence a valid IRI.
_SUB_DELIMS = "!$&'()*+,;="
_SAFE_USERINFO = _SUB_DELIMS + ":%"
_SAFE_HOST = _SUB_DELIMS + "%"
_SAFE_PATH = _SUB_DELIMS + ":@/%"
_SAFE_QUERY = _SAFE_PATH + "?"


def absolute_url(url: str) -> str:
    """A URL as a valid absolute IRI: `https://` when it has no scheme, each part percent-encoded as RFC 3986 says.

    `github.com/a/b` becomes `https://github.com/a/b`; a space, `<`, `[` or a second `#` are escaped; a
    "port" that is not a number is kept as part of the host (`https://_:b0` -> `https://_%3Ab0`).
    Idempotent, so a graph that stores `absolute_url(u)` round-trips through RDF unchanged.
    """
    url = _STRAY_PERCENT.sub("%25", url.strip())
    m = _SCHEME.match(url)
    scheme, rest = (m.group(1).lower(), url[m.end():]) if m else ("https", "//" + url.lstrip("/"))
    rest, _, fragment = rest.partition("#") if "#" in rest else (rest, "", None)
    rest, _, query = rest.partition("?") if "?" in rest else (rest, "", None)
    out = scheme + ":"
    if rest.startswith("//"):
        authority, slash, path = rest[2:].partition("/")
        out += "//" + _authority(authority)
        rest = slash + path
    out += _quote(rest, _SAFE_PATH)
    if query is not None:
        out += "?" + _quote(query, _SAFE_QUERY)
    if fragment is not None:
        out += "#" + _quote(fragment, _SAFE_QUERY)
    return out


def _authority(authority: str) -> str:
    userinfo, at, hostport = authority.rpartition("@")
    host, colon, port = hostport.rpartition(":")
    if not colon or not port.isascii() or not port.isdigit() or host.startswith("[") and not host.endswith("]"):
        host, colon, port = hostport, "", ""  # not a port: the colon is part of the host name
    if host.startswith("[") and host.endswith("]") and re.fullmatch(r"\[[0-9A-Fa-f:.]{2,45}\]", host):
        return (_quote(userinfo, _SAFE_USERINFO) + at if at else "") + host + colon + port  # IPv6 literal
    return (_quote(userinfo, _SAFE_USERINFO) + at if at else "") + _quote(host, _SAFE_HOST) + colon + port


def _quote(text: str, safe: str) -> str:
    return quote(text, safe=safe, errors="surrogatepass")


def unsafe_chars(text: str) -> int:
    """How many characters `sanitize` would replace."""
    return len(_CONTROL.findall(text)) + len(_SURROGATE.findall(text))


@dataclass(frozen=True)
class CleanText:
    """Cleaned text plus, for each of its characters, the original index."""

    text: str
    origin: tuple[int, ...]
    # Original [start, end) of each $...$ formula that writes no word ("$W \\in \\mathbb{R}^{m}$"; not
    # "$\\mathsf{QuuxMix}$"): what is cleaned out of one is notation, not a name.
    formulas: tuple[tuple[int, int], ...] = ()

    def in_formula(self, start: int, end: int) -> bool:
        """Does the [start, end) span of the cleaned text come wholly from one formula of notation?"""
        if not self.formulas or end <= start:
            return False
        o_start, o_end = self.original_span(start, end)
        k = bisect_right(self.formulas, o_start, key=lambda f: f[0]) - 1
        return k >= 0 and self.formulas[k][0] <= o_start and o_end <= self.formulas[k][1]

    def original_span(self, start: int, end: int) -> tuple[int, int]:
        """Map a [start, end) span of the cleaned text back to the original."""
        if not self.origin or start >= len(self.origin):
            n = self.origin[-1] + 1 if self.origin else 0
            return n, n
        o_start = self.origin[start]
        o_end = self.origin[min(end, len(self.origin)) - 1] + 1 if end > start else o_start
        return o_start, max(o_start, o_end)


_SIZE_TIMES = re.compile(r"(?<=\d)×(?=\d)")


def size_times_as_x(name: str) -> str:
    """"Mixtral-8×7B" (LaTeX's \\times between digits) as the usual spelling "Mixtral-8x7B"."""
    return _SIZE_TIMES.sub("x", name) if "×" in name else name


def clean_latex(raw: str) -> CleanText:
    """Remove LaTeX markup; `Foo$^2$Net` becomes `Foo2Net`, ``x'' becomes "x"."""
    return _clean(raw, text=True)


def _clean(raw: str, text: bool) -> CleanText:
    """`clean_latex` of text (`text`), or of the inside of math, where spaces mean nothing."""
    chars: list[str] = []
    origin: list[int] = []
    formulas: list[tuple[int, int]] = []
    pos = 0
    for m in _TOKEN.finditer(raw):
        _copy(raw, pos, m.start(), chars, origin)
        if text and m.lastgroup == "math" and _notation_only(m.group(0)):
            formulas.append((m.start(), m.end()))
        before = len(chars)
        _replace(m, chars, origin)
        if (text and m.lastgroup == "command" and len(chars) > before and m.group(0)[-1].isspace()
                and m.group(0)[1:].strip() not in _LETTER_COMMANDS):  # "\L ojasiewicz": a letter of its word
            _emit(" ", m.end() - 1, chars, origin)  # in text, "\name outperforms X" keeps its words apart
        pos = m.end()
    _copy(raw, pos, len(raw), chars, origin)
    return CleanText("".join(chars), tuple(origin), tuple(formulas))


def _copy(raw: str, start: int, end: int, chars: list[str], origin: list[int]) -> None:
    chars.extend(raw[start:end])
    origin.extend(range(start, end))


def _emit(text: str, at: int, chars: list[str], origin: list[int]) -> None:
    chars.extend(text)
    origin.extend([at] * len(text))


def _replace(m: re.Match[str], chars: list[str], origin: list[int]) -> None:
    kind = m.lastgroup
    if kind == "href":
        inner = _HREF.match(m.group(0))
        assert inner is not None
        _copy(m.string, m.start() + inner.start("arg"), m.start() + inner.end("arg"), chars, origin)
    elif kind == "frac":  # "\frac{2}{c}" reads "2/c", "\frac{\alpha}{2}" reads "alpha/2"
        _clean_part(m.string, m.start("num"), m.end("num"), chars, origin)
        _emit("/", m.start("den") - 1, chars, origin)  # at the denominator's brace: origins stay in order
        _clean_part(m.string, m.start("den"), m.end("den"), chars, origin)
    elif kind == "keep":
        _copy(m.string, m.start("arg"), m.end("arg"), chars, origin)
    elif kind == "accent":
        letter = m.group("a1") or m.group("a2") or m.group("a3")  # _ACCENT's groups are _TOKEN's own
        mark = _ACCENT_MARKS[m.group("mark") or m.group("named")]
        _emit(unicodedata.normalize("NFC", letter + mark), m.start(), chars, origin)
    elif kind == "escaped":
        _copy(m.string, m.start() + 1, m.end(), chars, origin)
    elif kind == "space":
        _emit(" ", m.start(), chars, origin)
    elif kind == "command":
        name = m.group(0)[1:].rstrip("* ")
        if name not in _FONT_COMMANDS and not any(c.isupper() for c in name[1:]):
            _emit(_SYMBOLS.get(name, name), m.start(), chars, origin)
        # a font switch ("\mathcal B") or a paper's own macro ("\ourModelName") has no visible text
    elif kind == "quote":
        _emit('"', m.start(), chars, origin)
    elif kind == "math":
        _clean_math(m, chars, origin)
    elif kind == "acrostic":
        _copy(m.string, m.start("letters"), m.end("letters"), chars, origin)
    elif kind == "emphasis":  # Markdown's "*Plan Like a Graph* (PLaG)", "**QuuxNet**": quoted, as a term is
        inner = _clean(m.group("emphasized"), text=True)
        bracketed = inner.text.startswith("(") and inner.text.endswith(")")  # "**(QB)**": an acronym's brackets
        if not bracketed:
            _emit('"', m.start(), chars, origin)
        chars.extend(inner.text)
        origin.extend(m.start("emphasized") + o for o in inner.origin)
        if not bracketed:
            _emit('"', m.end("emphasized"), chars, origin)
    elif kind == "link":  # "[GitHub](https://github.com/quux/zorb)" reads "[GitHub] (https://...)": glued, spaCy
        _copy(m.string, m.start(), m.end(), chars, origin)  # made "GitHub](https://github.com" one token and the
        _emit(" ", m.start(), chars, origin)  # path's parts words of their own ("quux" a name)
    elif kind == "ligature":  # "classiﬁcation" from a PDF reads "classification"
        _emit(unicodedata.normalize("NFKC", m.group(0)), m.start(), chars, origin)
    # "brace", "reference" and "markup": dropped


def _clean_part(raw: str, start: int, end: int, chars: list[str], origin: list[int]) -> None:
    """raw[start:end] cleaned in turn, its characters mapped back into raw."""
    inner = _clean(raw[start:end], text=False)
    chars.extend(inner.text)
    origin.extend(start + o for o in inner.origin)


def _clean_math(m: re.Match[str], chars: list[str], origin: list[int]) -> None:
    """Inside $...$: recurse for commands, then drop ^ _ { } markers."""
    inner_start = m.start() + 1
    inner = _clean(m.group(0)[1:-1], text=False)
    for ch, o in zip(inner.text, inner.origin):
        if not _MATH_DROP.match(ch):
            chars.append(ch)
            origin.append(inner_start + o)


def normalize_whitespace(text: str) -> str:
    """Collapse runs of white space (line breaks inside a paragraph included)."""
    return re.sub(r"\s+", " ", text).strip()
