"""Theorem-level verdicts (theorycheck.theorems, `theorycheck theorem`)
and the repaired Theorem 1 (proofs/repaired.py)."""

from __future__ import annotations

import json
import math
import subprocess
import textwrap
from pathlib import Path

import pytest
from forked_cli import run_cli

from theorycheck import Claim, Verdict, inconclusive, refuted, verified
from theorycheck.errors import InputError
from theorycheck.registry import Registry
from theorycheck.theorems import Repaired, Theorem, evaluate, tree


def _claim(cid: str, deps: tuple[str, ...] = ()) -> Claim:
    return Claim(id=cid, title=cid, source="toy", statement="x", assumptions="", check=lambda: None, depends_on=deps)


REG = Registry(
    "toy",
    (_claim("a"), _claim("b", ("a",)), _claim("c", ("b",)), _claim("s"), _claim("top", ("c", "s"))),
    "/nonexistent",
)


def _v(kind: str, regime: dict | None = None) -> Verdict:
    make = {"verified": verified, "refuted": refuted, "inconclusive": inconclusive}[kind]
    return make("numeric", kind, regime=regime, witness={"x": 1})


def test_tree_is_leaves_first():
    order = tree(REG, ["top"])
    assert order.index("a") < order.index("b") < order.index("c") < order.index("top")


@pytest.mark.parametrize(
    "kinds, falsifiers, expected, roots",
    [
        ({"a": "verified", "b": "verified", "c": "verified", "s": "verified", "top": "verified"}, (), "holds", []),
        ({"a": "verified", "b": "inconclusive", "c": "verified", "s": "verified", "top": "verified"}, (), "open", []),
        # b and c refuted: only b is a root failure (c rests on b)
        ({"a": "verified", "b": "refuted", "c": "refuted", "s": "verified", "top": "verified"}, (), "unproven", ["b"]),
        (
            {"a": "verified", "b": "refuted", "c": "refuted", "s": "refuted", "top": "verified"},
            ("s",),
            "fails",
            ["b", "s"],
        ),
        # a falsifier that is verified does not make the theorem fail
        (
            {"a": "verified", "b": "refuted", "c": "verified", "s": "verified", "top": "verified"},
            ("s",),
            "unproven",
            ["b"],
        ),
    ],
)
def test_verdicts_follow_the_tree(kinds, falsifiers, expected, roots):
    theorem = Theorem(id="T", title="toy", source="toy", statement="x", rests_on=("top",), falsified_by=falsifiers)
    record = evaluate(theorem, REG, {k: _v(v) for k, v in kinds.items()})
    assert record["verdict"] == expected
    assert sorted(record["root_failures"]) == sorted(roots)
    assert record["theorem"] in record["explanation"]


def test_root_failures_with_a_checked_correction_are_named():
    """A root failure whose check also checked a corrected statement (a typo, a local fix) is listed apart, and the
    explanation names it (referee B); one without a correction is not."""
    theorem = Theorem(id="T", title="toy", source="toy", statement="x", rests_on=("top",))
    fixed = refuted("numeric", "typo", corrected="a = 1", witness={"x": 1})
    verdicts = {"a": fixed, "b": _v("verified"), "c": _v("verified"), "s": _v("refuted"), "top": _v("verified")}
    record = evaluate(theorem, REG, verdicts)
    assert sorted(record["root_failures"]) == ["a", "s"] and record["corrected_root_failures"] == ["a"]
    assert "1 come with a corrected statement" in record["explanation"] and ": a." in record["explanation"]
    plain = evaluate(theorem, REG, {**verdicts, "a": _v("refuted")})
    assert plain["corrected_root_failures"] == [] and "corrected statement" not in plain["explanation"]


def test_a_refuted_falsifier_is_a_root_failure_and_its_readings_are_named():
    """A falsifier computes the stated object from the definitions: refuted, it is a root failure even when a premise
    it names is refuted too (referee CD, CD1); one that holds under another recorded reading is named with it, and
    the statement fails under every reading only through a falsifier that holds under none (CD2)."""
    theorem = Theorem(id="T", title="toy", source="toy", statement="x", rests_on=("top",), falsified_by=("c",))
    verdicts = {"a": _v("refuted"), "b": _v("verified"), "c": _v("refuted"), "s": _v("verified"),
                "top": _v("verified")}
    record = evaluate(theorem, REG, verdicts)
    assert record["verdict"] == "fails" and record["root_failures"] == ["c", "a"]
    assert "Under another recorded reading" not in record["explanation"]
    readings = {"region": "R", "holds_on": "none", "conditions": [],
                "readings": {"as printed": "none: no", "another adjacency": "all: yes"}}
    read = evaluate(theorem, REG, {**verdicts, "c": _v("refuted", readings)})
    assert read["witnesses"]["c"]["holds_under_reading"] == ["another adjacency"]
    assert "c holds (another adjacency): the statement fails only as first read" in read["explanation"]
    # beside a falsifier not shown to hold on the whole region under any of its readings (an undecided reading may
    # still hold there: referees CN, M1 and CP, LOW-1)
    two = Theorem(id="T", title="toy", source="toy", statement="x", rests_on=("top",), falsified_by=("c", "a"))
    undecided = {"region": "R", "holds_on": "none", "conditions": [],
                 "readings": {"as printed": "none: no", "clipped": "undecided: a premise measured"}}
    both = evaluate(two, REG, {**verdicts, "c": _v("refuted", readings), "a": _v("refuted", undecided)})
    assert "a is not shown to hold on the whole region under any of its recorded readings" in both["explanation"]
    # failing everywhere as first read but on part of the region under another reading: not "failing everywhere"
    partly = {"region": "R", "holds_on": "none", "conditions": [],
              "readings": {"as printed": "none: no", "another adjacency": "part: where b > 1"}}
    asym = Theorem(id="T", title="toy", source="toy", statement="x", rests_on=("top",), asymptotic=True)
    region = evaluate(asym, REG, {**verdicts, "a": _v("refuted", partly)})["region"]
    assert "a" not in region["claims_failing_everywhere"]
    assert region["holding_under_a_reading"] == [{"claim": "a", "readings": ["another adjacency"],
                                                  "on_part_of_the_region": True}]


def test_a_repaired_statement_says_why_it_fails():
    """The repaired record has its own falsifiers, witnesses and explanation (referee CE, F7)."""
    repaired = Repaired(statement="y", changes=("z",), rests_on=("c",), falsified_by=("s",))
    theorem = Theorem(id="T", title="toy", source="toy", statement="x", rests_on=("top",), repaired=repaired)
    verdicts = {k: _v("verified") for k in ("a", "b", "c", "top")} | {"s": _v("refuted")}
    rep = evaluate(theorem, REG, verdicts)["repaired"]
    assert rep["verdict"] == "fails" and rep["falsified_by"] == ["s"] and rep["witnesses"]["s"]["witness"] == {"x": 1}
    assert rep["explanation"].startswith("Theorem T (repaired) fails as stated: s computes the stated object")
    held = evaluate(theorem, REG, {**verdicts, "s": _v("verified")})["repaired"]
    assert held["verdict"] == "holds" and "holds" in held["explanation"]


def test_missing_verdicts_leave_the_theorem_open():
    theorem = Theorem(id="T", title="toy", source="toy", statement="x", rests_on=("top",))
    assert evaluate(theorem, REG, {"top": _v("verified")})["verdict"] == "open"


def test_region_collects_partial_regimes():
    part = {
        "region": "R",
        "holds_on": "part",
        "conditions": ["a > 0"],
        "conditions_exact": ["a > 0"],
        "witness": {"point": {"a": "-1"}},
    }
    kinds = {k: _v("verified") for k in ("a", "b", "c", "s")}
    kinds["top"] = _v("refuted", part)
    theorem = Theorem(id="T", title="toy", source="toy", statement="x", rests_on=("top",), asymptotic=True)
    record = evaluate(theorem, REG, kinds)
    assert record["region"]["proof_survives_on"][0]["claim"] == "top"
    assert record["region"]["proof_survives_on"][0]["conditions_exact"] == ["a > 0"]
    from theorycheck.commands.theorem import survival_line

    assert survival_line(record["region"]["proof_survives_on"][0]) == "    top: a > 0"
    # a regime without exact conditions (a measured obstruction) is printed with its conditions in words, not blank
    words = evaluate(theorem, REG, {**kinds, "top": _v("refuted", {"region": "R", "holds_on": "part",
                                                                    "conditions": ["not refuted where b > 1"]})})
    assert survival_line(words["region"]["proof_survives_on"][0]) == "    top: not refuted where b > 1"
    # long conditions are cut between conditions, marked, never mid-token; SymPy's text reads as a reader writes it
    long = {"claim": "top", "conditions_exact": ["-eps_p/(8*q + 8) + 2*eps_n > 0"] * 6}
    line = survival_line(long)
    assert line.endswith("; …") is False and line.endswith(" …") and "−" not in line and "**" not in line
    assert "ε_p/(8·q + 8) + 2·ε_n > 0" in line and len(line) < 4 + len("top: ") + 160
    assert line[:-2].rstrip().endswith("> 0")


TOY = textwrap.dedent("""
    from theorycheck import Claim, verified, refuted
    from theorycheck.theorems import Theorem

    CLAIMS = [Claim(id="t.good", title="good", source="s", statement="1 = 1", assumptions="",
                    check=lambda: verified("exact", "ok")),
              Claim(id="t.bad", title="bad", source="s", statement="1 = 2", assumptions="",
                    check=lambda: refuted("exact", "no", witness={"x": 0}), depends_on=("t.good",))]
    THEOREMS = [Theorem(id="9", title="toy", source="s", statement="x", rests_on=("t.bad",), falsified_by=("t.bad",))]
""")


def test_theorem_command_json(tmp_path):
    folder = tmp_path / "proofs_toy"
    folder.mkdir()
    (folder / "toy.py").write_text(TOY)
    env = {"THEORYCHECK_NO_CACHE": "1", "PATH": "/usr/bin:/bin"}
    import os

    env = {**os.environ, **env}
    out = run_cli("--proofs", str(folder), "theorem", "all", "--format", "json", "--no-progress", env=env, timeout=120)
    assert out.returncode == 0, out.stderr
    [record] = json.loads(out.stdout)
    assert record["theorem"] == "9" and record["verdict"] == "fails"
    assert record["root_failures"] == ["t.bad"]
    assert [c["id"] for c in record["chain"]] == ["t.good", "t.bad"]
    bad = run_cli("--proofs", str(folder), "theorem", "7", env=env, timeout=120)
    assert bad.returncode == 2 and "no theorem '7'" in bad.stderr and "Traceback" not in bad.stderr


def test_show_says_a_refuted_falsifier_stands_whatever_its_premises(tmp_path):
    """`show` of a refuted falsifier resting on a refuted premise says the refutation does not use it (referee CD)."""
    import os

    folder = tmp_path / "proofs_toy"
    folder.mkdir()
    (folder / "toy.py").write_text(TOY.replace('check=lambda: verified("exact", "ok")',
                                               'check=lambda: refuted("exact", "no", witness={"x": 1})'))
    env = {**os.environ, "THEORYCHECK_CACHE_DIR": str(tmp_path / "cache"), "COLUMNS": "200"}
    env.pop("THEORYCHECK_NO_CACHE", None)
    assert run_cli("--proofs", str(folder), "check", "--no-progress", env=env, timeout=120).returncode in (0, 1)
    out = run_cli("--proofs", str(folder), "show", "t.bad", env=env, timeout=120)
    assert out.returncode == 0, out.stderr
    assert "Rests on refuted: t.good" in out.stdout and "a falsifier of Theorem 9" in out.stdout
    good = run_cli("--proofs", str(folder), "show", "t.good", env=env, timeout=120)
    assert "falsifier" not in good.stdout


def test_theorem_command_reads_the_cache_and_rerun_runs_again(tmp_path):
    """`theorem` reuses fresh cached verdicts; `--rerun` runs every claim of the tree again."""
    import os

    folder = tmp_path / "proofs_toy"
    folder.mkdir()
    (folder / "toy.py").write_text(TOY)
    env = {k: v for k, v in os.environ.items() if k != "THEORYCHECK_NO_CACHE"}
    env["THEORYCHECK_CACHE_DIR"] = str(tmp_path / "cache")

    def theorem(*extra):
        out = run_cli("--proofs", str(folder), "theorem", "all", "--format", "json", *extra, env=env, timeout=120)
        assert out.returncode == 0, out.stderr
        return out.stderr

    assert "running 2 checks" in theorem()
    assert "running" not in theorem()  # both verdicts fresh in the cache: nothing runs
    assert "running 2 checks" in theorem("--rerun")


@pytest.mark.parametrize("width", [40, 60, 70, 80, 90, 100, 140, 200])
def test_theorem_table_keeps_ids_whole_when_there_is_room_and_never_crops(width):
    """The theorem table at every console width: no line wider than the console (rich crops a table whose
    columns' minimums do not fit), one root failure per line, and an id is folded only when the console is too
    narrow for the longest one beside the titles' longest words."""
    import io

    from rich.console import Console
    from rich.table import Table

    from theorycheck.commands.theorem import _column_widths

    titles = ["1: Private feature learning (main result)", "2: First layer: privacy and a good certificate"]
    ids = ["fourier.shifted-gaussian-inverse", "layer1.columns", "thm6.step1-sup-bound"]
    widths = _column_widths(width, titles, ids)
    console = Console(file=io.StringIO(), width=width, color_system=None)
    table = Table()
    for column, w in zip(("theorem", "verdict", "root failures", "claims v/r/i", "repaired"), widths):
        table.add_column(column, overflow="fold", width=w)
    table.add_row(titles[0], "fails", "\n".join(ids), "41/60/5", "open")
    table.add_row(titles[1], "unproven", ids[0], "35/38/2", "")
    console.print(table)
    lines = console.file.getvalue().splitlines()
    assert max(map(len, lines)) <= width
    room = width - 16 - 28 - max(len(w) for t in titles for w in t.split())
    whole = [i for i in ids if any(i in line for line in lines)]
    if room >= max(map(len, ids)):
        assert whole == ids  # every id on one line of its own
    if widths[2] is not None:
        assert sum(widths) + 16 <= width and widths[2] == min(room, max(map(len, ids)))


# --- the repaired Theorem 1: each checker rejects a perturbed statement -----------------------------------------


def test_repaired_privacy_is_exact_and_a_wrong_split_is_refuted(registered_verdict):
    import sympy as sp

    from theorycheck_proofs import repaired
    from theorycheck_proofs.symbols import eps

    v = registered_verdict(repaired.check_privacy, repaired.PRIVACY)
    assert v.verdict == "verified" and v.method == "certified"
    assert 0.99 < v.evidence["worst"]["delta_ratio_upper"] <= 1  # the budget is spent exactly, never exceeded
    # the evidence's exact ε(δ) reads δ as the certified decision does (the float's binary value): ε_spent ≤ ε
    # wherever δ(ε) ≤ δ is certified (referee AV: at δ = 1 − 1e-12 the decimal reading had shown ε_spent = 4.4e-5 > ε)
    assert all(r["margin"] <= 0 for r in (*v.evidence["rows"], v.evidence["worst"]))
    # every budget, not the points (referee AI): the μ-GDP curve is increasing in μ (SymPy), the calibration's μ the
    # lower end of a bracket; a calibration the argument does not cover is not verified from the points alone
    assert v.evidence["gdp_curve_increasing_in_mu"] and v.detail.startswith("at every budget")
    assert repaired.check_privacy(mu_split=0.7).verdict == "inconclusive"
    # the grid and the range's ends (δ to 1e-300 and 1 − 1e-12, ε from 1e-8 to (1 − 1e-9)·8 log(1/δ); referee AG)
    assert v.evidence["grid_points"] == (len(repaired.SIZES) * len(repaired.BUDGETS)
                                         + len(repaired.EXTREME_SIZES) * len(repaired.EXTREME_BUDGETS))
    assert min(dl for _, dl in repaired.EXTREME_BUDGETS) == 5e-324 and "5e-324" in v.detail
    assert max(dl for _, dl in repaired.EXTREME_BUDGETS) >= 1 - 2**-52
    assert (5e-324, 1e-5) in repaired.EXTREME_BUDGETS  # ε whose float search cannot start (referee AK)
    # the README's figure is this record's (referee CR, LOW-7: it had said 158 points from δ = 1e-300)
    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text()
    assert f"certified (arb enclosures of δ(ε)) at {v.evidence['grid_points']} (ε, δ, d) points" in readme
    # the statement itself perturbed by a bump between the grid's ε (equal to ε at every point tried): not verified
    bump = repaired.PRIVACY.perturb(rhs=eps - eps * sp.exp(-(10**4) * (eps - sp.Rational(27, 10)) ** 2) / 2)
    assert repaired.check_privacy(bump).verdict != "verified"
    # 0.002 % less noise than the calibration: the certified δ(ε) exceeds δ (first at δ = 1e-300)
    slightly = repaired.check_privacy(mu_split=0.70712)
    assert slightly.verdict == "refuted" and slightly.evidence["witness"]["delta_ratio_upper"] > 1
    # the certified δ(ε) agrees with the library's mpmath curve (another implementation) where both are finite
    from theorycheck.privacy import gdp_delta

    for e_, mw, ma in ((0.5, 0.3, 0.4), (4.0, 1.0, 2.0), (40.0, 0.7, 0.2)):
        ball = repaired.certified_delta(e_, mw, ma)
        ref = float(gdp_delta(e_, math.hypot(mw, ma)))
        assert abs(float(ball.mid()) - ref) <= 1e-12 * ref + float(ball.rad())
    # μ_W = μ_a = μ (instead of μ/√2): the composed release spends more than ε
    bad = repaired.check_privacy(mu_split=1.0)
    assert bad.verdict == "refuted" and bad.evidence["witness"]["eps_spent"] > bad.evidence["witness"]["eps"]
    # the statement object itself perturbed: ε_spent ≤ ε/2 fails
    assert repaired.check_privacy(repaired.PRIVACY.perturb(rhs=repaired.PRIVACY.rhs / 2)).verdict == "refuted"
    # ε_spent = ε up to the calibration's inversion, so a strict < is not what δ(ε) ≤ δ decides: refused, as are ≥
    # and = (the older guard had let "<" through, decided as ≤)
    for rel in ("<", ">=", "="):
        with pytest.raises(InputError, match="decides its statement for ≤ only"):
            repaired.check_privacy(repaired.PRIVACY.perturb(rel=rel))


def test_repaired_sensitivity_understated_is_refuted():
    from theorycheck_proofs import repaired

    v = repaired.check_sensitivity(ds=(16,), trials=1)
    assert v.verdict == "verified"
    # Δa_t per step (what adaptive composition needs) holds; as the distance of two runs' iterates it fails from
    # t = 2 (a re-check of 2026-12-02: the reading had not been recorded); at t = 1 the two readings agree
    per_step, iterates = repaired.SENSITIVITY_READINGS
    readings = v.regime["readings"]
    assert readings[per_step] == "all" and readings[iterates].startswith("none: fails at d = 16")
    ratios = v.evidence["iterates_of_two_runs"]["ratios"]
    assert abs(ratios[0] - 1) < 1e-9 and ratios[1] > 1.5 and ratios == sorted(ratios)
    assert "fails from t = 2 on" in v.detail
    assert repaired.check_sensitivity(clip_scale=0.4, ds=(16,), trials=1).verdict == "refuted"
    # the opposite-label pair attains the bound, so a sensitivity understated by 1 % is refuted too (referee X: 0.7
    # passed when only the huge-sample pair was tried), at the wide width as well
    assert repaired.check_sensitivity(clip_scale=0.99, ds=(16,), trials=1).verdict == "refuted"
    assert repaired.check_sensitivity(clip_scale=0.99, ds=(16,), trials=1, widths=(1.5,)).verdict == "refuted"
    # an overstated sensitivity is not "attained" (referee Y: 0.1 % passed at the 1e-3 attainment tolerance)
    assert repaired.check_sensitivity(clip_scale=1.0005, ds=(16,), trials=1).verdict == "inconclusive"


def test_repaired_contraction_with_twice_the_step_is_refuted():
    from theorycheck_proofs import repaired
    from theorycheck_proofs.symbols import lam, p

    s = repaired.CONTRACTION
    doubled = s.perturb(lhs=2 * s.lhs)  # η_a = 1/(p + λ)
    assert repaired.check_contraction(doubled, ds=(16,)).verdict == "refuted"
    assert repaired.check_contraction(s, ds=(16,)).verdict == "verified"
    assert lam in s.lhs.free_symbols and p in s.lhs.free_symbols
    # the worst case comes from the statement's own assumption (referee X): without a cap on λ_max it is undecided,
    # and a cap smaller than the proved λ_max ≤ p (λ_max ≤ p/2, with η_a = 1/(2(p/2 + λ))) is an unproved premise
    assert repaired.check_contraction(s.perturb(assumptions=()), ds=(16,)).verdict == "inconclusive"
    half = s.perturb(lhs=s.lhs.subs(p, p / 2), assumptions=(repaired.K_MAX <= p / 2,))
    v = repaired.check_contraction(half, ds=(16,))
    assert v.verdict == "inconclusive" and not v.evidence["cap_follows_from_lambda_max_le_p"]
    # the measured half evaluates the statement's own step: η_a = 1/(p + λ) fails at a run
    assert "simulated run" in repaired.check_contraction(doubled, ds=(16,)).detail
    # a cap above p is never reached (λ_max(K_n) ≤ p): the worst case is at p, not at the cap (referee Y)
    assert repaired.check_contraction(s.perturb(assumptions=(repaired.K_MAX <= 2 * p,)), ds=(16,)).verdict == "verified"


def test_repaired_steps_half_as_many_is_refuted(registered_verdict):
    import sympy as sp

    from theorycheck_proofs import repaired

    assert registered_verdict(repaired.check_steps, repaired.STEPS_BOUND, repaired.t_repaired).verdict == "verified"
    assert (
        repaired.check_steps(repaired.STEPS_BOUND, lambda d, p, lam: repaired.t_repaired(d, p, lam) // 2).verdict
        == "refuted"
    )
    # the statement perturbed: a bound 1/(dp)^2 is not reached by this T
    s = repaired.STEPS_BOUND
    assert repaired.check_steps(s.perturb(rhs=s.rhs**2)).verdict == "refuted"
    # the argument for every d proves ≤ c/(dp) with c ≥ 1 only: a right side 10⁻¹⁰⁰ below 1/(dp) passes the grid
    # (its margin at d = 10¹² is 10⁻⁷²) but fails as d → ∞, so it is not verified; a looser 2/(dp) is (EH LOW: the
    # detail had printed 1/(dp) whatever the right side)
    close = repaired.check_steps(s.perturb(rhs=s.rhs * (1 - sp.Rational(1, 10**100))))
    assert close.verdict == "inconclusive" and not close.evidence["argument_covers_the_statement"]
    loose = repaired.check_steps(s.perturb(rhs=2 * s.rhs))
    assert loose.verdict == "verified" and "≤ 2/(d·p)" in loose.detail
    # another T rule passing the grid (widths up to p = d^15) is not verified: Assumption 2 bounds p from below only
    # (referee EK, EK-9); the repaired rule + 1 step holds at every width too, but not by the argument checked here
    other = repaired.check_steps(s, lambda d, p, lam: repaired.t_repaired(d, p, lam) + 1)
    assert other.verdict == "inconclusive" and "other than the repaired one" in other.detail


def test_repaired_noise_share_needs_its_width_cap(registered_verdict):
    """repaired.noise-share: the column noise is o(its signal) exactly below the cap π_p < 2ν − 2 − r; a looser cap,
    no cap, a dropped square root, a wrong constant (the statement's σ_W tied to the preset's) and a measured regime
    outside the cap are each rejected."""
    import sympy as sp

    from theorycheck_proofs import repaired
    from theorycheck_proofs import symbols as S

    v = registered_verdict(repaired.check_noise_share, repaired.NOISE_SHARE, repaired.WIDTH_CAP)
    # its decision compares floats (the σ_W gap, μ_exact ≥ μ_cert): not stamped as an exact decision (referee CP)
    from theorycheck.claims import EXACT_TOLERANCE

    assert "numeric" in v.method and v.evidence.get("tolerance") != EXACT_TOLERANCE
    assert v.verdict == "verified" and v.regime["holds_on"] == "all"
    assert v.evidence["rate_point_inside_cap"] and v.evidence["mu_exact_over_cert_min"] >= 1
    # the region without the cap: the cap is exactly where it holds (for some ε_b > 0)
    assert v.evidence["without_the_cap"]["holds_on"] == "part"
    assert sp.simplify(sp.sympify(v.evidence["without_the_cap"]["conditions_exact"][0].split(">")[0],
                                       locals={"nu": S.nu, "pi_p": S.pi_p, "r": S.r})
                       - (S.nu - S.pi_p / 2 - S.r / 2 - 1)) == 0
    assert v.evidence["clipped_share_max"] < 0.05
    # what the share hides (referee AG, F3) is a premise of its own, repaired.clipped-signal (referee AI: a measurement
    # no branch read): the detail names it
    assert "repaired.clipped-signal" in v.detail

    assert all(v.evidence["cap_is_tight"].values()) and "the cap is tight" in v.detail
    # a stricter cap is still true (verified) but not tight; a cap loose only where r < 0, where μ_cert may understate
    # the exact μ, is not verified (referee T: a checker deciding the cap at a fixed budget only would verify it)
    strict = repaired.check_noise_share(repaired.NOISE_SHARE, (S.pi_p < 2 * S.nu - sp.Rational(5, 2) - S.r,))
    assert strict.verdict == "verified" and not any(strict.evidence["cap_is_tight"].values())
    assert repaired.check_noise_share(repaired.NOISE_SHARE, (S.pi_p < 2 * S.nu - 2 - 2 * S.r,)).verdict != "verified"
    loose = repaired.check_noise_share(repaired.NOISE_SHARE, (S.pi_p < 2 * S.nu - 1 - S.r,))
    assert loose.verdict == "refuted" and loose.evidence["witness"]["point"]["r"] == "0"
    assert repaired.check_noise_share(repaired.NOISE_SHARE, ()).verdict == "refuted"
    s = repaired.NOISE_SHARE
    assert repaired.check_noise_share(s.perturb(lhs=s.lhs * sp.sqrt(S.p)), repaired.WIDTH_CAP).verdict == "refuted"
    # under ≪ a constant factor or a log power is the same statement (within the cap): decided as written, with the
    # broken tie to the preset said, not refuted for it (referee EK, EK-5)
    for factor in (2, 10**6, S.log_d**3):
        other = repaired.check_noise_share(s.perturb(lhs=factor * s.lhs), repaired.WIDTH_CAP)
        assert other.verdict == "verified" and not other.evidence["statement_sigma_W_is_the_presets"]
        assert "not the repaired preset's" in other.detail
    wide = {**repaired.RATE_POINT, "pi_p": "2"}
    outside = repaired.check_noise_share(s, repaired.WIDTH_CAP, rate_point=wide)
    assert outside.verdict == "refuted" and "outside the width cap" in outside.detail


def test_clipped_signal_is_decided_by_its_loss_bound_and_perturbations_are_rejected(registered_verdict):
    """repaired.clipped-signal (referee BV, D3): the loss 1 − G^C/G ≤ √M_1√M_2(√d/C_W)/(|G|/√p) → 0, each relation
    checked on every sample set and each factor tied to its exact limit; on the simulator's He3 + He1 the clipped
    step still keeps only about half of the μ-component at d ≤ 128 (the decay is O(1/log d)), on He1 nearly all.
    Perturbed: a claimed floor 0.9 at every d, a target with no He_1 component, a clip ≍ √d."""
    import sympy as sp

    from theorycheck_proofs import repaired
    from theorycheck_proofs import symbols as S

    v = registered_verdict(repaired.check_clipped_signal)
    assert v.verdict == "verified"
    kept = {(r["target"], r["d"], r["pi_p"]): r["mu_component_kept"] for r in v.evidence["rows"]}
    assert all(0.3 < k < 0.9 for (t, _, _), k in kept.items() if t == "He3+He1")
    assert all(k > 0.99 for (t, _, _), k in kept.items() if t == "He1")
    # column by column, as repaired.noise-share uses it (referee CD, CD9; referee EC, F5): each column keeps the
    # aggregate's fraction in the limit (argued), measured within 0.5× of it at every row
    column = "column by column (each column's μ-component, as repaired.noise-share uses it)"
    assert v.regime["readings"][column].startswith("all, with probability → 1 (argued, not computed")
    assert all(r["per_column_decided"] == r["p"] and r["per_column_kept_min"] > 0.3 for r in v.evidence["rows"])
    assert v.evidence["chain_largest_relative_slack"] <= 0 and v.evidence["sqrt_d_over_clip_limit"] == "0"
    assert v.evidence["limits"]["He3+He1"]["E[y^2 z^2]"] == "57" and v.evidence["limits"]["He3+He1"]["E[y^2]"] == "7"
    # a target that is not odd (referee CU, CU-6): its cross term m_0E[y z²] (E[(He2 + He1)z²] = 2) is in M_1's limit
    assert v.evidence["limits"]["He2+He1"]["E[y z^2]"] == "2" and v.evidence["limits"]["He3+He1"]["E[y z^2]"] == "0"
    assert all(k > 0.8 for (t, _, _), k in kept.items() if t == "He2+He1") and "not odd" in v.detail
    # and the measurement tells the two limits apart (referee DD, DD-2: the factor-2 tie accepted both): with the
    # cross term M_1 sits closer to its limit than without it at every d and width taken together
    def worst(key):
        return max(max(t[key], 1 / t[key]) for t in v.evidence["measured_over_limit"] if t["target"] == "He2+He1")

    assert worst("M1") < worst("M1 without the cross term")
    assert v.evidence["measured_over_limit_worst_factor"] < repaired.CLIP_LIMIT_FACTOR
    for r in v.evidence["rows"]:  # the chain, relation by relation
        assert r["lost"] <= r["tail"] <= r["cs"] <= r["markov"]
    # referee BZ, BZ4: it holds with probability → 1 over the initialisation, not at ≤_P's level (recorded readings)
    from theorycheck.claims import reading_outcome

    outcomes = sorted(reading_outcome(w) for w in v.regime["readings"].values())
    assert outcomes == ["all", "all", "undecided"] and "probability → 1" in v.detail

    bad = repaired.check_clipped_signal(claimed_floor=0.9)
    assert bad.verdict == "refuted" and bad.evidence["witness"]["target"] == "He3+He1"
    z = repaired.Z_TARGET
    no_signal = repaired.check_clipped_signal(targets={"He3": z**3 - 3 * z})
    assert no_signal.verdict == "inconclusive" and "E[y z] = 0" in no_signal.detail
    flat_clip = repaired.check_clipped_signal(targets={"He1": z}, clip=2 * sp.sqrt(S.d))
    assert flat_clip.verdict == "inconclusive" and "does not vanish" in flat_clip.detail


def test_gaussian_expectation_of_a_polynomial_is_exact():
    """repaired.gaussian_expectation against mpmath's quadrature of the Gaussian integral (30 digits)."""
    import mpmath
    import sympy as sp

    from theorycheck_proofs import repaired

    z = repaired.Z_TARGET
    for poly in (z**8 - 4 * z**6 + 4 * z**4, 3 * z**5 + z**4 - sp.Rational(1, 3) * z**2 + 7, (z**3 - 2 * z) ** 2):
        exact = repaired.gaussian_expectation(poly)
        f = sp.lambdify(z, poly, "mpmath")
        with mpmath.workdps(30):
            quad = mpmath.quad(lambda t: f(t) * mpmath.npdf(t), [-mpmath.inf, 0, mpmath.inf])
            assert abs(quad - mpmath.mpf(exact.p) / exact.q) < mpmath.mpf(10) ** -25
    assert repaired.gaussian_expectation(z**3 + z) == 0 and repaired.gaussian_expectation(z**4) == 3


def test_rate_decision_from_runs():
    from theorycheck_proofs.repaired import decide_rate

    rng = __import__("numpy").random.default_rng(0)
    growing = [
        {"d": d, "risk_dpgd": d**0.5 * math.exp(0.01 * rng.standard_normal())} for d in (32, 64, 128) for _ in range(3)
    ]
    assert decide_rate(growing, {}).verdict == "refuted"
    shrinking = [
        {"d": d, "risk_dpgd": d**-0.3 * math.exp(0.01 * rng.standard_normal())} for d in (32, 64, 128) for _ in range(3)
    ]
    verdict = decide_rate(shrinking, {})
    assert verdict.verdict == "verified" and verdict.evidence["ci95"][1] < 0
    flat = [{"d": d, "risk_dpgd": math.exp(0.3 * rng.standard_normal())} for d in (32, 64, 128) for _ in range(3)]
    assert decide_rate(flat, {}).verdict == "inconclusive"
    # with the baselines recorded, the detail puts each d's mean risk beside ridge's and predicting 0's
    with_baselines = [{**r, "risk_ridge": 0.5, "risk_null": 1.0} for r in shrinking]
    verdict = decide_rate(with_baselines, {})
    means = verdict.evidence["mean_by_d"]
    assert means["128"]["risk_dpgd"] == pytest.approx(128**-0.3, rel=0.05) and means["32"]["risk_null"] == 1.0
    assert f"d = 32: {means['32']['risk_dpgd']:.3f} (ridge 0.500, predicting 0 1.000)" in verdict.detail
    # W_1's alignment with μ is set beside random directions' E|⟨u, μ⟩| = Γ(d/2)/(√π Γ((d+1)/2)) (referee B): near
    # it, the detail says no feature learning is visible; well above it, nothing is said
    chance = {d: math.exp(math.lgamma(d / 2) - math.lgamma((d + 1) / 2)) / math.sqrt(math.pi) for d in (32, 64, 128)}
    assert chance[128] == pytest.approx(math.sqrt(2 / (math.pi * 128)), rel=0.01)
    near = decide_rate([{**r, "alignment": 1.1 * chance[r["d"]]} for r in flat], {})
    assert "no feature learning is visible" in near.detail
    assert near.evidence["alignment_of_random_directions"]["32"] == pytest.approx(chance[32])
    learned = decide_rate([{**r, "alignment": 0.9} for r in flat], {})
    assert "feature learning" not in learned.detail and learned.evidence["alignment_by_d"]["64"] == 0.9


def test_latex_gives_the_repaired_statement_with_its_changes(tmp_path):
    import shutil

    from theorycheck.latex import latex_document
    from theorycheck.theorems import Repaired
    from theorycheck_proofs.theorems import THEOREMS

    repaired = next(t for t in THEOREMS if t.id == "1").repaired
    theorem = Theorem(
        id="T",
        title="toy",
        source="toy",
        statement=r"x = x",
        rests_on=("top",),
        repaired=Repaired(repaired.statement, repaired.changes, ("top",)),
    )
    record = evaluate(theorem, REG, {k: _v("verified") for k in ("a", "b", "c", "s", "top")})
    assert record["repaired"]["verdict"] == "holds" and record["repaired"]["changes"] == list(repaired.changes)
    text = latex_document("toy", [], {}, [record])
    assert "Repaired statement" in text and r"\item first layer" in text
    # the LaTeX a reader pastes is the record's statement: set over lines, and on one comment line as checked
    assert "% as checked: " + " ".join(repaired.statement.split()) in text
    if shutil.which("pdflatex"):
        (tmp_path / "t.tex").write_text(text)
        done = subprocess.run(
            ["pdflatex", "-interaction=nonstopmode", "-halt-on-error", "t.tex"],
            cwd=tmp_path,
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert done.returncode == 0, done.stdout[-2000:]


def test_show_prints_the_regime():
    from theorycheck.cli import regime_lines

    assert regime_lines(None) == []
    lines = regime_lines(
        {
            "region": "R",
            "holds_on": "part",
            "conditions_exact": ["eps_n - eps_p/4 > 0"],
            "witness": {"point": {"eps_n": "1/16", "eps_p": "1"}},
        }
    )
    assert lines[0] == "Regime: holds on part of the region (R)"
    # as a reader writes them (new-user trial): the JSON keeps SymPy's text for conditions_hold_at
    assert "    ε_n - ε_p/4 > 0" in lines and lines[-1] == "  fails at: ε_n = 1/16, ε_p = 1"
    labelled = regime_lines({"region": "R", "holds_on": "part", "conditions_exact": ["pi_p - eps_n > 0"],
                             "witness": {"point": {"eps_n": "1/8", "pi_p": "1/12"},
                                         "term": r"d^{\varepsilon_n - \pi_{p}}",
                                         "term_exponents": {"d": "1/24", "log_d": "2"},
                                         "right_side_exponents": [{"d": "0", "log_d": "0"}]}})
    assert labelled[-1] == "    there the term d^(ε_n - π_p) grows like d^(1/24) log² d, the right side like 1"
    assert regime_lines({"region": "R", "holds_on": "all", "conditions_exact": ["x > 0"]}) == [
        "Regime: holds on the whole region (R)"
    ]
    # a premise and undecided sub-regions are printed too (referee K: else a reader takes them as holding)
    lines = regime_lines({"region": "R", "holds_on": "part", "conditions_exact": ["x > 0"], "premise": "P",
                          "undecided": ["where y > 1"]})
    assert lines[-3:] == ["  given: P", "  undecided:", "    where y > 1"]
    # a regime whose conditions only say where the claim is not refuted (a measured obstruction) is read as failing
    # there and undecided elsewhere, never as "holds where" (referee L2)
    lines = regime_lines({"region": "R", "holds_on": "part", "conditions": ["where y > 1"],
                          "undecided": ["where y > 1"], "witness": {"point": {"y": "0"}}})
    assert lines == ["Regime: fails on part of the region, undecided on the rest (R)", "  undecided:",
                     "    where y > 1", "  fails at: y = 0"]
    # ... but a condition that is not undecided is still where it holds
    lines = regime_lines({"region": "R", "holds_on": "part", "conditions": ["x > 0", "where y > 1"],
                          "undecided": ["where y > 1"]})
    assert lines[:3] == ["Regime: holds on part of the region (R)", "  holds where (but for the undecided part below):",
                         "    x > 0"]  # referee BP, F7: the undecided part lies inside where it would hold
    assert regime_lines({"region": "R", "holds_on": "none", "conditions_exact": ["0 > 1"]})[1:] == [
        "  would hold where (nowhere in the region):", "    0 > 1"]
    # a chain whose identity fails names it (referee BL: its regime had said "all")
    assert regime_lines({"region": "R", "holds_on": "undecided", "failing_without_a_regime": [[3, "D19", 5]]}) == [
        "Regime: holds on a part of the region not decided (R)", "  fails as an identity: (3, D19, 5)"]
    # referee BH (M1): terms of opposite signs may cancel; the conditions say where it holds at least
    assert regime_lines({"region": "R", "holds_on": "undecided", "conditions_exact": ["x > 0"],
                         "witness": {"point": {"x": "-1"}}}) == [
        "Regime: holds on a part of the region not decided (R)", "  holds at least where:", "    x > 0",
        "  fails at: x = -1"]


def test_regime_slices_are_drawn_once_per_regime(tmp_path, monkeypatch):
    from theorycheck import plots

    regime = {"region": "R", "holds_on": "part", "conditions_exact": ["eps_n - eps_p/4 > 0"],
              "region_exact": ["eps_n > 3*eps_p/16"], "witness": {"point": {"eps_n": "1/16", "eps_p": "1"}}}
    monkeypatch.setattr(plots, "FIGURE_CACHE", tmp_path)
    first = plots.cached_regime_slice(regime)
    assert first[:8] == b"\x89PNG\r\n\x1a\n" and len(list(tmp_path.glob("regime-*.png"))) == 1

    def boom(*args, **kwargs):
        raise AssertionError("drawn again")

    monkeypatch.setattr(plots, "regime_slice", boom)
    assert plots.cached_regime_slice(regime) == first  # read back, not redrawn
    with pytest.raises(AssertionError):
        plots.cached_regime_slice({**regime, "holds_on": "none"})  # another regime is drawn
