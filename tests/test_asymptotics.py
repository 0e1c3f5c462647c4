"""theorycheck.asymptotics against an independent brute force, edge cases, condition texts.

The brute force reads nothing from the module under test: instances are built from coefficient vectors
(exponents and constraints are linear forms we generate), and domination is evaluated directly in exact
rationals at every point of a rational grid and at random rational points of the region.
"""

from __future__ import annotations

import dataclasses
import itertools
import math
import random
from fractions import Fraction

import pytest
import sympy as sp
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from theorycheck.asymptotics import Region, compare, decide, rate_terms, ratio_at
from theorycheck.errors import InputError
from theorycheck.statement import Statement

d = sp.Symbol("d", positive=True)
A = sp.symbols("a0 a1 a2", real=True)
qs = sp.Symbol("q", positive=True, integer=True)

# ---------------------------------------------------------------------------------------------------------
# the brute force: linear forms as (coefficient vector, constant, q-coefficient vector?) in exact Fractions
# an exponent is  c0 + Σ c_k a_k  (optionally all divided by (q + 1)), a log power  k0 + Σ m_k a_k


def _lin_value(form, point, qv):
    coeffs, const, per_q = form
    value = const
    for c, x in zip(coeffs, point):
        if c:
            value += c * x
    return value / (qv + 1) if per_q else value


def _lin_expr(form, variables):
    coeffs, const, per_q = form
    expr = sp.Rational(const.numerator, const.denominator) + sum(
        sp.Rational(c.numerator, c.denominator) * v for c, v in zip(coeffs, variables)
    )
    return expr / (qs + 1) if per_q else expr


def _dominated(ti, tj, strict):
    """(s_i, e_i, k_i) below (s_j, e_j, k_j) lexicographically (strictly when ``strict``); s = ±1 for the
    super-polynomial factors exp(±c log² d) (one per sign in these instances), 0 without."""
    return ti < tj or (not strict and ti == tj)


def _holds_at_fractions(lhs, rhs, point, qv, strict):
    """The brute force's definition: every left term dominated by some right term at (point, q)."""

    def ev(term):
        kind, e, k = term
        return ({"fin": 0, "+inf": 1, "-inf": -1}[kind], _lin_value(e, point, qv), _lin_value(k, point, qv))

    R = [ev(t) for t in rhs]
    for t in lhs:
        v = ev(t)
        if not any(_dominated(v, r, strict) for r in R):
            return False
    return True


def _in_region_fractions(constraints, point):
    for coeffs, const, op in constraints:
        v = const
        for c, x in zip(coeffs, point):
            if c:
                v += c * x
        if (v >= 0) if op == "<" else (v > 0):
            return False
    return True


def _holds_at(lhs, rhs, point, qv, strict):
    """_holds_at_fractions, decided by the instance's _IntegerOracle (built once per (lhs, rhs))."""
    return _cached_oracle(("terms", lhs, rhs), lambda: _IntegerOracle((), lhs, rhs)).holds_at(point, qv, strict)


def _in_region(constraints, point):
    """_in_region_fractions, decided by the instance's _IntegerOracle (built once per constraint list)."""
    return _cached_oracle(("region", constraints), lambda: _IntegerOracle(constraints)).in_region(point)


_ORACLES = {}


def _cached_oracle(key, build):
    """The oracle of the last instance seen for this kind of key (the key's objects compared by identity)."""
    kind, objs = key[0], key[1:]
    hit = _ORACLES.get(kind)
    if hit is None or len(hit[0]) != len(objs) or any(x is not y for x, y in zip(hit[0], objs)):
        hit = _ORACLES[kind] = (objs, build())
    return hit[1]


class _IntegerOracle:
    """:func:`_holds_at` and :func:`_in_region` for one instance in exact integer arithmetic (the same
    decisions, several times cheaper than Fractions): every linear form is multiplied by L, the common
    denominator of all the instance's coefficients, a point by D, the common denominator of its coordinates,
    and a degree-dependent exponent by q + 1 (the others by q + 1 too). Each scale is > 0 and common to the
    quantities compared, so every comparison (<, =, sign) is unchanged. Checked against the Fraction
    versions in test_integer_oracle_matches_fractions."""

    KIND = {"fin": 0, "+inf": 1, "-inf": -1}

    def __init__(self, constraints, lhs=(), rhs=()):
        forms = [(c, k, False) for c, k, _ in constraints] + [f for _, e, k in (*lhs, *rhs) for f in (e, k)]
        self.L = math.lcm(1, *(x.denominator for coeffs, const, _ in forms for x in (*coeffs, const)))
        self.constraints = [(self._ints(c, k, False), op) for c, k, op in constraints]
        self.lhs = [(self.KIND[kind], self._ints(*e), self._ints(*k)) for kind, e, k in lhs]
        self.rhs = [(self.KIND[kind], self._ints(*e), self._ints(*k)) for kind, e, k in rhs]

    def _ints(self, coeffs, const, per_q):
        scaled = [x * self.L for x in (*coeffs, const)]
        assert all(x.denominator == 1 for x in scaled)
        return tuple(int(x) for x in scaled[:-1]), int(scaled[-1]), per_q

    @staticmethod
    def point(point):
        """(D, D·point as integers) for a point of Fractions."""
        D = math.lcm(1, *(x.denominator for x in point))
        return D, tuple(x.numerator * (D // x.denominator) for x in point)

    @staticmethod
    def _value(form, D, X):
        coeffs, const, _ = form
        return const * D + sum(c * x for c, x in zip(coeffs, X) if c)

    def in_region(self, point):
        D, X = self.point(point)
        for form, op in self.constraints:
            v = self._value(form, D, X)
            if (v >= 0) if op == "<" else (v > 0):
                return False
        return True

    def exponents(self, point, qv):
        """The powers of d of the lhs and rhs terms (in that order) at the point, times L·D·(q + 1)."""
        return self.exponents_scaled(*self.point(point), qv)

    def exponents_scaled(self, D, X, qv):
        """:meth:`exponents` at the point given as ``self.point(point)``."""
        return [self._value(e, D, X) * (1 if e[2] else qv + 1) for _, e, _ in (*self.lhs, *self.rhs)]

    def holds_at(self, point, qv, strict):
        return self.holds_at_scaled(*self.point(point), qv, strict)

    def holds_at_scaled(self, D, X, qv, strict):
        """:meth:`holds_at` at the point given as ``self.point(point)`` (converted once for all degrees)."""

        def ev(term):
            s, e, k = term
            return (s, self._value(e, D, X) * (1 if e[2] else qv + 1), self._value(k, D, X) * (1 if k[2] else qv + 1))

        R = [ev(t) for t in self.rhs]
        return all(any(_dominated(ev(t), r, strict) for r in R) for t in self.lhs)


def _sample_points(nvar, constraints, rng):
    step, half = (Fraction(1, 4), 3) if nvar <= 2 else (Fraction(1, 2), 2)
    grid = [-half + step * k for k in range(int(2 * half / step) + 1)]
    pts = [p for p in itertools.product(grid, repeat=nvar) if _in_region(constraints, p)]
    # random rational points of the region (rejection from a box, then a wider box for unbounded regions)
    for box in (3, 40):
        for _ in range(200):
            p = tuple(Fraction(rng.randint(-box * 97, box * 97), 97) for _ in range(nvar))
            if _in_region(constraints, p):
                pts.append(p)
    return pts


FRACS = st.sampled_from([Fraction(k, m) for k in range(-4, 5) for m in (1, 2, 4)])
SMALL = st.sampled_from([Fraction(k, m) for k in range(-2, 3) for m in (1, 2)])


@st.composite
def instances(draw):
    nvar = draw(st.integers(1, 3))
    with_q = draw(st.booleans())
    constraints = []
    for _ in range(draw(st.integers(0, 4))):
        coeffs = [draw(SMALL) for _ in range(nvar)]
        if all(c == 0 for c in coeffs):
            continue
        constraints.append((coeffs, draw(SMALL) * 2, draw(st.sampled_from(["<", "<="]))))
    if draw(st.booleans()):  # a bounding box on some variables keeps most examples bounded
        for k in range(nvar):
            unit = [Fraction(int(m == k)) for m in range(nvar)]
            constraints.append(([-c for c in unit], Fraction(-2), "<="))  # a_k >= -2
            if draw(st.booleans()):
                constraints.append((unit, Fraction(-2), draw(st.sampled_from(["<", "<="]))))

    def term():
        kind = draw(st.sampled_from(["fin"] * 8 + ["-inf", "+inf"]))
        e = ([draw(FRACS) for _ in range(nvar)], draw(FRACS), with_q and draw(st.booleans()))
        if draw(st.booleans()):
            k = ([Fraction(0)] * nvar, Fraction(draw(st.integers(-2, 2))), False)
        else:  # a log power depending on a parameter (like ρ)
            k = ([Fraction(draw(st.integers(-1, 1))) for _ in range(nvar)], Fraction(draw(st.integers(-2, 2))), False)
        return (kind, e, k)

    lhs = [term() for _ in range(draw(st.integers(1, 3)))]
    rhs = [term() for _ in range(draw(st.integers(1, 3)))]
    if draw(st.booleans()):
        # a right-side term tied with a left one: everywhere (e_j = e_i), or exactly on the boundary of a
        # constraint v ≤ 0 (e_j = e_i − v: the left term wins or ties only there); log power ±1 or equal
        kind, (ec, e0, eq), (kc, k0, kq) = lhs[0]
        if constraints and not eq and draw(st.booleans()):
            coeffs, const, _ = constraints[draw(st.integers(0, len(constraints) - 1))]
            ec, e0 = [x - y for x, y in zip(ec, coeffs)], e0 - const
        rhs[0] = (kind, (ec, e0, eq), (kc, k0 + draw(st.integers(-1, 1)), kq))
    strict = draw(st.booleans())
    return nvar, with_q, constraints, lhs, rhs, strict, draw(st.integers(0, 2**31))


def _build(nvar, with_q, constraints, lhs, rhs):
    variables = A[:nvar]
    rels = []
    for coeffs, const, op in constraints:
        expr = _lin_expr((coeffs, const, False), variables)
        rel = expr < 0 if op == "<" else expr <= 0
        rels.append(rel)
    region = Region("random", variables, tuple(rels), q=qs if with_q else None, q_values=(1, 2, 5) if with_q else ())

    def expr_of(terms, salt):
        out = sp.Integer(0)
        for idx, (kind, e, k) in enumerate(terms):
            t = sp.Rational(idx + 1 + salt, 3) * d ** _lin_expr(e, variables) * sp.log(d) ** _lin_expr(k, variables)
            if kind == "-inf":
                t *= sp.exp(-(sp.log(d) ** 2) / 2)
            elif kind == "+inf":
                t *= sp.exp(sp.log(d) ** 2 / 3)
            out += t
        return out

    return region, expr_of(lhs, 0), expr_of(rhs, 1)


@pytest.mark.slow  # ~40 s alone on the shared 2-core machine (150 examples, brute force in Fractions)
@settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=list(HealthCheck),
    derandomize=True,
    database=None,
    print_blob=True,
)
@given(instances())
def test_compare_against_brute_force(inst):
    nvar, with_q, constraints, lhs, rhs, strict, seed = inst
    region, L, R = _build(nvar, with_q, constraints, lhs, rhs)
    rng = random.Random(seed)
    points = _sample_points(nvar, constraints, rng)
    degrees = (1, 2, 5) if with_q else (0,)
    try:
        result = compare(L, "ll" if strict else "lesssim", R, region, d=d)
    except InputError as exc:  # only the undecidable comparison of two super-polynomial factors may refuse
        pytest.fail(f"InputError {exc}")
    fails, holds = [], []
    oracle = _cached_oracle(("terms", lhs, rhs), lambda: _IntegerOracle((), lhs, rhs))  # what _holds_at asks
    scaled = [oracle.point(p) for p in points]  # each point made integer once, not once per degree
    for qv in degrees:
        for p, (D, X) in zip(points, scaled):
            (holds if oracle.holds_at_scaled(D, X, qv, strict) else fails).append((p, qv))
    if fails:
        assert result.holds_on != "all", (result, fails[:3])
    if holds:
        assert result.holds_on != "none", (result, holds[:3])
    if result.holds_on == "all":
        assert not fails
    if result.holds_on == "none":
        assert not holds
    if result.holds_on in ("part", "none"):
        w = result.witness
        assert w is not None
        point = tuple(Fraction(w["point"][str(v)]) for v in region.variables)
        qv = int(w["point"][str(qs)]) if with_q else 0
        assert _in_region(constraints, point), w
        assert not _holds_at(lhs, rhs, point, qv, strict), w
        # the module's own membership test agrees
        assert region.contains({v: w["point"][str(v)] for v in region.variables} | ({qs: qv} if with_q else {}))
    else:
        assert result.witness is None
    if result.holds_on == "part":
        assert result.witness is not None


def _dominated_by_some_choice(lhs, rhs, variables, region_rows, strict, d, cache, forms) -> bool:
    """The definition behind asymptotics._dominated_somewhere, exhaustively: some choice, for each left term, of a
    right term and of how it dominates there (e_i < e_j, or e_i = e_j and k_i ≤ k_j; < for ≪) makes the system
    feasible (each system decided exactly by _feasible, no pruning, no argument about a largest right term)."""
    import theorycheck.asymptotics as asy

    per_term = []
    for i in lhs:
        options = []
        for j in rhs:
            how = asy._pair(i, j, strict, d)
            if how == "yes":
                options = None
                break
            if how == "lp":
                a, c = asy._minus(forms[i][0], forms[j][0])
                a2, c2 = asy._minus(forms[i][1], forms[j][1])
                options += [([(a, -c, True)], []), ([(a2, -c2, strict)], [(a, -c)])]
        if options is not None:
            per_term.append(options)
    for choice in itertools.product(*per_term):
        rows = list(region_rows) + [row for extra, _ in choice for row in extra]
        eqs = [eq for _, extra in choice for eq in extra]
        if asy._feasible(len(variables), rows, eqs, {}, readable=False) is not None:
            return True
    return False


@settings(max_examples=80, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True, database=None)
@given(instances())
def test_dominated_somewhere_is_every_choice_searched(inst):
    """_dominated_somewhere searches one right term per point (the largest there: domination is a total preorder's
    part), not every choice of a right term for each left term; on every call compare makes, it answers as the
    exhaustive search over every choice does (a found point is checked to lie in the region). On these 80 examples
    compare makes 61 such calls, 23 finding a point and 38 proving there is none (counted at 2026-12-01)."""
    import theorycheck.asymptotics as asy

    nvar, with_q, constraints, lhs, rhs, strict, _ = inst
    region, L, R = _build(nvar, with_q, constraints, lhs, rhs)
    searched = asy._dominated_somewhere
    calls = []

    def both(L_, R_, variables, rows, strict_, d_, cache, forms):
        got = searched(L_, R_, variables, rows, strict_, d_, cache, forms)
        want = _dominated_by_some_choice(L_, R_, variables, rows, strict_, d_, cache, forms)
        calls.append((got is not None, want))
        if got is not None:  # the point is in the region and every left term is dominated there
            assert asy._satisfies(got, rows, [])
        return got

    asy._dominated_somewhere = both
    try:
        compare(L, "ll" if strict else "lesssim", R, region, d=d)
    except InputError:
        pass
    finally:
        asy._dominated_somewhere = searched
    assert all(got == want for got, want in calls), calls


@settings(max_examples=30, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True, database=None)
@given(instances())
def test_integer_oracle_matches_fractions(inst):
    """The brute force's integer oracle decides exactly as the Fraction definitions _in_region / _holds_at,
    on grid points (where ties happen) and random rational points, at every degree."""
    nvar, with_q, constraints, lhs, rhs, strict, seed = inst
    oracle = _IntegerOracle(constraints, lhs, rhs)
    rng = random.Random(seed)
    grid = [Fraction(k, 4) for k in range(-12, 13)]
    points = [tuple(rng.choice(grid) for _ in range(nvar)) for _ in range(20)]
    points += [tuple(Fraction(rng.randint(-400, 400), rng.choice((1, 2, 97))) for _ in range(nvar)) for _ in range(20)]
    for p in points:
        assert oracle.in_region(p) == _in_region_fractions(constraints, p) == _in_region(constraints, p), p
        for qv in (1, 2, 5) if with_q else (0,):
            assert oracle.holds_at(p, qv, strict) == _holds_at_fractions(lhs, rhs, p, qv, strict), (p, qv)
            exact = [_lin_value(e, p, qv) for _, e, _ in lhs + rhs]
            scaled = oracle.exponents(p, qv)
            assert all(
                (x < y) == (u < v) and (x == y) == (u == v)
                for x, u in zip(exact, scaled)
                for y, v in zip(exact, scaled)
            )


# ---------------------------------------------------------------------------------------------------------
# condition texts: exact for one right-side term with numeric log ties; for several, exact off ties (Max)


def _exact_evaluator(expr):
    """A parsed condition side as a function of the variables' values, evaluated in Fractions (numbers,
    symbols, + * integer powers, Max, Min); the tree is walked once, not at every point."""
    if expr.is_Rational:
        const = Fraction(int(expr.p), int(expr.q))
        return lambda values: const
    if expr.is_Symbol:
        name = str(expr)
        return lambda values: values[name]
    args = [_exact_evaluator(x) for x in expr.args]
    if expr.is_Add:
        return lambda values: sum((f(values) for f in args), Fraction(0))
    if expr.is_Mul:

        def product(values):
            out = Fraction(1)
            for f in args:
                out *= f(values)
            return out

        return product
    if expr.is_Pow and expr.exp.is_Integer:
        power = int(expr.exp)
        return lambda values: args[0](values) ** power
    if isinstance(expr, sp.Max):
        return lambda values: max(f(values) for f in args)
    if isinstance(expr, sp.Min):
        return lambda values: min(f(values) for f in args)
    raise AssertionError(f"unexpected {expr}")


def _parsed_conditions(texts):
    from theorycheck.plots import parse_condition_tree

    return [parse_condition_tree(text, ("a0", "a1", "a2", "q")) for text in texts]


_EVALUATORS = {}


def _condition_holds(parsed, point, qv):
    """A parsed condition tree (plots.parse_condition_tree: or / and / one inequality) at a point, in Fractions."""
    if parsed[0] in ("or", "and"):
        values = (_condition_holds(part, point, qv) for part in parsed[1])
        return any(values) if parsed[0] == "or" else all(values)
    _, lhs, op, rhs = parsed
    hit = _EVALUATORS.get(id(parsed))
    if hit is None or hit[0] is not parsed:  # walk each parsed condition's tree once, not at every point
        if len(_EVALUATORS) > 64:
            _EVALUATORS.clear()
        hit = _EVALUATORS[id(parsed)] = (parsed, _exact_evaluator(lhs), _exact_evaluator(rhs))
    values = {f"a{k}": x for k, x in enumerate(point)} | {"q": Fraction(qv)}
    value = hit[1](values) - hit[2](values)
    return {"<": value < 0, "<=": value <= 0, ">": value > 0, ">=": value >= 0, "==": value == 0}[op]


@pytest.mark.slow  # ~15 s
@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True, database=None)
@given(instances(), st.booleans(), st.booleans())
def test_conditions_match_brute_force(inst, single, numeric_logs):
    nvar, with_q, constraints, lhs, rhs, strict, seed = inst
    lhs = [t for t in lhs if t[0] == "fin"] or [
        ("fin", ([Fraction(1)] * nvar, Fraction(0), False), ([Fraction(0)] * nvar, Fraction(0), False))
    ]
    rhs = [t for t in rhs if t[0] == "fin"][: 1 if single else 3] or [
        ("fin", ([Fraction(0)] * nvar, Fraction(1), False), ([Fraction(0)] * nvar, Fraction(1), False))
    ]
    # numeric log powers, or log powers that depend on the parameters: the conditions are exact either way, ties
    # included (referee BP, F1: the Max text had been exact only off the ties e_i = e_j)
    if numeric_logs:
        rhs = [(kind, e, ([Fraction(0)] * nvar, k[1], False)) for kind, e, k in rhs]
        lhs = [(kind, e, ([Fraction(0)] * nvar, k[1], False)) for kind, e, k in lhs]
    region, L, R = _build(nvar, with_q, constraints, lhs, rhs)
    result = compare(L, "ll" if strict else "lesssim", R, region, d=d)
    points = _sample_points(nvar, constraints, random.Random(seed))[:400]
    degrees = (1, 2, 5) if with_q else (0,)
    parsed = _parsed_conditions(result.conditions_exact)
    oracle = _cached_oracle(("terms", lhs, rhs), lambda: _IntegerOracle((), lhs, rhs))  # what _holds_at asks
    scaled = [oracle.point(p) for p in points]  # each point made integer once, not once per degree
    for qv in degrees:
        for p, (D, X) in zip(points, scaled):
            holds = oracle.holds_at_scaled(D, X, qv, strict)
            cond = all(_condition_holds(c, p, qv) for c in parsed)
            assert holds == cond, (result.conditions_exact, p, qv, holds)


@pytest.mark.slow  # ~10 s
@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True, database=None)
@given(instances(), st.booleans(), st.booleans())
def test_conditions_cannot_hold_is_sound(inst, numeric_logs, complementary):
    """asymptotics.conditions_cannot_hold (the merge of a chain's regimes: "part" → "none") says the conditions of
    several relations cannot all hold only where no point of the region satisfies them all: the conditions of
    lhs ≲ rhs and of rhs ≪ lhs (complementary: the answer is True) or of lhs ≲ rhs and rhs ≲ lhs (they meet where the
    two sides have one order: True or False), at sampled points (grid points on the faces and ties included) and
    every checked degree (referee BR, BR4)."""
    from theorycheck.asymptotics import conditions_cannot_hold

    nvar, with_q, constraints, lhs, rhs, strict, seed = inst
    lhs = [t for t in lhs if t[0] == "fin"][:2] or [
        ("fin", ([Fraction(1)] * nvar, Fraction(0), False), ([Fraction(0)] * nvar, Fraction(0), False))
    ]
    rhs = [t for t in rhs if t[0] == "fin"][:2] or [
        ("fin", ([Fraction(0)] * nvar, Fraction(1), False), ([Fraction(0)] * nvar, Fraction(1), False))
    ]
    if numeric_logs:
        rhs = [(kind, e, ([Fraction(0)] * nvar, k[1], False)) for kind, e, k in rhs]
        lhs = [(kind, e, ([Fraction(0)] * nvar, k[1], False)) for kind, e, k in lhs]
    region, L, R = _build(nvar, with_q, constraints, lhs, rhs)
    texts = []
    for left, rel, right in ((L, "lesssim", R), (R, "ll" if complementary else "lesssim", L)):
        texts += compare(left, rel, right, region, d=d).conditions_exact
    if not texts:
        return
    parsed = _parsed_conditions(texts)
    points = _sample_points(nvar, constraints, random.Random(seed))[:400]
    degrees = (1, 2, 5) if with_q else (0,)
    met = any(all(_condition_holds(c, p, qv) for c in parsed) for qv in degrees for p in points)
    if conditions_cannot_hold(texts, region):
        assert not met, texts


def test_conditions_cannot_hold_decides_complementary_relations():
    """The exact reading decides what the closures could not (referee BR, BR4): d^a ≲ d^{1/2} log d holds where
    a < 1/2 or a = 1/2; d^{1/2} ≪ d^a where a > 1/2: they cannot both hold. Perturbed: with ≲ for the second
    (a ≥ 1/2), they meet at a = 1/2."""
    from theorycheck.asymptotics import conditions_cannot_hold

    half = sp.Rational(1, 2)
    first = compare(d**a, "lesssim", d**half * sp.log(d), LINE, d=d).conditions_exact
    second = compare(d**half * sp.log(d), "ll", d**a, LINE, d=d).conditions_exact
    assert conditions_cannot_hold([*first, *second], LINE), (first, second)
    third = compare(d**half, "lesssim", d**a, LINE, d=d).conditions_exact
    assert not conditions_cannot_hold([*compare(d**a, "lesssim", d**half, LINE, d=d).conditions_exact, *third], LINE)


def test_conditions_cannot_hold_prunes_and_expands_the_or_side_first(monkeypatch):
    """Referee BU, F2: every choice of one case per condition had been tried at every degree (512 cases took 160 s);
    now a partial choice proved empty is not extended. F10: Min(…) < Min(…) is expanded from its "or" side (3
    cases, not 27). The perturbation: the same conditions without the impossible one can hold."""
    from theorycheck import asymptotics as A

    x = sp.Symbol("x", real=True)
    region = A.Region("0 < x < 2", (x,), (x > 0, x < 2))
    calls = []
    original = A.Region.point

    def counted(self, q_value=None):
        calls.append(q_value)
        return original(self, q_value)

    monkeypatch.setattr(A.Region, "point", counted)
    many = [f"x - {k}/20 > 0 or {k}/40 - x > 0" for k in range(1, 11)]  # 2 cases each: 1024 choices
    assert A.conditions_cannot_hold(["x - 5 > 0", *many], region)
    assert len(calls) <= 3
    calls.clear()
    # they can hold: depth first, one choice per level reaches a point
    assert not A.conditions_cannot_hold(many, region)
    assert len(calls) <= 11
    # referee BW, G2: with nothing to prune, at most MAX_REGION_TESTS region tests, then nothing is proved (sound):
    # 2^13 feasible choices before the last condition, whose two cases are both empty, so it cannot hold, but the
    # search stops at the budget and answers False; with the budget large enough it proves True
    wide = [f"x - {k}/100 > 0 or {k}/100 + 1/1000 - x > 0" for k in range(1, 14)]
    last = "x - 3 > 0 or -1 - x > 0"
    monkeypatch.setattr(A, "MAX_CONDITION_CASES", 20000)
    monkeypatch.setattr(A, "MAX_REGION_TESTS", 50)
    calls.clear()
    assert not A.conditions_cannot_hold([*wide, last], region)
    assert 40 <= len(calls) <= 51
    assert A.conditions_cannot_hold([*wide[:4], last], region)
    a_, b_, c_, d_, e_, f_ = sp.symbols("a b c d e f", real=True)
    assert len(A._comparison_cases(sp.Min(a_, b_, c_), "<", sp.Min(d_, e_, f_))) == 3
    assert len(A._comparison_cases(sp.Max(a_, b_, c_), "<", sp.Max(d_, e_, f_))) == 3


# ---------------------------------------------------------------------------------------------------------
# edge cases

a, b = sp.symbols("a b", real=True)
e_pos = sp.Symbol("e", positive=True)
LINE = Region("-1 < a < 1", (a,), (a > -1, a < 1))
NONNEG = Region("a >= 0", (a,), (a >= 0,))
POS = Region("e > 0", (e_pos,), ())
G = sp.exp(-(sp.log(d) ** 2) / 2)


@pytest.mark.parametrize(
    "lhs, rel, rhs, region, expected",
    [
        # super-polynomial factors
        (G, "ll", d**-10, LINE, "all"),
        (G * d**100, "ll", d ** (a - 5), LINE, "all"),
        (G, "lesssim", sp.exp(-(sp.log(d) ** 2)), LINE, "none"),
        (sp.exp(-(sp.log(d) ** 2)), "ll", G, LINE, "all"),
        (G * d, "lesssim", G, LINE, "none"),
        (G * d**a, "lesssim", G, LINE, "part"),
        (G * sp.log(d), "ll", G * d**a + G * sp.log(d) ** 2, LINE, "all"),
        (sp.exp(sp.log(d) ** 2 / 3), "lesssim", d**100, LINE, "none"),
        (d**100, "ll", sp.exp(sp.log(d) ** 2 / 3), LINE, "all"),
        (sp.exp(sp.log(d) ** 2), "lesssim", sp.exp(sp.log(d) ** 2 / 2), LINE, "none"),
        # ties decided by log powers
        (d * sp.log(d), "lesssim", d * sp.log(d), LINE, "all"),
        (d * sp.log(d), "ll", d * sp.log(d), LINE, "none"),
        (d, "ll", d * sp.log(d), LINE, "all"),
        (d * sp.log(d) ** 2, "lesssim", d * sp.log(d), LINE, "none"),
        (d**a * sp.log(d), "lesssim", d**a, LINE, "none"),
        (d**a * sp.log(d), "lesssim", d**a + d ** (2 * a) * sp.log(d) ** 2, LINE, "part"),
        # coefficient-free and empty sides
        (sp.Integer(0), "lesssim", d**a, LINE, "all"),
        (d**a, "lesssim", sp.Integer(0), LINE, "none"),
        (d**a - d ** (2 * a + 5), "lesssim", d**a, LINE, "all"),  # a negative term on the left only helps
        # o(1): a constant right side
        (d**-e_pos, "ll", sp.Integer(1), POS, "all"),
        (d**a / sp.log(d), "ll", sp.Integer(1), NONNEG, "part"),
        (d**a / sp.log(d), "ll", sp.Integer(7), Region("a <= 0", (a,), (a <= 0,)), "all"),
        (sp.log(d) ** -a, "ll", sp.Integer(1), Region("a >= 0", (a,), (a >= 0,)), "part"),
        # unbounded regions
        (d**e_pos, "lesssim", sp.sqrt(d), POS, "part"),
        (d, "lesssim", d**a, Region("a >= 1", (a,), (a >= 1,)), "all"),
        (d, "ll", d**a, Region("a >= 1", (a,), (a >= 1,)), "part"),
        (d ** (1000 + a), "lesssim", d**b, Region("b > a", (a, b), (b > a,)), "part"),
        # empty regions (vacuous)
        (d**a, "lesssim", sp.Integer(0), Region("empty", (a,), (a > 1, a < 0)), "all"),
        (d**a, "lesssim", sp.Integer(0), Region("empty line", (a,), (a >= 1, a <= 0)), "all"),
    ],
)
def test_edge_cases(lhs, rel, rhs, region, expected):
    result = compare(lhs, rel, rhs, region, d=d)
    assert result.holds_on == expected, result
    if expected == "all":
        assert result.witness is None and result.holds_everywhere
    else:
        assert region.contains(result.witness["point"])


def test_exponents_depending_on_q():
    eps_p = sp.Symbol("eps_p", positive=True)
    region = Region("eps_p > 0", (eps_p,), (), q=qs, q_values=(1, 2, 3, 4, 8, 16))
    assert compare(d ** (eps_p / (8 * (qs + 1))), "lesssim", d ** (eps_p / 16), region, d=d).holds_on == "all"
    result = compare(d ** (eps_p / (8 * (qs + 1))), "lesssim", d ** (eps_p / 32), region, d=d)
    assert result.holds_on == "part" and result.witness["point"]["q"] in (1, 2)
    assert compare(d ** (eps_p / (8 * (qs + 1))), "ll", d ** (eps_p / 32), region, d=d).holds_on == "part"
    # a log power growing with q against a fixed one
    result = compare(sp.log(d) ** (qs + 1), "lesssim", sp.log(d) ** 5, region, d=d)
    assert result.holds_on == "part" and result.witness["point"]["q"] >= 5
    # a constraint false for some degrees: those degrees are empty, not an error
    assert compare(sp.log(d) ** (qs + 1), "lesssim", sp.log(d) ** 5, region.restrict(qs <= 4), d=d).holds_on == "all"


def test_privacy_factor():
    r, rho = sp.symbols("r rho", real=True)
    region = Region("r <= 0, rho < 2", (r, rho), (r <= 0, rho < 2))
    R = d**r * sp.log(d) ** rho
    assert compare(R, "ll", sp.log(d) ** 2, region, d=d).holds_on == "all"
    assert compare(R, "lesssim", sp.log(d) ** 2, region, d=d).holds_on == "all"
    result = compare(R, "lesssim", sp.log(d), region, d=d)
    assert result.holds_on == "part"
    assert Fraction(result.witness["point"]["r"]) == 0 and 1 < Fraction(result.witness["point"]["rho"]) < 2
    assert compare(R, "ll", sp.Integer(1), region, d=d).holds_on == "part"
    assert compare(R * d ** (-sp.Rational(1, 10)), "ll", sp.Integer(1), region, d=d).holds_on == "all"
    result = compare(R * sp.log(d) ** 2, "ll", sp.log(d) ** 4, region, d=d)
    assert result.holds_on == "all"
    assert result.conditions_exact == ()  # its −r ≥ 0 (the tie at r = 0 decided by ρ < 2) is the region's r ≤ 0
    result = compare(R, "lesssim", sp.log(d), region, d=d)
    assert result.conditions_exact == ("-r > 0 or (-r == 0 and 1 - rho >= 0)",)  # exact, the tie at r = 0 too
    assert any(r"\rho" in c for c in result.conditions)


def test_negative_or_unknown_coefficient_on_the_right_raises():
    with pytest.raises(InputError, match="coefficient"):
        compare(d, "lesssim", d**2 - d**3, LINE, d=d)
    with pytest.raises(InputError, match="coefficient"):
        compare(d, "lesssim", (a - b) * d**2, Region("a, b", (a, b), (a > 0, b > 0)), d=d)
    with pytest.raises(InputError):
        compare(d, "asymp", d, LINE, d=d)


def test_rate_terms_reads_products_powers_and_sums():
    eps_b, nu, n = sp.symbols("eps_b nu n", positive=True)
    (t,) = rate_terms(sp.sqrt(d ** (1 + eps_b) / n).subs(n, d**nu), d)
    assert sp.expand(t.d_exp - (1 + eps_b - nu) / 2) == 0 and t.log_exp == 0
    terms = rate_terms((d**a + d**b) ** 2, d)
    assert sorted(str(t.d_exp) for t in terms) == sorted(["2*a", "a + b", "2*b"])
    assert {t.coeff for t in terms if t.d_exp == a + b} == {2}
    (t,) = rate_terms(sp.log(d**2) * d, d)
    assert (t.coeff, t.d_exp, t.log_exp) == (2, 1, 1)
    (t,) = rate_terms((1 / sp.log(d)) ** a, d)
    assert t.log_exp == -a
    (t,) = rate_terms(sp.exp(3 * sp.log(d)) * 2 ** (sp.log(d)), d)
    assert sp.simplify(t.d_exp - 3 - sp.log(2)) == 0
    (t,) = rate_terms(G * d * sp.log(d), d)
    assert t.infinite == -1 and t.poly_exp == 1 and t.log_exp == 1
    # a power of a product with a constant, which powsimp(force=True) joins back into one base
    qs = sp.Symbol("q", positive=True, integer=True)
    (t,) = rate_terms((2 * sp.log(d)) ** qs, d)
    assert (t.coeff, t.d_exp, t.log_exp) == (2**qs, 0, qs)
    (t,) = rate_terms(d * (sp.log(d) / 2) ** (qs + 1), d)
    assert (t.coeff, t.d_exp, t.log_exp) == (sp.Rational(1, 2) ** (qs + 1), 1, qs + 1)
    degrees = Region("q", (a,), (a > -1, a < 1), q=qs, q_values=(1, 2, 5))
    result = compare((2 * sp.log(d)) ** qs * d**a, "lesssim", sp.log(d) ** 6, degrees, d=d)
    assert result.conditions_exact == ("-a >= 0",)
    assert compare((2 * sp.log(d)) ** qs, "lesssim", sp.log(d) ** 4, degrees, d=d).witness["point"]["q"] == 5
    for bad in (sp.sin(d), sp.sqrt(d + 1), 1 / (1 + d), sp.log(sp.log(d)), d**d):
        with pytest.raises(InputError, match="cannot read"):
            rate_terms(bad, d)


def test_witness_is_exact_and_decide_reports_it():
    from theorycheck.statement import Statement

    region = Region("0 < a < 1", (a,), (a > 0, a < 1))
    result = compare(d**a * sp.log(d), "lesssim", d ** (a / 2 + sp.Rational(1, 4)), region, d=d)
    assert result.holds_on == "part"
    x = Fraction(result.witness["point"]["a"])
    assert Fraction(1, 2) <= x < 1  # fails from a = 1/2 on (tie at 1/2 lost to the log)
    assert result.conditions_exact == ("1/4 - a/2 > 0",)
    verdict = decide(Statement(d**a * sp.log(d), "lesssim", d ** (a / 2 + sp.Rational(1, 4))), region, d=d)
    assert verdict.verdict == "refuted" and verdict.regime["holds_on"] == "part"
    assert ratio_at(d**a, sp.Integer(1), {"a": "1/2"}, d)[0]["log10_ratio"].startswith("4")


def test_exact_fallback_alone_gives_the_same_answers(monkeypatch):
    """With the LPs switched off, Fourier–Motzkin alone decides (the fallback is itself exact)."""
    import theorycheck.asymptotics as asy

    cases = [
        (G * d**a, "lesssim", G, LINE, "part"),
        (d**a * sp.log(d), "lesssim", d**a + d ** (2 * a) * sp.log(d) ** 2, LINE, "part"),
        (d, "ll", d**a, Region("a >= 1", (a,), (a >= 1,)), "part"),
        (d**a, "lesssim", d**b + d ** (a - 1), Region("b >= a", (a, b), (b >= a, a > -3)), "all"),
        (d**a * sp.log(d), "ll", d**b, Region("b >= a", (a, b), (b >= a, b <= a)), "none"),
    ]
    expected = [compare(*c[:4], d=d).holds_on for c in cases]
    assert expected == [c[4] for c in cases]
    monkeypatch.setattr(asy, "_lp_point", lambda nvar, rows, eqs, readable=True: None)
    monkeypatch.setattr(asy, "_dual_certificate", lambda nvar, rows, eqs: False)
    fallback, eliminations = asy._fourier_motzkin, []
    monkeypatch.setattr(asy, "_fourier_motzkin", lambda *args: eliminations.append(args) or fallback(*args))
    # the process-wide memo of solved systems would answer from the LP runs above: forget them, and forget what
    # the fallback stored under the same keys before the LPs come back
    asy._solve_system.cache_clear()
    asy._certified_empty.cache_clear()
    try:
        for lhs, rel, rhs, region, want in cases:
            result = asy.compare(lhs, rel, rhs, region, d=d)
            assert result.holds_on == want
            if want != "all":
                assert region.contains(result.witness["point"])
    finally:
        asy._solve_system.cache_clear()
        asy._certified_empty.cache_clear()
    assert len(eliminations) >= len(cases)  # the fallback really decided


def test_solved_systems_are_remembered_exactly():
    """The memo of solved systems returns what solving again returns (same point, same certificate), on the
    paper's regions and relations of this file; a fresh list each time, so a caller cannot alter the memo."""
    import theorycheck.asymptotics as asy

    cases = [
        (G * d**a, "lesssim", G, LINE),
        (d**a * sp.log(d), "lesssim", d**a + d ** (2 * a) * sp.log(d) ** 2, LINE),
        (d**a, "lesssim", d**b + d ** (a - 1), Region("b >= a", (a, b), (b >= a, a > -3))),
        (d**a * sp.log(d), "ll", d**b, Region("b >= a", (a, b), (b >= a, b <= a))),
    ]
    asy._solve_system.cache_clear()
    cold = [compare(*c, d=d) for c in cases]
    assert asy._solve_system.cache_info().currsize > 0
    warm = [compare(*c, d=d) for c in cases]
    assert asy._solve_system.cache_info().hits > 0
    assert [(r.holds_on, r.witness) for r in warm] == [(r.holds_on, r.witness) for r in cold]
    nvar, rows = 1, (((Fraction(1),), Fraction(1), True), ((Fraction(-1),), Fraction(1), True))  # -1 < x < 1
    first = asy._feasible(nvar, list(rows), [], {})
    first.append("altered")
    again = asy._feasible(nvar, list(rows), [], {})
    solved_again = asy._solve_system.__wrapped__(nvar, rows, (), True)  # the function itself, not the memo
    assert again == list(solved_again) == list(asy._solve_system(nvar, rows, (), True))
    assert "altered" not in again


_F = Fraction


def _random_system(rng: random.Random, nvar: int, nrows: int, neqs: int):
    def vec():
        return tuple(_F(rng.randint(-3, 3)) for _ in range(nvar))

    rows = [(vec(), _F(rng.randint(-3, 3)), rng.random() < 0.5) for _ in range(nrows)]
    eqs = [(vec(), _F(rng.randint(-2, 2))) for _ in range(neqs)]
    return rows, eqs


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 10**9), st.integers(1, 3), st.integers(1, 6), st.integers(0, 2))
def test_lp_multipliers_prove_emptiness_only_when_fourier_motzkin_agrees(seed, nvar, nrows, neqs):
    """_lp_point's LP answers for itself where its multipliers prove the system empty (no second LP): then exact
    Fourier–Motzkin finds no point either, and where FM finds a point the LP never claims emptiness."""
    import theorycheck.asymptotics as asy

    rows, eqs = _random_system(random.Random(seed), nvar, nrows, neqs)
    rows = [r for r in rows if any(r[0])]
    eqs = [e for e in eqs if any(e[0])]
    exact = asy._fourier_motzkin(nvar, rows, eqs)
    answer = asy._lp_point(nvar, rows, eqs)
    if answer is asy._PROVED_EMPTY:
        assert exact is None
    elif answer is not None:
        assert asy._satisfies(answer, rows, eqs)
    if exact is not None:
        assert answer is not asy._PROVED_EMPTY


def test_lp_multipliers_prove_an_empty_system_and_not_a_perturbed_one():
    """x < 0 and x > 1 (strict): empty, proved from the first LP's multipliers; x < 2 and x > 1: a point, and the
    perturbed system (a wrong sign) is never reported empty."""
    import theorycheck.asymptotics as asy

    empty = [((_F(1),), _F(0), True), ((_F(-1),), _F(-1), True)]
    assert asy._lp_point(1, empty, []) is asy._PROVED_EMPTY
    assert asy._solve_system(1, tuple(empty), (), True) is None
    feasible = [((_F(1),), _F(2), True), ((_F(-1),), _F(-1), True)]
    point = asy._lp_point(1, feasible, [])
    assert point is not asy._PROVED_EMPTY and point is not None and 1 < point[0] < 2
    # with an equality x = 3/2 the same rows are feasible; x = 5 makes them empty (the equality's multiplier)
    assert asy._lp_point(1, feasible, [((_F(1),), _F(3, 2))]) == [_F(3, 2)]
    assert asy._lp_point(1, feasible, [((_F(1),), _F(5))]) is asy._PROVED_EMPTY


def test_union_region_decides_the_face_where_the_log_power_decides():
    """Referee EN: Assumption 3's budget d^r log^ρ d is r < 0 with any ρ, or r = 0 with ρ < 4, a union of two
    polyhedra. d^{a + r} log^{ρ − 6} d ≪ 1 on it holds where a + r < 0, or a + r = 0 and ρ < 6 — a face with r < 0,
    where ρ ≥ 6 is admissible. The single polyhedron ρ < 4 had dropped that tie rule (and called the face private)."""
    r_, rho_ = sp.symbols("r rho", real=True)
    base = (a >= -1, a <= 1)
    single = Region("r <= 0, rho < 4", (a, r_, rho_), base + (r_ <= 0, rho_ < 4))
    union = dataclasses.replace(
        Region("budget", (a, r_, rho_), base + (r_ <= 0,)),
        pieces=(single, Region("r < 0", (a, r_, rho_), base + (r_ < 0,))))
    lhs = d ** (a + r_) * sp.log(d) ** (rho_ - 6)
    wrong = compare(lhs, "ll", sp.Integer(1), single, d=d)
    assert wrong.conditions_exact == ("-a - r >= 0",)  # the tie rule lost
    right = compare(lhs, "ll", sp.Integer(1), union, d=d)
    assert right.holds_on == "part" and right.conditions_exact == ("-a - r > 0 or (-a - r == 0 and 6 - rho > 0)",)
    assert union.contains(right.witness["point"])  # the witness is admissible (not on r = 0, ρ ≥ 4)
    assert union.contains({"a": 0, "r": "-1/2", "rho": 9}) and not single.contains({"a": 0, "r": "-1/2", "rho": 9})
    assert not union.contains({"a": 0, "r": 0, "rho": 5})
    # a statement free of r and ρ: decided on the first piece, the same record as before
    assert compare(d**a, "ll", sp.Integer(1), union, d=d) == compare(d**a, "ll", sp.Integer(1), single, d=d)
    # holds on every piece: all (the hull's inadmissible face r = 0, ρ ≥ 6 does not refute it)
    assert compare(d ** (r_ - 3) * sp.log(d) ** rho_, "ll", sp.Integer(1), union, d=d).holds_on == "all"
    assert compare(sp.log(d) ** (rho_ - 6), "ll", sp.Integer(1), union, d=d).holds_on == "part"


def test_preferred_subregion_hosts_the_witness_and_names_a_failure_only_outside_it():
    """The paper bounds ε_n, ε_p from below only; a witness is shown with them below 1 where one exists there
    (Region.preferred), and a relation that fails only beyond 1 says so (its conditions stay the whole region's)."""
    whole = Region("a > 0", (a,), (a > 0,))
    preferring = dataclasses.replace(whole, preferred=(a < 1,))
    # fails where a > 1/2: the plain search may pick any a > 1/2; the preferred one a point in (1/2, 1)
    both = compare(d**a, "lesssim", d ** sp.Rational(1, 2), preferring, d=d)
    assert both.holds_on == "part" and both.conditions_exact == compare(
        d**a, "lesssim", d ** sp.Rational(1, 2), whole, d=d).conditions_exact
    assert sp.Rational(1, 2) < sp.Rational(both.witness["point"]["a"]) < 1 and both.fails_only_outside is None
    # fails only where a > 2: refuted on the region, with the note; the witness outside (the only failures)
    outside = compare(d**a, "lesssim", d**2, preferring, d=d)
    assert outside.holds_on == "part" and sp.Rational(outside.witness["point"]["a"]) > 2
    assert outside.fails_only_outside == "a < 1" and outside.regime()["fails_only_outside"] == "a < 1"
    # perturbed: a failure at a = 1 exactly is outside a < 1 too, one at a ∈ (1/2, 1) is not
    assert compare(d**a, "lesssim", d, preferring, d=d).fails_only_outside == "a < 1"
    assert compare(d**a, "lesssim", d ** sp.Rational(9, 10), preferring, d=d).fails_only_outside is None
    # a region with no point in the preferred part: the witness stays, and no (vacuous) note
    beyond = dataclasses.replace(Region("a > 3", (a,), (a > 3,)), preferred=(a < 1,))
    far = compare(d**a, "lesssim", d ** 4, beyond, d=d)
    assert far.holds_on == "part" and far.fails_only_outside is None
    assert sp.Rational(far.witness["point"]["a"]) > 4
    # pinned variables (point_values) may lie outside the preferred part: no preference, no vacuous note (review)
    two = dataclasses.replace(Region("a, b", (a, b), (a > 0, b > 0, b < 5)), preferred=(a < 1,))
    assert compare(d**a, "lesssim", d ** sp.Rational(1, 2), two, d=d, point_values={a: 2}).fails_only_outside is None
    # a literal ≤ (an "undecided" result with a failure witness) gets the same preference and note
    literal = compare(d**a, "<=", d**2, preferring, d=d)
    assert literal.witness is not None and literal.fails_only_outside == "a < 1"
    inside = compare(d**a, "<=", d ** sp.Rational(1, 2), preferring, d=d)
    assert sp.Rational(1, 2) < sp.Rational(inside.witness["point"]["a"]) < 1 and inside.fails_only_outside is None
    # without a preference nothing is added, and a relation that holds everywhere carries no note
    assert compare(d**a, "lesssim", d**2, whole, d=d).fails_only_outside is None
    assert "fails_only_outside" not in compare(d**-a, "lesssim", sp.Integer(1), preferring, d=d).regime()


def test_paper_region_prefers_exponents_below_one():
    """Every witness on the paper's region that can lie in (0, 1)³ does (ε_n, ε_p, ε_b): risk.summary's relation
    d^{4ε_n−ν}log²d against its right side had been shown failing at ε_n = 271/256."""
    from theorycheck_proofs.regime import ADMISSIBLE, UNIT_EXPONENTS
    from theorycheck_proofs.symbols import eps_b, eps_n, eps_p, nu

    assert ADMISSIBLE.preferred == UNIT_EXPONENTS
    lhs = d ** (4 * eps_n - nu) * sp.log(d) ** 2
    result = compare(lhs, "lesssim", d ** (eps_b + eps_p / 4 - nu + 1), ADMISSIBLE, d=d)
    point = result.witness["point"]
    assert result.holds_on == "part" and all(0 < sp.Rational(point[str(s)]) < 1 for s in (eps_n, eps_p, eps_b))
    assert ADMISSIBLE.contains(point)


def test_fourier_motzkin_small_systems():
    from theorycheck.asymptotics import _fourier_motzkin

    F = Fraction
    # 0 < x < 1, y = 2x, y > 3/2  ->  x in (3/4, 1)
    point = _fourier_motzkin(
        2,
        [((F(-1), F(0)), F(0), True), ((F(1), F(0)), F(1), True), ((F(0), F(-1)), F(-3, 2), True)],
        [((F(2), F(-1)), F(0))],
    )
    assert point is not None and F(3, 4) < point[0] < 1 and point[1] == 2 * point[0]
    # x <= 0 and x >= 0: the point x = 0; x < 0 and x >= 0: none
    assert _fourier_motzkin(1, [((F(1),), F(0), False), ((F(-1),), F(0), False)], []) == [0]
    assert _fourier_motzkin(1, [((F(1),), F(0), True), ((F(-1),), F(0), False)], []) is None


def test_paper_region_conditions_parse_and_decide():
    from theorycheck.plots import parse_condition_tree, regime_slice
    from theorycheck_proofs.regime import ADMISSIBLE
    from theorycheck_proofs.symbols import (
        ETA_A,
        PRIVACY_FACTOR,
        SIGMA_W,
        STEPS,
        eps_b,
        eps_n,
        eps_p,
        in_powers_of_d,
        nu,
        q,
    )

    result = compare(in_powers_of_d(ETA_A * STEPS), "ll", sp.Integer(1), ADMISSIBLE, d=d)
    assert result.holds_on == "part" and result.conditions_exact == ("-2*eps_n + pi_p > 0",)
    w = {k: Fraction(v) for k, v in result.witness["point"].items() if k != "q"}
    assert w["pi_p"] <= 2 * w["eps_n"] and ADMISSIBLE.contains(result.witness["point"])
    lhs = in_powers_of_d(SIGMA_W * sp.sqrt(d)) * PRIVACY_FACTOR
    rhs = d ** (-eps_n) + d ** (eps_p / (8 * (q + 1)) - eps_b) * sp.log(d) ** 2 + d ** (1 - nu / 2)
    result = compare(lhs, "lesssim", rhs, ADMISSIBLE, d=d)
    assert result.holds_on == "part"
    for text in result.conditions_exact:
        parse_condition_tree(text)
    assert regime_slice(result.regime(), resolution=40)[:4] == b"\x89PNG"


@pytest.mark.parametrize(
    "lhs, rel, rhs, region, exact",
    [
        (d**a * sp.log(d), "lesssim", d**a * sp.log(d) ** 2 + d ** (2 * a), LINE, ()),  # identically tied, log wins
        (d**a * sp.log(d), "lesssim", d**a + d ** (2 * a), LINE, ("a > 0",)),
        (sp.log(d) ** -a, "ll", sp.Integer(1), LINE, ("a > 0",)),
        (d**a, "lesssim", d**a / sp.log(d), LINE, ("0 > 1",)),
        (d**a, "lesssim", d ** (a / 2) + d ** (a / 3), LINE, ("a <= Max(a/2, a/3)",)),
        # exact on the tie a = 0 too, where log^2 d decides for the relation (referee BP, F1)
        (d**a * sp.log(d), "ll", d ** (a / 2) * sp.log(d) ** 2 + d ** (a / 3), LINE,
         ("a < Max(a/2, a/3) or -a/2 == 0",)),
        # a log-power tie depending on a parameter, decided by the region (the privacy factor at r = 0, ρ < 2)
        (d**a * sp.log(d) ** b, "ll", sp.log(d) ** 2, Region("a <= 1, b < 2", (a, b), (a <= 1, b < 2)), ("-a >= 0",)),
        # the same where the region's a ≤ 0 implies the condition: it is not listed
        (d**a * sp.log(d) ** b, "ll", sp.log(d) ** 2, Region("a <= 0, b < 2", (a, b), (a <= 0, b < 2)), ()),
        # of two conditions the weaker (1/2 − a ≥ 0, implied by −a ≥ 0 inside the region) is not listed, in either
        # order; a condition the region does not imply stays (a ≥ −1 < 0 is the region's, −a ≥ 0 is not)
        (d ** (a - sp.Rational(1, 2)) + d**a, "lesssim", sp.Integer(1), LINE, ("-a >= 0",)),
        (d**a + d ** (a - sp.Rational(1, 2)), "lesssim", sp.Integer(1), LINE, ("-a >= 0",)),
        (d ** (a - sp.Rational(3, 2)), "lesssim", sp.Integer(1), LINE, ()),
        (d ** (a - sp.Rational(1, 2)), "lesssim", sp.Integer(1), LINE, ("1/2 - a >= 0",)),
        (d**a * sp.log(d) ** b, "lesssim", sp.log(d), Region("a <= 0, b < 2", (a, b), (a <= 0, b < 2)),
         ("-a > 0 or (-a == 0 and 1 - b >= 0)",)),  # the tie a = 0 decided by b, both ways: in the text (BP, F2)
        (d**a * sp.log(d) ** b, "lesssim", sp.log(d), Region("a <= 0, b > 3", (a, b), (a <= 0, b > 3)), ("-a > 0",)),
    ],
)
def test_condition_texts(lhs, rel, rhs, region, exact):
    assert compare(lhs, rel, rhs, region, d=d).conditions_exact == exact


def test_coefficients_checked_on_the_region():
    region = Region("-1 < a < 1", (a,), (a > -1, a < 1))
    assert compare((a + 2) * d, "lesssim", d**2, region, d=d).holds_on == "all"
    assert compare((a - 1) * d**3, "lesssim", d**2, region, d=d).holds_on == "all"  # negative there: dropped
    assert compare(d, "lesssim", (a + 1) * d, region, d=d).holds_on == "all"  # positive on the open region
    with pytest.raises(InputError, match="sign"):
        compare(a * d**3, "lesssim", d**2, region, d=d)
    with pytest.raises(InputError, match="positive"):
        compare(d, "lesssim", a * d**2, region, d=d)
    with pytest.raises(InputError, match="positive"):
        compare(d, "lesssim", (a + 1) * d, Region("-1 <= a < 1", (a,), (a >= -1, a < 1)), d=d)
    delta = sp.Symbol("delta", positive=True)
    assert compare(sp.log(1 / delta) * d, "lesssim", sp.log(2 / delta) * d, region, d=d).holds_on == "all"


@pytest.mark.parametrize(
    "expr",
    [
        -sp.log(d) / 2,
        sp.log(d) / 3,
        sp.log(d) ** 2 / 2,
        -3 * sp.log(d) ** sp.Rational(3, 2),
        sp.log(d) ** -1,
        -(sp.log(d) ** 2) + sp.log(d),
        sp.log(d) ** 2 - d,
        e_pos * sp.log(d),
        sp.Integer(5),
        sp.sqrt(d) / sp.log(d),
        sp.log(sp.log(d)),
    ],
)
def test_limit_fast_path_agrees_with_sympy(expr):
    """asymptotics._limit_at_infinity (c·log^m d decided at once, else sympy.limit) gives sympy.limit's value."""
    from theorycheck.asymptotics import _limit_at_infinity

    assert _limit_at_infinity(expr, d) == sp.limit(expr, d, sp.oo)


def test_rate_terms_memo_matches_the_reading():
    """rate_terms (remembered per expression) returns what the reading itself returns, a fresh list each time, on
    the sides of this file's edge cases and brute-force-like sums; unreadable sides raise every time."""
    import theorycheck.asymptotics as asy

    sides = [
        G * d**a,
        d**a * sp.log(d),
        d**a + d ** (2 * a) * sp.log(d) ** 2,
        sp.exp(sp.log(d) ** 2 / 3),
        sp.Rational(2, 3) * d ** (A[0] / (qs + 1) - 1) * sp.log(d) ** (A[1] + 2) * G + d ** A[2],
        sp.sqrt(d ** (1 + e_pos)) * sp.log(d) ** 3 + 2,
        sp.log(1 / e_pos) * d,
        sp.Integer(0),
        7,
    ]
    for side in sides:
        first = rate_terms(side, d)
        first.append("altered")
        assert rate_terms(side, d) == asy._rate_terms_uncached(side, d) == first[:-1]
    for bad in (sp.sin(d), sp.sqrt(d + 1)):
        for _ in range(2):
            with pytest.raises(InputError):
                rate_terms(bad, d)


def test_one_sided_limit_through_max_and_min():
    from theorycheck.asymptotics import one_sided_limit

    g, e = sp.symbols("g e", positive=True)
    with pytest.raises(NotImplementedError):  # the SymPy pitfall it exists for
        sp.limit(sp.exp(g) * sp.Max(1, g), g, 0, "+")
    assert one_sided_limit(sp.exp(g) * sp.Max(1, g), g, 0) == 1
    assert one_sided_limit(sp.sqrt(g) * sp.Max(1, g), g, 0) == 0
    assert one_sided_limit(sp.Min(g, 2 * g, sp.Rational(1, 2)) / g, g, 0) == 1
    assert one_sided_limit(sp.Max(1, g) / g, g, sp.oo, "-") == 1
    # undecided: another symbol in the gap (e vs 1), arguments with the same limit, a two-sided complex infinity
    assert one_sided_limit(sp.Max(1, e), g, 0) is None and one_sided_limit(sp.Min(1, e), g, 0) is None
    # tied arguments (their difference → 0): the limit when every choice among them gives the same, else None
    assert one_sided_limit(sp.Max(g, g**2), g, 0) == 0 and one_sided_limit(sp.exp(sp.Min(g, g**3)), g, 0) == 1
    assert one_sided_limit(sp.Max(g, g**2) / g, g, 0) is None  # 1 with g, 0 with g²
    assert one_sided_limit(sp.Min(g, g**2) / g**2, g, 0) is None  # oo with g, 1 with g² (decided by neither rule)
    assert one_sided_limit(sp.Max(1, 1 / g), g, 0, "+-") is None


# --- every degree q ≥ 1 (referee AL: a monotone exponent can change sign past the checked degrees) ----------------


def _q_region():
    from theorycheck_proofs.regime import ADMISSIBLE

    return ADMISSIBLE


def test_every_degree_proves_the_papers_q_dependent_comparisons():
    from theorycheck_proofs.symbols import d, eps_b, eps_p, nu, pi_p, q, r, rho

    U = eps_p / (4 * (q + 1))
    cases = [
        ((d**U) ** (q / 2), "ll", d ** (eps_p / 8)),  # construct.a-bound, link 4: q/(q+1) < 1 for every q
        (d ** (-eps_p / (4 * q)), "lesssim", d ** (-U)),  # construct.mcdiarmid: Δe = −ε_p/(4q(q+1))
        (sp.Integer(1), "ll", d ** (-eps_p * (q + 2) / (4 * q) + pi_p)),
        (d ** (eps_b + eps_p / 4 - nu + r + 1) * sp.log(d) ** (2 * q + rho + 6) + d ** (-eps_p / (8 * q + 8)), "ll",
         sp.Integer(1)),  # risk.approximation-rate: Δe < 0 free of q, whatever the log power
        (sp.log(d) ** (q + 1), "lesssim", sp.log(d) ** (q + 2)),  # differences free of q
    ]
    for lhs, rel, rhs in cases:
        c = compare(lhs, rel, rhs, _q_region(), d=d)
        assert c.holds_everywhere and c.every_degree, (lhs, rel, rhs)


@pytest.mark.parametrize("k", [129, 2**21])
def test_a_relation_false_beyond_some_degree_is_not_proved_for_every_q(k):
    """d^{ε_p q/(8(q+1))} ≪ d^{(k/(k+1))ε_p/8} fails for every q ≥ k. With k = 2^21 every checked degree passes:
    the comparison must say so (undecided beyond them), and decide() must not verify it."""
    from theorycheck.statement import Statement
    from theorycheck_proofs.symbols import d, eps_p, q

    lhs, rhs = d ** (eps_p * q / (8 * (q + 1))), d ** (eps_p / 8 * sp.Rational(k, k + 1))
    c = compare(lhs, "ll", rhs, _q_region(), d=d)
    assert c.every_degree is None and not c.holds_everywhere
    v = decide(Statement(lhs, "ll", rhs), _q_region(), d=d)
    assert v.verdict == ("refuted" if k < 2**20 else "inconclusive"), v.detail


def test_every_degree_rejects_a_log_power_that_grows_with_q():
    """(Δe, Δk) = (0, q − 2): in the relation at q ≤ 2, not beyond; the affine-in-q rule needs Δk non-increasing."""
    from theorycheck_proofs.symbols import d, q

    c = compare(sp.log(d) ** q, "lesssim", sp.log(d) ** 2, _q_region(), d=d)
    assert c.holds_on != "all" and c.every_degree is None


@pytest.mark.parametrize("lhs, rel, rhs", [
    ("log", "lesssim", None),  # Δe = −ε_n (q − 250)²/q³: 0 at q = 250, where the log power wins (referee AP)
    ("strict", "ll", None),
    ("coefficient", "lesssim", None),  # the left coefficient (200 − q)(q − 300) > 0 only for 200 < q < 300
    ("rhs-zero", "lesssim", None),  # the right coefficient (q − 250)² vanishes at q = 250
    ("abs", "lesssim", None),  # Δe = −ε_n|q − 250|/q²: 0 at q = 250
    ("rhs-sum", "lesssim", None),  # a right term negative for 200 < q < 300 (counted in the sum, not a dominator)
    ("pole", "lesssim", None),  # referee AQ: 1/(q − 17) on both sides cancels in the difference; undefined at 17
])
def test_every_degree_is_not_fooled_between_the_checked_degrees(lhs, rel, rhs):
    from theorycheck_proofs.symbols import d, eps_n, eps_p, q

    cases = {
        "log": (sp.log(d) / d ** (eps_n * (q - 250) ** 2 / q**3), sp.Integer(1)),
        "strict": (d ** (-eps_p * (q - 250) ** 2 / q**3), sp.Integer(1)),
        "coefficient": (d**eps_n * (200 - q) * (q - 300), sp.Integer(1)),
        "rhs-zero": (d**eps_n, d**eps_n * (q - 250) ** 2),
        "abs": (sp.log(d) / d ** (eps_n * sp.Abs(q - 250) / q**2), sp.Integer(1)),
        "rhs-sum": (d**eps_n, d**eps_n + (q - 200) * (q - 300) * d ** (eps_n + 1 / q)),
        "pole": (d ** (eps_n + 1 / (q - 17)), d ** (2 * eps_n + 1 / (q - 17))),
    }
    left, right = cases[lhs]
    c = compare(left, rel, right, _q_region(), d=d)
    assert c.every_degree is None and not c.holds_everywhere


def test_signs_on_the_ray_are_exact():
    from theorycheck.asymptotics import _signs_on_ray
    from theorycheck_proofs.symbols import q

    assert _signs_on_ray(-(q**2) + 500 * q - 60000, q) == {-1, 0, 1}  # exact rational roots 200 and 300
    assert _signs_on_ray(q**2 - 2, q) == {-1, 0, 1}  # an irrational root, √2
    assert _signs_on_ray(1 / (q * (q + 1)), q) == {1}
    assert _signs_on_ray(1 / (q - 3), q) is None  # a pole on the ray


def test_every_degree_when_each_left_term_has_differences_free_of_q():
    """A left term dominated by different right terms at different points (no single dominator), every exponent
    difference free of q: the checked degrees' decision is every degree's (thm2.step3-chain's comparison)."""
    from theorycheck_proofs.symbols import d, eps_b, eps_p, nu, q, r, rho

    x = eps_b + eps_p / 4 - nu + 1
    lhs = d ** (x + r / 2) * sp.log(d) ** (2 * q + rho / 2 + 4)
    rhs = d**x * sp.log(d) ** (2 * q + 2) + d ** (x + r) * sp.log(d) ** (2 * q + rho + 6)
    c = compare(lhs, "O_P", rhs, _q_region(), d=d)
    assert c.holds_everywhere and c.every_degree


def _region_with_q():
    from theorycheck_proofs.regime import DEGREES

    en = sp.Symbol("eps_n", positive=True)
    q = sp.Symbol("q", positive=True, integer=True)
    return en, q, Region("R", (en,), (en < 1,), q=q, q_values=DEGREES)


@pytest.mark.parametrize("coefficient", [-sp.Symbol("x"), -sp.Symbol("x") * sp.Symbol("y"), -1 - sp.Symbol("x")])
def test_a_right_coefficient_of_outside_symbols_must_be_positive(coefficient):
    """Referee AR M1: a coefficient made of symbols outside the region was read as positive whatever its form, so
    d^{ε_n} ≲ 1 − x d² (false: the right side → −∞) was proved for every q. Outside symbols are positive constants:
    a coefficient negative for all their positive values is refused; x, c_b and log(2/δ) (positive for δ < 2, the
    caller's to know) are hidden constants."""
    en, _, region = _region_with_q()
    with pytest.raises(InputError, match="not positive"):
        compare(d**en, "lesssim", 1 + coefficient * d**2, region, d=d)
    for fine in (sp.Symbol("x"), sp.Symbol("c_b", positive=True), sp.log(2 / sp.Symbol("delta", positive=True))):
        assert compare(d**en, "lesssim", fine * d**2, region, d=d).holds_everywhere


def test_a_comparison_left_undecided_beyond_the_checked_degrees_is_inconclusive():
    """Referee AR I1: callers of compare read only holds_on, "all" when every checked degree holds. if_undecided
    gives decide's inconclusive verdict: here q¹³/(q¹³ + 1) − 2 < 0 at every q, but every_degree's sign analysis
    stops at degree 12."""
    from theorycheck.asymptotics import if_undecided
    from theorycheck.statement import Statement

    en, q, region = _region_with_q()
    lhs = d ** (en * (q**13 / (q**13 + 1) - 2))
    result = compare(lhs, "lesssim", sp.Integer(1), region, d=d)
    assert result.holds_on == "all" and result.undecided and not result.holds_everywhere
    verdict = if_undecided(result, "the bound", extra=1)
    assert verdict.verdict == "inconclusive" and "not decided on the whole region" in verdict.detail
    assert verdict.evidence["extra"] == 1
    assert decide(Statement(lhs, "lesssim", sp.Integer(1)), region, d=d).verdict == "inconclusive"
    decided = compare(d ** (-en), "lesssim", sp.Integer(1), region, d=d)
    assert decided.holds_everywhere and if_undecided(decided, "the bound") is None


@pytest.mark.parametrize("exponent", [
    "Max(0, 4 - Abs(q - 20)) - 1",  # d^{3ε_n} at q = 20, between the checked degrees: false there
    "(-1)**q/(q + 1) - 2",
    "Piecewise((1, q < 5), (2, True)) - 3",
    "floor(1/(q - 17)) - 1",  # undefined at q = 17
    "(q**2 - 289)/(q - 17) - q - 18",  # a removable pole at q = 17: undefined there too
])
def test_every_degree_gives_no_proof_for_exponents_not_rational_in_q(exponent):
    """Referee AR L1/L2: floor, a removable pole, Max, Piecewise and (−1)^q had crashed the proof search or been
    proved for every q (undefined at q = 17, false at q = 20 for the Max). Now: no proof, so undecided."""
    en, q, region = _region_with_q()
    e = sp.sympify(exponent, locals={"q": q})
    result = compare(d ** (en * e), "lesssim", sp.Integer(1), region, d=d)
    assert result.every_degree is None and result.undecided and not result.holds_everywhere


@pytest.mark.parametrize("rel", ["o", "ll", "O", "O_P"])
def test_a_negative_left_term_counts_by_its_size_under_size_relations(rel):
    """Referee BF (F1): a left term with a negative coefficient was dropped as "only helps" under O, O_P, o and ≪
    too, which bound |lhs|: d^{−ν} − d^{ν} = o(1) was verified. It counts by its size there; under ≲ and ≤ it still
    only helps."""
    from theorycheck_proofs.regime import ADMISSIBLE
    from theorycheck_proofs.symbols import d, eps_n, nu

    assert not compare(d ** (-nu) - d**nu, rel, sp.Integer(1), ADMISSIBLE, d=d).holds_everywhere
    assert compare(d ** (-nu) - d**nu, "lesssim", sp.Integer(1), ADMISSIBLE, d=d).holds_everywhere
    assert compare(d ** (-nu) - d ** (-2 * nu), rel, sp.Integer(1), ADMISSIBLE, d=d).holds_everywhere
    assert compare(d**eps_n - d ** (-nu), rel, d ** (2 * eps_n), ADMISSIBLE, d=d).holds_everywhere
    expected = rel in ("O", "O_P")  # 1 − d^{−ν} is Θ(1): O(1), not o(1)
    assert compare(1 - d ** (-nu), rel, sp.Integer(1), ADMISSIBLE, d=d).holds_everywhere is expected


def test_terms_of_opposite_sign_and_the_same_order_leave_a_failure_undecided():
    """Where the term that beats the right side has a partner of the other sign and the same order at the witness,
    the two may cancel: no refutation there (on x = 1/2, d^x − d^{1/2} is 0), and never "holds on all"."""
    x = sp.Symbol("x", positive=True)
    d = sp.Symbol("d", positive=True)
    line = Region("x = 1/2", (x,), (x >= sp.Rational(1, 2), x <= sp.Rational(1, 2)))
    result = compare(d**x - sp.sqrt(d), "o", sp.Integer(1), line, d=d)
    assert result.witness is None and result.holds_on != "all" and result.undecided
    assert any("other sign has its order" in u for u in result.undecided)
    # off the line they do not cancel: the search moves away from the tie and refutes there
    wide = Region("0 < x < 1", (x,), (x > 0, x < 1))
    result = compare(d**x - sp.sqrt(d), "o", sp.Integer(1), wide, d=d)
    assert result.witness is not None and Fraction(result.witness["point"]["x"]) != Fraction(1, 2)


def test_referee_bg_cancellation_cases():
    """Referee BG: F1 a negative coefficient that vanishes on the region is refused under o (it had been counted, and
    a failure reported where the left side is 0); F4 d^ν − d^{2ν−1} = o(1) on [1, 2] is refuted away from the tie at
    ν = 1 (it had been left inconclusive with holds_on "all"); F5 terms that meet once q is substituted are summed
    (0 at q = 1); F6 under ≲ a dropped negative term of higher order leaves a failure undecided (d^ν − d^{2ν} < 0)."""
    d, nu, q = sp.symbols("d nu q", positive=True)
    closed = Region("1 <= nu <= 2", (nu,), (nu >= 1, nu <= 2))
    f1 = compare((1 - nu) * d ** (1 - nu), "o", sp.Integer(1), closed, d=d)
    # referee BM (BM1): its failures are searched where the coefficient is < 0 (ν > 1), where d^{1−ν} → 0: it holds
    assert f1.witness is None and f1.holds_everywhere
    # referee BH: R1 a coefficient that is 0 at one degree is dropped there, as before; R3 terms of the same exponents
    # are summed only when they cancel; R2 super-polynomial terms of opposite signs are ordered by their growths
    by_q = Region("1 <= nu <= 2", (nu,), (nu >= 1, nu <= 2), q=q, q_values=(1, 2, 3))
    r1 = compare((q - 1) * d ** (nu - 2) + 1 / d, "O", 1 / d, by_q, d=d)
    assert r1.holds_on == "part" and r1.witness["point"]["q"] != 1
    assert compare((1 - q) * d ** (nu - 2), "O", sp.Integer(1), by_q, d=d).holds_everywhere
    wide_q = Region("1/2 <= nu <= 3", (nu,), (nu >= sp.Rational(1, 2), nu <= 3), q=q, q_values=(1, 2, 3))
    assert compare(nu * d**nu - d ** (q * (nu - 1) + 1), "lesssim", d**3, wide_q, d=d).holds_on == "all"
    assert compare((1 - nu) / d, "O", sp.Integer(1), closed, d=d).holds_everywhere
    log_d = sp.log(d)
    assert compare(sp.exp(2 * log_d**2) - sp.exp(log_d**2), "o", sp.Integer(1), closed, d=d).witness is not None
    assert compare(sp.exp(-log_d**2) - sp.exp(-2 * log_d**2), "O", sp.exp(-2 * log_d**2), closed,
                   d=d).witness is not None
    f4 = compare(d**nu - d ** (2 * nu - 1), "o", sp.Integer(1), closed, d=d)
    assert f4.witness is not None and Fraction(f4.witness["point"]["nu"]) > 1
    degrees = Region("1 < nu < 3", (nu,), (nu > 1, nu < 3), q=q, q_values=(1, 2, 3))
    f5 = compare(d**nu - d ** (q * (nu - 1) + 1), "o", d ** (nu / 2), degrees, d=d)
    assert f5.holds_on == "part" and f5.witness["point"]["q"] != 1
    open_ = Region("0 < nu < 3", (nu,), (nu > 0, nu < 3))
    f6 = compare(d**nu - d ** (2 * nu), "lesssim", sp.Integer(1), open_, d=d)
    # referee BK (BK2): −d^{2ν} strictly outranks d^ν on all of ν > 0, so nothing can cancel and lhs < 0: it holds
    assert f6.witness is None and f6.holds_on == "all" and not f6.undecided
    # a dropped term of lower order cancels nothing: d^ν − d^{ν/2} ≲ d^{ν/2} fails, as before
    low = compare(d**nu - d ** (nu / 2), "lesssim", d ** (nu / 2), closed, d=d)
    assert low.holds_on == "none" and low.witness is not None
    # under o the size counts: d^ν − d^{2ν} = o(1) fails
    assert compare(d**nu - d ** (2 * nu), "o", sp.Integer(1), open_, d=d).witness is not None


_D, _NU = sp.symbols("d nu", positive=True)


@pytest.mark.parametrize("lhs, rel, rhs, low", [
    (_D**_NU + _D ** (2 - _NU) - 2 * _D, "o", _D, 1),  # 0 at ν = 1
    (_D**_NU - _D ** (2 * _NU - 1), "o", sp.Integer(1), 1),  # 0 at ν = 1
    (_D**_NU - _D ** (2 - _NU), "lesssim", sp.Integer(1), sp.Rational(1, 2)),  # lhs ≤ 0 for ν ≤ 1
    (_D**_NU - _D * sp.log(_D), "lesssim", sp.Integer(1), 1),  # lhs → −∞ at ν = 1
])
def test_terms_of_opposite_signs_never_make_holds_nowhere(lhs, rel, rhs, low):
    """Referee BH (M1): where the left side has terms of opposite signs that may cancel or outweigh the failing one,
    "holds nowhere" was reported (and shown, and counted by the theorem's survival region) where the relation holds;
    the failure is still refuted at its exact witness, and where else it holds is "undecided"."""
    region = Region(f"{low} <= nu <= 2", (_NU,), (_NU >= low, _NU <= 2))
    result = compare(lhs, rel, rhs, region, d=_D)
    assert result.holds_on == "undecided" and result.witness is not None
    verdict = decide(Statement(lhs, rel, rhs), region, d=_D)
    assert verdict.verdict == "refuted" and "where else it holds is not decided" in verdict.detail
    assert verdict.regime["holds_on"] == "undecided"


def test_holds_nowhere_stays_where_opposite_terms_are_always_smaller():
    """The perturbation of M1's fix: a negative term of lower order everywhere (d^{ν/2} beside d^ν), and a negative
    term super-polynomially small, cancel nothing: "holds nowhere" stands; with only positive terms, too."""
    d, nu = sp.symbols("d nu", positive=True)
    closed = Region("1 <= nu <= 2", (nu,), (nu >= 1, nu <= 2))
    assert compare(d**nu - d ** (nu / 2), "lesssim", d ** (nu / 2), closed, d=d).holds_on == "none"
    assert compare(d**nu - d ** (nu / 2), "o", d ** (nu / 2), closed, d=d).holds_on == "none"
    assert compare(d**nu - sp.exp(-sp.log(d) ** 2), "o", sp.Integer(1), closed, d=d).holds_on == "none"
    assert compare(2 * d**nu, "lesssim", sp.Integer(1), closed, d=d).holds_on == "none"


def test_an_undecided_comparison_without_a_witness_is_not_part():
    """Referee BH (M2): a comparison left undecided with no failure found (d^ν − d^{2ν−1} ≲ 1 on [1, 2] holds
    everywhere: lhs ≤ 0) had holds_on "part", which says it fails somewhere; it is "undecided", and decide is
    inconclusive. With an exact witness beside an undecided term, decide refutes (the witness decides)."""
    d, nu = sp.symbols("d nu", positive=True)
    closed = Region("1 <= nu <= 2", (nu,), (nu >= 1, nu <= 2))
    result = compare(d**nu - d ** (2 * nu - 1), "lesssim", sp.Integer(1), closed, d=d)
    assert result.holds_on == "undecided" and result.witness is None and result.undecided
    assert decide(Statement(d**nu - d ** (2 * nu - 1), "lesssim", sp.Integer(1)), closed,
                  d=d).verdict == "inconclusive"
    # a second positive term d^{2ν} beats the right side where nothing cancels it: refuted at its witness
    both = Statement(d**nu - d ** (2 * nu - 1) + d ** (3 * nu), "lesssim", sp.Integer(1))
    verdict = decide(both, closed, d=d)
    assert verdict.verdict == "refuted" and verdict.evidence["witness"]["point"]


def test_referee_bk_cases():
    """Referee BK: BK7/BK8 every_degree reused the checked degrees' answer for a left term they never decided (merged
    with a partner of the other sign, or a coefficient 0 there); BK6 Float exponents were snapped to simple fractions;
    BK2 a negative left term of strictly higher order is no cancellation; BK1 a coefficient ≥ 0 that is 0 on a face
    was refused as a sign change; BK3 ≤ and < between rates say they are read as ≲; BK4 a term dropped everywhere
    gave "never" among the conditions of a relation that holds on all of the region."""
    d, nu = sp.symbols("d nu", positive=True)
    eps = sp.Symbol("eps", positive=True)
    q = sp.Symbol("q", positive=True, integer=True)
    at2 = Region("0<eps<1, q=2", (eps,), (eps < 1,), q=q, q_values=(2,))
    at1 = Region("0<eps<1, q=1", (eps,), (eps < 1,), q=q, q_values=(1,))
    three = Region("0<eps<1, q<=3", (eps,), (eps < 1,), q=q, q_values=(1, 2, 3))
    # BK7: cancelled at the checked degree, false at q = 1 (and at q = 4 for the cubic): no proof for every q
    for statement, region in ((Statement(d**eps - d ** (q * eps / 2), "lesssim", sp.Integer(1)), at2),
                              (Statement(d**eps - d ** (eps / q), "lesssim", sp.Integer(1)), at1),
                              (Statement(d**eps - d ** (eps - (q - 1) * (q - 2) * (q - 3) * eps), "lesssim",
                                         sp.Integer(1)), three)):
        assert decide(statement, region, d=d).verdict != "verified", statement
    # BK8: a coefficient 0 at the checked degree under O, o, ≪
    for statement in (Statement((1 - q) * d, "O", sp.Integer(1)),
                      Statement(1 + (1 - q) * d**eps, "o", d ** (eps / 2)),
                      Statement((1 - q) * d**eps * sp.log(d), "ll", d**eps)):
        assert decide(statement, at1, d=d).verdict != "verified", statement
    # ... while a coefficient positive at every q, or a negative one under ≲, still has its proof
    assert decide(Statement((1 + q) * d ** (-eps), "O", sp.Integer(1)), at1, d=d).verdict == "verified"
    assert decide(Statement(d ** (-eps) + (1 - q) * d, "lesssim", sp.Integer(1)), at1, d=d).verdict == "verified"
    # BK6: 0.3333333334 is not 1/3
    unit = Region("0<=nu<=1", (nu,), (nu >= 0, nu <= 1))
    assert decide(Statement(d ** sp.Float("0.3333333334"), "lesssim", d ** sp.Rational(1, 3)), unit,
                  d=d).verdict == "refuted"
    x = sp.Symbol("x")  # not positive: x = 0, where the two sides are equal, is in the region
    line = Region("0<=x<=1", (x,), (x >= 0, x <= 1))
    assert compare(d ** (sp.Float("0.3333333333") * x), "ll", d ** (x / 3), line, d=d).holds_on == "part"
    # BK2: a negative term of higher order everywhere: it holds; a tie somewhere stays undecided
    assert compare(d - d**2, "lesssim", sp.Integer(1), unit, d=d).holds_everywhere
    assert compare(d - d * sp.log(d), "lesssim", sp.Integer(1), unit, d=d).holds_everywhere
    assert not compare(d**2 - d, "lesssim", sp.Integer(1), unit, d=d).holds_everywhere  # the perturbation
    # BK1: (ν − 1)d^ν on [1, 2] is refuted at an exact point where it is > 0, not refused
    closed = Region("1 <= nu <= 2", (nu,), (nu >= 1, nu <= 2))
    r = compare((nu - 1) * d**nu, "lesssim", sp.Integer(1), closed, d=d)
    assert r.witness is not None and Fraction(r.witness["point"]["nu"]) > 1 and r.holds_on == "undecided"
    assert compare((nu - 1) * d ** (1 - nu), "lesssim", sp.Integer(1), closed, d=d).holds_everywhere
    with pytest.raises(InputError, match="changes sign"):
        compare((nu - sp.Rational(3, 2)) * d, "lesssim", sp.Integer(1), closed, d=d)
    with pytest.raises(InputError, match="does not settle"):
        compare((nu - 1) ** 2 * d, "lesssim", d**2, closed, d=d)
    # BK3: the reading is said
    # referee EK, EK-2: decided as written for d large now (it had been read as ≲, so 2d < d had held): a constant
    # ratio exactly, ≪ proves, a failing ≲ refutes, a bounded ratio is undecided
    two = decide(Statement(2 * d, "<", d), unit, d=d)
    assert two.verdict == "refuted" and "as written, for d large" in two.detail
    assert decide(Statement(d, "<", d), unit, d=d).verdict == "refuted"
    assert decide(Statement(d, "<=", d), unit, d=d).verdict == "verified"
    assert decide(Statement(d, "<", 2 * d), unit, d=d).verdict == "verified"
    assert decide(Statement(d ** nu, "<", d), unit, d=d).verdict == "inconclusive"  # ν = 1 ties: the constants
    assert decide(Statement(d ** nu, "<=", d**2), unit, d=d).verdict == "verified"  # ≪: < for d large
    assert decide(Statement(d**2, "<=", d ** (1 + nu)), unit, d=d).verdict == "refuted"  # → ∞ below ν = 1
    # BK4: no "never" among the conditions of a relation that holds on all of the region
    sym = Region("-1<nu<1", (nu,), (nu > -1, nu < 1))
    r = compare(-(nu + 1) * d**2 + 1, "lesssim", sp.Integer(1), sym, d=d)
    assert r.holds_on == "all" and r.conditions_exact == ()


def test_referee_bm_cases():
    """Referee BM: BM1 under O/o a nonpositive left coefficient that is 0 on a face (1 − x on x ≥ 1) gave "holds
    nowhere" where the relation holds on that face; BM2 a Float is read as the binary number it holds (its 15-digit
    print rounds 2/3 up: d^{2/3 as a float} ≲ d^{2/3} had been refuted)."""
    d, x, y, nu = sp.symbols("d x y nu", positive=True)
    box = Region("R", (x, y), (x >= 1, x <= 2, y >= sp.Rational(1, 4), y <= 1))
    lhs, rhs = (1 - x) * d + d ** (-x + y / 2), d ** (-x + y - sp.Rational(1, 2))
    r = compare(lhs, "O", rhs, box, d=d)
    assert r.holds_on == "undecided" and r.witness is not None and Fraction(r.witness["point"]["x"]) > 1
    closed = Region("1 <= nu <= 2", (nu,), (nu >= 1, nu <= 2))
    r = compare((1 - nu) * d**2 + 1, "O", sp.Integer(1), closed, d=d)  # it had been inconclusive (a vertex at ν = 1)
    assert r.witness is not None and Fraction(r.witness["point"]["nu"]) > 1
    # the perturbation: a coefficient negative on all of the region is "nowhere" as before
    assert compare((-1 - nu) * d**2 + 1, "O", sp.Integer(1), closed, d=d).holds_on == "none"
    assert decide(Statement(d ** (2 / 3), "lesssim", d ** sp.Rational(2, 3)), closed, d=d).verdict == "verified"
    # BN4: the checked degrees q = 1, 2, 3 find no failure only because −d^{qx/2+x+1} outranks d^{q+x−2} there; from
    # q = 13 on it does not near x = 2 − 6/q: no proof for every q (it had been verified for every degree)
    q = sp.Symbol("q", positive=True, integer=True)
    w = sp.Symbol("w", positive=True)
    by_q = Region("1<w<=2", (w,), (w > 1, w <= 2), q=q, q_values=(1, 2, 3))
    lhs, rhs = d ** (q + w - 2) - d ** (q * w / 2 + w + 1), d ** (q - w + 1)
    assert decide(Statement(lhs, "lesssim", rhs), by_q, d=d).verdict == "inconclusive"
    assert decide(Statement(d ** (q + w - 2) - d ** (q * w / 2 + w + 1), "lesssim", d ** (q + w)), by_q,
                  d=d).verdict == "verified"  # dominated by the right side itself at every q: proved, as before
    # referee BO: BO1 a dropped coefficient 0 at an unchecked degree ((q − 1) at q = 1, checked at q = 2) gives no
    # proof for every q; BO2 a positive term dominated by the right side alone, or by a dropped term that stands to it
    # the same way at every q, keeps its proof beside dropped terms
    at_two = Region("1<=w<=2", (w,), (w >= 1, w <= 2), q=q, q_values=(2,))
    assert decide(Statement(d**w - (q - 1) * d**w * sp.log(d), "lesssim", sp.Integer(1)), at_two,
                  d=d).verdict == "inconclusive"
    assert decide(Statement(d**w - (q + 1) * d**w * sp.log(d), "lesssim", sp.Integer(1)), at_two,
                  d=d).verdict == "verified"  # never 0 at any q: the proof stands
    mid = Region("1/2<=w<=3/2", (w,), (w >= sp.Rational(1, 2), w <= sp.Rational(3, 2)), q=q, q_values=(1, 2, 3))
    spread = d ** (q + w) + d ** (q + 2 - w)
    assert decide(Statement(d ** (q + 1) - 1, "lesssim", spread), mid, d=d).verdict == "verified"
    assert decide(Statement(d ** (q + w / 2) - d ** (q + 2 * w - sp.Rational(1, 2)), "lesssim",
                            d**q + d ** (q - sp.Rational(1, 2))), mid, d=d).verdict == "verified"
    # BN3: one reader for a Float, in the region's constraints too: x ≥ 2/3 (a float) allows x = that float, where
    # d^x ≲ d^{2/3} holds (it had been "holds nowhere": the region had read the float by its 15-digit print)
    x = sp.Symbol("x", positive=True)
    floats = Region("2/3<=x<=1", (x,), (x >= 2 / 3, x <= 1))
    assert compare(d**x, "lesssim", d ** (2 / 3), floats, d=d).holds_on == "part"
    assert compare(d**x, "lesssim", d ** sp.Rational(1, 2), floats, d=d).holds_on == "none"  # the perturbation
    # ... and exactly: the float 2/3 is 0.66666666666666663 (binary), below 2/3, so d^{2/3} ≲ d^{that} fails
    assert decide(Statement(d ** sp.Rational(2, 3), "lesssim", d ** (2 / 3)), closed, d=d).verdict == "refuted"
    # BM5: under ≲ a dropped term whose coefficient is 0 somewhere is absent there: d + (ν − 2)d² ≲ 1 fails at ν = 2
    r = decide(Statement(d + (nu - 2) * d**2, "lesssim", sp.Integer(1)), closed, d=d)
    assert r.verdict == "refuted" and r.evidence["witness"]["point"] == {"nu": "2"}
    assert r.regime["holds_on"] == "undecided" and r.regime["conditions"] == []  # no "holds at least where never"
    assert compare(d + (nu - 3) * d**2, "lesssim", sp.Integer(1), closed, d=d).holds_everywhere  # never 0 there


def test_crossover_log10_d_finds_where_the_ratio_stays_below_one():
    """Referee BF (F3): a verified rate says how late it shows. log^8 d = d^{1/16} at log10 d ≈ 376.0 (checked
    here from the definition); 1/d is below 1 from the start; d never is."""
    import mpmath

    from theorycheck.asymptotics import crossover_log10_d

    d = sp.Symbol("d", positive=True)
    x = crossover_log10_d(sp.log(d) ** 8 / d ** sp.Rational(1, 16), sp.Integer(1), {}, d)
    with mpmath.workdps(30):
        L = mpmath.mpf(x) * mpmath.log(10)
        assert abs(8 * mpmath.log(L) - L / 16) < 1e-2  # the two sides meet there
    assert 375 < float(x) < 377
    assert crossover_log10_d(1 / d, sp.Integer(1), {}, d) == "< 0.1"
    assert crossover_log10_d(d, sp.Integer(1), {}, d).startswith(">")
    # referee BG (F7): the ratio as it is (a negative one is below 1), its size under O/o; a constant ratio ≥ 1 is
    # "never" with constant 1, not "> top"; log log d / log d < 1 for every d > 1
    assert crossover_log10_d(-d, sp.Integer(1), {}, d) == "< 0.1"
    assert crossover_log10_d(-d, sp.Integer(1), {}, d, size=True).startswith(">")
    assert crossover_log10_d(sp.log(sp.log(d)), sp.log(d), {}, d) == "< 0.1"
    assert crossover_log10_d(2 * d, d, {}, d) == "never (→ 2.0)"
    # referee BH (C1): (d − 1)/d is below 1 at every d (30 digits had rounded it to 1 at the grid's end); an int side
    assert crossover_log10_d(d - 1, d, {}, d) == "< 0.1" and crossover_log10_d(2 * d, 1, {}, d).startswith(">")
    a = sp.Symbol("a", positive=True)  # a parameter point moves it: log^8 d = d^{a} with a = 1/8 meets earlier
    assert float(crossover_log10_d(sp.log(d) ** 8 / d**a, sp.Integer(1), {"a": "1/8"}, d)) < float(x)


def test_referee_bi_parameter_dependent_growths_and_definite_sums():
    """Referee BI: S1 sympy.limit read log^{ν+1}d − log²d as → −∞ for every ν, so exp(log^{ν+1}d) ≲ exp(log²d) was
    verified on ν ∈ [1/2, 2]: such growths are refused; R4 2d^ν − d^{q(ν−1)+1} at q = 1 is d^ν and is refuted again."""
    d, nu, q = sp.symbols("d nu q", positive=True)
    log_d = sp.log(d)
    region = Region("1/2 <= nu <= 2", (nu,), (nu >= sp.Rational(1, 2), nu <= 2))
    with pytest.raises(InputError, match="depends on the parameters"):
        compare(sp.exp(log_d ** (nu + 1)), "lesssim", sp.exp(log_d**2), region, d=d)
    by_q = Region("1 <= nu <= 2", (nu,), (nu >= 1, nu <= 2), q=q, q_values=(1, 2, 3))
    r4 = compare(2 * d**nu - d ** (q * (nu - 1) + 1), "O", d, by_q, d=d)
    assert r4.witness is not None and Fraction(r4.witness["point"]["nu"]) > 1


def test_referee_bj_constants_in_growths_and_in_merged_coefficients():
    """Referee BJ: J2 a growth difference with a constant or a parameter only in its coefficients is decided by its
    fastest piece (e^{−log²d − ν log^{3/2}d} ≲ e^{−log²d}; d^ν e^{−c log²d} ≲ e^{−c log²d/2}), not refused; J1 a sum of
    same-order terms with constants outside the region (δ − 1) is not merged as if it had one sign."""
    d, nu, q, c, delta, eps = sp.symbols("d nu q c delta epsilon", positive=True)
    log_d = sp.log(d)
    region = Region("1 <= nu <= 2", (nu,), (nu >= 1, nu <= 2))
    assert compare(sp.exp(-log_d**2 - nu * log_d ** sp.Rational(3, 2)), "lesssim", sp.exp(-log_d**2), region,
                   d=d).holds_everywhere
    assert compare(d**nu * sp.exp(-c * log_d**2), "lesssim", sp.exp(-c * log_d**2 / 2), region, d=d).holds_everywhere
    assert compare(sp.exp(c * log_d**2), "lesssim", sp.exp(c * log_d**2 / 2), region, d=d).witness is not None
    by_q = Region("1 <= nu <= 2", (nu,), (nu >= 1, nu <= 2), q=q, q_values=(1, 2, 3))
    held = compare(delta * d**nu - d ** (q * (nu - 1) + 1), "lesssim", d, by_q, d=d)
    assert held.witness is None  # (δ − 1)d^ν < 0 for δ < 1: never refuted


def test_a_face_term_leaves_none_when_the_rest_fails_on_the_face_too():
    """Referee BN (BN5): any left term whose coefficient is 0 on a face had turned a provable "holds nowhere" into
    "undecided". On each face the rest is now decided with that term removed. The perturbations: where the rest does
    hold on the face, the regime stays undecided (it holds there), and the witness is still a refutation."""
    nu = sp.Symbol("nu", positive=True)
    region = Region("[1,2]", (nu,), (nu >= 1, nu <= 2))
    fails = compare(d**3 + (nu - 1) * d**-5, "lesssim", sp.Integer(1), region, d=d)
    assert fails.holds_on == "none" and fails.witness is not None
    assert compare(d**nu + (nu - 1) * d**3, "lesssim", sp.Integer(1), region, d=d).holds_on == "none"
    assert compare((1 - nu) * d**2 + d**3, "O", sp.Integer(1), region, d=d).holds_on == "none"
    # the rest holds on the face ν = 1 (only there): undecided, never "none"
    assert compare((nu - 1) * d**2 + 1, "lesssim", sp.Integer(1), region, d=d).holds_on == "undecided"
    assert compare((1 - nu) * d**2 + d ** (nu - 1), "O", sp.Integer(1), region, d=d).holds_on == "undecided"
    # two face terms on different faces: it fails on each face and inside
    assert compare((nu - 1) * d**2 + (2 - nu) * d**3 + 1, "lesssim", sp.Integer(1), region, d=d).holds_on == "none"
    # two faces that meet: it holds only at the corner x = y = 1, where both terms vanish (the meet is searched)
    x, y = sp.symbols("x y", positive=True)
    square = Region("[1,2]^2", (x, y), (x >= 1, x <= 2, y >= 1, y <= 2))
    corner = compare((x - 1) * d**2 + (y - 1) * d**2 + 1, "lesssim", sp.Integer(1), square, d=d)
    assert corner.holds_on == "undecided"
    apart = compare((x - 1) * d**2 + (y - 1) * d**2 + d, "lesssim", sp.Integer(1), square, d=d)
    assert apart.holds_on == "none"


def test_ratio_at_a_zero_right_side():
    """X ≲ 0 (a dropped term; referee EF, EF-11): the witness's ratios say the right side is 0 instead of crashing."""
    d = sp.Symbol("d", positive=True)
    rows = ratio_at(d**2, sp.Integer(0), {}, d)
    assert rows and all(r["log10_ratio"].startswith("∞") for r in rows)
    assert ratio_at(d**2, d, {}, d)[0]["log10_ratio"].startswith("8")
