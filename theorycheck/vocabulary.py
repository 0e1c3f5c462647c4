r"""The closed vocabularies of the toolkit, as ``Literal`` types, checked in one place (:func:`check`).

Each vocabulary is a ``Literal`` type (what annotations use) and its allowed values are read from that type,
so the two cannot drift apart. Modules import the types from here and validate with :func:`check`, which
raises :class:`~theorycheck.errors.InputError` (one line, exit 2 on the command line) naming the bad value.

>>> check("adjacency", "replace-one")
'replace-one'
>>> allowed("aggregate")
('mean', 'sum')
>>> check("clip_rule", "max")
Traceback (most recent call last):
...
theorycheck.errors.InputError: clip_rule must be one of ('min', 'literal', 'none'), got 'max'
"""

from __future__ import annotations

from typing import Any, Literal, get_args

from .errors import InputError

__all__ = ["VOCABULARIES", "Adjacency", "Aggregate", "ClipRule", "FirstLayerNoise", "Method", "NoiseForm",
           "Reduction", "Regulariser", "Rounding", "VerdictKind", "allowed", "check", "check_method"]

#: neighbouring datasets: replace one record, or add/remove one (Part 2, Definition 2)
Adjacency = Literal["replace-one", "add-remove"]
#: how per-sample clipped gradients are combined before the noise is added
Aggregate = Literal["mean", "sum"]
#: Algorithm 1's clipping: min(1, C/‖g‖) ("min"), the printed C/‖g‖ ("literal"), or none
ClipRule = Literal["min", "literal", "none"]
#: where the second layer's noise enters (Part 1's update, its scalar reading, or Part 3's recursion)
NoiseForm = Literal["part1", "part1-scalar", "part3"]
#: reduction of the first layer's per-sample gradients
Reduction = Literal["mean", "sum"]
#: the first layer's noise before or after the normalisation
FirstLayerNoise = Literal["after-normalise", "before-normalise"]
Regulariser = Literal["clipped", "unclipped"]
Rounding = Literal["ceil", "round", "floor"]
#: a check's verdict (see :class:`theorycheck.claims.Verdict`)
VerdictKind = Literal["verified", "refuted", "inconclusive", "error"]
#: how a verdict was reached; several may be joined with "+" ("numeric+certified")
Method = Literal["symbolic", "certified", "numeric", "property", "simulation", "exact", "none"]

VOCABULARIES: dict[str, Any] = {
    "adjacency": Adjacency, "aggregate": Aggregate, "clip_rule": ClipRule, "noise_form": NoiseForm,
    "first_layer_reduction": Reduction, "first_layer_noise": FirstLayerNoise, "regulariser": Regulariser,
    "T_rounding": Rounding, "verdict": VerdictKind, "method": Method,
}


def allowed(name: str) -> tuple[str, ...]:
    """The allowed values of the vocabulary ``name``."""
    try:
        return tuple(get_args(VOCABULARIES[name]))
    except KeyError:
        raise KeyError(f"no vocabulary {name!r}; known: {sorted(VOCABULARIES)}") from None


def check(name: str, value: Any) -> Any:
    """``value`` if it belongs to the vocabulary ``name``, else :class:`InputError` naming both."""
    values = allowed(name)
    if value not in values:
        raise InputError(f"{name} must be one of {values}, got {value!r}")
    return value


def check_method(method: str) -> str:
    """A verdict's method: one of :data:`Method` or several joined by ``+``."""
    values = allowed("method")
    for part in method.split("+"):
        if part not in values:
            raise InputError(f"method part {part!r} is not one of {values}")
    return method
