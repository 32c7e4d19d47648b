"""The two kinds of target: regression parts in scaled integers, checked against brute force."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from dtree.dataset import Dataset
from dtree.grower.targets import Responses, Sums, target_of


def test_squared_error_is_the_residual_sum_of_squares() -> None:
    ys = [Fraction(1), Fraction(2), Fraction(6)]
    part = Sums(3, sum(ys, Fraction(0)), sum((y * y for y in ys), Fraction(0)), 0)
    mean = sum(ys, Fraction(0)) / 3
    assert part.squared_error() == sum((y - mean) ** 2 for y in ys)
    assert part.mean() == mean
    assert Sums(0, 0, 0, 0).squared_error() == 0
    quarters = Sums(2, 1 + 2, 1 + 4, 2)  # y = 0.25 and 0.5, scaled by 4 to 1 and 2
    assert quarters.squared_error() == Fraction(1, 32)


def _sse(ys: list[Fraction], ws: list[Fraction]) -> Fraction:
    weight = sum(ws, Fraction(0))
    mean = sum((w * y for w, y in zip(ws, ys, strict=True)), Fraction(0)) / weight
    return sum((w * (y - mean) ** 2 for w, y in zip(ws, ys, strict=True)), Fraction(0))


@given(
    st.lists(
        st.tuples(
            st.integers(0, 2),
            st.sampled_from([-2.5, -1.0, 0.0, 0.125, 1.0, 3.75, 1e-3]),
            st.one_of(st.integers(1, 4), st.fractions(Fraction(1, 4), 3), st.floats(0.1, 3.0)),
        ),
        min_size=2,
        max_size=12,
    )
)
def test_the_decrease_is_the_drop_of_the_sum_of_squares_over_the_weight(
    rows: list[tuple[int, float, int | Fraction | float]],
) -> None:
    """I(s, t) = (SSE(t) - sum_b SSE(t_b)) / W, exactly, for integer, fraction and float
    weights and for one to three branches."""
    branches, ys, ws = zip(*rows, strict=True)
    data = Dataset.from_columns({"b": list(branches), "y": list(ys)}, target="y")
    target = target_of(data, "squared_error")
    assert isinstance(target, Responses)
    parts = [
        target.part([r for r in range(len(rows)) if branches[r] == b],
                    [w for r, w in enumerate(ws) if branches[r] == b])
        for b in sorted(set(branches))
    ]  # fmt: skip
    exact_y = [Fraction(y) for y in ys]
    exact_w = [Fraction(w) for w in ws]
    weight = Fraction(sum(part.weight for part in parts))
    whole = _sse(exact_y, exact_w)
    within = sum(
        (
            _sse([y for y, c in zip(exact_y, branches, strict=True) if c == b],
                 [w for w, c in zip(exact_w, branches, strict=True) if c == b])
            for b in set(branches)
        ),
        Fraction(0),
    )  # fmt: skip
    decrease = target.decrease(parts)
    if all(isinstance(w, int | Fraction) for w in ws):
        assert decrease == (whole - within) / weight
    else:  # the node's float weight is the exact sum rounded once
        assert abs(float(decrease) - float((whole - within) / weight)) <= 1e-9 * float(1 + whole)
