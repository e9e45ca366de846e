"""Credentials in a shared cache's URL are never shown: every URL form that redis-py and boto3 document
(user part, password, token, query parameters, Unix sockets, S3 keys inline or in a query, a password
holding `/`, `?`, `#` or `@`) is masked in `redact`, in configuration errors, in `oxpack doctor`, in
`oxpack build -v`, and is in no written file (lockfile, manifest, wheel contents). One build of a tiny
project, against a real `redis-server` that takes its password from the query string, serves the file;
the other outputs come from in-process calls with stores that do not answer (no wait: a refused port)."""

from __future__ import annotations

import socket
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from test_remote_cache import PYPROJECT, SAXPY, Server, oxpack, remote_line

S = "Zq9-s3cr3t"  # every secret below holds it: none may appear in any output


def _port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


DEAD = _port()  # nothing listens there: a store that refuses at once
# (url, accepted by oxpack): each holds `S` in a credential position
FORMS = [
    (f"redis://:{S}@127.0.0.1:{DEAD}/0", True),  # password only
    (f"redis://writer:{S}@127.0.0.1:{DEAD}/0", True),  # ACL user and password
    (f"redis://{S}tok@127.0.0.1:{DEAD}/0", True),  # a lone user name: a token
    (f"rediss://:{S}@127.0.0.1:{DEAD}/0", True),  # TLS
    (f"redis://127.0.0.1:{DEAD}/0?password={S}", True),  # redis-py's query form
    (f"redis://127.0.0.1:{DEAD}/0?username=u{S}&password={S}&db=0", True),
    (f"redis://127.0.0.1:{DEAD}/0?db=0&ssl_password={S}", True),
    (f"redis://:{S}%40x%2Fy@127.0.0.1:{DEAD}/0", True),  # a percent-encoded `@` and `/`
    (f"redis://127.0.0.1:{DEAD}/0?password={S}%26more", True),
    (f"unix://:{S}@/nonexistent/oxpack-redis.sock?db=0", True),  # redis-py's Unix socket
    (f"unix:///nonexistent/oxpack-redis.sock?db=0&password={S}", True),
    (f"unix://u{S}@/nonexistent/oxpack-redis.sock", True),
    (f"redis://127.0.0.1:{DEAD}/0#{S}", True),  # a fragment
    (f"redis://:{S}/x@127.0.0.1:{DEAD}/0", False),  # a raw `/` in the password: the host cannot be read
    (f"redis://:{S}?x@127.0.0.1:{DEAD}/0", False),
    (f"redis://:{S}#x@127.0.0.1:{DEAD}/0", False),
    (f"redis://u/{S}@127.0.0.1:{DEAD}/0", False),
    (f"s3://AKIA{S}:{S}@bucket/prefix", False),  # inline access key and secret
    (f"s3://AKIA{S}@bucket/prefix", False),
    (f"s3://bucket/prefix?aws_access_key_id=AKIA{S}&aws_secret_access_key={S}", False),
    (f"s3://bucket/prefix?aws_session_token={S}", False),
    (f"s3://bucket/prefix?X-Amz-Credential=AKIA{S}&X-Amz-Signature={S}&X-Amz-Security-Token={S}", False),
    (f"s3://bucket:{S}/prefix", False),  # a "port" that is no number
]
ACCEPTED = [url for url, ok in FORMS if ok]


def _id(url: str) -> str:
    """A test id that is the same in every process (the refusing port is not): pytest-xdist's workers
    must collect the same tests."""
    return url.replace(f":{DEAD}/", ":PORT/")


def _clean(text: str) -> bool:
    return S not in text and S.lower() not in text.lower()


@pytest.mark.parametrize("url", [u for u, _ in FORMS], ids=_id)
def test_redact_masks_every_form(url: str) -> None:
    from oxpack.store.remote import redact, secrets

    shown = redact(url)
    assert _clean(shown), shown
    assert "***" in shown, shown
    assert shown.split("://")[0] == url.split("://")[0]  # still says which store
    assert any(S in s for s in secrets(url)), secrets(url)


@pytest.mark.parametrize("url", [u for u, _ in FORMS], ids=_id)
def test_configuration_errors_mask_every_form(url: str, tmp_path: Path) -> None:
    """A bad mode (every URL) or a refused URL: the error names the variable, never the secret."""
    from oxpack.config import load_config
    from oxpack.errors import ConfigError

    (tmp_path / "pyproject.toml").write_text(PYPROJECT)
    ok = dict(FORMS)[url]
    env = {"OXPACK_REMOTE_CACHE": url, "OXPACK_REMOTE_CACHE_MODE": "read-write" if not ok else "sometimes"}
    with pytest.raises(ConfigError) as caught:
        load_config(tmp_path, env=env)
    text = str(caught.value) + " ".join(getattr(caught.value, "problems", []))
    assert _clean(text), text
    if not ok:
        assert "`OXPACK_REMOTE_CACHE`" in text, text
    (tmp_path / "pyproject.toml").write_text(PYPROJECT + f"remote-cache = [{url!r}]\n".replace("'", '"'))
    with pytest.raises(ConfigError) as caught:  # the wrong type: its value is not shown either
        load_config(tmp_path, env={})
    text = str(caught.value) + " ".join(getattr(caught.value, "problems", []))
    assert _clean(text) and "remote-cache" in text, text


def test_doctor_masks_every_form(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`oxpack doctor` (in process) with each URL: the store does not answer, the line is masked."""
    from oxpack.commands.doctor import diagnose, render

    (tmp_path / "pyproject.toml").write_text(PYPROJECT)
    for url, _ in FORMS:
        monkeypatch.setenv("OXPACK_REMOTE_CACHE", url)
        report = diagnose(tmp_path)
        text = render(report) + repr(report)
        assert _clean(text), text
        assert ("remote cache" in text) if dict(FORMS)[url] else ("`OXPACK_REMOTE_CACHE`" in text), text


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, Server, str]]:
    """A project built once with `-v` against a real `redis-server` whose password is in the query."""
    root = tmp_path_factory.mktemp("cred")
    server = Server(root / "redis", password=S)
    project = root / "proj"
    (project / "kernels").mkdir(parents=True)
    (project / "src" / "proj").mkdir(parents=True)
    (project / "src" / "proj" / "__init__.py").write_text("")
    (project / "pyproject.toml").write_text(PYPROJECT)
    (project / "kernels" / "saxpy.rs").write_text(SAXPY + f"// {uuid.uuid4()}\n")  # new stage keys
    url = f"redis://127.0.0.1:{server.port}/0?password={S}"
    proc = oxpack("build", str(project), "-v", "--out", str(root / "out"), env={"OXPACK_REMOTE_CACHE": url})
    try:
        yield project, server, proc.stdout + proc.stderr
    finally:
        server.stop()


def test_build_with_the_password_in_the_query_uploads_and_shows_none(built: tuple[Path, Server, str]) -> None:
    project, server, output = built
    assert "oxpack: error" not in output, output
    assert remote_line(output)["uploads"] > 0 and "?password=***" in output, output
    assert server.client.dbsize() > 0
    assert _clean(output), output


def test_doctor_and_lock_with_the_password_in_the_query(built: tuple[Path, Server, str]) -> None:
    project, server, _ = built
    url = f"redis://127.0.0.1:{server.port}/0?password={S}"
    doctor = oxpack("doctor", str(project), env={"OXPACK_REMOTE_CACHE": url})
    assert "remote cache: ok" in doctor.stdout and "?password=***" in doctor.stdout, doctor.stdout + doctor.stderr
    lock = oxpack("lock", str(project), env={"OXPACK_REMOTE_CACHE": url})
    assert lock.returncode == 0, lock.stderr
    assert _clean(doctor.stdout + doctor.stderr + lock.stdout + lock.stderr)


def test_build_v_lock_and_files_mask_every_form(built: tuple[Path, Server, str], tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str],
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """In process, from the warm local cache: `build -v` ends with the store's line, masked; `lock`
    and every written file (lockfile, manifest, stubs) hold no secret."""
    from oxpack.cli import main

    project, _, _ = built
    for i, url in enumerate(ACCEPTED):
        monkeypatch.setenv("OXPACK_REMOTE_CACHE", url)
        out = tmp_path / f"out{i}"
        assert main(["build", str(project), "-v", "--out", str(out)]) == 0
        assert main(["lock", str(project)]) == 0
        said = capsys.readouterr()
        text = said.out + said.err
        assert "remote cache " in text and _clean(text), text
        files = [p for p in [*out.rglob("*"), *project.rglob("*")] if p.is_file()]
        assert (project / "oxpack.lock") in files
        leaked = [p for p in files if S.encode() in p.read_bytes()]
        assert not leaked, leaked
