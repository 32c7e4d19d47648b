"""scikit-learn's releases as data: which conventions each grows its trees by.

dtree reproduces ``DecisionTreeClassifier`` / ``DecisionTreeRegressor`` of
scikit-learn 1.0 to 1.9.  Read from each release's own source (``sklearn/tree/``
of the release's source distribution; lines of 1.0.2 and 1.9.1):

======================  =============  ==============================================
convention              releases       where, and what it does
======================  =============  ==============================================
float32 X               1.0 - 1.9      ``_classes.py`` ``fit`` (1.0 l. 163): X cast
                                       to float32 (``DTYPE``) before growing
feature tolerance       1.0 - 1.9      ``FEATURE_THRESHOLD = 1e-7`` (``_splitter.pyx``
1e-7, in float32                       l. 36 in 1.0; ``_partitioner.pxd`` l. 13 since
                                       1.6); no cut between sorted neighbours a, b when
                                       ``b <= a + FEATURE_THRESHOLD``, summed in float32
                                       (1.0 ``_splitter.pyx`` l. 379, 1.9
                                       ``_partitioner.pyx`` l. 212); a feature whose
                                       ``max <= min + FEATURE_THRESHOLD`` is constant
threshold               1.0 - 1.9      ``a / 2.0 + b / 2.0`` in double of the float32
                                       neighbours (1.0 ``_splitter.pyx`` l. 408, 1.9
                                       l. 460); 1.0 - 1.8 take a if that rounds to b or
                                       to an infinity (1.0 l. 410, 1.8 l. 464), a rule
                                       1.9 drops: of two float32 numbers it never fires
tie order               1.0 - 1.9      features drawn in a Fisher-Yates permutation of
                                       ``random_state`` even with ``max_features=None``
                                       (``rand_int``, 1.0 ``_splitter.pyx`` l. 339, 1.9
                                       l. 352); a cut replaces the best only if its
                                       proxy improvement is strictly greater (1.0
                                       l. 405, 1.9 l. 445): ties between features go to the
                                       random stream, within one to the lowest cut
purity                  1.0 - 1.9      ``impurity <= EPSILON`` makes a leaf, EPSILON =
                                       ``np.finfo('double').eps`` = 2^-52 (1.0
                                       ``_tree.pyx`` l. 54, l. 216; 1.9 l. 42, l. 240)
min_impurity_decrease   1.0 - 1.9      a leaf if ``improvement + EPSILON <
                                       min_impurity_decrease`` (1.0 l. 224, 1.9 l. 251)
criterion names         1.0            gini, entropy; squared_error, friedman_mse,
                                       absolute_error, poisson, and the old mse, mae
                        1.1            adds log_loss (= entropy); mse, mae deprecated
                        1.2 - 1.8      mse and mae removed
                        1.9            friedman_mse deprecated, mapped to squared_error
missing values (NaN)    1.0 - 1.2      refused by ``fit``
                        1.3 - 1.9      a learned branch (``missing_go_to_left``);
                                       dtree follows 1.9's rule for every release
monotonic_cst           1.4 - 1.9      the setting exists (reproduced by dtree)
max_features="auto"     1.0 - 1.2      accepted (deprecated in 1.1), removed in 1.3
======================  =============  ==============================================

``min_impurity_split`` was removed in 1.0 (0.24's ``impurity <= min_impurity_split``
became ``impurity <= EPSILON``, scikit-learn's pull request 19336), which is why the table
starts there.

dtree's part: :class:`dtree.grower.learner.Learner` ``float32=True`` grows on the
float32 images of the values, ``resolution`` 1e-7 is the feature tolerance (its test
made in float32), ``threshold="midpoint"`` puts the threshold where scikit-learn does,
``purity_tolerance`` and ``decrease_tolerance`` are EPSILON's two rules.  Ties are
broken by schema order where scikit-learn draws: :mod:`dtree.conformance.compare`
names such a disagreement a tie.

Contents: :class:`Conventions`, :class:`Release`, :data:`RELEASES`,
:data:`FEATURE_THRESHOLD`, :data:`EPSILON`, :func:`release_of`,
:func:`installed_version`.
"""

from __future__ import annotations

import importlib.metadata
import re

from attrs import frozen

from dtree.errors import DtreeError, quote

__all__ = [
    "EPSILON",
    "FEATURE_THRESHOLD",
    "RELEASES",
    "Conventions",
    "Release",
    "installed_version",
    "release_of",
]

FEATURE_THRESHOLD = 1e-7
"""scikit-learn's ``FEATURE_THRESHOLD``: sorted neighbours b <= a + 1e-7 (in float32) are
never cut between."""

EPSILON = 2.0**-52
"""scikit-learn's ``EPSILON = np.finfo('double').eps`` of ``_tree.pyx``."""


@frozen
class Conventions:
    """How one scikit-learn release grows a tree, field by field (see the module's table).

    ``version``: the release, "major.minor"; ``feature_tolerance``: no cut between
    sorted neighbours a <= b with b <= a + it, in float32 (``FEATURE_THRESHOLD``);
    ``float32``: X is cast to float32 first;
    ``threshold_rule``: ``"midpoint"``, a / 2 + b / 2 in double of the float32
    neighbours; ``tie_order``: ``"random_features"`` (scikit-learn visits the features in
    a permutation drawn from ``random_state``; dtree breaks such ties by schema order and
    :func:`dtree.conformance.compare` calls them ties); ``purity_epsilon``: a node whose
    impurity is at most it is a leaf; ``improvement_epsilon``: a split is refused when its
    weighted improvement plus it is below ``min_impurity_decrease``.

    >>> c = release_of("1.9.1").conventions
    >>> c.version, c.feature_tolerance, c.float32, c.threshold_rule, c.purity_epsilon == 2**-52
    ('1.9', 1e-07, True, 'midpoint', True)
    """

    version: str
    feature_tolerance: float = FEATURE_THRESHOLD
    float32: bool = True
    threshold_rule: str = "midpoint"
    tie_order: str = "random_features"
    purity_epsilon: float = EPSILON
    improvement_epsilon: float = EPSILON


@frozen
class Release:
    """One scikit-learn release (major, minor) and what its trees accept.

    ``criteria``: the criterion names its estimators accept; ``renamed``: an old or
    deprecated name and the criterion the release grows by under it; ``missing_branch``:
    a split learns a branch for missing values (NaN), where an older release refuses
    them; ``monotonic_cst`` and ``max_features_auto``: whether the setting or choice
    exists; ``conventions``: its :class:`Conventions`.

    >>> release_of("1.0.2").renamed
    (('mae', 'absolute_error'), ('mse', 'squared_error'))
    """

    version: tuple[int, int]
    criteria: tuple[str, ...]
    renamed: tuple[tuple[str, str], ...] = ()
    missing_branch: bool = True
    monotonic_cst: bool = True
    max_features_auto: bool = False

    @property
    def name(self) -> str:
        """The release as "major.minor"."""
        return "{}.{}".format(*self.version)

    @property
    def conventions(self) -> Conventions:
        """How the release grows a tree (the same in every release dtree knows)."""
        return Conventions(self.name)

    def criterion(self, name: str) -> str:
        """The criterion the release grows by under ``name``, or a refusal naming the release.

        >>> release_of("1.0").criterion("mse")
        'squared_error'
        >>> release_of("1.0").criterion("log_loss")
        Traceback (most recent call last):
        ...
        dtree.errors.DtreeError: sklearn setting criterion='log_loss' is refused: ... in 1.1 to 1.9
        """
        if name not in self.criteria:
            where = [r.name for r in RELEASES if name in r.criteria]
            known = f"; {name} is in {where[0]} to {where[-1]}" if where else ""
            raise DtreeError(
                f"sklearn setting criterion={quote(name)} is refused: scikit-learn {self.name}"
                f" has no such criterion (it has {', '.join(sorted(self.criteria))}){known}"
            )
        return dict(self.renamed).get(name, name)


_CLASSIFIER = ("gini", "entropy", "log_loss")
_REGRESSOR = ("squared_error", "friedman_mse", "absolute_error", "poisson")
_OLD_NAMES = (("mae", "absolute_error"), ("mse", "squared_error"))

RELEASES: tuple[Release, ...] = (
    Release(
        (1, 0),
        ("gini", "entropy", *_REGRESSOR, "mse", "mae"),
        _OLD_NAMES,
        missing_branch=False,
        monotonic_cst=False,
        max_features_auto=True,
    ),
    Release(
        (1, 1),
        (*_CLASSIFIER, *_REGRESSOR, "mse", "mae"),
        _OLD_NAMES,
        missing_branch=False,
        monotonic_cst=False,
        max_features_auto=True,
    ),
    Release(
        (1, 2),
        (*_CLASSIFIER, *_REGRESSOR),
        missing_branch=False,
        monotonic_cst=False,
        max_features_auto=True,
    ),
    Release((1, 3), (*_CLASSIFIER, *_REGRESSOR), monotonic_cst=False),
    *(Release((1, minor), (*_CLASSIFIER, *_REGRESSOR)) for minor in range(4, 9)),
    Release((1, 9), (*_CLASSIFIER, *_REGRESSOR), (("friedman_mse", "squared_error"),)),
)
"""The releases dtree knows, oldest first (see the module's table)."""

_VERSION = re.compile(r"(\d+)\.(\d+)(?:\.\d+)?(?:(?:a|b|rc|\.dev|\.post)\d*)*")


def release_of(version: str | None = None) -> Release:
    """The :class:`Release` of a version string ("1.3", "1.3.2", "1.6.0rc1"); None: the
    installed scikit-learn's (:func:`installed_version`), or the newest known if none is.

    >>> release_of("1.3.2").name, release_of("1.3.2").missing_branch
    ('1.3', True)
    >>> release_of("0.24.2")
    Traceback (most recent call last):
    ...
    dtree.errors.DtreeError: scikit-learn version '0.24.2' is not supported: dtree knows 1.0 to 1.9
    """
    given = installed_version() if version is None else version
    if given is None:
        return RELEASES[-1]
    supported = f"dtree knows {RELEASES[0].name} to {RELEASES[-1].name}"
    match = _VERSION.fullmatch(given)
    if match is None:
        raise DtreeError(f"scikit-learn version {quote(given)} is not a version: {supported}")
    wanted = (int(match[1]), int(match[2]))
    for release in RELEASES:
        if release.version == wanted:
            return release
    raise DtreeError(f"scikit-learn version {quote(given)} is not supported: {supported}")


def installed_version() -> str | None:
    """The installed scikit-learn's version string, or None (read from its metadata,
    without importing it).

    >>> installed_version() is None or installed_version()[0].isdigit()
    True
    """
    try:
        return importlib.metadata.version("scikit-learn")
    except importlib.metadata.PackageNotFoundError:
        return None
