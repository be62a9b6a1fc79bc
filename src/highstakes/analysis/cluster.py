"""Play a simulation's games on a Ray cluster (the optional extra ``cluster``).

``RayCluster(address)`` is a :class:`~highstakes.analysis.simulate.ChunkRunner`: each chunk
of games becomes a Ray task, at most ``workers`` of them running at once, and the results
are taken as they arrive (``ray.wait``). Each game is seeded by its number alone, and the
simulation adds the outcomes in game order, so a cluster gives the summary the process pool
gives for the same seed, whatever its size.

Addresses: ``auto``, the Ray running on this machine (``ray start --head``) or, when there is
none, a Ray started for this run alone; ``ray://HOST:PORT``, the Ray Client port of a
cluster's head node (10001 unless ``ray start --ray-client-server-port`` says otherwise).
Every node must have the same highstakes (and the same Python and Ray) as this machine: the
tasks name the game by its id and play it with the installed code.

The connection is made when it is first needed (after the simulation has checked its
arguments), and closed when the ``with`` block ends; a Ray that was already connected in
this process (``ray.init`` called by the program) is used as it is and left connected.
"""

from __future__ import annotations

import logging
import os
import re
import socket
import warnings
from collections.abc import Callable, Iterator, Sequence
from types import ModuleType, TracebackType
from typing import Any, TypeVar

import highstakes
from highstakes.i18n import _

Job = TypeVar("Job")
Result = TypeVar("Result")

INSTALL = 'pip install "highstakes[cluster]"'
AUTO = "auto"
CLIENT_FORM = "ray://HOST:PORT"
_CLIENT_ADDRESS = re.compile(r"ray://(?P<host>\[[0-9A-Fa-f:.]+\]|[^:/\s\[\]]+):(?P<port>\d{1,5})/?")
_REACH_SECONDS = 5.0  # a first TCP connection; Ray Client itself waits 30 s for a closed port
#: Where Ray keeps a cluster's authentication token by default (``ray get-auth-token``).
_DEFAULT_TOKEN_FILE = os.path.join("~", ".ray", "auth_token")


class ClusterUnavailable(Exception):
    """Ray is not installed, or the address is not one Ray can be reached at: bad usage."""


class ClusterError(Exception):
    """The cluster could not be reached, or could not play the games: the work failed."""


def require_ray() -> ModuleType:
    """The ``ray`` module, or :class:`ClusterUnavailable` saying how to install it."""
    try:
        import ray
    except ImportError:
        raise ClusterUnavailable(_("--cluster needs Ray, an optional extra: {command}").format(
            command=INSTALL)) from None
    return ray


def check_address(address: str) -> tuple[str, int] | None:
    """``None`` for ``auto``, else the host and port of ``ray://HOST:PORT``; a bad one raises ValueError."""
    if address == AUTO:
        return None
    match = _CLIENT_ADDRESS.fullmatch(address.strip())
    if match is None or not 0 < int(match["port"]) < 65536:
        raise ValueError(_("--cluster takes {auto} or {client}, e.g. {example}; got {address}").format(
            auto=AUTO, client=CLIENT_FORM, example="ray://10.0.0.5:10001", address=repr(address)))
    return match["host"].strip("[]"), int(match["port"])


def _worker_versions() -> str:
    """What a worker of the cluster runs (a Ray task)."""
    return highstakes.__version__


class RayCluster:
    """A Ray cluster to play chunks of games on; a context manager that disconnects at the end.

    ``workers`` caps the tasks running at once (default: every CPU of the cluster).
    ``on_connecting(True)`` is called before connecting, ``on_connecting(False)`` once connected,
    for a face to say why nothing moves yet (starting a local Ray takes some seconds).
    """

    def __init__(self, address: str = AUTO, *, workers: int | None = None,
                 on_connecting: Callable[[bool], None] | None = None) -> None:
        if workers is not None and workers < 1:
            raise ValueError(_("workers must be at least 1; got {count}").format(count=workers))
        self.address = address
        self._endpoint = check_address(address)
        if self._endpoint is not None:
            offer_token()  # before Ray is imported: Ray reads it once
        self._ray = require_ray()
        self._requested = workers
        self._on_connecting = on_connecting
        self._connected = False
        self._owns_connection = False
        self._cpus = 0

    # -- connection ------------------------------------------------------------------------

    def __enter__(self) -> RayCluster:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self.close()

    def close(self) -> None:
        if self._owns_connection and self._ray.is_initialized():
            self._ray.shutdown()
        self._connected = self._owns_connection = False

    def connect(self) -> None:
        """Connect (once) and check that the workers run this highstakes."""
        if self._connected:
            return
        ray = self._ray
        if self._on_connecting is not None:
            self._on_connecting(True)
        try:
            if not ray.is_initialized():
                self._init()
                self._owns_connection = True
            self._connected = True
            self._cpus = max(1, int(ray.cluster_resources().get("CPU", 1)))
            self.check_workers()
        except BaseException:
            self.close()
            raise
        finally:
            if self._on_connecting is not None:
                self._on_connecting(False)

    def _init(self) -> None:
        ray = self._ray
        # Ray's own notices (a local instance started, its log folder) are not the command's
        # output; its errors still show.
        quiet: dict[str, Any] = {"logging_level": logging.ERROR, "log_to_driver": False}
        if self._endpoint is None:
            try:
                ray.init(address="auto", **quiet)  # the Ray that `ray start` runs on this machine
            except ConnectionError:  # none: one for this run, as many CPUs as workers asked for
                ray.init(num_cpus=self._requested, include_dashboard=False, **quiet)
            except RuntimeError as error:  # one this process cannot join: another Python, say
                # Ray says what differs over several lines: kept whole, on one.
                raise ClusterError(_("cannot use the Ray already running on this machine ({reason}); "
                                     "leave out --cluster to use this machine's processes").format(
                                         reason=" ".join(str(error).split()))) from None
            return
        host, port = self._endpoint
        try:
            socket.create_connection((host, port), timeout=_REACH_SECONDS).close()
        except OSError as error:
            raise ClusterError(_("cannot reach the Ray cluster at {address}: {reason}").format(
                address=self.address, reason=_reason(error))) from None
        try:
            with warnings.catch_warnings():  # Ray's own warning would break the one-line error below
                warnings.simplefilter("ignore")
                ray.init(self.address, **quiet)
        except (ConnectionError, RuntimeError, ValueError) as error:
            message = _("cannot reach the Ray cluster at {address}: {reason}").format(
                address=self.address, reason=_reason(error))
            # The port answered, so the likeliest cause is a cluster that asks for a token.
            hint = _("if the cluster uses token authentication (the default from Ray 2.59 on), give its "
                     "token in RAY_AUTH_TOKEN or in {file}").format(file=_DEFAULT_TOKEN_FILE)
            raise ClusterError(f"{message}; {hint}") from None

    def check_workers(self, expected: str = highstakes.__version__) -> None:
        """Raise :class:`ClusterError` unless a worker runs highstakes ``expected``."""
        try:
            theirs = self._ray.get(self._ray.remote(_worker_versions).remote())
        except self._ray.exceptions.RayError as error:
            raise ClusterError(_("the Ray cluster's workers cannot run highstakes {version}: install it on "
                                 "every node ({reason})").format(version=expected,
                                                                 reason=_reason(error))) from None
        if theirs != expected:
            raise ClusterError(_("the Ray cluster's workers run highstakes {theirs} and this machine {ours}: "
                                 "install the same version on every node").format(
                                     theirs=theirs, ours=expected))

    # -- the ChunkRunner protocol ----------------------------------------------------------

    @property
    def workers(self) -> int:
        self.connect()
        return self._requested or self._cpus

    def run(self, work: Callable[[Job], Result], jobs: Sequence[Job]) -> Iterator[tuple[int, Result]]:
        """Yield ``(job number, result)`` as the tasks finish, at most ``workers`` running at once."""
        self.connect()
        ray = self._ray
        task = ray.remote(num_cpus=1)(work)
        queue = iter(enumerate(jobs))
        pending: dict[Any, int] = {}

        def submit(count: int) -> None:
            for index, job in queue:
                pending[task.remote(job)] = index
                count -= 1
                if count == 0:
                    return

        # Exactly as many tasks in flight as workers: one more would run at once on a cluster with
        # a CPU to spare, and --workers is a cap on what runs.
        submit(self.workers)
        try:
            while pending:
                ready, _running = ray.wait(list(pending), num_returns=1)
                for reference in ready:
                    index = pending.pop(reference)
                    try:
                        result = ray.get(reference)
                    except ray.exceptions.RayError as error:
                        raise ClusterError(_("a game failed on the Ray cluster: {reason}").format(
                            reason=_reason(error))) from None
                    submit(1)
                    yield index, result
        finally:
            for reference in pending:  # stopped early (an error, Ctrl-C): the rest is not wanted
                ray.cancel(reference)


def offer_token() -> bool:
    """Have the Ray Client send this machine's Ray token, when it has one and nothing says
    otherwise; True if it will.

    Ray 2.59 and later start clusters with token authentication, and the Ray Client sends the
    token only when ``RAY_AUTH_MODE=token`` is set: without it the connection is refused with
    nothing but a timeout. A client that sends a token to a cluster without authentication is
    let in all the same, so offering it costs nothing. An explicit ``RAY_AUTH_MODE`` is left
    as it is. Ray reads the setting once, when it is first imported: a program that imports
    Ray before connecting sets ``RAY_AUTH_MODE=token`` itself.
    """
    if "RAY_AUTH_MODE" in os.environ:
        return os.environ["RAY_AUTH_MODE"] == "token"
    token_file = os.environ.get("RAY_AUTH_TOKEN_PATH") or os.path.expanduser(_DEFAULT_TOKEN_FILE)
    if not (os.environ.get("RAY_AUTH_TOKEN") or os.path.isfile(token_file)):
        return False
    os.environ["RAY_AUTH_MODE"] = "token"
    return True


def _reason(error: BaseException) -> str:
    """One line about an error: a Ray task's own exception rather than Ray's traceback of it."""
    cause = getattr(error, "cause", None)
    if isinstance(cause, BaseException):
        error = cause
    text = str(error).strip().splitlines()
    first = text[0] if text else ""
    return f"{type(error).__name__}: {first}" if first else type(error).__name__
