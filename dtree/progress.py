"""Progress of long work: what a long-running function reports, and the line that shows it.

Vocabulary
----------
Progress
    A frozen value: ``done`` of ``total`` units of work, and ``what`` is
    being done (``"growing"``, ``"fold 3/10, growing"``).  Its share,
    done / total, lies in [0, 1].  Work of unknown size (rows read from a
    pipe) has an infinite total, and so a share of 0, until it is complete.
Report
    A callback, ``Callable[[Progress], None]``: the ``progress`` argument
    of :func:`dtree.grower.make_subtree.grow` (and of ``id3``, ``c45``, ``cart``),
    :func:`dtree.prune.cost_complexity_path`, :func:`dtree.selection.select_by_cv`,
    :func:`dtree.evaluate.cross_validate`, :func:`dtree.evaluate.learning_curve`,
    :func:`dtree.load.read_csv` and :func:`dtree.arff.read_arff`.

The promise of every function that takes ``progress``: the shares it
reports never fall, the last report is complete (``done == total``), it
reports at most about a thousand times however large the work (so that
reporting costs nothing measurable), and its result is the same with or
without a callback.  Work made of parts reports each part's progress as
a slice of the whole (:func:`part`).

Only the command line draws progress, with :class:`Line`: one line on
standard error, redrawn in place, with the time elapsed and an estimate
of the time left, and only when standard error is a terminal.  A step of
the work may take minutes between two reports; the command line then
calls :meth:`Line.tick` every second, so the time elapsed keeps moving.

Contents: :class:`Progress`, :data:`Report`, :func:`part`, :func:`takes_progress`, :func:`meter`,
:data:`STEPS`, :func:`remaining`, :func:`clock`, :class:`Line`.
"""

from __future__ import annotations

import inspect
import math
import shutil
import time
from collections.abc import Callable
from typing import TextIO

from attrs import frozen

__all__ = [
    "STEPS",
    "Line",
    "Progress",
    "Report",
    "clock",
    "meter",
    "part",
    "remaining",
    "takes_progress",
]


@frozen
class Progress:
    """``done`` of ``total`` units of work, while doing ``what``.

    >>> Progress(3, 4, "fold 4/4").share
    0.75
    >>> Progress(0, 0, "nothing to do").share  # no work at all is complete work
    1.0
    """

    done: float
    total: float
    what: str

    @property
    def share(self) -> float:
        """done / total, the part of the work done, in [0, 1] (1 when there is no work)."""
        if self.total <= 0:
            return 1.0
        return min(1.0, max(0.0, self.done / self.total))


Report = Callable[[Progress], None]
"""A progress callback: called with each new :class:`Progress` of the work."""

STEPS = 1000
"""A :func:`meter` reports when another 1/STEPS of the work is done, and at the end."""


def part(report: Report | None, start: float, end: float, total: float, what: str) -> Report | None:
    """The report of one part of a larger work: the units ``start`` to ``end`` of ``total``.

    A share s of the part is reported as ``start + (end - start) s`` units
    of the whole, and the part's own ``what`` follows the part's name (an
    empty name leaves it alone).

    >>> seen = []
    >>> fold = part(seen.append, 2, 3, 10, "fold 3/10")
    >>> fold(Progress(1, 4, "growing"))
    >>> seen
    [Progress(done=2.25, total=10, what='fold 3/10, growing')]
    >>> part(seen.append, 0.5, 1, 1, "")(Progress(1, 2, "pruning"))
    >>> seen[-1]
    Progress(done=0.75, total=1, what='pruning')
    >>> part(None, 2, 3, 10, "fold 3/10") is None
    True
    """
    if report is None:
        return None
    whole = report

    def inner(progress: Progress) -> None:
        named = f"{what}, {progress.what}" if what else progress.what
        whole(Progress(start + (end - start) * progress.share, total, named))

    return inner


def takes_progress(function: Callable[..., object]) -> bool:
    """Whether ``function`` takes a ``progress`` keyword: a :data:`Report` for its own work.

    >>> from functools import partial
    >>> from dtree.grower.presets import id3
    >>> takes_progress(id3), takes_progress(partial(id3, max_depth=1)), takes_progress(len)
    (True, True, False)
    """
    try:
        parameter = inspect.signature(function).parameters.get("progress")
    except (TypeError, ValueError):  # no signature to read, as for some builtins
        return False
    return parameter is not None and parameter.kind in (
        inspect.Parameter.KEYWORD_ONLY,
        inspect.Parameter.POSITIONAL_OR_KEYWORD,
    )


def meter(report: Report | None, total: float, what: str) -> Callable[[float], None]:
    """A counter of work done that reports to ``report`` at most about :data:`STEPS` times.

    Calling it with the work done so far (never less than before) reports
    when another ``total / STEPS`` of the work is done since the last
    report, and once when the work is complete; a value above ``total``
    counts as ``total``.  Without a report it does nothing.

    >>> seen = []
    >>> advance = meter(seen.append, 10_000, "counting")
    >>> for done in range(1, 10_001):
    ...     advance(done)
    >>> len(seen), seen[0].done, seen[1].done, seen[-1].done
    (1000, 10, 20, 10000)
    """
    if report is None:
        return lambda done: None
    whole = report
    step = total / STEPS
    last = 0.0
    finished = False

    def advance(done: float) -> None:
        nonlocal last, finished
        done = min(done, total)
        # done > last as well: a step of a tiny total can round to 0
        if not finished and (done >= total or (done > last and done >= last + step)):
            last, finished = done, done >= total
            whole(Progress(done, total, what))

    return advance


def remaining(elapsed: float, share: float) -> float | None:
    """The time left, if the rest of the work goes as fast as the part done so far:
    elapsed (1 - share) / share; None before any work is done.

    >>> remaining(30.0, 0.25)
    90.0
    >>> remaining(5.0, 0.0) is None
    True
    """
    if share <= 0:
        return None
    return elapsed * (1 - share) / share


def clock(seconds: float) -> str:
    """A duration as a clock reads it: minutes and seconds, and hours once there are any.

    >>> clock(7.4), clock(65), clock(3723)
    ('0:07', '1:05', '1:02:03')
    """
    whole = round(seconds)
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    if hours:
        return f"{hours}:{minutes:02}:{secs:02}"
    return f"{minutes}:{secs:02}"


class Line:
    """One line of progress on a terminal, redrawn in place.

    Calling it with a :class:`Progress` redraws the line (a carriage
    return, then the text padded over the previous one), at most once per
    ``interval`` seconds of ``timer``: ``label: what, 45%, 0:12 elapsed,
    about 0:15 left`` (without the share and the estimate while the total is
    unknown, infinite).  :meth:`tick` redraws the last report with the time
    now (or, before the first report, the time alone).  The text is cut to
    fit ``width`` columns (the terminal's, by default), so that it never
    wraps.  :meth:`close` erases the line, so whatever is written next starts
    on a clean line.  The command line makes one only when standard error is
    a terminal.

    >>> import io
    >>> times = iter([0.0, 0.05, 3.0, 63.0])
    >>> stream = io.StringIO()
    >>> line = Line(stream, "dtree", timer=lambda: next(times), width=80)
    >>> line(Progress(1, 4, "growing"))  # at 0.05 s: drawn
    >>> line(Progress(3, 4, "growing"))  # at 3 s
    >>> line.tick()  # at 63 s, no report since
    >>> stream.getvalue().split("\\r")[1:]  # doctest: +NORMALIZE_WHITESPACE
    ['dtree: growing, 25%, 0:00 elapsed', 'dtree: growing, 75%, 0:03 elapsed, about 0:01 left',
     'dtree: growing, 75%, 1:03 elapsed, about 0:21 left']
    """

    def __init__(
        self,
        stream: TextIO,
        label: str,
        *,
        timer: Callable[[], float] = time.monotonic,
        interval: float = 0.1,
        width: int | None = None,
    ) -> None:
        self.stream = stream
        self.label = label
        self.timer = timer
        self.interval = interval
        self.width = width if width is not None else shutil.get_terminal_size().columns
        self.start = timer()
        self.drawn: float | None = None
        self.shown = 0
        self.last: Progress | None = None

    def text(self, progress: Progress, elapsed: float) -> str:
        """The line for ``progress`` after ``elapsed`` seconds.

        >>> import io
        >>> line = Line(io.StringIO(), "dtree", width=80)
        >>> line.text(Progress(8192, math.inf, "reading, 8192 rows"), 3)
        'dtree: reading, 8192 rows, 0:03 elapsed'
        """
        if math.isinf(progress.total):
            words = f"{self.label}: {progress.what}, {clock(elapsed)} elapsed"
        else:
            words = f"{self.label}: {progress.what}, {progress.share:.0%}, {clock(elapsed)} elapsed"
            left = remaining(elapsed, progress.share)
            if left is not None and progress.share < 1 and elapsed >= 1:
                words += f", about {clock(left)} left"
        return words[: max(0, self.width - 1)]

    def __call__(self, progress: Progress) -> None:
        self.last = progress
        now = self.timer()
        if self.drawn is not None and now - self.drawn < self.interval:
            return
        self.drawn = now
        self._draw(self.text(progress, now - self.start))

    def tick(self) -> None:
        """Redraw the last report with the time now (before the first, the time alone), so
        that a step that reports nothing for minutes still shows its time elapsed moving.

        >>> import io
        >>> stream = io.StringIO()
        >>> Line(stream, "dtree", timer=iter([0.0, 7.0]).__next__, width=80).tick()
        >>> stream.getvalue()
        '\\rdtree: 0:07 elapsed'
        """
        self.drawn = self.timer()
        elapsed = self.drawn - self.start
        if self.last is None:
            self._draw(f"{self.label}: {clock(elapsed)} elapsed"[: max(0, self.width - 1)])
        else:
            self._draw(self.text(self.last, elapsed))

    def _draw(self, words: str) -> None:
        self.stream.write("\r" + words.ljust(self.shown))
        self.stream.flush()
        self.shown = len(words)

    def close(self) -> None:
        """Erase the line, if one was drawn."""
        if self.shown:
            self._draw("")
            self.stream.write("\r")
            self.stream.flush()
            self.shown = 0
