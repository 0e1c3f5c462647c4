"""Claims as pytest items: ``pytest --theorycheck [--theorycheck-proofs DIR]``.

Registered as the ``pytest11`` entry point ``theorycheck`` and inert unless ``--theorycheck`` is
given. Each claim of the proofs folder (default: this project's ``proofs/``, installed as ``theorycheck_proofs``)
becomes one test item named by its id, node id ``theorycheck::<id>``, marked ``theorycheck``; so
``-k fourier.``, ``-m theorycheck`` (claims only), ``--lf``, ``-x``, xdist and JUnit XML work as
for any test; ``--theorycheck-only`` collects the claims and no test file. Each check runs in a forked process under
``--theorycheck-timeout`` seconds
(:func:`theorycheck.runner.run_claims`):

- ``verified`` passes;
- ``refuted`` fails, with the detail, the witness and any checked correction in the message;
- ``inconclusive`` is skipped with the reason;
- ``error`` (the check raised, died or timed out) fails.

Expectations: a small TOML (or JSON) file, ``theorycheck-expected.toml`` in the root directory by
default (``--theorycheck-expected FILE``), records the verdicts the paper already knows::

    [expected]
    "alg1.noise" = "refuted"                       # a known error of the paper
    "thm2.rate" = { verdict = "inconclusive", reason = "asymptotic" }

A claim whose verdict equals its expected verdict is reported as ``xfail`` (refuted, error) or
passes/skips as usual; a claim the file does not list is expected to be verified; a claim whose
verdict differs from the expected one fails with "verdict changed", so CI goes red exactly when a
verdict changes. ``--theorycheck-update-expected`` rewrites the file from the run (reasons kept).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

EXPECTED_FILE = "theorycheck-expected.toml"
VERDICTS = ("verified", "refuted", "inconclusive", "error")


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("theorycheck", "claims of a paper as test items (theorycheck)")
    group.addoption("--theorycheck", action="store_true", default=False,
                    help="collect every claim of the proofs folder as a test item named by its id")
    group.addoption("--theorycheck-only", action="store_true", default=False,
                    help="like --theorycheck, but collect only the claims (no test files are imported)")
    group.addoption("--theorycheck-proofs", metavar="DIR", default=None,
                    help="folder of claim modules (default: this project's proofs/, installed as theorycheck_proofs)")
    group.addoption("--theorycheck-expected", metavar="FILE", default=None,
                    help=f"file of expected verdicts (default: {EXPECTED_FILE} in the root directory, if present)")
    group.addoption("--theorycheck-timeout", metavar="SECONDS", type=_timeout_seconds, default=None,
                    help="seconds each check may take (default: theorycheck's default)")
    group.addoption("--theorycheck-update-expected", action="store_true", default=False,
                    help="after the run, write the verdicts seen (refuted, inconclusive, error) into the "
                         "expectations file, keeping the reasons already there")


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "theorycheck: a claim of the paper checked by theorycheck (--theorycheck)")
    if config.getoption("theorycheck_only"):
        config.option.theorycheck = True
    if config.getoption("theorycheck", False) and config.getoption("theorycheck_update_expected", False):
        path = _expected_path(config)  # checked before the claims run (referee AS: a traceback at the session's end)
        if path.is_dir() or not path.parent.is_dir():
            raise pytest.UsageError(f"--theorycheck-expected {path}: "
                                    f"{'is a folder' if path.is_dir() else 'its folder does not exist'}; give a file "
                                    "in an existing folder")


def pytest_ignore_collect(collection_path: Path, config: pytest.Config) -> bool | None:
    """With --theorycheck-only no file or folder is collected: the claims are the whole session."""
    return True if config.getoption("theorycheck_only") else None


def _expected_path(config: pytest.Config) -> Path:
    given = config.getoption("theorycheck_expected")
    if given:
        path = Path(given)
        return path if path.is_absolute() else Path(config.invocation_params.dir) / path
    return Path(config.rootpath) / EXPECTED_FILE


def pytest_runtest_logreport(report) -> None:
    """Remember each claim's verdict (also on the xdist controller, from the workers' reports)."""
    if not report.nodeid.startswith("theorycheck::") or report.when != "call":
        return
    verdict = dict(report.user_properties).get("verdict")
    if verdict in VERDICTS:
        _SEEN[report.nodeid.split("::", 1)[1]] = verdict


_SEEN: dict[str, str] = {}


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    config = session.config
    if not (config.getoption("theorycheck", False) and config.getoption("theorycheck_update_expected", False)):
        return
    if exitstatus in (pytest.ExitCode.INTERRUPTED, pytest.ExitCode.INTERNAL_ERROR, pytest.ExitCode.USAGE_ERROR):
        return  # a session that did not run its claims (a collection error, Ctrl-C) updates nothing (referee AS)
    if hasattr(config, "workerinput"):  # an xdist worker: the controller writes the file
        return
    path = _expected_path(config)
    current = load_expected(path) if path.is_file() else {}
    for cid, verdict in _SEEN.items():
        if verdict == "verified":
            current.pop(cid, None)
        else:
            old = current.get(cid, {})
            current[cid] = {
                "verdict": verdict,
                "reason": old.get("reason", "") if old.get("verdict") == verdict else "",
            }
    reporter = config.pluginmanager.get_plugin("terminalreporter")
    from .outputs import save_text

    try:
        save_text(path, expected_toml(current))  # the old file or the whole new one
    except OSError as exc:
        if reporter is not None:
            reporter.write_line(f"theorycheck: cannot write {path} ({exc.strerror or exc}); the expected verdicts "
                                "were not updated")
        return
    if reporter is not None:
        reporter.write_line(f"theorycheck: wrote {len(current)} expected verdicts to {path}")


def expected_toml(expected: dict[str, dict[str, str]]) -> str:
    """The expectations file's text (ids sorted; a reason, when there is one, in an inline table)."""
    lines = ["# Expected verdicts for `pytest --theorycheck` (theorycheck.pytest_plugin). A claim listed here",
             "# as refuted (or error) is reported as xfail while it stays so; a claim whose verdict differs from",
             "# the one here fails with \"verdict changed\"; a claim not listed is expected to be verified.",
             "# Rewrite with: pytest --theorycheck -m theorycheck --theorycheck-update-expected (reasons are kept).",
             "", "[expected]"]
    for cid in sorted(expected):
        entry = expected[cid]
        key = json.dumps(cid, ensure_ascii=False)
        if entry.get("reason"):
            lines.append(f"{key} = {{ verdict = {json.dumps(entry['verdict'])}, "
                         f"reason = {json.dumps(entry['reason'], ensure_ascii=False)} }}")
        else:
            lines.append(f"{key} = {json.dumps(entry['verdict'])}")
    return "\n".join(lines) + "\n"


def _timeout_seconds(text: str) -> float:
    """--theorycheck-timeout: a finite number of seconds > 0, as the CLI's --timeout (referee AN: −5 had failed every
    claim as timed out, and 0 or nan had meant no timeout)."""
    import argparse
    import math

    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a finite number > 0, got {text!r}") from None
    if not math.isfinite(value) or value <= 0:
        raise argparse.ArgumentTypeError(f"expected a finite number > 0, got {text!r}")
    return value


class ClaimFailed(Exception):
    """A claim whose verdict fails its item; the message is the whole report."""


def load_expected(path: str | Path) -> dict[str, dict[str, str]]:
    """``{claim id: {"verdict": ..., "reason": ...}}`` from a TOML or JSON expectations file.

    The file holds a table ``expected`` (or, in JSON, an object ``expected``, or the mapping
    itself) from claim ids to a verdict or to ``{verdict, reason}``."""
    from .errors import InputError

    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise InputError(f"--theorycheck-expected {path}: cannot read it ({exc.strerror})") from None
    except UnicodeDecodeError as exc:  # referee AN: a traceback
        raise InputError(f"--theorycheck-expected {path}: not a UTF-8 text file (byte {exc.start})") from None
    try:
        if path.suffix == ".json":
            data = json.loads(text)
        else:
            import tomllib

            data = tomllib.loads(text)
    except ValueError as exc:  # tomllib.TOMLDecodeError and json.JSONDecodeError are ValueErrors
        raise InputError(f"{path}: not valid {'JSON' if path.suffix == '.json' else 'TOML'}: {exc}") from None
    table = data.get("expected", data) if isinstance(data, dict) else None
    if not isinstance(table, dict):
        raise InputError(f"{path}: expected a table 'expected' of claim id = verdict")
    out: dict[str, dict[str, str]] = {}
    for cid, value in table.items():
        entry = {"verdict": value} if isinstance(value, str) else dict(value) if isinstance(value, dict) else {}
        if entry.get("verdict") not in VERDICTS:
            raise InputError(f"{path}: {cid}: the expected verdict must be one of {', '.join(VERDICTS)}, got {value!r}")
        out[str(cid)] = {"verdict": entry["verdict"], "reason": str(entry.get("reason", ""))}
    return out


def _expected_for(config: pytest.Config) -> tuple[dict[str, dict[str, str]], str | None]:
    path = _expected_path(config)
    if config.getoption("theorycheck_expected") or path.is_file():
        return load_expected(path), str(path)
    return {}, None


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(session: pytest.Session, config: pytest.Config, items: list) -> None:
    """Add one item per claim, first: -k/-m deselection, --lf and xdist then see them like any item."""
    if not config.getoption("theorycheck"):
        return
    collector = ClaimCollector.from_parent(session, name="theorycheck", nodeid="theorycheck")
    # collected and reported like any collector: "collected N items", --lf and xdist count the claims, and a
    # broken proofs folder is a collection error (one message, the run stops) rather than an internal error
    report = collector.ihook.pytest_make_collect_report(collector=collector)
    report.__dict__.pop("call", None)  # as pytest's own collect_one_node does: the CallInfo is not serialisable
    config.hook.pytest_collectreport(report=report)
    if report.passed:
        items.extend(report.result)


class ClaimCollector(pytest.Collector):
    """The claims of one proofs folder."""

    def collect(self):
        from .errors import InputError
        from .registry import load

        config = self.config
        try:
            registry = load(config.getoption("theorycheck_proofs"))
            expected, source = _expected_for(config)
        except InputError as exc:
            raise self.CollectError(f"theorycheck: {exc}") from None
        unknown = sorted(set(expected) - set(registry.ids))
        if unknown:
            import warnings

            warnings.warn(pytest.PytestConfigWarning(f"theorycheck: {source} names claims that do not exist: "
                                                     f"{', '.join(unknown)}"), stacklevel=1)
        items = []
        for claim in registry.claims:
            item = ClaimItem.from_parent(self, name=claim.id, claim=claim, expected=expected.get(claim.id),
                                         expected_source=source)
            item.add_marker("theorycheck")
            items.append(item)
        return items


def _short(value: Any, width: int = 2000) -> str:
    text = json.dumps(value, ensure_ascii=False, indent=2, default=str)
    return text if len(text) <= width else text[: width - 1] + "…"


class ClaimItem(pytest.Item):
    """One claim: runs its check in a forked process and turns the verdict into an outcome."""

    def __init__(self, *, claim, expected: dict[str, str] | None = None, expected_source: str | None = None, **kw):
        super().__init__(**kw)
        self.claim = claim
        self.expected = expected
        self.expected_source = expected_source
        self.user_properties.append(("source", claim.source))

    def reportinfo(self):
        return self.path, None, f"claim {self.claim.id} ({self.claim.source})"

    def runtest(self) -> None:
        from .runner import DEFAULT_TIMEOUT, run_claims

        timeout = self.config.getoption("theorycheck_timeout") or DEFAULT_TIMEOUT
        verdict, seconds = run_claims([self.claim], jobs=1, timeout=timeout)[self.claim.id]
        kind = verdict.verdict
        self.user_properties.extend([("verdict", kind), ("method", verdict.method), ("seconds", round(seconds, 3))])
        report = self._report(verdict)
        # with an expectations file, a claim it does not list is expected to be verified
        expected = self.expected["verdict"] if self.expected else "verified" if self.expected_source else None
        if expected is not None and expected != kind:
            raise ClaimFailed(f"verdict changed: {self.claim.id} was expected to be {expected} "
                              f"({self.expected_source}), it is now {kind}\n{report}")
        if kind == "verified":
            return
        if kind == "inconclusive":
            pytest.skip(f"inconclusive: {' '.join(verdict.detail.split())}")
        if expected == kind:  # a known refutation (or known error): expected to fail
            reason = (self.expected or {}).get("reason") or f"known {kind} ({self.expected_source})"
            pytest.xfail(f"{reason}: {' '.join(verdict.detail.split())}")
        raise ClaimFailed(report)

    def _report(self, verdict) -> str:
        claim = self.claim
        lines = [f"{claim.id}: {verdict.verdict} ({verdict.method})", f"  claim: {claim.title} [{claim.source}]",
                 f"  statement: {claim.statement}", f"  assumptions: {claim.assumptions}",
                 f"  detail: {verdict.detail}"]
        evidence = dict(verdict.evidence)
        witness = evidence.pop("witness", None)
        if witness is not None:
            lines.append("  witness: " + _short(witness).replace("\n", "\n  "))
        if verdict.verdict == "error":
            lines.append("  evidence: " + _short(evidence).replace("\n", "\n  "))
        if verdict.corrected:
            lines.append(f"  corrected statement (checked): {verdict.corrected}")
        lines.append(f"  full record: theorycheck show {claim.id}")
        return "\n".join(lines)

    def repr_failure(self, excinfo, style=None):
        if isinstance(excinfo.value, ClaimFailed):
            return str(excinfo.value)
        return super().repr_failure(excinfo, style=style)
