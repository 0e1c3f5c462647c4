r"""The errata sheet: the paper with every refuted display replaced by its checked correction.

From the audit's verdicts and each claim's ``displays`` (mapped onto the paper with
:func:`theorycheck.coverage.enumerate_displays`), :func:`build_errata` lists one :class:`Erratum` per refuted
display, and :func:`write_errata` writes into a folder

1. a copy of each paper part in which every refuted display whose claims carry a checked correction is
   replaced by the correction(s) (generated from the Statement the check verified), marked by a LaTeX
   comment naming the claim id; a refuted display without a checked correction keeps its text and gets an
   annotation comment (claim id, "no checked correction", one line of evidence);
2. ``errata.diff``, a unified diff of the copies against the originals (it touches only refuted displays);
3. ``errata.tex``, a standalone list (location, as printed, corrected, evidence) that compiles with pdflatex.

Only ``refuted`` verdicts produce errata; ``inconclusive`` and ``error`` are never treated as wrong.

>>> e = Erratum(2, 25, 310, r"a = b", ("x.y",), (r"a = c",), ("a differs from b at t = 1",))
>>> e.location
'Part 2, display 25 (line 310)'
>>> replacement_body(e, "$$\n a = b\n$$").splitlines()[1]
'% theorycheck errata: x.y refuted; display replaced by its checked correction'
"""

from __future__ import annotations

import dataclasses
import difflib
import hashlib
import re
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from .claims import Claim, Verdict, readings_holding
from .coverage import (
    PaperDisplay,
    PaperRelation,
    audited_display_texts,
    changed_displays,
    changed_relations,
    enumerate_displays,
    enumerate_relations,
    paragraph_spans,
    part_number,
)
from .errors import InputError
from .latex import LATEX_PREAMBLE, MACRON_LETTER, standalone, tex_math, tex_text
from .outputs import as_utf8, write_set

__all__ = ["Erratum", "TextErratum", "Written", "build_errata", "build_text_errata", "errata_tex", "patch_part",
           "replacement_body", "write_errata"]


@dataclasses.dataclass(frozen=True)
class Erratum:
    """One refuted display: where it is, what it says, the checked corrections and the evidence."""

    part: int
    ordinal: int
    line: int
    printed: str
    claims: tuple[str, ...]
    corrected: tuple[str, ...]
    evidence: tuple[str, ...]
    #: the corrections may not replace the display (:func:`_replaces`): it keeps its text and they are noted beside
    #: it, so a correct relation (a definition, an identity) is never overwritten by another relation's fix
    partial: bool = False

    @property
    def location(self) -> str:
        return f"Part {self.part}, display {self.ordinal} (line {self.line})"

    @property
    def has_correction(self) -> bool:
        return bool(self.corrected)


@dataclasses.dataclass(frozen=True)
class TextErratum:
    """Refuted relations of relation-level claims (claims that name relations, not whole displays): in one paragraph's
    running text (``P<k>`` of :func:`theorycheck.coverage.enumerate_relations`) or inside one display (``D<k>``); the
    relations as printed, the claims, the checked corrections (of the relation, not of the whole display) and the
    evidence. The patched part annotates the paragraph or display after it; it never rewrites them."""

    part: int
    paragraph: str
    line: int
    #: per claim, in paper order: (claim id, the relations it checks here as printed, its checked correction or None,
    #: its evidence line) (referee BS, BS7: with several claims in one place, whose correction and evidence a line is
    #: had not been said). The place's claims, relations, corrections and evidence are read from it.
    by_claim: tuple[tuple[str, tuple[str, ...], str | None, str], ...]

    @property
    def claims(self) -> tuple[str, ...]:
        return tuple(c for c, *_ in self.by_claim)

    @property
    def printed(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(r for _, relations, *_ in self.by_claim for r in relations))

    @property
    def corrected(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(fix for _, _, fix, _ in self.by_claim if fix))

    @property
    def evidence(self) -> tuple[str, ...]:
        return tuple(e for *_, e in self.by_claim)

    @property
    def location(self) -> str:
        kind = "paragraph" if self.paragraph.startswith("P") else "display"
        return f"Part {self.part}, {kind} {self.paragraph[1:]} (line {self.line})"

    @property
    def has_correction(self) -> bool:
        return bool(self.corrected)


def build_text_errata(claims: Iterable[Claim], verdicts: Mapping[str, Verdict],
                      relations: Iterable[PaperRelation]) -> list[TextErratum]:
    """One erratum per paragraph or display that holds a relation of a refuted claim naming no whole display (referee
    BQ: 62 such claims, fourier.tanh's −4i csch(π²t) in running text among them, had no erratum), in paper order."""
    by_key = {r.key: r for r in relations}
    found: dict[tuple[int, str], list[tuple[str, Verdict, PaperRelation]]] = {}
    fixes_here: dict[tuple[str, int, str], bool] = {}  # (claim, part, place): whose correction is for a relation there
    for claim in claims:
        verdict = verdicts.get(claim.id)
        if verdict is None or verdict.verdict != "refuted" or claim.displays:
            continue
        # a verdict that says which of its relations fail (check_steps' failing_relations) and which its correction is
        # for (corrected_relations) is annotated only there (new-user trial: alg1.gradient-lines' P53, which holds,
        # had been marked refuted, and its second-layer correction pasted under the first layer's line)
        failing, fixed = (_relation_keys(verdict.evidence.get(k)) for k in ("failing_relations", "corrected_relations"))
        for key in claim.relations:
            k = (int(key[0]), str(key[1]), int(key[2]))
            rel = by_key.get(k)
            if rel is None or rel.location[:1] not in ("P", "D") or (failing is not None and k not in failing):
                continue
            found.setdefault((rel.part, rel.location), []).append((claim.id, verdict, rel))
            place = (claim.id, rel.part, rel.location)
            fixes_here[place] = fixes_here.get(place, False) or fixed is None or k in fixed
    out = []
    for (part, where), items in sorted(found.items(), key=lambda kv: (kv[0][0], min(r.line for *_, r in kv[1]))):
        ids = tuple(dict.fromkeys(cid for cid, _, _ in items))
        verdict_of = {cid: v for cid, v, _ in items}
        printed_by = {c: tuple(dict.fromkeys(" ".join(r.latex.split()) for cid, _, r in items if cid == c))
                      for c in ids}
        out.append(TextErratum(
            part, where, min(r.line for _, _, r in items),
            tuple((c, printed_by[c], (verdict_of[c].corrected or None) if fixes_here[(c, part, where)] else None,
                   _evidence(c, verdict_of[c])) for c in ids)))
    return out


def _relation_keys(value: Any) -> set[tuple[int, str, int]] | None:
    """Relation keys (part, place, index) from a verdict's evidence list of them, or None when it gives none."""
    if not value:
        return None
    return {(int(k[0]), str(k[1]), int(k[2])) for k in value}


def _html_comment(text: str) -> str:
    """One line of an HTML comment (invisible in the rendered Markdown); ``--`` cannot appear inside one."""
    return "<!-- " + " ".join(text.split()).replace("--", "- -") + " -->"


def text_annotation(erratum: TextErratum) -> str:
    """The comment line placed after the paragraph or display of ``erratum`` in the patched part."""
    said = "; ".join(erratum.printed)
    where = "paragraph" if erratum.paragraph.startswith("P") else "display"
    if erratum.has_correction:
        fixes = [f"{c} corrected (checked): {fix}" for c, _, fix, _ in erratum.by_claim if fix]
        return _html_comment(f"theorycheck errata: {', '.join(erratum.claims)} refuted in the {where} above ({said})"
                             f"; {' ; '.join(fixes)}")
    return _html_comment(f"theorycheck errata: {', '.join(erratum.claims)} refuted in the {where} above ({said}); "
                         f"no checked correction; evidence: {erratum.evidence[0]}")


def _evidence(claim_id: str, verdict: Verdict) -> str:
    """One erratum's evidence line: the claim, its detail on one line, and any reading under which it holds."""
    return f"{claim_id}: {_one_line(verdict)}" + _holding_note(verdict)


def _one_line(verdict: Verdict, width: int = 220) -> str:
    text = " ".join(verdict.detail.split())
    return text if len(text) <= width else text[: width - 1] + "…"


def build_errata(claims: Iterable[Claim], verdicts: Mapping[str, Verdict],
                 displays: Iterable[PaperDisplay], relations: Iterable[PaperRelation] = ()) -> list[Erratum]:
    """One erratum per display of ``displays`` that a refuted claim covers, in paper order.

    A display covered by several refuted claims lists them all; its corrections are those of the
    refuted claims that carry one (each checked by the claim's own check). With the paper's ``relations``, an erratum
    is ``partial`` (noted beside the display, not replacing it) unless every correction may replace it
    (:func:`_replaces`)."""
    by_key = {d.key: d for d in displays}
    in_display: dict[tuple[int, int], set[tuple[int, str, int]]] = {}
    for r in relations:
        if r.location.startswith("D") and r.location[1:].isdigit():
            in_display.setdefault((r.part, int(r.location[1:])), set()).add(r.key)
    claims = list(claims)
    claim_of = {c.id: c for c in claims}
    found: dict[tuple[int, int], list[tuple[str, Verdict]]] = {}
    for claim in claims:
        verdict = verdicts.get(claim.id)
        if verdict is None or verdict.verdict != "refuted":
            continue
        for key in claim.displays:
            if key in by_key:
                found.setdefault(key, []).append((claim.id, verdict))
    out = []
    for key in sorted(found):
        d = by_key[key]
        items = found[key]
        corrected = tuple(dict.fromkeys(v.corrected for _, v in items if v.corrected))
        fixing = [cid for cid, v in items if v.corrected]
        partial = bool(fixing) and not all(_replaces(claim_of[cid], in_display.get(key, set())) for cid in fixing)
        out.append(Erratum(d.part, d.ordinal, d.line, d.latex, tuple(cid for cid, _ in items), corrected,
                           tuple(_evidence(cid, v) for cid, v in items), partial))
    return out


def _replaces(claim: Claim, in_display: set[tuple[int, str, int]]) -> bool:
    """Whether ``claim``'s correction may replace a display it covers whose relations are ``in_display``: only a claim
    of one display, naming every relation of it, or naming none of it where the display holds at most one. Otherwise the
    correction may be another display's relation, or one link of a chain, and is noted beside the display as printed
    (referees CN, L4 and CP: a definition, a correct identity and a six-relation chain had been overwritten)."""
    if len(claim.displays) != 1:
        return False
    named = {(int(k[0]), str(k[1]), int(k[2])) for k in claim.relations} & in_display
    return in_display <= named if named else len(in_display) <= 1


def _holding_note(verdict: Verdict) -> str:
    """" (holds under another reading: …)" for a refuted verdict whose regime records a reading under which it holds
    (a slip read as the text uses it: an erratum, not an error of the argument), else ""."""
    holding = readings_holding(verdict)
    return f" (holds under another reading: {'; '.join(holding)})" if holding else ""


def _comment(text: str) -> str:
    return "% " + " ".join(text.split())


def replacement_body(erratum: Erratum, original: str) -> str:
    """The text that takes the place of ``original`` (one display, delimiters included) in the patched part."""
    ids = ", ".join(erratum.claims)
    open_, close = _delimiters(original)
    inner = original[len(open_):len(original) - len(close)] if close else original
    if erratum.has_correction and erratum.partial:
        notes = [_comment(f"theorycheck errata: {ids} refuted here; a checked correction, noted beside the display as "
                          "printed (it need not be this display's own relation): " + fix)
                 for fix in erratum.corrected]
        notes += [_comment(f"evidence: {e}") for e in erratum.evidence]
        sep = "" if inner.startswith("\n") else "\n"
        return open_ + "\n" + "\n".join(notes) + sep + inner.rstrip() + ("\n" + close if close else "")
    if erratum.has_correction:
        body = erratum.corrected[0] if len(erratum.corrected) == 1 else (
            "\\begin{gathered}\n" + " \\\\\n".join(erratum.corrected) + "\n\\end{gathered}")
        stripped = inner.strip()
        if stripped.startswith("\\begin{equation}"):  # keep the numbering (and the label) of the printed display
            label = re.search(r"\\label\{[^}]*\}", stripped)
            body = "\\begin{equation}" + (label.group(0) if label else "") + "\n" + body + "\n\\end{equation}"
        lines = [open_, _comment(f"theorycheck errata: {ids} refuted; display replaced by its checked correction")]
        lines += ["% as printed: " + ln for ln in stripped.splitlines()]
        lines += [body, close]
        return "\n".join(lines)
    notes = [_comment(f"theorycheck errata: {ids} refuted; no checked correction")]
    notes += [_comment(f"evidence: {e}") for e in erratum.evidence]
    sep = "" if inner.startswith("\n") else "\n"
    return open_ + "\n" + "\n".join(notes) + sep + inner.rstrip() + ("\n" + close if close else "")


def _delimiters(block: str) -> tuple[str, str]:
    for open_, close in (("$$", "$$"), ("\\[", "\\]")):
        if block.startswith(open_) and block.endswith(close) and len(block) >= len(open_) + len(close):
            return open_, close
    return "", ""


def _display_spans(text: str, displays: Sequence[PaperDisplay]) -> dict[int, tuple[int, int]]:
    """The character span of each display's block in ``text`` (with its $$ / \\[ delimiters when present)."""
    spans: dict[int, tuple[int, int]] = {}
    pos = 0
    line_starts = [0] + [m.end() for m in re.finditer("\n", text)]
    for d in displays:
        start_search = line_starts[max(0, d.line - 1)] if d.line - 1 < len(line_starts) else pos
        i = text.find(d.latex, max(pos, start_search))
        if i < 0:
            i = text.find(d.latex, pos)
        if i < 0:
            continue
        j = i + len(d.latex)
        # widen to the delimiters around the stripped body
        before = text.rfind("$$", 0, i)
        after = text.find("$$", j)
        if before >= 0 and not text[before + 2:i].strip() and after >= 0 and not text[j:after].strip():
            i, j = before, after + 2
        else:
            lb, rb = text.rfind("\\[", 0, i), text.find("\\]", j)
            if lb >= 0 and not text[lb + 2:i].strip() and rb >= 0 and not text[j:rb].strip():
                i, j = lb, rb + 2
        spans[d.ordinal] = (i, j)
        pos = j
    return spans


def patch_part(text: str, part: int, errata: Sequence[Erratum], text_errata: Sequence[TextErratum] = ()) -> str:
    """``text`` (one part of the paper) with its errata applied: refuted displays replaced or annotated, and a comment
    line after each paragraph whose running text holds a refuted relation; everything else byte for byte the same."""
    displays = enumerate_displays(text, part)
    spans = _display_spans(text, displays)
    edits = [(spans[e.ordinal], replacement_body(e, text[spans[e.ordinal][0]:spans[e.ordinal][1]]))
             for e in errata if e.part == part and e.ordinal in spans]
    paragraphs = paragraph_spans(text)
    for e in text_errata:
        k = int(e.paragraph[1:])
        if e.part != part:
            continue
        if e.paragraph.startswith("P") and 1 <= k <= len(paragraphs):
            end = paragraphs[k - 1][1]
        elif e.paragraph.startswith("D") and k in spans:
            end = spans[k][1]
            # the display's own closing punctuation on the next line stays with it (new-user trial: a lone "." had
            # been left below the comment, a paragraph of its own)
            after = re.match(r"[ \t]*\n?[ \t]*[.,;:][ \t]*(?=\n|$)", text[end:])
            end += after.end() if after else 0
        else:
            continue
        lead = "" if end == 0 or text[end - 1] == "\n" else "\n"
        edits.append(((end, end), lead + text_annotation(e) + "\n"))
    out = text
    for (i, j), new in sorted(edits, key=lambda x: x[0], reverse=True):  # from the end: earlier offsets stay valid
        out = out[:i] + new + out[j:]
    return out


def _paper_macros(texts: Iterable[str]) -> list[str]:
    """The paper's own \\newcommand definitions, as \\providecommand + \\renewcommand (so built-ins such as \\P,
    \\H, \\L are redefined the way the paper uses them)."""
    seen: dict[str, str] = {}
    for text in texts:
        for m in re.finditer(r"\\newcommand\{(\\[A-Za-z]+)\}(\[\d\])?\{((?:[^{}]|\{[^{}]*\})*)\}", text):
            seen.setdefault(m.group(1), f"{m.group(2) or ''}{{{m.group(3)}}}")
    return [f"\\providecommand{{{name}}}{{}}\\renewcommand{{{name}}}{body}" for name, body in seen.items()]


def _tex_display(math: str, correction: bool = False) -> str:
    """A paper display or a correction as a LaTeX display (equation environments kept, unnumbered). A correction
    without an environment of its own is set as the latex export sets a statement (latex.tex_math: broken over lines,
    scaled to the text width only when still wider; referee CR, MEDIUM-1); a paper display is kept as printed."""
    body = re.sub(r"\\label\{[^}]*\}", "", math).strip()
    body = re.sub(r"\\tag\*?\{[^}]*\}", "", body)
    body = body.replace("\\begin{equation}", "").replace("\\end{equation}", "")
    body = body.replace("\\begin{equation*}", "").replace("\\end{equation*}", "").strip()
    if body.startswith("\\begin{align") and "aligned" not in body.split("}", 1)[0]:
        return body + "\n"
    if correction and "\\begin{" not in body and "\\\\" not in body and "$" not in body:
        return tex_math(body)
    return "\\begin{equation*}\n" + body + "\n\\end{equation*}\n"


def _tex_tt(text: str, tt: bool = True) -> str:
    """Plain text for LaTeX that may break after punctuation and LaTeX's own characters: a relation quoted as text
    runs long without spaces (referee BS, BS7: 26 overfull lines from \\texttt)."""
    out: list[str] = []
    # character by character, a letter with its combining macron kept together (tex_text sets it as \\bar)
    for ch in re.findall(MACRON_LETTER.pattern + "|.", str(text), re.S):
        if ch == "\\" and out:  # before a LaTeX command, not between its backslash and its name
            out.append(r"\allowbreak{}")
        out.append(tex_text(ch))
        if ch in "{}()[],;=+-/^_|" or (not tt and ch in ".:"):
            out.append(r"\allowbreak{}")
    return "".join(out)


def errata_tex(errata: Sequence[Erratum], paper: str, macros: Sequence[str] = (),
               text_errata: Sequence[TextErratum] = (), unplaced: Sequence[str] = ()) -> str:
    """``errata.tex``: a standalone LaTeX list of the errata (compiles with pdflatex): the refuted displays, then the
    refuted relations in running text (quoted as printed, as text: a relation cut out of a formula need not compile)."""
    preamble = LATEX_PREAMBLE + "\n".join(macros) + ("\n" if macros else "")
    out = [r"\title{Errata for ``" + tex_text(paper) + "''}", r"\author{theorycheck}", r"\date{}",
           r"\begin{document}", r"\maketitle", r"\allowdisplaybreaks",
           tex_text(f"{len(errata)} refuted displays; {sum(e.has_correction for e in errata)} with a correction "
                    "checked by the same check that refuted the printed display.") + "\n"]
    for e in errata:
        out.append(r"\subsection*{" + tex_text(e.location) + "}")
        out.append(r"\noindent Claims: \texttt{" + _tex_tt(", ".join(e.claims)) + "}.\n")
        out.append(r"\noindent As printed:" + "\n" + _tex_display(e.printed))
        if e.has_correction:
            label = ("Checked correction (noted beside the display as printed; it need not be the display's own "
                     "relation):" if e.partial else "Corrected (checked):")
            out.append(r"\noindent " + label + "\n" + "".join(_tex_display(c, correction=True) for c in e.corrected))
        else:
            out.append(r"\noindent Corrected: \emph{no correction was checked}." + "\n")
        for evidence in e.evidence:  # one line per claim, each starting with its id
            out.append(r"\noindent Evidence: " + _tex_tt(evidence, tt=False) + "\n")
    if text_errata:
        out.append(r"\section*{" + tex_text(f"Relation by relation (in running text and inside displays): "
                                              f"{len(text_errata)} places, "
                                              f"{sum(t.has_correction for t in text_errata)} with a checked "
                                              "correction") + "}")
    for t in text_errata:
        out.append(r"\subsection*{" + tex_text(t.location) + "}")
        # claim by claim: the relations it checks here (its failing ones among them: its evidence says which), its
        # correction and its evidence (referee BS, BS7)
        for claim, printed, fix, evidence in t.by_claim:
            out.append(r"\paragraph{\texttt{" + _tex_tt(claim) + "}}")
            out.append(r"The relations it checks here, as printed (as text):" + "\n"
                       + r"{\raggedright\ttfamily " + _tex_tt(" ; ".join(printed)) + r"\par}" + "\n")
            if fix:
                out.append(r"\noindent Corrected (checked):" + "\n" + _tex_display(fix, correction=True))
            else:
                out.append(r"\noindent Corrected: \emph{no correction was checked}." + "\n")
            out.append(r"\noindent Evidence: " + _tex_tt(evidence, tt=False) + "\n")
    if unplaced:  # refuted claims about no printed formula of these files (a measured order, a proof's route)
        out.append(r"\section*{" + tex_text(f"Refuted, tied to no printed formula: {len(unplaced)}") + "}")
        out.append(r"\begin{itemize}" + "".join(r"\item " + tex_text(u) + "\n" for u in unplaced) + r"\end{itemize}")
    out.append(r"\end{document}")
    return standalone("\n".join(out) + "\n", preamble)


@dataclasses.dataclass(frozen=True)
class Written:
    """What :func:`write_errata` wrote."""

    errata: list[Erratum]
    patched: list[str]
    diff: str
    tex: str
    #: displays whose text differs from the audited paper's at their position: left as they are
    changed: tuple[PaperDisplay, ...] = ()
    #: paragraphs whose running text holds a refuted relation (annotated, not rewritten)
    text_errata: tuple[TextErratum, ...] = ()
    #: relations whose text is not the audited paper's at their position: none of them is annotated
    changed_relations: int = 0
    #: patched parts an earlier run wrote into the folder, not written again: removed (still as written) ...
    removed: tuple[str, ...] = ()
    #: ... or kept, because they were changed since
    kept: tuple[str, ...] = ()


#: the file of an errata folder that lists the patched parts written there, as ``sha256sum`` does (``DIGEST  NAME``
#: a line: ``sha256sum -c errata-parts.txt`` says which are as written)
PARTS_LIST = "errata-parts.txt"


def _earlier_parts(out_dir: Path) -> dict[str, set[str]]:
    """name → the SHA-256 digests (as written) an earlier ``errata`` run listed for it in ``out_dir``'s
    :data:`PARTS_LIST`; plain ``.md`` names only (a name listed twice keeps both digests: referee DF, DF-5). A folder
    without the list gives none: nothing of it is removed or refused."""
    try:
        lines = (out_dir / PARTS_LIST).read_text(encoding="utf-8", errors="replace").splitlines()
    except OSError:
        return {}
    out: dict[str, set[str]] = {}
    for line in lines:
        digest, _, name = line.partition("  ")
        if len(digest) == 64 and name.endswith(".md") and name == Path(name).name:
            out.setdefault(name, set()).add(digest)
    return out


def pronoun(names: Sequence[str]) -> str:
    """"it" for one name, "them" for several (the errata messages' one home for it)."""
    return "it" if len(names) == 1 else "them"


def refusal(out_dir: Path, edited: Sequence[str]) -> str:
    """The one message refusing to write again over ``edited`` parts (:func:`edited_parts`)."""
    it = pronoun(edited)
    return (f"{out_dir}: {', '.join(edited)} changed since an earlier errata run wrote {it} there ({PARTS_LIST}); "
            f"move {it} away or choose another folder")


def edited_parts(out_dir: Path, names: Iterable[str], earlier: Mapping[str, set[str]] | None = None) -> list[str]:
    """Those of ``names`` an earlier ``errata`` run wrote into ``out_dir`` (its :data:`PARTS_LIST`, or ``earlier`` when
    the caller has read it) that have been changed since: writing them again would lose the edits (referee DF,
    DF-6)."""
    earlier = _earlier_parts(out_dir) if earlier is None else earlier
    return [name for name in names if name in earlier and (out_dir / name).is_file()
            and _sha256(out_dir / name) not in earlier[name]]


def _sha256(path: Path) -> str | None:
    try:
        return hashlib.sha256(path.read_bytes()).hexdigest()
    except OSError:
        return None


def write_errata(paper_files: Sequence[str | Path], claims: Sequence[Claim], verdicts: Mapping[str, Verdict],
                 output: str | Path, paper: str = "the paper",
                 reference: Mapping[tuple[int, int], str] | None = None,
                 relation_reference: Mapping[tuple[int, str, int], str] | None = None) -> Written:
    """Write the patched parts, ``errata.diff`` and ``errata.tex`` into ``output``; return what was written."""
    out_dir = Path(output)
    texts, displays, relations = {}, [], []
    for f in paper_files:
        path = Path(f)
        if not path.is_file():
            raise InputError(f"{path}: no such paper file")
        text = path.read_text(encoding="utf-8")
        part = part_number(path, text)
        texts[path] = (part, text)
        displays.extend(enumerate_displays(text, part))
        relations.extend(enumerate_relations(text, part))
    # claims name displays by (part, ordinal): a display whose text is not the audited one gets no erratum (referee AI);
    # the reference resolved once, the library's default (the audited paper) included (referee DH, DH-3)
    ref = audited_display_texts() if reference is None else dict(reference)
    changed = changed_displays(displays, ref)
    keys = {d.key for d in changed}
    errata = build_errata(claims, verdicts, [d for d in displays if d.key not in keys], relations)
    if not ref:
        # position only (no audited paper to compare the displays with): nothing is replaced, each correction is
        # noted beside its display, since the display at that position may be another one (referee DG, M1: a
        # rendered copy's Assumption 3 had been overwritten by alg1.clipping's correction); an erratum without a
        # correction stays as it was (referee DH, DH-2: it had been counted as annotated with one)
        errata = [dataclasses.replace(e, partial=True) if e.has_correction else e for e in errata]
    # claims name relations by position too: one whose text is not the audited paper's gets no annotation (referee BS,
    # BS6: an inserted paragraph had moved every annotation of Part 2 onto the wrong paragraph)
    moved = {r.key for r in changed_relations(relations, dict(relation_reference or {}), keys)}
    in_text = build_text_errata(claims, verdicts, [r for r in relations if r.key not in moved])
    placed = {c for e in errata for c in e.claims} | {c for t in in_text for c in t.claims}
    parts = {part for part, _ in texts.values()}
    unplaced = [f"{c.id}: {_one_line(verdicts[c.id])}" for c in claims
                if c.id in verdicts and verdicts[c.id].verdict == "refuted" and c.id not in placed
                and not any(int(k[0]) not in parts for k in [*c.displays, *c.relations])]
    diff_lines: list[str] = []
    patched_files = []
    files: dict[str, bytes] = {}
    for path, (part, text) in texts.items():
        patched = patch_part(text, part, errata, in_text)
        files[path.name] = as_utf8(patched)
        patched_files.append(str(out_dir / path.name))
        diff_lines.extend(difflib.unified_diff(text.splitlines(keepends=True), patched.splitlines(keepends=True),
                                               fromfile=f"a/{path.name}", tofile=f"b/{path.name}"))
    files["errata.diff"] = as_utf8("".join(diff_lines))
    files["errata.tex"] = as_utf8(errata_tex(errata, paper, _paper_macros(t for _, t in texts.values()), in_text,
                                             unplaced))
    # the parts, diff and tex of one run, never mixed with an earlier run's (referee CR): the parts an earlier run
    # wrote here, listed with their digests, that this one does not write are removed (referee CY, CY-9) — only if
    # still as written: a part the user has since edited is kept and named (referee DE, DE-1: it had been deleted)
    inputs = {path.resolve() for path in texts}
    earlier = _earlier_parts(out_dir)  # read once (it had been read twice)
    edited = edited_parts(out_dir, [name for name in files if name.endswith(".md")], earlier)
    if edited:  # the command refuses this before the checks run; said again here for callers of the library
        raise InputError(refusal(out_dir, edited))
    removed: list[str] = []
    kept: list[str] = []
    for name, digests in earlier.items():
        path = out_dir / name
        if name in files or path.resolve() in inputs or not path.is_file():
            continue
        (removed if _sha256(path) in digests else kept).append(name)
    # this run's parts, and the kept (edited) parts with the digests they were written with, so that a later run
    # still knows them as edited (referee DH, DH-1: dropped from the list, an edit was overwritten two runs later)
    files[PARTS_LIST] = as_utf8("".join(f"{hashlib.sha256(data).hexdigest()}  {name}\n"
                                        for name, data in files.items() if name.endswith(".md"))
                                + "".join(f"{digest}  {name}\n" for name in kept for digest in sorted(earlier[name])))
    write_set(out_dir, files, remove=removed)
    return Written(errata, patched_files, str(out_dir / "errata.diff"), str(out_dir / "errata.tex"), tuple(changed),
                   tuple(in_text), len(moved), tuple(removed), tuple(kept))
