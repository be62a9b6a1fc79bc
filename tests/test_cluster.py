"""Simulation beyond one machine: the same summary on Ray as in the process pool.

The Ray tests start a local Ray of two workers once (about ten seconds) and are skipped
where Ray is not installed; the rest (chunks arriving out of order, the command's one-line
errors) run everywhere.
"""

from __future__ import annotations

import builtins
import contextlib
import importlib.util
import itertools
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest

from highstakes.analysis.simulate import in_job_order, simulate, simulate_duplicate
from highstakes.cli.main import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


class ReversedRunner:
    """Runs every chunk here, then hands them back last first, as a cluster may."""

    workers = 3

    def run(self, work: Callable[[Any], Any], jobs: Sequence[Any]) -> Iterator[tuple[int, Any]]:
        results = [(index, work(job)) for index, job in enumerate(jobs)]
        yield from reversed(results)


def test_chunks_are_put_back_in_order_and_counted_as_they_arrive():
    arrived: list[int] = []
    chunks = [(2, ["e"]), (0, ["a", "b"]), (3, ["f"]), (1, ["c", "d"])]
    assert list(in_job_order(chunks, arrived.append)) == ["a", "b", "c", "d", "e", "f"]
    assert arrived == [1, 2, 1, 2]  # progress as each chunk came, not as it was added


def test_a_runner_returning_chunks_out_of_order_gives_the_same_summary():
    # Three random bots share wins in thirds: the floats add up the same only in one order.
    args = ("greed", ["random", "random", "random"], 60)
    expected = simulate(*args, seed=4).to_json()
    assert simulate(*args, seed=4, runner=ReversedRunner()).to_json() == expected
    duplicate = ("make_a_million", ["rules", "random"], 12)
    assert (simulate_duplicate(*duplicate, seed=2, runner=ReversedRunner()).to_json()
            == simulate_duplicate(*duplicate, seed=2).to_json())


def test_cluster_without_ray_says_how_to_install_it(capsys, monkeypatch):
    real_import = builtins.__import__

    def no_ray(name: str, globals: Any = None, *args: Any, **kwargs: Any) -> Any:
        # Only the cluster module is refused Ray: a Ray started by another test keeps its own imports.
        importer = (globals or {}).get("__name__")
        if name.partition(".")[0] == "ray" and importer == "highstakes.analysis.cluster":
            raise ImportError("No module named 'ray'")
        return real_import(name, globals, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_ray)
    code, out, err = run(capsys, "simulate", "greed", "--games", "4", "--cluster", "auto")
    assert code == 2 and out == ""
    assert err == ('highstakes: error: --cluster needs Ray, an optional extra: '
                   'pip install "highstakes[cluster]"\n')
    # Without --cluster, simulate works as before.
    code, out, _ = run(capsys, "simulate", "greed", "--games", "4", "--json")
    assert code == 0 and json.loads(out)["games"] == 4


needs_ray = pytest.mark.skipif(importlib.util.find_spec("ray") is None,
                               reason="Ray is the optional extra 'cluster'")


@needs_ray
@pytest.mark.parametrize("address", ["localhost:6379", "ray://", "ray://host", "ray://host:99999", "auto:1"])
def test_a_malformed_address_is_one_line_naming_the_forms(capsys, address):
    code, _, err = run(capsys, "simulate", "greed", "--games", "4", "--cluster", address)
    assert code == 2
    assert err.count("\n") == 1
    assert "--cluster takes auto or ray://HOST:PORT" in err and repr(address) in err


@needs_ray
def test_an_unreachable_cluster_is_one_line_and_exit_1(capsys):
    with socket.socket() as probe:  # a port that nothing listens on: bound, then closed
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    code, out, err = run(capsys, "simulate", "greed", "--games", "4", "--cluster", f"ray://127.0.0.1:{port}")
    assert code == 1 and out == ""
    assert err.count("\n") == 1
    assert f"cannot reach the Ray cluster at ray://127.0.0.1:{port}" in err


@needs_ray
def test_an_unusable_ray_on_this_machine_is_one_line_and_exit_1(capsys, monkeypatch):
    """--cluster auto joins the Ray already running on this machine; one started by another
    Python (Ray refuses it, with a message of several lines) is said in one line, not a traceback."""
    import ray

    def mismatched(address: str | None = None, **_settings: Any) -> None:
        assert address == "auto"
        raise RuntimeError("Version mismatch: The cluster was started with:\n    Ray: 2.60.0\n"
                           "    Python: 3.11.2\nThis process on node 192.0.2.2 was started with:\n"
                           "    Ray: 2.60.0\n    Python: 3.11.7\n")

    monkeypatch.setattr(ray, "is_initialized", lambda: False)
    monkeypatch.setattr(ray, "init", mismatched)
    code, out, err = run(capsys, "simulate", "greed", "--games", "4", "--cluster", "auto")
    assert code == 1 and out == ""
    assert err.count("\n") == 1 and err.startswith("highstakes: "), err
    assert "the Ray already running on this machine" in err
    assert "Python: 3.11.2" in err and "Python: 3.11.7" in err  # what differs, from Ray's words


def _ray_program() -> str:
    """Ray's command line: beside this Python (a virtual environment's bin, which need not be on
    PATH when the tests run as ``.venv/bin/python -m pytest``), else on PATH."""
    beside = Path(sys.executable).with_name("ray")
    return str(beside) if beside.exists() else shutil.which("ray") or "ray"


@pytest.fixture(scope="module")
def local_ray() -> Iterator[Any]:
    ray = pytest.importorskip("ray", reason="Ray is the optional extra 'cluster'")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("RAY_USAGE_STATS_ENABLED", "0")  # no reporting home from a test
        # Short waits: a Ray that cannot start or loses a worker fails the test rather than hang it.
        patch.setenv("RAY_gcs_server_request_timeout_seconds", "20")
        ray.init(num_cpus=2, include_dashboard=False, object_store_memory=80 * 1024 * 1024,
                 log_to_driver=False, logging_level="ERROR",
                 _system_config={"health_check_timeout_ms": 10_000, "gcs_rpc_server_reconnect_timeout_s": 10})
        try:
            yield ray
        finally:
            ray.shutdown()


def test_a_local_ray_of_two_workers_gives_the_process_pools_summary(local_ray):
    from highstakes.analysis.cluster import RayCluster

    args = ("greed", ["random", "heuristic", "random"], 90)
    pool = simulate(*args, seed=11, workers=2).to_json()
    with RayCluster("auto") as cluster:
        assert cluster.workers == 2  # the two CPUs of the Ray started above
        arrived: list[int] = []
        on_ray = simulate(*args, seed=11, runner=cluster, on_progress=arrived.append).to_json()
    assert json.dumps(on_ray, sort_keys=True) == json.dumps(pool, sort_keys=True)
    assert sum(arrived) == 90 and len(arrived) > 1  # streamed chunk by chunk
    assert local_ray.is_initialized()  # a Ray the program connected is left connected


def test_duplicate_play_on_ray_gives_the_process_pools_summary(local_ray):
    from highstakes.analysis.cluster import RayCluster

    args = ("make_a_million", ["rules", "random"], 16)
    with RayCluster("auto", workers=1) as cluster:
        on_ray = simulate_duplicate(*args, seed=3, runner=cluster).to_json()
    assert on_ray == simulate_duplicate(*args, seed=3, workers=2).to_json()


def test_the_command_on_ray_prints_the_summary_of_the_process_pool(capsys, local_ray):
    line = ("simulate", "greed", "--games", "40", "--bots", "random,heuristic", "--seed", "8", "--json")
    code, pool, _ = run(capsys, *line, "--workers", "2")
    assert code == 0
    code, on_ray, err = run(capsys, *line, "--cluster", "auto")
    assert code == 0 and err == ""
    assert json.loads(on_ray) == json.loads(pool)


def test_workers_of_another_version_are_refused_in_one_line(local_ray):
    from highstakes.analysis.cluster import ClusterError, RayCluster

    with RayCluster("auto") as cluster:
        cluster.connect()
        with pytest.raises(ClusterError, match=r"workers run highstakes \S+ and this machine 0\.0\.0-other"):
            cluster.check_workers(expected="0.0.0-other")


def free_ports(count: int) -> list[int]:
    sockets = [socket.socket() for _ in range(count)]
    try:
        for each in sockets:
            each.bind(("127.0.0.1", 0))
        return [each.getsockname()[1] for each in sockets]
    finally:
        for each in sockets:
            each.close()


@pytest.fixture
def ray_head_with_a_token() -> Iterator[tuple[str, str, str]]:
    """A Ray head node of its own (``ray start``), with token authentication on: its Ray Client
    address and its token. Its own ports and folder, so that it meets no other Ray here."""
    pytest.importorskip("ray", reason="Ray is the optional extra 'cluster'")
    token = "0123456789abcdef0123456789abcdef"
    gcs, client, manager, objects, agent, agent_grpc, runtime, metrics = free_ports(8)
    folder = tempfile.mkdtemp(prefix="ray", dir="/tmp")  # short: Ray's sockets live in it
    env = {**os.environ, "RAY_AUTH_MODE": "token", "RAY_AUTH_TOKEN": token, "RAY_USAGE_STATS_ENABLED": "0",
           # On a machine busy with other tests, the Ray Client's per-connection server may take
           # longer than Ray's 30 s to start, and to be reached once started (it stops after 30 s
           # without its client): the test is about the token, not the machine's speed.
           "RAY_CLIENT_SERVER_CHECK_CHANNEL_TIMEOUT_S": "180", "TIMEOUT_FOR_SPECIFIC_SERVER_S": "180"}
    command = [_ray_program(), "start", "--head", "--block", "--num-cpus", "1",
               "--include-dashboard", "false", "--disable-usage-stats", "--temp-dir", folder,
               "--port", str(gcs), "--ray-client-server-port", str(client),
               "--node-manager-port", str(manager), "--object-manager-port", str(objects),
               "--dashboard-agent-listen-port", str(agent), "--dashboard-agent-grpc-port", str(agent_grpc),
               "--runtime-env-agent-port", str(runtime), "--metrics-export-port", str(metrics)]
    head = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            start_new_session=True)
    try:
        deadline = time.monotonic() + 120
        while True:
            with contextlib.suppress(OSError):
                socket.create_connection(("127.0.0.1", client), timeout=1).close()
                break
            assert head.poll() is None and time.monotonic() < deadline, "the Ray head did not start"
            time.sleep(0.5)
        # The client port opens before the node has joined its cluster: wait until Ray itself
        # reports the node (a busy machine may take a while), so that the test meets a whole head.
        status = [_ray_program(), "status", "--address", f"127.0.0.1:{gcs}"]
        while subprocess.run(status, env=env, capture_output=True, timeout=60).returncode != 0:
            assert head.poll() is None and time.monotonic() < deadline, "the Ray head did not come up"
            time.sleep(0.5)
        yield f"ray://127.0.0.1:{client}", token, folder
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(head.pid, signal.SIGTERM)
        try:
            head.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(head.pid, signal.SIGKILL)
            head.wait()
        shutil.rmtree(folder, ignore_errors=True)


def client_server_logs(folder: str) -> str:
    """The end of the Ray Client server's logs, to say why a connection failed."""
    tails = []
    for log in sorted(Path(folder).glob("session_*/logs/ray_client_server*")):
        text = log.read_text(encoding="utf-8", errors="replace")
        tails.append(f"\n--- {log.name}\n{text[-3000:]}")
    return "".join(tails)


def test_a_cluster_with_token_authentication_is_reached_with_its_token_alone(ray_head_with_a_token, tmp_path):
    # Ray 2.59 and later start clusters with token authentication. Given the token, and no
    # RAY_AUTH_MODE (which the Ray Client needs before it sends any), the command gets in.
    address, token, folder = ray_head_with_a_token
    env = {key: value for key, value in os.environ.items() if not key.startswith("RAY_AUTH")}
    env.update(RAY_AUTH_TOKEN=token, HOME=str(tmp_path), RAY_USAGE_STATS_ENABLED="0")
    line = [sys.executable, "-m", "highstakes", "simulate", "greed", "--games", "20", "--bots",
            "random,heuristic", "--seed", "5", "--json"]
    for _attempt in range(3):
        on_ray = subprocess.run([*line, "--cluster", address], env=env, capture_output=True, text=True,
                                timeout=300)  # a busy machine starts Ray's processes slowly
        # On a loaded machine Ray's proxy sometimes gives up on the per-connection server it
        # starts for a client ("Initialization failure from server", with no reason given) and
        # the next connection gets in. A wrong or missing token is refused every time, so trying
        # again tests the same thing.
        if on_ray.returncode == 0 or "Initialization failure from server" not in on_ray.stderr:
            break
    assert on_ray.returncode == 0, on_ray.stderr + client_server_logs(folder)
    pool = subprocess.run(line, env=env, capture_output=True, text=True, timeout=120)
    assert json.loads(on_ray.stdout) == json.loads(pool.stdout)


def test_workers_caps_the_tasks_running_at_once_on_a_cluster_with_more_cpus(local_ray):
    from highstakes.analysis.cluster import RayCluster

    def _timed_nap(seconds: float) -> tuple[float, float]:  # local: shipped to the workers whole
        start = time.time()
        time.sleep(seconds)
        return start, time.time()

    with RayCluster("auto", workers=1) as cluster:  # the Ray above has two CPUs
        spans = sorted(result for _index, result in cluster.run(_timed_nap, [0.3] * 4))
    # One at a time: each task starts after the one before it ended.
    assert all(later[0] >= earlier[1] for earlier, later in itertools.pairwise(spans))
