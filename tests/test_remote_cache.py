"""The shared build cache, against real `redis-server`s that these tests start and stop.

A second "machine" is a second, empty local cache folder (it shares only the session's nvptx sysroot,
which is not a stage entry, built once, ~20 s). Fault cases: a port nothing listens on, a server that
accepts and never answers, a server killed between calls, wrong credentials, a full server, a read-only
replica, an entry larger than the server takes, corrupt / truncated / foreign entries, and two machines
racing to upload one key.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import socket
import subprocess
import sys
import threading
import time
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

SAXPY = """\
use oxpack::*;
kernel! {
    /// y = a * x + y
    pub fn saxpy(i: ThreadIndex, a: f32, x: &[f32], y: &mut DisjointSlice<f32>) where (len(x) >= len(y)) {
        if let Some(yi) = y.get_mut(i) { *yi += a * x[i.get()]; }
    }
}
"""
PYPROJECT = """\
[project]
name = "proj"
version = "0.1.0"

[tool.oxpack]
archs = ["sm_90"]
"""
PASSWORD = "s3cret-Pa55word-do-not-print"

redis = pytest.importorskip("redis")  # the `test` extra installs it; CI fails on a skip not marked `gpu`


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    """A `redis-server` of the test's own, on 127.0.0.1 and a free port, stopped at the end."""

    def __init__(self, folder: Path, *args: str, password: str | None = None) -> None:
        self.port = _free_port()
        self.password = password
        folder.mkdir(parents=True, exist_ok=True)
        auth = ["--requirepass", password] if password else []
        program = shutil.which("redis-server")
        if program is None:
            pytest.fail("these tests start Debian's redis-server, which is not installed: `apt-get install "
                        "redis-server` (scripts/setup.sh does)")
        self.proc = subprocess.Popen(
            [program, "--port", str(self.port), "--bind", "127.0.0.1",
             "--save", "", "--appendonly", "no", "--dir", str(folder), *auth, *args],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.client = redis.Redis(port=self.port, password=password, socket_timeout=5)
        deadline = time.monotonic() + 30  # a safety net, not a measurement
        while True:
            try:
                self.client.ping()
                break
            except redis.ConnectionError:
                if self.proc.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"redis-server on port {self.port} did not start") from None
                time.sleep(0.05)

    def url(self, password: str | None = None) -> str:
        secret = password if password is not None else self.password
        return f"redis://{':' + secret + '@' if secret else ''}127.0.0.1:{self.port}/0"

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(timeout=30)


@pytest.fixture
def start_server(tmp_path: Path) -> Iterator[Callable[..., Server]]:
    servers: list[Server] = []

    def start(*args: str, password: str | None = None) -> Server:
        servers.append(Server(tmp_path / f"redis{len(servers)}", *args, password=password))
        return servers[-1]

    yield start
    for server in servers:
        server.stop()


@pytest.fixture
def server(start_server: Callable[..., Server]) -> Server:
    return start_server()


@pytest.fixture
def project(tmp_path: Path) -> Path:
    root = tmp_path / "proj"
    (root / "kernels").mkdir(parents=True)
    (root / "src" / "proj").mkdir(parents=True)
    (root / "src" / "proj" / "__init__.py").write_text("")
    (root / "pyproject.toml").write_text(PYPROJECT)
    (root / "kernels" / "saxpy.rs").write_text(SAXPY)
    return root


def oxpack(*argv: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    full = {**os.environ, **(env or {})}
    return subprocess.run([sys.executable, "-m", "oxpack", *argv], capture_output=True, text=True, env=full,
                          check=False, timeout=900)


def remote_line(stderr: str) -> dict[str, int]:
    match = re.search(r"remote cache \S+ \(read-\w+\): (\d+) hits \(.*? down\), (\d+) misses, (\d+) uploads", stderr)
    assert match, stderr
    return dict(zip(("hits", "misses", "uploads"), map(int, match.groups())))


def warnings(stderr: str) -> list[str]:
    return [line for line in stderr.splitlines() if "warning: " in line]


# -- builds --------------------------------------------------------------------------------


def test_read_only_mode_takes_but_never_uploads(project: Path, tmp_path: Path, oxpack_cache: Path,
                                                server: Server) -> None:
    (project / "kernels" / "saxpy.rs").write_text(SAXPY + f"// {uuid.uuid4()}\n")  # new stage keys
    proc = oxpack("build", str(project), "-v", env={"OXPACK_CACHE_DIR": str(oxpack_cache),
                                                    "OXPACK_REMOTE_CACHE": server.url(),
                                                    "OXPACK_REMOTE_CACHE_MODE": "read-only"})
    assert proc.returncode == 0, proc.stderr
    assert remote_line(proc.stderr)["uploads"] == 0 and "(read-only)" in proc.stderr
    assert server.client.dbsize() == 0


def test_a_dead_store_degrades_to_a_local_build_with_one_warning(project: Path, oxpack_cache: Path) -> None:
    """Nothing listens on the port: the build works, says so once, and asks the store only once."""
    (project / "kernels" / "saxpy.rs").write_text(SAXPY + f"// {uuid.uuid4()}\n")
    url = f"redis://127.0.0.1:{_free_port()}/0"
    proc = oxpack("build", str(project), "-v", env={"OXPACK_CACHE_DIR": str(oxpack_cache), "OXPACK_REMOTE_CACHE": url})
    assert proc.returncode == 0, proc.stderr
    lines = warnings(proc.stderr)
    assert len(lines) == 1 and f"remote cache {url} is not usable" in lines[0] and "building locally" in lines[0], \
        proc.stderr
    assert "Traceback" not in proc.stderr
    assert remote_line(proc.stderr) == {"hits": 0, "misses": 0, "uploads": 0}


@pytest.mark.slow  # 10-30 s, its state its own (a build in tmp_path, its own store): runs once in CI
def test_credentials_are_never_printed_or_written(project: Path, tmp_path: Path, oxpack_cache: Path,
                                                  start_server: Callable[..., Server]) -> None:
    """A password in the URL is in no output line, no lockfile, no built file; a wrong one is one warning."""
    server = start_server(password=PASSWORD)
    (project / "kernels" / "saxpy.rs").write_text(SAXPY + f"// {uuid.uuid4()}\n")
    out = tmp_path / "out"
    env = {"OXPACK_CACHE_DIR": str(oxpack_cache), "OXPACK_REMOTE_CACHE": server.url()}
    good = oxpack("build", str(project), "-v", "--out", str(out), env=env)
    assert good.returncode == 0 and not warnings(good.stderr), good.stderr
    assert remote_line(good.stderr)["uploads"] > 0 and "redis://:***@127.0.0.1" in good.stderr
    lock = oxpack("lock", str(project), env=env)
    assert lock.returncode == 0, lock.stderr
    doctor = oxpack("doctor", str(project), env=env)
    assert "remote cache: ok" in doctor.stdout, doctor.stdout + doctor.stderr
    (project / "kernels" / "saxpy.rs").write_text(SAXPY + f"// {uuid.uuid4()}\n")  # a local miss: asks the store
    wrong = oxpack("build", str(project), "-v", env={**env, "OXPACK_REMOTE_CACHE": server.url("wrong-" + PASSWORD)})
    assert wrong.returncode == 0, wrong.stderr
    assert len(warnings(wrong.stderr)) == 1 and "not usable" in wrong.stderr, wrong.stderr
    bad_mode = oxpack("build", str(project), env={**env, "OXPACK_REMOTE_CACHE_MODE": "sometimes"})
    assert bad_mode.returncode == 1
    texts = [p.stdout + p.stderr for p in (good, lock, doctor, wrong, bad_mode)]
    texts += [p.read_bytes().decode(errors="replace") for p in [*out.rglob("*"), *project.rglob("*")] if p.is_file()]
    assert texts and not [t for t in texts if PASSWORD in t]


def test_doctor_checks_the_store(project: Path, start_server: Callable[..., Server], tmp_path: Path) -> None:
    """Writable in read-write mode; a read-only replica is fine read-only, and a problem read-write; a dead
    one is a problem."""
    primary = start_server()
    replica = start_server("--replicaof", "127.0.0.1", str(_free_port()))  # a master that never comes: read-only
    cases = [(primary.url(), "read-write", "remote cache: ok: redis://127.0.0.1:%d/0: readable and writable"
              % primary.port),
             (replica.url(), "read-only", "remote cache: ok: redis://127.0.0.1:%d/0: readable (read-only mode)"
              % replica.port),
             (replica.url(), "read-write", "remote cache: NOT USABLE"),
             (f"redis://127.0.0.1:{_free_port()}/0", "read-write", "remote cache: NOT USABLE")]
    for url, mode, expected in cases:
        proc = oxpack("doctor", str(project), env={"OXPACK_REMOTE_CACHE": url, "OXPACK_REMOTE_CACHE_MODE": mode})
        assert expected in proc.stdout, (url, mode, proc.stdout, proc.stderr)
        assert ("problem: remote cache" in proc.stdout) == ("NOT USABLE" in expected), proc.stdout
        assert "Traceback" not in proc.stderr


@pytest.mark.parametrize(("value", "env", "message"), [
    ('remote-cache = "http://cache:80"', {}, r"Option `remote-cache` in `tool.oxpack` must be a URL like "
     r"`redis://host:6379/0` or `s3://bucket/prefix` \(schemes: `redis`, `rediss`, `unix`, `s3`\), got `http://cache:80`"),
    ('remote-cache = "redis:///0"', {}, r"Option `remote-cache` in `tool.oxpack` must name a host"),
    ('remote-cache-mode = "rw"', {}, r"Option `remote-cache-mode` in `tool.oxpack` must be `read-write` or "
     r"`read-only`, got `rw`"),
    ("", {"OXPACK_REMOTE_CACHE": f"redis://:{PASSWORD}@host:6379/cache"},
     r"Environment variable `OXPACK_REMOTE_CACHE` must end in a database number like `/0`, not `/cache`, "
     r"got `redis://:\*\*\*@host:6379/cache`"),
])
def test_bad_settings_are_one_clear_line(project: Path, value: str, env: dict[str, str], message: str) -> None:
    (project / "pyproject.toml").write_text(PYPROJECT + value + "\n")
    proc = oxpack("build", str(project), env=env)
    assert proc.returncode == 1 and re.search(message, proc.stderr), proc.stderr
    assert "Traceback" not in proc.stderr and PASSWORD not in proc.stderr


def test_the_environment_wins(project: Path) -> None:
    from oxpack.config import load_config

    (project / "pyproject.toml").write_text(PYPROJECT + 'remote-cache = "redis://file:6379/0"\n'
                                            'remote-cache-mode = "read-write"\n')
    config = load_config(project, env={"OXPACK_REMOTE_CACHE": "redis://env:6379/1",
                                       "OXPACK_REMOTE_CACHE_MODE": "read-only"})
    assert (config.remote_cache, config.remote_cache_mode) == ("redis://env:6379/1", "read-only")
    assert load_config(project, env={}).remote_cache == "redis://file:6379/0"


# -- the cache with a remote: fault cases, without rustc ---------------------------------------


def caches(tmp_path: Path, url: str, mode: str = "read-write") -> Callable[[str], tuple[object, object, list[str]]]:
    """`machine(name)`: a new machine's (Cache, Remote, warnings)."""
    from oxpack.store.cache import Cache
    from oxpack.store.remote import Remote

    def machine(name: str) -> tuple[object, object, list[str]]:
        said: list[str] = []
        remote = Remote(url, mode, said.append)
        return Cache(tmp_path / name, remote), remote, said

    return machine


def _key(i: int) -> str:
    from oxpack.store.cache import key

    return key("test", str(i))


def test_corrupt_truncated_and_foreign_entries_are_ignored_reported_once_and_replaced(tmp_path: Path,
                                                                                      server: Server) -> None:
    from oxpack.store.cache import Cache

    machine = caches(tmp_path, server.url())
    a, _, said_a = machine("a")
    assert isinstance(a, Cache)
    entries = {_key(i): {"kernel.bc": os.urandom(1000 + i), "info.log": f"entry {i}".encode()} for i in range(4)}
    for k, files in entries.items():
        a.put("bc", k, files)
    assert not said_a and server.client.dbsize() == 4
    k0, k1, k2, k3 = entries
    name = "oxpack:1:bc:{}".format
    blob = server.client.get(name(k0))
    server.client.set(name(k0), blob[:-1] + bytes([blob[-1] ^ 1]))  # corrupt: one bit
    server.client.set(name(k1), server.client.get(name(k1))[:-10])  # truncated
    server.client.set(name(k2), server.client.get(name(k3)))  # foreign: another key's entry

    b, remote_b, said_b = machine("b")
    assert isinstance(b, Cache)
    for _ in range(2):  # asked twice (before and under the stage's lock): reported once
        assert [b.get("bc", k) for k in (k0, k1, k2)] == [None, None, None]
    assert b.get("bc", k3) == entries[k3]
    assert len(said_b) == 3, said_b
    assert all("is unusable" in line and "replaces it" in line for line in said_b)
    assert ["does not match its sha256", "truncated", "another key"] == [
        next(w for w in ("does not match its sha256", "truncated", "another key") if w in line) for line in said_b]
    for k in (k0, k1, k2):  # the stage ran on machine b: its output replaces the bad entry
        b.put("bc", k, entries[k])
    c, _, said_c = machine("c")
    assert isinstance(c, Cache)
    assert all(c.get("bc", k) == files for k, files in entries.items()) and not said_c


def test_a_server_killed_between_calls_is_one_warning(tmp_path: Path, server: Server) -> None:
    from oxpack.store.cache import Cache

    a, _, said = caches(tmp_path, server.url())("a")
    assert isinstance(a, Cache)
    a.put("bc", _key(1), {"kernel.bc": b"one"})
    server.stop()
    for i in range(2, 20):
        assert a.get("bc", _key(i)) is None
        a.put("bc", _key(i), {"kernel.bc": b"more"})  # the local cache still works
        assert a.get("bc", _key(i)) == {"kernel.bc": b"more"}
    assert len(said) == 1 and "is not usable" in said[0], said


def test_a_store_that_never_answers_costs_one_timeout(tmp_path: Path) -> None:
    """A server that accepts connections and never answers: one connection, one warning, then no more
    calls (so the build waits one `TIMEOUT`, not one per stage)."""
    from oxpack.store.cache import Cache

    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(16)
    accepted: list[socket.socket] = []
    stop = threading.Event()

    def accept() -> None:
        listener.settimeout(0.2)
        while not stop.is_set():
            try:
                accepted.append(listener.accept()[0])
            except OSError:
                continue

    thread = threading.Thread(target=accept, daemon=True)
    thread.start()
    try:
        a, _, said = caches(tmp_path, f"redis://127.0.0.1:{listener.getsockname()[1]}/0")("a")
        assert isinstance(a, Cache)
        for i in range(30):
            assert a.get("bc", _key(i)) is None
            a.put("bc", _key(i), {"kernel.bc": b"x"})
    finally:
        stop.set()
        thread.join(timeout=10)
        for conn in accepted:
            conn.close()
        listener.close()
    assert len(said) == 1 and "is not usable" in said[0] and "Timeout" in said[0], said
    assert len(accepted) == 1


@pytest.mark.parametrize("kind", ["full", "read-only replica", "entry too large"])
def test_a_store_that_refuses_uploads_still_serves_reads(tmp_path: Path, start_server: Callable[..., Server],
                                                         kind: str) -> None:
    from oxpack.store.cache import Cache

    args = {"full": ("--maxmemory", "2mb", "--maxmemory-policy", "noeviction"),
            "read-only replica": ("--replicaof", "127.0.0.1", str(_free_port())),
            "entry too large": ("--proto-max-bulk-len", "1mb")}[kind]
    server = start_server(*args)
    readable = _key(0)
    if kind != "read-only replica":  # an entry to read, put there by another machine
        src, _, _ = caches(tmp_path, server.url())("src")
        assert isinstance(src, Cache)
        src.put("bc", readable, {"kernel.bc": b"shared"})
    a, remote, said = caches(tmp_path, server.url())("a")
    assert isinstance(a, Cache)
    for i in range(1, 8):
        a.put("bc", _key(i), {"kernel.bc": os.urandom(1_500_000)})  # ~1.5 MB each: over every limit soon
    assert len(said) == 1 and "refuses uploads" in said[0] and "building locally" not in said[0], said
    assert all(a.get("bc", _key(i)) is not None for i in range(1, 8))  # the local cache has them
    if kind != "read-only replica":
        assert caches(tmp_path, server.url())("b")[0].get("bc", readable) == {"kernel.bc": b"shared"}  # type: ignore[attr-defined]


def test_two_machines_racing_on_one_key_upload_it_once(tmp_path: Path, server: Server) -> None:
    from oxpack.store.cache import Cache
    from oxpack.store.remote import Remote

    machine = caches(tmp_path, server.url())
    pairs = [machine(f"m{i}") for i in range(8)]
    files = {"kernel.bc": os.urandom(200_000)}
    barrier = threading.Barrier(len(pairs))

    def build(cache: object) -> None:
        assert isinstance(cache, Cache)
        barrier.wait(timeout=30)
        cache.put("bc", _key(7), files)

    threads = [threading.Thread(target=build, args=(c,)) for c, _, _ in pairs]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    uploads = 0
    for _, remote, said in pairs:
        assert isinstance(remote, Remote) and not said
        uploads += remote.stats.uploads
    assert uploads == 1
    fresh = machine("fresh")[0]
    assert isinstance(fresh, Cache) and fresh.get("bc", _key(7)) == files


def test_a_get_only_redis_user_reads_and_cannot_write(tmp_path: Path, start_server: Callable[..., Server],
                                                      project: Path) -> None:
    """The trust model of docs/cache.md: a pull request's Redis user whose ACL allows only `GET` (and `PING`) reads
    entries; in `read-write` mode by mistake its uploads are refused by the server, with one line."""
    from oxpack.store.cache import Cache

    server = start_server(password=PASSWORD)
    server.client.execute_command("ACL", "SETUSER", "pr", "on", ">pr-" + PASSWORD, "~oxpack:*", "+get", "+ping")
    main, _, _ = caches(tmp_path, server.url())("main")
    assert isinstance(main, Cache)
    main.put("bc", _key(1), {"kernel.bc": b"from main"})
    pr_url = f"redis://pr:pr-{PASSWORD}@127.0.0.1:{server.port}/0"
    for mode in ("read-only", "read-write"):
        pr, remote, said = caches(tmp_path, pr_url, mode)(f"pr-{mode}")
        assert isinstance(pr, Cache)
        assert pr.get("bc", _key(1)) == {"kernel.bc": b"from main"}
        pr.put("bc", _key(2), {"kernel.bc": b"planted"})
        assert server.client.get(f"oxpack:1:bc:{_key(2)}") is None
        assert said == ([] if mode == "read-only" else [said[0]]) and all("refuses uploads" in s for s in said), said
        assert not [s for s in said if PASSWORD in s]
    for mode, expected in (("read-only", "remote cache: ok"), ("read-write", "remote cache: NOT USABLE")):
        out = oxpack("doctor", str(project), env={"OXPACK_REMOTE_CACHE": pr_url, "OXPACK_REMOTE_CACHE_MODE": mode})
        assert expected in out.stdout and PASSWORD not in out.stdout + out.stderr, out.stdout


# -- S3: moto's server mode, with IAM authentication on ------------------------------------------------

BUCKET = "oxpack-cache"
S3_SETUP_CALLS = 7  # the unauthenticated calls `S3Server` makes before moto starts checking signatures


class S3Server:
    """`moto_server` on 127.0.0.1 and a free port, checking credentials after its setup: a bucket, a user
    `main` that may do anything and a user `pr` that may only read."""

    def __init__(self, folder: Path) -> None:
        import boto3

        self.port = _free_port()
        self.endpoint = f"http://127.0.0.1:{self.port}"
        moto = Path(sys.executable).with_name("moto_server")
        self.proc = subprocess.Popen([str(moto), "-H", "127.0.0.1", "-p", str(self.port)],
                                     env={**os.environ, "INITIAL_NO_AUTH_ACTION_COUNT": str(S3_SETUP_CALLS)},
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 60  # a safety net, not a measurement
        while True:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=1):
                    break
            except OSError:
                if self.proc.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"moto_server on port {self.port} did not start") from None
                time.sleep(0.1)
        folder.mkdir(parents=True, exist_ok=True)
        self.base_env = {"AWS_ENDPOINT_URL": self.endpoint, "AWS_DEFAULT_REGION": "us-east-1",
                         "AWS_CONFIG_FILE": str(folder / "none"), "AWS_SHARED_CREDENTIALS_FILE": str(folder / "none")}
        setup = dict(aws_access_key_id="setup", aws_secret_access_key="setup", region_name="us-east-1",
                     endpoint_url=self.endpoint)
        boto3.client("s3", **setup).create_bucket(Bucket=BUCKET)
        iam = boto3.client("iam", **setup)
        self.keys: dict[str, tuple[str, str]] = {}
        for user, actions in (("main", ["s3:*"]), ("pr", ["s3:GetObject", "s3:ListBucket"])):
            iam.create_user(UserName=user)
            iam.put_user_policy(UserName=user, PolicyName="cache", PolicyDocument=json.dumps({
                "Version": "2012-10-17", "Statement": [{"Effect": "Allow", "Action": actions, "Resource": "*"}]}))
            key = iam.create_access_key(UserName=user)["AccessKey"]
            self.keys[user] = (key["AccessKeyId"], key["SecretAccessKey"])
        self.client = boto3.client("s3", aws_access_key_id=self.keys["main"][0],
                                   aws_secret_access_key=self.keys["main"][1], region_name="us-east-1",
                                   endpoint_url=self.endpoint)

    def env(self, user: str = "main", secret: str | None = None) -> dict[str, str]:
        key_id, real = self.keys[user]
        return {**self.base_env, "AWS_ACCESS_KEY_ID": key_id, "AWS_SECRET_ACCESS_KEY": secret or real}

    def objects(self) -> list[str]:
        return sorted(o["Key"] for o in self.client.list_objects_v2(Bucket=BUCKET).get("Contents", []))

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(timeout=30)


@pytest.fixture
def s3(tmp_path: Path) -> Iterator[S3Server]:
    pytest.importorskip("boto3")
    server = S3Server(tmp_path / "s3")
    yield server
    server.stop()


@pytest.mark.slow
def test_s3_second_machine_takes_every_stage_and_the_sysroot_from_the_remote(project: Path, tmp_path: Path,
                                                                             s3: S3Server) -> None:
    """As the Redis store's test: A (an empty local cache) builds everything, the sysroot included, and
    uploads it under the URL's prefix; B, read-only with its own credentials, runs no rustc at all."""
    url = f"s3://{BUCKET}/team"
    first = oxpack("build", str(project), "-v", env={**s3.env(), "OXPACK_CACHE_DIR": str(_empty_cache(tmp_path, "a")),
                                                     "OXPACK_REMOTE_CACHE": url})
    assert first.returncode == 0 and not warnings(first.stderr), first.stderr
    assert _sysroot_built(first.stderr)
    up = remote_line(first.stderr)
    assert up["uploads"] > 0 and len(s3.objects()) == up["uploads"]
    assert all(name.startswith("team/oxpack/1/") for name in s3.objects())
    assert [n for n in s3.objects() if n.startswith("team/oxpack/1/sysroot/")]
    second = oxpack("build", str(project), "-v", env={
        **s3.env("pr"), "OXPACK_CACHE_DIR": str(_empty_cache(tmp_path, "b")), "OXPACK_REMOTE_CACHE": url,
        "OXPACK_REMOTE_CACHE_MODE": "read-only"})
    assert second.returncode == 0 and not warnings(second.stderr), second.stderr
    assert not _sysroot_built(second.stderr) and "$ " not in second.stderr, second.stderr
    assert "everything came from the cache" in second.stderr
    assert remote_line(second.stderr) == {"hits": up["uploads"], "misses": 0, "uploads": 0}
    doctor = oxpack("doctor", str(project), env={**s3.env(), "OXPACK_REMOTE_CACHE": url})
    assert f"remote cache: ok: {url}: readable and writable" in doctor.stdout, doctor.stdout + doctor.stderr


@pytest.mark.slow  # 10-30 s, its state its own (a build in tmp_path, its own store): runs once in CI
def test_s3_faults(tmp_path: Path, s3: S3Server, monkeypatch: pytest.MonkeyPatch) -> None:
    """Wrong credentials: one line, no secret. A read-only user in `read-write` mode: reads, one line about
    uploads. A corrupt object: ignored once, replaced. Eight machines racing on one key: one upload. The
    server killed: one line."""
    from oxpack.store.cache import Cache
    from oxpack.store.remote import Remote

    url = f"s3://{BUCKET}/ci"

    def machine(name: str, **env: str) -> tuple[Cache, Remote, list[str]]:
        for var, value in env.items():
            monkeypatch.setenv(var, value)
        said: list[str] = []
        remote = Remote(url, "read-write", said.append)
        cache = Cache(tmp_path / name, remote)
        remote._store()  # the client reads the environment now
        return cache, remote, said

    main, _, said = machine("main", **s3.env())
    files = {"kernel.bc": os.urandom(300_000), "info.log": b"ok"}
    main.put("bc", _key(1), files)
    assert not said and s3.objects() == [f"ci/oxpack/1/bc/{_key(1)}"]

    wrong_secret = "wrong-" + s3.keys["main"][1]
    wrong, _, said = machine("wrong", **s3.env(secret=wrong_secret))
    for i in range(5):
        assert wrong.get("bc", _key(i)) is None
        wrong.put("bc", _key(i + 10), files)
    assert len(said) == 1 and "is not usable" in said[0] and "SignatureDoesNotMatch" in said[0], said
    assert wrong_secret not in said[0] and s3.keys["main"][1] not in said[0]

    pr, _, said = machine("pr", **s3.env("pr"))
    assert pr.get("bc", _key(1)) == files
    for i in range(2, 6):
        pr.put("bc", _key(i), files)
    assert len(said) == 1 and "refuses uploads" in said[0] and "AccessDenied" in said[0], said
    assert len(s3.objects()) == 1

    name = f"ci/oxpack/1/bc/{_key(1)}"
    s3.client.put_object(Bucket=BUCKET, Key=name, Body=s3.client.get_object(Bucket=BUCKET, Key=name)["Body"].read()[:-1])
    fixer, _, said = machine("fixer", **s3.env())
    assert fixer.get("bc", _key(1)) is None and fixer.get("bc", _key(1)) is None
    assert len(said) == 1 and "truncated" in said[0], said
    fixer.put("bc", _key(1), files)
    assert machine("after", **s3.env())[0].get("bc", _key(1)) == files

    racers = [machine(f"race{i}", **s3.env()) for i in range(8)]
    barrier = threading.Barrier(len(racers))

    def race(cache: Cache) -> None:
        barrier.wait(timeout=30)
        cache.put("bc", _key(99), files)

    threads = [threading.Thread(target=race, args=(c,)) for c, _, _ in racers]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    assert sum(r.stats.uploads for _, r, _ in racers) == 1 and not any(s for _, _, s in racers)

    late, _, said = machine("late", **s3.env())
    s3.stop()
    for i in range(200, 220):
        assert late.get("bc", _key(i)) is None
        late.put("bc", _key(i), files)
    assert len(said) == 1 and "is not usable" in said[0], said


@pytest.mark.slow
def test_a_wheel_built_with_pip_uses_the_store_and_holds_no_credentials(tmp_path: Path, oxpack_cache: Path,
                                                                        oxpack_wheels: Path,
                                                                        start_server: Callable[..., Server]) -> None:
    """`pip wheel` with build isolation and `oxpack[redis]` in the build requirements: the hook uploads to the
    store named by `OXPACK_REMOTE_CACHE` (a URL with a password), and neither pip's output nor the wheel holds
    the password."""
    import zipfile

    from conftest import run_ok

    server = start_server(password=PASSWORD)
    project = tmp_path / "vecmath"
    (project / "kernels").mkdir(parents=True)
    (project / "src" / "vecmath").mkdir(parents=True)
    (project / "src" / "vecmath" / "__init__.py").write_text("")
    (project / "kernels" / "saxpy.rs").write_text(SAXPY + f"// {uuid.uuid4()}\n")  # cold: every stage uploads
    (project / "pyproject.toml").write_text(
        '[build-system]\nrequires = ["hatchling>=1.26", "oxpack[redis]"]\nbuild-backend = "hatchling.build"\n\n'
        '[project]\nname = "vecmath"\nversion = "0.1.0"\nrequires-python = ">=3.10"\n\n'
        '[tool.hatch.build.hooks.oxpack]\n\n[tool.oxpack]\narchs = ["sm_90"]\n')
    env = {**os.environ, "OXPACK_CACHE_DIR": str(oxpack_cache), "OXPACK_REMOTE_CACHE": server.url()}
    proc = run_ok([sys.executable, "-m", "pip", "wheel", "-v", "--no-deps", str(project), "-w", str(tmp_path / "dist"),
                   "--find-links", str(oxpack_wheels)], env=env)
    assert server.client.dbsize() > 0, proc.stderr[-3000:]
    (wheel,) = (tmp_path / "dist").glob("*.whl")
    with zipfile.ZipFile(wheel) as zf:
        contents = [zf.read(name) for name in zf.namelist()]
    assert PASSWORD.encode() not in wheel.read_bytes() and not [c for c in contents if PASSWORD.encode() in c]
    assert PASSWORD not in proc.stdout + proc.stderr
    assert not [p for p in project.rglob("*") if p.is_file() and PASSWORD.encode() in p.read_bytes()]


# -- the nvptx sysroot through the store (the benchmark's second machine) ----------------


def _sysroot_built(stderr: str) -> bool:
    """Whether this `-v` build ran rustc for the nvptx `core` (the sysroot)."""
    return any(line.startswith("oxpack: $ ") and "--crate-name core" in line for line in stderr.splitlines())


def _empty_cache(tmp_path: Path, name: str) -> Path:
    """A new machine's local cache: nothing in it, not even the sysroot."""
    cache = tmp_path / name
    cache.mkdir()
    return cache


@pytest.mark.slow
def test_second_machine_takes_the_sysroot_from_the_remote_and_a_corrupt_one_is_rebuilt(
        project: Path, tmp_path: Path, server: Server) -> None:
    """Machine A (an empty local cache) builds everything cold, the sysroot included, and uploads it;
    machine B (another empty one) compiles nothing, runs no rustc at all: every stage and the sysroot are
    remote hits, and its outputs are A's, byte for byte. Then the stored sysroot is damaged: C reports it
    once, builds it here and replaces it."""
    url = server.url()
    first = oxpack("build", str(project), "-v", "--out", str(tmp_path / "out-a"),
                   env={"OXPACK_CACHE_DIR": str(_empty_cache(tmp_path, "a")), "OXPACK_REMOTE_CACHE": url})
    assert first.returncode == 0 and not warnings(first.stderr), first.stderr
    assert "stage runs: " in first.stderr and _sysroot_built(first.stderr), first.stderr
    (name,) = [n.decode() for n in server.client.keys("oxpack:1:sysroot:*")]
    up = remote_line(first.stderr)
    assert up["hits"] == 0 and up["uploads"] > 0, first.stderr
    assert server.client.dbsize() == up["uploads"]

    second = oxpack("build", str(project), "-v", "--out", str(tmp_path / "out-b"),
                    env={"OXPACK_CACHE_DIR": str(_empty_cache(tmp_path, "b")), "OXPACK_REMOTE_CACHE": url})
    assert second.returncode == 0 and not warnings(second.stderr), second.stderr
    assert not _sysroot_built(second.stderr) and "$ " not in second.stderr, second.stderr
    assert "everything came from the cache" in second.stderr
    assert remote_line(second.stderr) == {"hits": up["uploads"], "misses": 0, "uploads": 0}
    files_a = sorted(p.relative_to(tmp_path / "out-a") for p in (tmp_path / "out-a").rglob("*") if p.is_file())
    assert files_a and all((tmp_path / "out-a" / f).read_bytes() == (tmp_path / "out-b" / f).read_bytes()
                           for f in files_a if f.name != ".oxpack-outputs.json")
    installed = list((tmp_path / "b" / "sysroot").glob("*/lib/rustlib/nvptx64-nvidia-cuda/lib/*.rlib"))
    assert sorted(p.name for p in installed) == ["libcompiler_builtins.rlib", "libcore.rlib"]
    assert not [p for p in (tmp_path / "b" / "sysroot").iterdir() if p.name.startswith(".tmp.")]

    good = server.client.get(name)
    assert isinstance(good, bytes)
    server.client.set(name, good[:-100] + bytes(b ^ 0xFF for b in good[-100:]))  # damaged, same length
    third = oxpack("build", str(project), "-v", env={"OXPACK_CACHE_DIR": str(_empty_cache(tmp_path, "c")),
                                                     "OXPACK_REMOTE_CACHE": url})
    assert third.returncode == 0, third.stderr
    (warning,) = warnings(third.stderr)
    assert "remote cache entry sysroot" in warning and "does not match its sha256" in warning, warning
    assert "replaces it" in warning and _sysroot_built(third.stderr)
    replaced = server.client.get(name)
    assert isinstance(replaced, bytes) and replaced.startswith(b"oxpack-entry 1\n")
    from oxpack.store.remote import unpack

    assert isinstance(unpack("sysroot", name.rpartition(":")[2], replaced), dict)


@pytest.mark.slow
def test_a_store_refusing_the_large_sysroot_still_takes_the_other_entries(project: Path, tmp_path: Path,
                                                                         start_server: Callable[..., Server]) -> None:
    """The sysroot (~45 MB) is over this store's entry size limit: one warning line, and the stage entries
    (the largest, the device crate's rlib, ~15 MB) are still uploaded, so a second machine builds only
    the sysroot."""
    server = start_server("--proto-max-bulk-len", "24mb")
    first = oxpack("build", str(project), "-v", env={"OXPACK_CACHE_DIR": str(_empty_cache(tmp_path, "a")),
                                                     "OXPACK_REMOTE_CACHE": server.url()})
    assert first.returncode == 0, first.stderr
    (warning,) = warnings(first.stderr)
    assert "refuses the sysroot entry" in warning and "other entries are still uploaded" in warning, warning
    up = remote_line(first.stderr)
    assert up["uploads"] > 0 and server.client.dbsize() == up["uploads"]
    assert not server.client.keys("oxpack:1:sysroot:*")
