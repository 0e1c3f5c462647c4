"""`theorycheck report`: the self-contained HTML page (rendered in headless Chromium), report.md and report.json."""

from __future__ import annotations

import html
import importlib.util
import json
import os
import re
import shutil
import subprocess
import tempfile
import textwrap
from pathlib import Path

import pytest
from forked_cli import run_cli

from theorycheck import html_report, plots
from theorycheck.html_report import MathRenderer, prepare_latex

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
needs_chromium = pytest.mark.skipif(
    CHROMIUM is None,
    reason="headless Chromium is not installed "
    "(apt-get install chromium) -- the page cannot be rendered as a user sees it",
)


def run(*args: str, timeout: float = 180) -> subprocess.CompletedProcess:
    """``python -m theorycheck *args`` in a forked copy of this process (tests/forked_cli.py)."""
    return run_cli(*args, timeout=timeout)


# A proofs folder whose formulas use fractions, the paper's macros, prose with $…$ math and a refuted claim
# with a corrected statement, so the math rendering is exercised.
MATH_PROOFS = '''
from theorycheck import Claim, refuted, verified, inconclusive

def ok():
    return verified("numeric", "agrees at 5 points", tolerance="1e-25", achieved_error="3e-31", seed=7)

def wrong():
    return refuted("numeric+certified", "off by a factor pi at t = 1/2",
                   corrected=r"\\widehat{\\sech}(t) = \\pi \\sech(\\pi^2 t) \\cdot \\frac{1}{\\sqrt{2}}",
                   witness={"t": "0.5", "lhs": "1.2", "claimed": "3.4"}, tolerance="1e-25")

def unsure():
    return inconclusive("simulation", "rate not visible at feasible d", slope=-0.41, seed=11,
                        crossover=[{"d": 64, "private": 0.31, "non_private": 0.28},
                                   {"d": 256, "private": 0.12, "non_private": 0.13}])

CLAIMS = [
    Claim("m.frac", "A fraction", "Part 2, §3.3",
          r"\\E_x\\left[\\frac{a}{b}\\right] = \\frac{1}{\\sqrt{2\\pi}}\\int_\\R e^{-x^2/2}\\,dx",
          r"a, b \\in \\R,\\ b \\neq 0", ok, displays=((2, 14),)),
    Claim("m.sech", "Transform of sech", "Part 2, §3.3, Step 2", r"\\widehat{\\sech}(t) = \\pi \\sech(\\pi^2 t)",
          r"t \\in \\R", wrong, displays=((2, 32),)),
    Claim("m.uses", "Rests on the sech transform", "Part 2, §3.4", r"\\alpha^b_1 = \\Omega(e^{-2|b|})", "all real b",
          ok, depends_on=("m.sech",)),
    Claim("m.prose", "Prose with inline math", "Part 3",
          r"For every $d \\geq 2$ the risk is $O\\left(\\frac{\\log d}{\\sqrt{d}}\\right)$.",
          "none", unsure, depends_on=("m.uses",)),
]

DEFINITIONS = {(1, 3): "square loss"}


def picture():
    """A parabola for the evidence section."""
    from matplotlib.figure import Figure
    fig = Figure(figsize=(3, 2))
    fig.subplots().plot([0, 1, 2], [0, 1, 4])
    return fig


def broken():
    """A figure that fails."""
    raise ValueError("no data")


REPORT_FIGURES = [("m.frac", picture), (None, broken), ("m.not-run", picture)]
'''


@pytest.fixture(scope="module")
def math_proofs(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("math_proofs")
    (folder / "__init__.py").write_text('PAPER = "Math paper"\n')
    (folder / "claims_math.py").write_text(textwrap.dedent(MATH_PROOFS))
    return folder


@pytest.fixture(scope="module")
def math_report(math_proofs, tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("math_report")
    done = run("--proofs", str(math_proofs), "report", "--output", str(out), "--no-paper", "--jobs", "2")
    assert done.returncode == 0, done.stderr
    return out


@pytest.fixture(scope="module")
def math_paper_report(math_proofs, paper_dir, tmp_path_factory) -> Path:
    """The math proofs' report with the coverage section (--paper: the paper's part*.md), run once for the tests
    that read it."""
    out = tmp_path_factory.mktemp("math_paper_report")
    done = run("--proofs", str(math_proofs), "report", "--output", str(out), "--paper",
               *sorted(str(p) for p in paper_dir.glob("part*.md")))
    assert done.returncode == 0, done.stderr
    return out


@pytest.fixture(scope="module")
def toy_report(toy_proofs, tmp_path_factory) -> tuple[Path, subprocess.CompletedProcess]:
    out = tmp_path_factory.mktemp("toy_report")
    return out, run("--proofs", str(toy_proofs), "report", "--output", str(out), "--no-paper")


# ------------------------------------------------------------------------------------------------ units


def test_prepare_latex_expands_the_papers_macros():
    tex = prepare_latex(r"\begin{equation}\E_x[\sech(x)] \in \R \label{eq:1}\end{equation}")
    assert tex == r"\mathbb{E}_x[\operatorname{sech}(x)] \in \mathbb{R}"
    # \P must not eat \Phi or \partial
    assert prepare_latex(r"\P \Phi \partial \Pr") == r"\mathbb{P} \Phi \partial \Pr"


def test_math_renderer_converts_and_falls_back_per_formula():
    m = MathRenderer()
    if not m.available:
        pytest.skip("latex2mathml is not installed (formulas are shown as LaTeX source)")
    good = m.formula(r"\frac{1}{\sqrt{2\pi}} \sech(\pi^2 t)", display=True)
    assert "<math" in good and "<mfrac>" in good and "\\frac" not in good
    bad = m.formula(r"\frac{1}{")
    assert 'class="tex-source"' in bad and "\\frac{1}{" in bad
    assert m.rendered == 1 and m.failed == [r"\frac{1}{"]
    assert "1 could not be converted" in m.note()
    mixed = m.mixed(r"for $d \geq 2$ & <b>")
    assert "<math" in mixed and "&amp; &lt;b&gt;" in mixed


def test_without_latex2mathml_formulas_are_drawn_by_mathtext_or_shown_as_source():
    m = MathRenderer()
    m._convert = None  # as on a machine without latex2mathml
    drawn = m.formula(r"\frac{1}{2}\sech(x)", display=True)
    assert 'class="mathtext"' in drawn and "data:image/svg+xml;base64," in drawn
    source = m.formula(r"\begin{aligned} a &= b \end{aligned}")
    assert 'class="tex-source"' in source
    assert m.as_svg == 1 and len(m.failed) == 1 and "latex2mathml is not installed" in m.note()


def test_evidence_line_names_the_telling_values(toy_proofs):
    from theorycheck.registry import load
    from theorycheck.runner import audit

    registry = load(toy_proofs)
    [result] = audit(registry, registry.select(["toy.false"]))
    line = html_report.evidence_line(result)
    assert line.startswith("fails at x") and "witness=" in line


def test_modules_in_a_folder_are_those_whose_resolved_file_lies_there(toy_proofs, tmp_path):
    """``html_report.modules_in`` (each directory resolved once) against the reference, every module file resolved
    (the path report_figures took before), for the proofs folders loaded here and a folder reached through a
    symbolic link, a module file that is itself a link, and a relative module file."""
    import os
    import sys
    import types

    from theorycheck.registry import load

    def reference(folder):
        location = Path(folder).resolve()
        return [m for m in list(sys.modules.values())
                if getattr(m, "__file__", None) and Path(m.__file__).resolve().parent == location]

    real, elsewhere = tmp_path / "real", tmp_path / "elsewhere"
    real.mkdir()
    elsewhere.mkdir()
    (real / "a.py").write_text("")
    (elsewhere / "b.py").write_text("")
    (real / "c.py").symlink_to(elsewhere / "b.py")  # in real/ by name, in elsewhere/ once resolved
    (tmp_path / "link").symlink_to(real, target_is_directory=True)
    fakes = {"_tc_test_a": str(tmp_path / "link" / "a.py"), "_tc_test_c": str(real / "c.py"),
             "_tc_test_b": str(elsewhere / "b.py"), "_tc_test_rel": os.path.relpath(real / "a.py")}
    for name, file in fakes.items():
        module = types.ModuleType(name)
        module.__file__ = file
        sys.modules[name] = module
    try:
        folders = [load(toy_proofs).location, load().location, real, tmp_path / "link", elsewhere, Path.cwd()]
        for folder in folders:
            assert html_report.modules_in(folder) == reference(folder), folder
        assert [m.__name__ for m in html_report.modules_in(real)] == ["_tc_test_a", "_tc_test_rel"]
        assert [m.__name__ for m in html_report.modules_in(elsewhere)] == ["_tc_test_c", "_tc_test_b"]
    finally:
        for name in fakes:
            del sys.modules[name]


def test_dependency_graph_draws_large_registries_and_says_what_it_drew():
    claims = [(f"c.{i}", "verified", (f"c.{i - 1}",) if i % 5 else ()) for i in range(200)]
    claims[10] = ("c.10", "refuted", ())
    fig, caption = plots.dependency_graph(claims, max_nodes=40)
    assert "drawn: the" in caption and "rest on a refuted claim" in caption
    assert plots.png_bytes(fig).startswith(b"\x89PNG")
    fig, caption = plots.dependency_graph([("a", "verified", ())])
    assert caption.startswith("0 of 1")


# ------------------------------------------------------------------------------------------------ CLI


def test_report_writes_html_markdown_and_json(toy_report, toy_proofs):
    out, done = toy_report
    assert done.returncode == 1, done.stderr  # toy.crash ends in error: exit 1, report written all the same
    assert "wrote" in done.stderr and "index.html" in done.stderr
    data = json.loads((out / "report.json").read_text())
    assert {c["id"] for c in data["claims"]} == {"toy.true", "toy.false", "toy.uses-false", "toy.crash"}
    assert data["summary"] == {"verified": 2, "refuted": 1, "inconclusive": 0, "error": 1}
    assert data["environment"]["packages"]["mpmath"]
    page = (out / "index.html").read_text()
    for cid in data["claims"]:
        assert f'data-claim="{cid["id"]}"' in page
    assert "root failures: toy.false" in page  # the table shows root failures only (issue 12)
    # the page opens with the theorem verdicts, computed from the claim tree (toy.uses-false rests on toy.false)
    assert page.index('id="theorems"') < page.index('id="summary"')
    assert "Theorem 1" in page and "unproven" in page
    assert data["theorems"][0]["verdict"] == "unproven" and data["theorems"][0]["root_failures"] == ["toy.false"]
    md = (out / "report.md").read_text()
    assert "| `toy.false` |" in md and "**refuted**" in md and "(x+1)^2 = x^2 + 2x + 1" in md
    for name in ("verdicts.png", "dependencies.png"):
        assert (out / name).read_bytes().startswith(b"\x89PNG") and f"]({name})" in md


def test_report_page_is_self_contained(toy_report):
    page = (toy_report[0] / "index.html").read_text()
    assert not re.search(r"""(src|href)\s*=\s*["']?(https?:)?//""", page), (
        "the page must not load anything from the network"
    )
    assert "<script" not in page and "<link" not in page
    assert page.count('src="data:image/png;base64,') >= 3  # verdicts, dependency graph, check times


def test_page_embeds_the_same_summary_figures_as_report_md(toy_report, math_paper_report):
    """The summary figures are drawn once per report: index.html embeds exactly the PNG files written for
    report.md (verdict bars, dependency graph and, with --paper, coverage bars), and they are what
    ``summary_figures`` draws from the same data, so neither copy is stale."""
    import base64

    for out, names in ((toy_report[0], ("verdicts.png", "dependencies.png")),
                       (math_paper_report, ("verdicts.png", "dependencies.png", "coverage.png"))):
        page = (out / "index.html").read_text()
        embedded = [base64.b64decode(uri) for uri in re.findall(r'src="data:image/png;base64,([^"]+)"', page)]
        for name in names:
            assert (out / name).read_bytes() in embedded, f"{out.name}/{name} is not the figure the page shows"
    # the membership test tells the figures apart (a page showing one figure twice would fail it)
    assert (toy_report[0] / "verdicts.png").read_bytes() != (toy_report[0] / "dependencies.png").read_bytes()


def test_summary_figures_match_a_fresh_drawing(toy_proofs):
    """``summary_figures`` draws the same PNG bytes as drawing each figure on its own (the reference path)."""
    from theorycheck.claims import refuted, verified
    from theorycheck.registry import load
    from theorycheck.runner import ClaimResult

    registry = load(toy_proofs)
    results = [ClaimResult(c, verified("exact", "toy") if i % 2 else refuted("exact", "toy", witness={"x": i}), 0.1)
               for i, c in enumerate(registry.claims)]
    data = html_report.collect(registry, results, [], "theorycheck report", False)
    drawn = html_report.summary_figures(data)
    run_ids = {r.claim.id: r.verdict.verdict for r in results}
    graph, caption = plots.dependency_graph([(c.id, run_ids.get(c.id, ""), c.depends_on) for c in registry.claims])
    assert drawn.verdicts == plots.png_bytes(plots.verdict_summary(data.counts))
    assert drawn.dependencies == plots.png_bytes(graph) and drawn.dependencies_caption == caption
    assert drawn.coverage is None  # no paper given: no coverage section
    page, _ = html_report.render_html(data, drawn=drawn)
    assert base64_of(drawn.dependencies) in page and base64_of(drawn.verdicts) in page


def base64_of(png: bytes) -> str:
    import base64

    return base64.b64encode(png).decode("ascii")


def test_report_records_environment_seeds_and_date(math_report, math_proofs):
    page = html.unescape((math_report / "index.html").read_text())
    data = json.loads((math_report / "report.json").read_text())
    assert data["seeds"] == {"m.frac": {"seed": 7}, "m.uses": {"seed": 7}, "m.prose": {"seed": 11}}
    assert data["environment"]["date"][:10] in page and "mpmath" in page and '"seed": 11' in page
    # the sources that made it (referee CR, MEDIUM-3): the library's digest (the cache's), and the git commit here
    from theorycheck import cache

    src = data["environment"]["sources"]
    assert src["theorycheck_sha256"] == cache.library_digest() and src["theorycheck_sha256"] in page
    # the proofs folder the claims came from (--proofs), not the installed one (referee CT, MEDIUM-2)
    assert src["proofs_folder"] == str(Path(math_proofs).resolve())
    assert src["proofs_sha256"] == cache.tree_digest(Path(math_proofs).resolve(), Path(math_proofs).glob("*.py"))
    assert src["theorycheck_sha256"] in (math_report / "report.md").read_text()
    root = Path(cache.__file__).resolve().parent.parent
    if (root / ".git").exists():
        head = subprocess.run(["git", "rev-parse", "HEAD"], cwd=root, capture_output=True, text=True).stdout.strip()
        assert src["git_commit"].split("+")[0] == head and src["git_commit"] in page
    # the crossover rows in the evidence become a table
    assert "Crossover table" in page and "non_private" in page
    assert "## Crossover table" in (math_report / "report.md").read_text()
    # evidence plots offered by the proofs folder: drawn, or a note saying why not
    assert "Evidence plots" in page and "A parabola for the evidence section." in page
    assert "A figure that fails. — not drawn: ValueError: no data" in page
    md = (math_report / "report.md").read_text()
    assert "![A parabola for the evidence section.](figure-1.png)" in md and (math_report / "figure-1.png").is_file()


def test_report_selection_options_and_bad_input(toy_proofs, tmp_path):
    done = run(
        "--proofs",
        str(toy_proofs),
        "report",
        "toy.true",
        "--output",
        str(tmp_path / "r"),
        "--no-paper",
        "--timeout",
        "30",
    )
    assert done.returncode == 0, done.stderr
    assert [c["id"] for c in json.loads((tmp_path / "r" / "report.json").read_text())["claims"]] == ["toy.true"]
    done = run("--proofs", str(toy_proofs), "report", "toy.flase", "--output", str(tmp_path / "x"))
    assert done.returncode == 2 and "toy.false" in done.stderr
    done = run(
        "--proofs", str(toy_proofs), "report", "--paper", str(tmp_path / "nope.md"), "--output", str(tmp_path / "y")
    )
    assert done.returncode == 2 and "no such file" in done.stderr


def test_report_coverage_section(math_paper_report):
    data = json.loads((math_paper_report / "report.json").read_text())
    summary = data["coverage"]["summary"]
    assert set(summary) == {"1", "2", "3"}
    assert summary["2"]["covered"] == 2 and summary["1"]["definition"] == 1
    page = (math_paper_report / "index.html").read_text()
    assert 'id="coverage-table"' in page and 'data-part="3"' in page
    md = (math_paper_report / "report.md").read_text()
    assert "| Part 2 |" in md and "coverage.png" in md


# ------------------------------------------------------------------------------------------------ Chromium


def chromium(*args: str, timeout: float = 90) -> subprocess.CompletedProcess:
    profile = tempfile.mkdtemp(prefix="tc-chromium-")
    try:
        return subprocess.run(
            [
                CHROMIUM,
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--disable-dev-shm-usage",
                f"--user-data-dir={profile}",
                *args,
            ],
            capture_output=True,
            text=True,
            timeout=timeout,
        )
    finally:
        shutil.rmtree(profile, ignore_errors=True)


@needs_chromium
def test_page_renders_in_chromium_with_math_and_every_claim(math_report):
    pytest.importorskip("latex2mathml", reason="latex2mathml is not installed: formulas are shown as LaTeX source")
    page = math_report / "index.html"
    done = chromium("--dump-dom", page.as_uri())
    dom = done.stdout
    assert "<h1>Audit of “Math paper”</h1>" in dom, done.stderr[-2000:]
    # every claim has a row in the table
    table = dom[dom.index('id="claims-table"') :]
    table = table[: table.index("</table>")]
    rows = re.findall(r'data-claim="([^"]+)"', table)
    assert rows == ["m.frac", "m.sech", "m.uses", "m.prose"]
    # math rendered: MathML elements, fractions as <mfrac>, no formula left as LaTeX source
    assert dom.count("<math") >= 8 and "<mfrac>" in dom
    assert 'class="tex-source"' not in dom
    rendered = re.sub(r"<pre.*?</pre>", "", dom, flags=re.S)  # the LaTeX-to-paste and the evidence JSON are source
    assert "\\frac" not in rendered and "\\sech" not in rendered
    assert "All " in dom and "formulas rendered as MathML" in dom


@needs_chromium
def test_screenshot_is_a_non_blank_png(math_report):
    import numpy as np
    from matplotlib import image

    shot = math_report / "screenshot.png"
    done = chromium(f"--screenshot={shot}", "--window-size=1280,2000", (math_report / "index.html").as_uri())
    assert shot.is_file(), done.stderr[-2000:]
    assert shot.read_bytes().startswith(b"\x89PNG")
    pixels = image.imread(str(shot))[..., :3]
    assert pixels.shape[:2] == (2000, 1280)
    assert pixels.std() > 0.05, "the screenshot is blank"
    # the verdict colours are on the page: some strongly red and some strongly green pixels
    red = (pixels[..., 0] > 0.65) & (pixels[..., 1] < 0.3) & (pixels[..., 2] < 0.3)
    green = (pixels[..., 1] > 0.4) & (pixels[..., 0] < 0.3) & (pixels[..., 2] < 0.3)
    assert red.sum() > 200 and green.sum() > 200
    assert np.mean(pixels < 0.5) > 0.005  # there is text


# ------------------------------------------------------------------------------------------------ real proofs

#: Fast claims of this project's proofs, run end to end (the first ones that exist are used).
REAL_IDS = ("thm2.eps-b-window", "rank1.gradient-formula", "dpgd.s3-chain")


def test_end_to_end_on_real_proofs(tmp_path, session_cache_dir):
    import os

    from theorycheck.registry import load

    registry = load()
    if not registry.claims:
        pytest.skip("this project's proofs package has no claims yet")
    ids = [i for i in REAL_IDS if i in registry.ids][:3] or registry.ids[:1]
    # the registered checks unmodified, through the session's verdict cache (tests/conftest.py)
    session_cache = {**os.environ, "THEORYCHECK_NO_CACHE": "0", "THEORYCHECK_CACHE_DIR": str(session_cache_dir)}
    done = run_cli("report", *ids, "--output", str(tmp_path), "--timeout", "60", env=session_cache, timeout=180)
    assert done.returncode in (0, 1), done.stderr
    data = json.loads((tmp_path / "report.json").read_text())
    assert [c["id"] for c in data["claims"]] == ids
    page = (tmp_path / "index.html").read_text()
    assert all(f'data-claim="{i}"' in page for i in ids)
    assert data["environment"]["date"] and "packages" in data["environment"]
    if any(c["corrected"] for c in data["claims"]):
        assert "Checked correction:" in page
    if importlib.util.find_spec("latex2mathml") is not None:
        assert 'class="tex-source"' not in page, "a formula of the real claims could not be rendered"


def test_simulator_crossover_table_is_included_for_this_projects_proofs():
    crossover = pytest.importorskip(
        "theorycheck.simulator.crossover", reason="the simulator provides no crossover table yet"
    )
    [(title, rows)] = html_report.crossover_tables([], simulator=True)
    assert "smallest d" in title and len(rows) == len(crossover.table())
    assert set(rows[0]) == {"condition", "source", "formula", "crossover"}
    assert html_report.crossover_tables([], simulator=False) == []


def test_summary_line_counts_verified_claims_that_rest_on_a_refuted_premise(toy_proofs):
    """A verified step whose premise is refuted is counted apart (referee A: such a verdict says the step follows,
    not that its statement holds)."""
    from theorycheck.claims import verified
    from theorycheck.registry import load as load_registry
    from theorycheck.report import summary_line
    from theorycheck.runner import ClaimResult

    claims = [load_registry(toy_proofs).get(i) for i in load_registry(toy_proofs).ids[:3]]
    plain = [ClaimResult(c, verified("exact", "toy"), 0.1) for c in claims]
    assert "refuted premise" not in summary_line(plain)
    tainted = [ClaimResult(c, verified("exact", "toy"), 0.1, rests_on_refuted=("x",) if i else ()) for i, c in
               enumerate(claims)]
    assert "3 verified, 0 refuted, 0 inconclusive, 0 errors; 2 of the verified rest on a refuted premise" in \
        summary_line(tainted)


def test_every_summary_carries_the_terminals_qualifiers(toy_proofs):
    """Referee CR, MEDIUM-2: the HTML, Markdown and LaTeX summaries say what the terminal's line says beside the
    counts (a verified claim resting on a refuted premise, one holding only under a reading), not only "2 verified"."""
    from theorycheck.claims import refuted, verified
    from theorycheck.latex import latex_document
    from theorycheck.registry import load as load_registry
    from theorycheck.report import summary_line, summary_qualifiers
    from theorycheck.runner import ClaimResult

    registry = load_registry(toy_proofs)
    a, b, c = (registry.get(i) for i in registry.ids[:3])
    results = [ClaimResult(a, refuted("exact", "no", witness=1), 0.1),
               ClaimResult(b, verified("exact", "given a"), 0.1, rests_on_refuted=(a.id,)),
               ClaimResult(c, verified("exact", "read so"), 0.1, under_reading=(c.id,))]
    qualifiers = summary_qualifiers(results)
    assert qualifiers == ["1 of the verified rest on a refuted premise",
                          "1 of the verified hold only under a reading (theirs or a premise's)"]
    assert all(q in summary_line(results) for q in qualifiers)
    env = {"date": "today", "python": "3", "platform": "x", "packages": {}}
    data = html_report.ReportData(registry, results, [], None, [], env, {})
    assert "Of these: " + "; ".join(qualifiers) + "." in html_report.render_markdown(data, {})
    page, _ = html_report.render_html(data)
    assert "; ".join(qualifiers) in html.unescape(page)
    tex = latex_document(registry.paper, [a, b, c], {r.claim.id: r for r in results})
    assert "1 of the verified rest on a refuted premise" in tex
    assert not summary_qualifiers(results[:1])  # nothing to qualify: no phrase


def test_report_lists_the_verified_claims_resting_on_an_undecided_claim(toy_proofs):
    """The report's dependency section names each inconclusive claim's verified dependents (referee P: the marker
    had no view from the undecided side), and only verified ones."""
    from theorycheck.claims import inconclusive, refuted, verified
    from theorycheck.registry import load as load_registry
    from theorycheck.runner import ClaimResult

    registry = load_registry(toy_proofs)
    a, b, c = (registry.get(i) for i in registry.ids[:3])
    results = [ClaimResult(a, inconclusive("exact", "open"), 0.1),
               ClaimResult(b, verified("exact", "given a"), 0.1, rests_on_undecided=(a.id,)),
               ClaimResult(c, refuted("exact", "no", witness=1), 0.1, rests_on_undecided=(a.id,))]
    data = html_report.ReportData(registry, results, [], None, [], {"date": "today", "python": "3", "platform": "x",
                                                                      "packages": {}}, {})
    assert data.undecided_carriers() == [(a.id, [b.id])]
    text = html_report.render_markdown(data, {})
    assert f"- `{a.id}` (undecided) is a premise of the verified `{b.id}`" in text
    assert f"`{c.id}`" not in text.split("## What rests on the refuted claims")[1].split("## Paper coverage")[0] \
        .split("(undecided)")[1]
    assert html_report.ReportData(registry, results[:1], [], None, [], {}, {}).undecided_carriers() == []
    assert "Verified only given an undecided (inconclusive or erring) premise:" in text
    rows = {line.split(" | ")[0].strip("| `"): line for line in text.splitlines() if line.startswith("| `")}
    assert f"(verified given undecided: {a.id})" in rows[b.id] and "undecided" not in rows[c.id]
    page, _ = html_report.render_html(data)
    cards = {cid: page.split(f'id="{html_report._anchor(cid)}"')[1][:3000] for cid in (b.id, c.id)}
    assert "Verified given undecided premises (inconclusive or error): " + a.id in cards[b.id]
    assert "Verified given undecided" not in cards[c.id].split('<details>')[0]
    listed = page.split('id="verified-given-undecided"')[1].split("</ul>")[0]
    assert b.id in listed and c.id not in listed


def test_seeds_inside_lists_are_recorded():
    """Seeds in a list of rows (lemma4.bias-max's measured rows) reach the report's seeds map (referee AD)."""
    from types import SimpleNamespace as NS

    from theorycheck.report import seeds

    result = NS(claim=NS(id="x"), verdict=NS(evidence={"seed": 1, "rows": [{"seed": 3}, {"seed": 3}, {"seed": 4}],
                                                          "sub": {"seeds": [0, 3]}, "plain": [1, 2]}))
    assert seeds([result]) == {"x": {"seed": 1, "rows[*].seed": [3, 4], "sub.seeds": [0, 3]}}


def test_a_report_rewritten_without_coverage_removes_the_old_coverage_plot(tmp_path):
    """Referee AS: re-running into a report folder kept a coverage.png (and figure-N.png) the new report.md and
    index.html no longer referenced; every file is now written whole and the stale images removed."""
    out = tmp_path / "rep"
    first = run_cli("report", "lemma4.parity", "-o", str(out), "--no-progress", env={**os.environ}, timeout=300)
    assert first.returncode == 0, first.stderr
    assert (out / "coverage.png").is_file()
    (out / "figure-99.png").write_bytes(b"stale")
    again = run_cli("report", "lemma4.parity", "-o", str(out), "--no-paper", "--no-progress", env={**os.environ},
                    timeout=300)
    assert again.returncode == 0, again.stderr
    assert not (out / "coverage.png").exists() and not (out / "figure-99.png").exists()
    assert "coverage.png" not in (out / "report.md").read_text(encoding="utf-8")
    assert not list(out.glob(".tmp-*"))


def test_latex_export_has_a_macro_for_every_character_the_audit_prints():
    """No character the audit's prose uses prints as a [U+XXXX] placeholder (referee CF, F4: Θ, ᵀ, ⊥, ⌈⌉, ∝, ½ …
    had), and a letter with a combining macron is \\bar of that letter."""
    from theorycheck.latex import _unicode_declarations, tex_text

    prose = "Θ(1), φ_jᵀa, P_⊥, ⌈T⌉, ⌊T⌋, ∝, ½, ã, ḡ, ↦, ∓, ∥, ⋆, ⁺⁻⁵, ᵏ, ˣ, ŝ, ū, ȟ"
    declared = _unicode_declarations(tex_text(prose))
    assert "[U+" not in declared and r"\Theta" in declared and r"^{\top}" in declared
    assert "[U+" in _unicode_declarations("\u263a")  # an unknown character still shows which it is
    assert tex_text("S̄·P, Φ̄") == r"\ensuremath{\bar{S}}·P, \ensuremath{\bar{\Phi}}"
    # every combining accent the prose reader writes (t̂ of an accented word, Δ̌), and ℱ[…] (new-user trial)
    assert tex_text("t̂, Δ̌^+_1") == r"\ensuremath{\hat{t}}, \ensuremath{\check{\Delta}}\textasciicircum{}+\_1"
    assert "[U+" not in _unicode_declarations(tex_text("ℱ[sech²], d^(1/4), σ^((n)), log⁶ d"))
    from theorycheck.errata import _tex_tt  # the errata sheet escapes character by character

    assert r"\ensuremath{\bar{m}}" in _tex_tt("v ∥ m̄ = E") and "\u0304" not in _tex_tt("v ∥ m̄ = E")


@pytest.mark.skipif(shutil.which("git") is None, reason="needs git")
def test_git_commit_is_dirty_with_an_untracked_source(tmp_path):
    """Referee CT: an untracked proofs module (new claims in the audit) had left the commit "clean". Tracked changes
    anywhere and untracked files under theorycheck/ and proofs/ mark it +dirty; an untracked file elsewhere (notes,
    outputs) does not; a folder inside the checkout is no checkout's top (None)."""
    from theorycheck.report import git_commit

    def git(*args):
        subprocess.run(["git", *args], cwd=tmp_path, check=True, capture_output=True)

    git("init", "-q")
    (tmp_path / "proofs").mkdir()
    (tmp_path / "proofs" / "a.py").write_text("A = 1\n")
    git("add", ".")
    git("-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "one")
    head = git_commit(tmp_path)
    assert head is not None and not head.endswith("+dirty") and len(head) == 40
    (tmp_path / "notes.txt").write_text("x")
    assert git_commit(tmp_path) == head  # untracked outside the sources
    (tmp_path / "proofs" / "b.py").write_text("B = 1\n")
    assert git_commit(tmp_path) == head + "+dirty"  # an untracked proofs module
    (tmp_path / "proofs" / "b.py").unlink()
    (tmp_path / "proofs" / "a.py").write_text("A = 2\n")
    assert git_commit(tmp_path) == head + "+dirty"  # a tracked change
    assert git_commit(tmp_path / "proofs") is None


def test_json_report_takes_the_environment_the_page_read():
    """Referee DE, DE-5: report.json read the sources a second time, so a report's page and JSON could show two
    readings; json_report takes the one the page used, and reads its own only without it."""
    from theorycheck.report import json_report

    given = {"sources": {"proofs_sha256": "x"}, "date": "then"}
    assert json_report("p", [], env=given)["environment"] is given
    assert json_report("p", [])["environment"]["sources"] is not None


def test_sources_are_read_afresh(tmp_path):
    """Referee CY, CY-10: sources() was remembered for a process's life, so a proofs module added later in a notebook
    session left the report's proofs digest (and +dirty) as they were."""
    from theorycheck.report import sources

    (tmp_path / "a.py").write_text("A = 1\n")
    first = sources(str(tmp_path))
    (tmp_path / "b.py").write_text("B = 1\n")
    assert sources(str(tmp_path))["proofs_sha256"] != first["proofs_sha256"]
