"""theorycheck errata: the patched paper touches only refuted displays, corrections replace them with a LaTeX
comment naming the claim, refuted displays without a checked correction are annotated, errata.tex compiles."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest
import sympy as sp

from theorycheck.claims import Claim, inconclusive, refuted, verified
from theorycheck.cli import main
from theorycheck.coverage import enumerate_displays
from theorycheck.errata import build_errata, errata_tex, patch_part, write_errata
from theorycheck.errors import InputError
from theorycheck.statement import Statement

PAPER = Path(__file__).resolve().parents[2] / "shared" / "paper"
PARTS = sorted(PAPER.glob("part*.md"))

TEXT = """# Part 2 toy

Some words.

$$
\\begin{equation}
a = b + 1 \\label{eq:one}
\\end{equation}
$$

More words, $$x$$ inline.

$$
c \\le d
$$

$$
e = f
$$
"""

t = sp.Symbol("t", real=True)


def _claim(cid, displays):
    return Claim(
        cid, cid, "Part 2", Statement(t, "=", t + 1, variables=(t,)), "t real", lambda: None, displays=displays
    )


def _verdicts():
    corrected = Statement(t, "=", t, variables=(t,))
    return {
        "c.one": refuted("numeric", "a is not b + 1 at t = 0", corrected=corrected, witness={"t": 0}),
        "c.two": refuted("numeric", "c > d at t = 2", witness={"t": 2}),
        "c.three": verified("numeric", "fine"),
        "c.four": inconclusive("numeric", "cannot tell"),
    }


CLAIMS = [
    _claim("c.one", ((2, 1),)),
    _claim("c.two", ((2, 2),)),
    _claim("c.three", ((2, 3),)),
    _claim("c.four", ((2, 3),)),
]


def _changed_lines(old: str, new: str) -> set[int]:
    import difflib

    out = set()
    for tag, i1, i2, _, _ in difflib.SequenceMatcher(a=old.splitlines(), b=new.splitlines()).get_opcodes():
        if tag != "equal":
            out.update(range(i1, max(i2, i1 + 1)))
    return out


def _display_line_ranges(text: str, part: int, ordinals: set[int]) -> set[int]:
    lines = text.splitlines()
    out: set[int] = set()
    for d in enumerate_displays(text, part):
        if d.ordinal not in ordinals:
            continue
        start = d.line - 1
        n = d.latex.count("\n")
        lo = start - 1 if start > 0 and lines[start - 1].strip() in ("$$", "\\[") else start
        out.update(range(lo, start + n + 3))
    return out


def test_build_errata_only_refuted_and_patch_replaces_or_annotates():
    displays = enumerate_displays(TEXT, 2)
    errata = build_errata(CLAIMS, _verdicts(), displays)
    assert [(e.ordinal, e.claims, e.has_correction) for e in errata] == [(1, ("c.one",), True), (2, ("c.two",), False)]
    patched = patch_part(TEXT, 2, errata)
    assert "% theorycheck errata: c.one refuted; display replaced by its checked correction" in patched
    assert "t = t" in patched and "\\label{eq:one}" in patched and "\\begin{equation}" in patched
    assert "% as printed: a = b + 1" in patched
    assert "% theorycheck errata: c.two refuted; no checked correction" in patched and "c \\le d" in patched
    assert "e = f" in patched
    assert _changed_lines(TEXT, patched) <= _display_line_ranges(TEXT, 2, {1, 2})
    assert patch_part(TEXT, 2, []) == TEXT


def test_a_correction_of_one_relation_does_not_overwrite_the_rest_of_its_display():
    """Referee CN, L4: the errata had replaced a definition, and a correct identity, with another relation's fix. A
    correcting claim that names some relations of a display only annotates it; one naming all of them replaces it."""
    from theorycheck.coverage import enumerate_relations

    text = "# Part 2 toy\n\n$$\nu = v \\le w\n$$\n"
    displays, relations = enumerate_displays(text, 2), enumerate_relations(text, 2)
    keys = sorted(r.key for r in relations if r.location == "D1")
    assert len(keys) == 2
    corrected = Statement(t, "=", t, variables=(t,))
    verdicts = {"c.rel": refuted("numeric", "v > w", corrected=corrected, witness={"t": 1})}

    def named(rels):
        return [Claim("c.rel", "c", "Part 2", Statement(t, "=", t + 1, variables=(t,)), "t real", lambda: None,
                      displays=((2, 1),), relations=rels)]

    one = build_errata(named((keys[1],)), verdicts, displays, relations)
    assert one[0].partial and one[0].has_correction
    patched = patch_part(text, 2, one)
    assert "u = v \\le w" in patched and "noted beside the display as printed" in patched and "t = t" in patched
    both = build_errata(named(tuple(keys)), verdicts, displays, relations)
    assert not both[0].partial and "display replaced by its checked correction" in patch_part(text, 2, both)
    # a claim naming no relation replaces a display of one relation only: a chain is annotated (referee CP)
    assert build_errata(named(()), verdicts, displays, relations)[0].partial
    single = "# Part 2 toy\n\n$$\nu = v\n$$\n"
    assert not build_errata(named(()), verdicts, enumerate_displays(single, 2), enumerate_relations(single, 2))[
        0].partial
    # a claim of two displays may be correcting the other one (layer1.privacy's σ_W beside Definition 2's Δ₂): noted
    two = [Claim("c.rel", "c", "Part 2", Statement(t, "=", t + 1, variables=(t,)), "t real", lambda: None,
                 displays=((2, 1), (2, 2)), relations=tuple(keys))]
    assert build_errata(two, verdicts, displays, relations)[0].partial


def test_corrections_come_from_the_verdict_not_the_claim():
    errata = build_errata(CLAIMS, _verdicts(), enumerate_displays(TEXT, 2))
    assert errata[0].corrected == ("t = t",)
    assert errata[1].evidence == ("c.two: c > d at t = 2",)


def _compile(tex: str, folder: Path) -> subprocess.CompletedProcess:
    (folder / "errata.tex").write_text(tex, encoding="utf-8")
    return subprocess.run(
        ["pdflatex", "-interaction=nonstopmode", "-halt-on-error", "errata.tex"],
        cwd=folder,
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.mark.skipif(
    shutil.which("pdflatex") is None,
    reason="pdflatex is not installed (apt-get install texlive-latex-base texlive-latex-recommended)",
)
def test_errata_tex_compiles_toy(tmp_path):
    errata = build_errata(CLAIMS, _verdicts(), enumerate_displays(TEXT, 2))
    out = _compile(errata_tex(errata, "toy"), tmp_path)
    assert out.returncode == 0, out.stdout[-2000:]


@pytest.mark.skipif(not PARTS, reason="the paper (../shared/paper) is not available")
def test_write_errata_on_the_paper_touches_only_refuted_displays(tmp_path):
    # real claims of Part 2 §3.3 with verdicts built here (the checks themselves are tested elsewhere): every
    # display their claims name is mapped, patched and nothing else of the paper changes
    import theorycheck_proofs.part2_certificate as C
    import theorycheck_proofs.part2_fourier_transforms as F

    claims = F.CLAIMS + C.CLAIMS
    picked = {
        "fourier.sech-convolution": F.SECH_CONVOLUTION.perturb(rhs=2 * sp.Symbol("t", real=True)),
        "cert.step4-modulus": None,
    }
    verdicts = {
        c.id: (
            refuted("numeric", f"{c.id} fails", corrected=picked[c.id], witness={"x": 1})
            if c.id in picked
            else verified("numeric", "fine")
        )
        for c in claims
    }
    written = write_errata(PARTS, claims, verdicts, tmp_path / "out")
    errata = written.errata
    assert {e.claims for e in errata} == {("fourier.sech-convolution",), ("cert.step4-modulus",)}
    for path in PARTS:
        old, new = path.read_text(encoding="utf-8"), (tmp_path / "out" / path.name).read_text(encoding="utf-8")
        part = int(re.search(r"part(\d)", path.name).group(1))
        ordinals = {e.ordinal for e in errata if e.part == part}
        assert _changed_lines(old, new) <= _display_line_ranges(old, part, ordinals)
        if not ordinals:
            assert old == new
    diff = (tmp_path / "out" / "errata.diff").read_text(encoding="utf-8")
    assert "theorycheck errata: fourier.sech-convolution refuted" in diff and "cert.step4-modulus" in diff


@pytest.mark.skipif(not PARTS, reason="the paper (../shared/paper) is not available")
def test_errata_into_an_earlier_runs_folder_keeps_only_this_runs_parts(tmp_path):
    """Referee CY, CY-9: an errata of one part into the folder of an errata of three had left the other two patched
    parts beside a diff and tex that do not describe them. The earlier run's parts, listed in errata-parts.txt with
    their SHA-256, not written again are removed — only while still as written (referee DE, DE-1: a part the user had
    edited since, or a README.md a saved git diff named, had been deleted): those are kept and named."""
    import hashlib

    import theorycheck_proofs.part2_certificate as C
    from theorycheck.errata import PARTS_LIST

    claims = C.CLAIMS
    verdicts = {c.id: refuted("numeric", f"{c.id} fails", witness={"x": 1}) for c in claims}
    out = tmp_path / "out"
    write_errata(PARTS, claims, verdicts, out)
    listed = dict(reversed(line.split("  ")) for line in (out / PARTS_LIST).read_text(encoding="utf-8").splitlines())
    assert sorted(listed) == sorted(p.name for p in PARTS)
    assert all(hashlib.sha256((out / n).read_bytes()).hexdigest() == h for n, h in listed.items())
    (out / "notes.md").write_text("mine", encoding="utf-8")  # not a part any run wrote: kept
    one = next(p for p in PARTS if p.name.startswith("part2"))
    edited = next(p for p in PARTS if p.name.startswith("part3"))
    with open(out / edited.name, "a", encoding="utf-8") as f:
        f.write("\nmy own note\n")  # the user edits a patched part: it must survive
    w = write_errata([one], claims, verdicts, out)
    assert sorted(p.name for p in out.iterdir()) == sorted([one.name, edited.name, "errata.diff", "errata.tex",
                                                            PARTS_LIST, "notes.md"])
    assert w.kept == (edited.name,) and len(w.removed) == 1 and "my own note" in (out / edited.name).read_text()
    # a folder without the list (a saved git diff naming README.md): nothing is removed
    other = tmp_path / "other"
    other.mkdir()
    (other / "README.md").write_text("uncommitted", encoding="utf-8")
    (other / "errata.diff").write_text("--- a/README.md\n+++ b/README.md\n@@ -1 +1 @@\n-a\n+b\n", encoding="utf-8")
    w = write_errata([one], claims, verdicts, other)
    assert (other / "README.md").read_text(encoding="utf-8") == "uncommitted" and w.removed == () and w.kept == ()
    # referee DF, DF-6: a part the user edited that this run would write again is refused, not overwritten
    with open(out / one.name, "a", encoding="utf-8") as f:
        f.write("\nMY EDITS\n")
    with pytest.raises(InputError, match="changed since an earlier errata run wrote it"):
        write_errata([one], claims, verdicts, out)
    assert "MY EDITS" in (out / one.name).read_text(encoding="utf-8")
    # DH-1: an edited part kept by a run that does not write it stays listed, so a later run writing it is refused
    other_part = next(p for p in PARTS if p.name.startswith("part1"))
    w = write_errata([other_part], claims, verdicts, out)
    assert one.name in w.kept and one.name in (out / PARTS_LIST).read_text(encoding="utf-8")
    with pytest.raises(InputError, match="changed since an earlier errata run wrote it"):
        write_errata([one], claims, verdicts, out)
    assert "MY EDITS" in (out / one.name).read_text(encoding="utf-8")
    # DF-5: a name listed twice (two digests) is removed when it matches either, never both removed and kept
    from theorycheck.errata import _earlier_parts

    (out / PARTS_LIST).write_text(f"{'0' * 64}  x.md\n{'1' * 64}  x.md\n", encoding="utf-8")
    assert _earlier_parts(out) == {"x.md": {"0" * 64, "1" * 64}}


@pytest.mark.skipif(not PARTS, reason="the paper (../shared/paper) is not available")
def test_a_display_inserted_shifts_nothing_onto_the_wrong_equation(tmp_path, capsys):
    """Claims name displays by (part, ordinal): with one display inserted before Lemma 3, every later display differs
    from the audited paper's at its position, so no claim is applied to them (referee AI: '1 + 1 = 2' had been
    reported covered by lemma3.initial-output and annotated as refuted)."""
    import theorycheck_proofs.part2_first_layer as P2
    from theorycheck.coverage import changed_displays, read_paper

    original = next(p for p in PARTS if p.name.startswith("part2"))
    text = original.read_text(encoding="utf-8")
    cut = text.rfind("\n\n", 0, text.index("Lemma 3"))
    shifted = tmp_path / original.name
    shifted.write_text(text[:cut] + "\n\n$$\n1 + 1 = 2\n$$\n" + text[cut:], encoding="utf-8")
    assert not changed_displays(read_paper([original]))
    changed = changed_displays(read_paper([shifted]))
    inserted = next(d for d in read_paper([shifted]) if "1+1=2" in d.latex.replace(" ", ""))
    assert changed and changed[0].key == inserted.key
    claims = P2.CLAIMS
    verdicts = {c.id: refuted("numeric", f"{c.id} fails", witness={"x": 1}) for c in claims}
    written = write_errata([shifted], claims, verdicts, tmp_path / "out")
    assert all(e.ordinal < inserted.ordinal for e in written.errata) and written.changed
    assert "1 + 1 = 2" not in "".join(e.printed for e in written.errata)
    # the same file through the command: a one-line warning, the table without claims on the shifted displays
    assert main(["coverage", str(shifted)]) == 0
    err = capsys.readouterr().err
    assert "differ from the paper the claims were checked against" in err and f"display {inserted.ordinal}" in err


@pytest.mark.skipif(not PARTS, reason="the paper (../shared/paper) is not available")
@pytest.mark.skipif(shutil.which("pdflatex") is None, reason="pdflatex is not installed")
def test_errata_command_runs_the_checks_and_errata_tex_compiles(tmp_path, capsys):
    # a few fast claims through the real command: two corrections (Δ⁺_n, the Hermite shift), one annotation
    out = tmp_path / "errata"
    rc = main(
        [
            "errata",
            *map(str, PARTS),
            "--output",
            str(out),
            "--no-progress",
            "--jobs",
            "1",
            "--claims",
            "cert.delta-plus",
            "cert.hermite-shift",
            "cert.step4-modulus",
            "cert.complete-square",
        ]
    )
    assert rc == 0
    err = capsys.readouterr().err
    assert "3 refuted displays" in err or "refuted displays" in err
    patched = (out / "part2-first-layer.md").read_text(encoding="utf-8")
    # cert.delta-plus covers two displays (the definition (2, 36) and (2, 38)): its correction is noted beside each,
    # never written over the definition (referee CP, HIGH-2)
    assert "% theorycheck errata: cert.delta-plus refuted here; a checked correction, noted beside" in patched
    assert "cert.delta-plus refuted; display replaced" not in patched
    assert "% theorycheck errata: cert.step4-modulus refuted; no checked correction" in patched
    assert "cert.complete-square" not in patched  # verified: untouched
    result = subprocess.run(
        ["pdflatex", "-interaction=nonstopmode", "-halt-on-error", "errata.tex"],
        cwd=out,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stdout[-2000:]


def test_errata_command_bad_input(tmp_path, capsys):
    assert main(["errata", str(tmp_path / "nope.md"), "--output", str(tmp_path / "o")]) == 2
    assert "nope.md: no such file" in capsys.readouterr().err
    assert not (tmp_path / "o").exists()


def test_display_texts_compare_by_tokens():
    """Whitespace and labels do not count; a control word is not merged with the letters after it (referee AJ)."""
    from theorycheck.coverage import normalised_latex

    assert normalised_latex("a \\leq  b \\label{eq:x}") == normalised_latex("a\\leq b")
    assert normalised_latex("a \\le qnd") != normalised_latex("a \\leq nd")
    # inside a text-mode box a space is a character (referee AK); runs of spaces still count as one
    assert normalised_latex("\\text{in the} x") != normalised_latex("\\text{inthe} x")
    assert normalised_latex("\\text{in  the} x") == normalised_latex("\\text{in the}x")


def test_refuted_relations_in_running_text_are_annotated_and_listed(tmp_path):
    """Referee BQ: a refuted claim about a formula in running text (no display of its own: fourier.tanh's
    −4i csch(π²t), 62 claims in all) had no erratum. Its paragraph now gets a comment line with the checked
    correction, and errata.tex lists it; the perturbation: a verified claim on the same paragraph adds nothing."""
    from theorycheck.coverage import enumerate_relations
    from theorycheck.errata import build_text_errata

    text = "# Part 2 toy\n\nWords with $a = b$ inline and $c \\le d$ too.\n\nAnother paragraph, $e = f$.\n"
    relations = enumerate_relations(text, 2)
    where = next(r for r in relations if r.latex.replace(" ", "").startswith("a=b"))
    claim = Claim(id="toy.inline", title="a = b", source="Part 2", statement="a = b", assumptions="",
                  check=lambda: None, relations=(where.key,))
    wrong = refuted("numeric", "a differs from b", corrected="a = b + 1", witness={"x": 1})
    [erratum] = build_text_errata([claim], {"toy.inline": wrong}, relations)
    assert erratum.paragraph == where.location and erratum.has_correction
    patched = patch_part(text, 2, [], [erratum])
    added = [ln for ln in patched.splitlines() if ln not in text.splitlines()]
    assert added == [ln for ln in added if ln.startswith("<!-- theorycheck errata: toy.inline refuted")]
    assert len(added) == 1 and "a = b + 1" in added[0]
    assert patched.replace(added[0] + "\n", "") == text  # nothing else changed
    assert build_text_errata([claim], {"toy.inline": verified("numeric", "fine")}, relations) == []
    tex = errata_tex([], "toy", text_errata=[erratum])
    assert "Relation by relation" in tex and "toy.inline" in tex
    if shutil.which("pdflatex"):
        (tmp_path / "e.tex").write_text(tex, encoding="utf-8")
        done = subprocess.run(["pdflatex", "-interaction=nonstopmode", "-halt-on-error", "e.tex"], cwd=tmp_path,
                              capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, done.stdout[-2000:]


def test_relation_errata_say_whose_correction_and_evidence_each_line_is(tmp_path):
    """Referee BS, BS7: two claims on one paragraph had one list of relations, one correction and only the first
    claim's evidence, with no word on whose they were. Now each claim has its own relations, correction and evidence
    (in errata.tex and the annotation), and long relations may break (the overfull lines). The perturbation: the
    correction of one claim is never under the other's name."""
    from theorycheck.coverage import enumerate_relations
    from theorycheck.errata import build_text_errata, text_annotation

    text = "# Part 2 toy\n\nWords with $a = b$ inline and $c \\le d$ too.\n"
    relations = enumerate_relations(text, 2)
    first = next(r for r in relations if r.latex.replace(" ", "").startswith("a=b"))
    second = next(r for r in relations if "le" in r.latex)
    claims = [Claim(id=f"toy.{k}", title=k, source="Part 2", statement=k, assumptions="", check=lambda: None,
                    relations=(rel.key,)) for k, rel in (("one", first), ("two", second))]
    verdicts = {"toy.one": refuted("numeric", "a differs from b", corrected="a = b + 1", witness={"x": 1}),
                "toy.two": refuted("numeric", "c exceeds d by far", witness={"x": 2})}
    [erratum] = build_text_errata(claims, verdicts, relations)
    [(one, one_printed, one_fix, one_ev), (two, two_printed, two_fix, two_ev)] = erratum.by_claim
    assert (one, two) == ("toy.one", "toy.two") and one_fix == "a = b + 1" and two_fix is None
    assert one_ev.startswith("toy.one: a differs") and two_ev.startswith("toy.two: c exceeds")
    assert one_printed == ("a = b",) and all("le" in p for p in two_printed)
    assert "toy.one corrected (checked): a = b + 1" in text_annotation(erratum)
    assert "toy.two corrected" not in text_annotation(erratum)
    tex = errata_tex([], "toy", text_errata=[erratum])
    body = tex[tex.index("Relation by relation"):]
    part_one, part_two = body.split(r"\paragraph{\texttt{toy.two}}")
    assert "a = b + 1" in part_one and "a differs" in part_one and "c exceeds" in part_two
    assert "a = b + 1" not in part_two and "no correction was checked" in part_two
    if shutil.which("pdflatex"):
        (tmp_path / "e.tex").write_text(tex, encoding="utf-8")
        done = subprocess.run(["pdflatex", "-interaction=nonstopmode", "-halt-on-error", "e.tex"], cwd=tmp_path,
                              capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, done.stdout[-2000:]


def test_relation_errata_follow_the_verdicts_failing_and_corrected_relations():
    """New-user trial: alg1.gradient-lines covers a line that holds (P53) and lines of two layers with one correction;
    a verdict that lists its failing_relations annotates only those, and its corrected_relations carry the correction.
    Perturbed: without the lists every relation is annotated with the correction (the old behaviour)."""
    from theorycheck.coverage import enumerate_relations
    from theorycheck.errata import build_text_errata

    text = "# Part 1 toy\n\nFirst $a = b$ here.\n\nThen $c = e$ there.\n\nLast $f = g$ too.\n"
    relations = enumerate_relations(text, 1)
    keys = [next(r for r in relations if r.latex.replace(" ", "").startswith(s)).key for s in ("a=b", "c=e", "f=g")]
    claim = Claim(id="toy.lines", title="lines", source="Part 1", statement="x", assumptions="", check=lambda: None,
                  relations=tuple(keys))
    listed = refuted("symbolic", "two lines fail", corrected="a = b + 1", witness={"n": 2},
                     failing_relations=[list(keys[0]), list(keys[1])], corrected_relations=[list(keys[0])])
    errata = build_text_errata([claim], {"toy.lines": listed}, relations)
    assert [e.paragraph for e in errata] == [keys[0][1], keys[1][1]]  # f = g holds: not annotated
    assert [e.by_claim[0][2] for e in errata] == ["a = b + 1", None]  # the correction under its own line only
    plain = build_text_errata([claim], {"toy.lines": refuted("symbolic", "fails", corrected="a = b + 1",
                                                             witness={"n": 2})}, relations)
    assert len(plain) == 3 and all(e.by_claim[0][2] == "a = b + 1" for e in plain)


def test_an_annotation_after_a_display_keeps_its_closing_punctuation_with_it():
    """New-user trial: the comment went between a display and the "." on the line after it, leaving a paragraph of
    "." alone in the patched part; now it goes after the punctuation. A display with none is annotated right after."""
    from theorycheck.coverage import enumerate_relations
    from theorycheck.errata import build_text_errata, patch_part

    for tail, kept in (("\n.\n\nNext words.\n", "$$\n.\n<!-- theorycheck errata"),
                       (".\n\nNext words.\n", "$$.\n<!-- theorycheck errata"),  # the paper's own: "$$." on one line
                       ("\n\nNext words.\n", "$$\n<!-- theorycheck errata")):
        text = "# Part 1 toy\n\nThe line\n\n$$a = b \\quad c \\le e$$" + tail
        relations = enumerate_relations(text, 1)
        rel = next(r for r in relations if r.latex.replace(" ", "").startswith("a=b"))
        claim = Claim(id="toy.d", title="d", source="Part 1", statement="x", assumptions="", check=lambda: None,
                      relations=(rel.key,))
        errata = build_text_errata([claim], {"toy.d": refuted("symbolic", "fails", witness={"n": 2})}, relations)
        patched = patch_part(text, 1, [], errata)
        assert kept in patched and "-->\n.\n" not in patched, patched
        comment = patched[patched.index("<!--"):patched.index("-->") + 4]
        assert patched.replace(comment, "").replace("\n\n\n", "\n\n") == text  # nothing else moved


def test_relation_level_claims_inside_a_display_are_annotated_after_it():
    """Referee BQ: 35 refuted relation-level claims name a relation inside a display, not the whole display, and had
    no erratum. The display is annotated after its closing delimiter (never replaced by the relation's correction);
    the perturbation: a claim that names the whole display replaces it instead."""
    from theorycheck.coverage import enumerate_relations
    from theorycheck.errata import build_text_errata

    relations = enumerate_relations(TEXT, 2)
    inside = next(r for r in relations if r.location.startswith("D") and r.symbol in ("\\le", "≤", "<="))
    claim = Claim(id="toy.relation", title="c ≤ d", source="Part 2", statement="c \\le d", assumptions="",
                  check=lambda: None, relations=(inside.key,))
    wrong = refuted("numeric", "c exceeds d", corrected="c \\le 2d", witness={"x": 1})
    [erratum] = build_text_errata([claim], {"toy.relation": wrong}, relations)
    assert erratum.paragraph == inside.location and "display" in erratum.location
    patched = patch_part(TEXT, 2, [], [erratum])
    added = [ln for ln in patched.splitlines() if ln not in TEXT.splitlines()]
    assert len(added) == 1 and added[0].startswith("<!-- theorycheck errata: toy.relation refuted in the display")
    lines = patched.splitlines()
    at = lines.index(added[0])
    assert lines[at - 1] == "$$" and "c \\le d" in lines[at - 2]  # right after the display's closing $$
    whole = dataclasses_replace_displays(claim, inside)
    assert build_text_errata([whole], {"toy.relation": wrong}, relations) == []


def dataclasses_replace_displays(claim, relation):
    import dataclasses

    return dataclasses.replace(claim, displays=((relation.part, int(relation.location[1:])),))


def test_relation_errata_need_the_audited_text_at_their_position(tmp_path):
    """Referee BS (BS6): relation-level errata were placed by paragraph number alone, so a paragraph inserted above
    moved every annotation onto the wrong paragraph. A relation whose text is not the audited paper's at its position
    gets none (and the count says so); the perturbation: the unchanged text is annotated."""
    from theorycheck.coverage import audited_relation_texts, enumerate_relations

    text = "# Part 2 toy\n\nWords with $a = b$ inline.\n\nAnother paragraph, $e = f$.\n"
    original = tmp_path / "orig" / "part2-toy.md"
    original.parent.mkdir()
    original.write_text(text, encoding="utf-8")
    reference = audited_relation_texts([original])
    where = next(r for r in enumerate_relations(text, 2) if r.latex.replace(" ", "").startswith("a=b"))
    claim = Claim(id="toy.inline", title="a = b", source="Part 2", statement="a = b", assumptions="",
                  check=lambda: None, relations=(where.key,))
    wrong = {"toy.inline": refuted("numeric", "a differs from b", corrected="a = b + 1", witness={"x": 1})}
    same = write_errata([original], [claim], wrong, tmp_path / "same", relation_reference=reference)
    assert len(same.text_errata) == 1 and same.changed_relations == 0
    edited = tmp_path / "edited" / "part2-toy.md"
    edited.parent.mkdir()
    edited.write_text(text.replace("# Part 2 toy\n\n", "# Part 2 toy\n\nAn inserted remark, $c \\le d$.\n\n"),
                      encoding="utf-8")
    moved = write_errata([edited], [claim], wrong, tmp_path / "moved", relation_reference=reference)
    assert moved.text_errata == () and moved.changed_relations > 0
    assert "theorycheck errata" not in (tmp_path / "moved" / "part2-toy.md").read_text(encoding="utf-8")


@pytest.mark.skipif(not PARTS, reason="the paper (../shared/paper) is not available")
def test_errata_by_position_only_replaces_no_display(tmp_path):
    """Referee DG, M1: without the audited paper to compare with (reference {}: position only), a display at a
    claim's position may be another one (a rendered copy's Assumption 3 had been overwritten); then every correction
    is noted beside its display and none replaces it. With the audited paper, the same correction replaces."""
    import theorycheck_proofs.part2_fourier_transforms as F

    claims = F.CLAIMS
    bad = {"fourier.sech-convolution": F.SECH_CONVOLUTION.perturb(rhs=2 * sp.Symbol("t", real=True))}
    verdicts = {c.id: refuted("numeric", "fails", corrected=bad[c.id], witness={"x": 1}) if c.id in bad
                else verified("numeric", "fine") for c in claims}
    blind = write_errata(PARTS, claims, verdicts, tmp_path / "blind", reference={})
    assert blind.errata and all(e.partial for e in blind.errata if e.has_correction)
    assert all(not e.partial for e in blind.errata if not e.has_correction)  # DH-2: counted as without one
    checked = write_errata(PARTS, claims, verdicts, tmp_path / "checked")
    assert any(not e.partial and e.has_correction for e in checked.errata)
