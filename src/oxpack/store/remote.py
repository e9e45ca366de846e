"""The shared build cache: stage entries in a store that several machines use.

Stores: Redis (`redis://`, `rediss://`, `unix://`, through redis-py) and S3-compatible object stores
(`s3://bucket/prefix`, through boto3). The keys are the local cache's (`cache.Cache`); the local
cache is consulted first, then the remote, then the stage runs, and in `read-write` mode its output
is uploaded. An entry travels as one blob: a magic line, a JSON header line naming its stage, its
key and each file's size and sha256, then the files' bytes. A download is verified against all of
that before use, so a corrupt, truncated or foreign entry (another key's) is ignored (reported
once) and, in `read-write` mode, replaced by the rebuilt one. An upload is one write of the whole
blob (Redis `SET`, S3 `PutObject`), which a reader sees whole or not at all; `SET NX` and
`If-None-Match: *` make the first writer win, so two builds racing on one key upload it once.

The store never breaks a build: every call has a bounded timeout (`TIMEOUT`) and no retries, and
the first failure turns the remote off for the rest of the build with one warning line, so a dead
store costs at most one timeout (per thread in flight). A store that refuses writes (full,
read-only, too large an entry, no permission) only turns uploads off, with one warning line.
Credentials in URLs (user part, credential-like query parameters) are never shown: messages use `redact`,
and a client library's own messages lose every string that `secrets` finds in the URL.
"""

from __future__ import annotations

import hashlib
import json
import re
import threading
import time
import uuid
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Final
from urllib.parse import SplitResult, unquote, unquote_plus, urlsplit, urlunsplit

__all__ = ["TIMEOUT", "Remote", "RemoteStats", "open_remote", "probe", "redact", "remote_problem", "secrets"]

TIMEOUT: Final = 2.0
"""Seconds that one call to the store (connect, or one command) may take."""
_MAGIC: Final = b"oxpack-entry 1\n"
_SCHEMES: Final = ("redis", "rediss", "unix", "s3")


# a query parameter (or fragment) whose name says it holds a credential: redis-py's `password`,
# `username`, `ssl_password`, `ssl_keyfile`; boto3's and presigned URLs' `aws_access_key_id`,
# `aws_secret_access_key`, `aws_session_token`, `X-Amz-Credential`, `X-Amz-Signature`, ...
_SECRET_NAME: Final = re.compile(r"pass|pwd|token|secret|key|auth|cred|sig|session|user|private|access|apikey",
                                 re.IGNORECASE)


def _masked_query(query: str) -> str:
    """`a=1&password=x` → `a=1&password=***`: every credential-like parameter's value masked."""
    def one(item: str) -> str:
        name, eq, value = item.partition("=")
        return f"{name}=***" if eq and value and _SECRET_NAME.search(unquote_plus(name)) else item
    return "&".join(one(item) for item in query.split("&"))


def _bad_port(parts: SplitResult) -> bool:
    try:
        parts.port  # noqa: B018  (raises on a port that is no number)
    except ValueError:
        return True
    return False


def secrets(url: str) -> list[str]:
    """Every credential `url` carries, as written and percent-decoded (longest first): what `redact` masks,
    and what `Remote` scrubs from a client library's messages."""
    try:
        parts = urlsplit(url)
    except ValueError:
        return [url]
    found = [parts.password or "", parts.username or "", parts.fragment]  # a fragment: shown as `#***`
    if _bad_port(parts):
        found.append(parts.netloc.rpartition("@")[2].rpartition(":")[2])
    for item in parts.query.split("&"):
        name, eq, value = item.partition("=")
        if eq and _SECRET_NAME.search(unquote_plus(name)):
            found.append(value)
    if "@" not in parts.netloc and "@" in url.partition("://")[2]:  # a password holding `/`, `?` or `#`
        found.append(url.partition("://")[2].rpartition("@")[0])
    shown = {form for s in found if s for form in (s, unquote(s), unquote_plus(s)) if len(form) >= 1}
    return sorted(shown, key=len, reverse=True)


def redact(url: str) -> str:
    """`url` with every credential masked: the user part (`redis://:***@host:6379/0`, `redis://***:***@host`:
    a user name may be an access key ID or a token), a credential-like query parameter (`?password=***`,
    `?aws_secret_access_key=***`) and a fragment. A password that holds `/`, `?` or `#` (which ends the
    host part, so the URL reads wrongly) masks everything before the last `@`."""
    try:
        parts = urlsplit(url)
        hostport = parts.netloc.rpartition("@")[2]
    except ValueError:
        return "<a URL that cannot be parsed>"
    scheme, sep, rest = url.partition("://")
    query = _masked_query(parts.query)
    if sep and "@" not in parts.netloc and "@" in parts.path + query + parts.fragment:
        return f"{scheme}://***@{rest.rpartition('@')[2]}"
    netloc = parts.netloc
    if _bad_port(parts):  # `host:<not a number>`: perhaps a password without its `@`
        hostport = hostport.rpartition(":")[0] + ":***"
        netloc = netloc.rpartition("@")[0] + "@" + hostport if "@" in netloc else hostport
    if "@" in parts.netloc:  # the user name too: an access key ID, or a token
        shown = (":***" if not parts.username else "***:***") if parts.password is not None else "***"
        netloc = f"{shown}@{hostport}"
    out = ((f"{scheme}://{netloc}{parts.path}" if sep else urlunsplit((parts.scheme, netloc, parts.path, "", "")))
           + (f"?{query}" if parts.query else "") + ("#***" if parts.fragment else ""))
    for secret in secrets(url):  # a last guard: no credential survives, whatever shape held it
        if len(secret) >= 4 and secret in out:
            out = out.replace(secret, "***")
    return out


def remote_problem(url: str) -> str | None:
    """What is wrong with a `remote-cache` URL, as the end of a sentence, or None."""
    like = "a URL like `redis://host:6379/0` or `s3://bucket/prefix`"
    parts: SplitResult | None
    try:
        parts = urlsplit(url)
        parts.port  # noqa: B018  (raises on a port that is no number)
    except ValueError:  # its message may quote the URL: a password holding `/` reads as a port
        parts = None
    if parts is None or ("@" not in parts.netloc and "@" in url.partition("://")[2]
                         and "@" in parts.path + _masked_query(parts.query) + parts.fragment):
        return (f"must be {like} (its host and port cannot be read: a password holding `/`, `?`, `#` or `@` "
                "must be percent-encoded: `%2F`, `%3F`, `%23`, `%40`)")
    if parts.scheme not in _SCHEMES:
        return f"must be {like} (schemes: {', '.join(f'`{s}`' for s in _SCHEMES)})"
    if parts.scheme == "unix":  # redis-py's Unix socket: `unix:///path/to/redis.sock?db=0`
        if parts.hostname or not parts.path.strip("/"):
            return "must name a socket file, like `unix:///run/redis/redis.sock?db=0`"
        db = dict(item.partition("=")[::2] for item in parts.query.split("&") if item).get("db", "0")
        return None if db.isdigit() else f"must give a database number like `?db=0`, not `?db={db}`"
    if not parts.hostname:
        return f"must name a {'bucket' if parts.scheme == 's3' else 'host'}, like " + (
            "`s3://bucket/prefix`" if parts.scheme == "s3" else "`redis://host:6379/0`")
    if parts.scheme == "s3":
        if "@" in parts.netloc or parts.port is not None or parts.query or parts.fragment:
            return ("must not hold credentials, a port or a query (`s3://bucket/prefix`): the endpoint comes from "
                    "`AWS_ENDPOINT_URL` and the credentials from the AWS environment or config files")
        return None
    db = parts.path.strip("/")
    if db and not db.isdigit():
        return f"must end in a database number like `/0`, not `/{db}`"
    return None


@dataclass
class RemoteStats:
    hits: int = 0
    misses: int = 0
    bytes_down: int = 0
    uploads: int = 0
    bytes_up: int = 0
    rejected: int = 0  # downloaded entries that failed verification

    def line(self, url: str, mode: str) -> str:
        return (f"remote cache {redact(url)} ({mode}): {self.hits} hits ({_size(self.bytes_down)} down), "
                f"{self.misses} misses, {self.uploads} uploads ({_size(self.bytes_up)} up)"
                + (f", {self.rejected} bad entries ignored" if self.rejected else ""))


def _size(n: int) -> str:
    return f"{n} B" if n < 1024 else f"{n / 1024:.1f} KiB" if n < 1024 * 1024 else f"{n / 1024 / 1024:.1f} MiB"


def pack(stage: str, k: str, files: Mapping[str, bytes]) -> bytes:
    names = sorted(files)
    header = {"stage": stage, "key": k,
              "files": [[n, len(files[n]), hashlib.sha256(files[n]).hexdigest()] for n in names]}
    return _MAGIC + json.dumps(header, sort_keys=True).encode() + b"\n" + b"".join(files[n] for n in names)


def unpack(stage: str, k: str, blob: bytes) -> dict[str, bytes] | str:
    """The files of an entry, or why it cannot be used."""
    if not blob.startswith(_MAGIC):
        return "not an oxpack entry"
    head, newline, body = blob[len(_MAGIC):].partition(b"\n")
    try:
        header: Any = json.loads(head) if newline else {}
        listed = [(str(n), int(size), str(sha)) for n, size, sha in header["files"]]
        where = (header["stage"], header["key"])
    except (ValueError, TypeError, KeyError):
        return "its header is damaged"
    if where != (stage, k):
        return f"it is the entry of another key ({where[0]} {str(where[1])[:16]})"
    if len(body) != sum(size for _, size, _ in listed):
        return f"it is {len(body)} bytes where its header says {sum(size for _, size, _ in listed)} (truncated?)"
    files: dict[str, bytes] = {}
    at = 0
    for name, size, sha in listed:
        data = body[at:at + size]
        at += size
        if hashlib.sha256(data).hexdigest() != sha:
            return f"file `{name}` does not match its sha256"
        files[name] = data
    return files


class _Store:
    """One kind of store, through its established client library: whole blobs by name."""

    package = ""  # the Python package it needs, for the message when it is missing
    extra = ""  # oxpack's extra that installs it

    def fetch(self, name: str) -> bytes | None:
        """The blob, or None where there is none; raises when the store fails."""
        raise NotImplementedError

    def store(self, name: str, blob: bytes, *, only_if_absent: bool) -> bool:
        """Write the whole blob; False where `only_if_absent` and one was there first. Raises when refused."""
        raise NotImplementedError

    def delete(self, name: str) -> None:
        raise NotImplementedError

    def answers(self) -> bool:
        raise NotImplementedError

    def name(self, stage: str, k: str) -> str:
        raise NotImplementedError

    def close(self) -> None:
        pass


class _Redis(_Store):
    package, extra = "redis", "redis"

    def __init__(self, url: str, timeout: float) -> None:
        import redis
        from redis.backoff import NoBackoff
        from redis.retry import Retry

        self._client = redis.Redis.from_url(url, socket_timeout=timeout, socket_connect_timeout=timeout,
                                            retry=Retry(NoBackoff(), 0), retry_on_timeout=False,
                                            health_check_interval=0)

    def name(self, stage: str, k: str) -> str:
        return f"oxpack:1:{stage}:{k}"

    def fetch(self, name: str) -> bytes | None:
        blob = self._client.get(name)
        return blob.encode() if isinstance(blob, str) else blob

    def store(self, name: str, blob: bytes, *, only_if_absent: bool) -> bool:
        return bool(self._client.set(name, blob, nx=only_if_absent))

    def delete(self, name: str) -> None:
        self._client.delete(name)

    def answers(self) -> bool:
        import redis

        try:
            return bool(self._client.ping())
        except redis.ResponseError:  # an answer all the same (an ACL without `PING`)
            return True

    def close(self) -> None:
        self._client.close()


class _S3(_Store):
    """`s3://bucket/prefix` through boto3: endpoint (`AWS_ENDPOINT_URL`), region and credentials from the
    standard AWS environment variables and config files. An object is written whole or not at all;
    `If-None-Match: *` makes the first writer win."""

    package, extra = "boto3", "s3"

    def __init__(self, url: str, timeout: float) -> None:
        import boto3
        from botocore.config import Config

        parts = urlsplit(url)
        self._bucket = parts.hostname or ""
        self._prefix = parts.path.strip("/")
        self._client: Any = boto3.session.Session().client(
            "s3", config=Config(connect_timeout=timeout, read_timeout=timeout,
                                retries={"max_attempts": 1, "mode": "standard"}))

    def name(self, stage: str, k: str) -> str:
        return "/".join(p for p in (self._prefix, "oxpack", "1", stage, k) if p)

    def fetch(self, name: str) -> bytes | None:
        from botocore.exceptions import ClientError

        try:
            return bytes(self._client.get_object(Bucket=self._bucket, Key=name)["Body"].read())
        except ClientError as exc:
            if exc.response.get("Error", {}).get("Code") in ("NoSuchKey", "404"):
                return None
            raise

    def store(self, name: str, blob: bytes, *, only_if_absent: bool) -> bool:
        from botocore.exceptions import ClientError

        extra = {"IfNoneMatch": "*"} if only_if_absent else {}
        try:
            self._client.put_object(Bucket=self._bucket, Key=name, Body=blob, **extra)
        except ClientError as exc:
            if exc.response.get("Error", {}).get("Code") in ("PreconditionFailed", "ConditionalRequestConflict"):
                return False
            raise
        return True

    def delete(self, name: str) -> None:
        self._client.delete_object(Bucket=self._bucket, Key=name)

    def answers(self) -> bool:
        from botocore.exceptions import ClientError

        try:
            self._client.head_bucket(Bucket=self._bucket)
        except ClientError:  # an answer all the same (a policy without `s3:ListBucket`)
            pass
        return True


def _open_store(url: str, timeout: float) -> _Store:
    scheme = urlsplit(url).scheme
    return _S3(url, timeout) if scheme == "s3" else _Redis(url, timeout)


def _package(url: str) -> tuple[str, str]:
    return ("boto3", "s3") if urlsplit(url).scheme == "s3" else ("redis", "redis")


class Remote:
    """One store, shared by the threads of one build. `warn` gets each warning line (one per cause)."""

    def __init__(self, url: str, mode: str, warn: Callable[[str], None], *, timeout: float = TIMEOUT) -> None:
        self.url = url
        self.mode = mode
        self.stats = RemoteStats()
        self._warn = warn
        self._timeout = timeout
        self._lock = threading.Lock()
        self._client: _Store | None = None
        self._dead = False
        self._no_upload = mode != "read-write"
        self._missed: set[tuple[str, str]] = set()
        self._bad: set[tuple[str, str]] = set()
        self._warned: set[str] = set()
        self._sizes: dict[tuple[str, str], int] = {}

    # -- the store ------------------------------------------------------------------

    def _store(self) -> _Store:
        with self._lock:
            if self._client is None:
                self._client = _open_store(self.url, self._timeout)
            return self._client

    def _secretless(self, text: str) -> str:
        text = text.replace(self.url, redact(self.url))
        for secret in secrets(self.url):
            text = text.replace(secret, "***")
        return text

    def _warn_once(self, cause: str, message: str) -> None:
        with self._lock:
            if cause in self._warned:
                return
            self._warned.add(cause)
        self._warn(self._secretless(message))

    def _down(self, exc: BaseException) -> None:
        self._dead = True
        if isinstance(exc, ImportError):
            package, extra = _package(self.url)
            self._warn_once("down", f"remote cache {redact(self.url)} needs the Python package `{package}`: "
                            f"`pip install 'oxpack[{extra}]'`; building locally without it")
            return
        self._warn_once("down", f"remote cache {redact(self.url)} is not usable ({_why(exc)}); building locally "
                        "without it")

    # -- what the cache calls ----------------------------------------------------------

    def get(self, stage: str, k: str) -> dict[str, bytes] | None:
        """The verified entry, or None (a miss, a bad entry, or the store is off)."""
        if self._dead or (stage, k) in self._missed or (stage, k) in self._bad:
            return None
        try:
            store = self._store()
            blob = store.fetch(store.name(stage, k))
        except Exception as exc:  # no client library, connection refused, timeout, credentials: the store is off
            self._down(exc)
            return None
        if blob is None:
            with self._lock:
                self._missed.add((stage, k))
                self.stats.misses += 1
            return None
        files = unpack(stage, k, blob)
        if isinstance(files, str):
            self._reject(stage, k, files)
            return None
        with self._lock:
            self.stats.hits += 1
            self.stats.bytes_down += len(blob)
            self._sizes[(stage, k)] = len(blob)
        return files

    def reject(self, stage: str, k: str, why: str) -> None:
        """An entry that `get` returned turned out unusable on a closer look (the caller's own check): it
        counts as a bad entry and a miss instead of a hit, reported once, and is replaced by the next `put`."""
        with self._lock:
            self.stats.hits -= 1
            self.stats.bytes_down -= self._sizes.pop((stage, k), 0)
        self._reject(stage, k, why)

    def _reject(self, stage: str, k: str, why: str) -> None:
        with self._lock:
            self._bad.add((stage, k))
            self.stats.rejected += 1
            self.stats.misses += 1
        self._warn_once(f"bad:{stage}:{k}", f"remote cache entry {stage} {k[:16]} in {redact(self.url)} is "
                        f"unusable ({why}); ignored, the stage runs here"
                        + ("" if self._no_upload else " and replaces it"))

    def put(self, stage: str, k: str, files: Mapping[str, bytes], *, keep_uploading: bool = False) -> None:
        """Upload an entry this build made (`read-write` only): whole, and only where none is (or a bad one).
        `keep_uploading`: a refusal of this (large) entry leaves the other entries' uploads on."""
        if self._dead or self._no_upload:
            return
        blob = pack(stage, k, files)
        try:
            store = self._store()
            stored = store.store(store.name(stage, k), blob, only_if_absent=(stage, k) not in self._bad)
        except Exception as exc:
            if self._answers() and keep_uploading:  # e.g. the sysroot, over the store's entry size limit
                self._warn_once(f"refused:{stage}", f"remote cache {redact(self.url)} refuses the {stage} entry "
                                f"({_why(exc)}, {_size(len(blob))}); other machines build it themselves, the "
                                "other entries are still uploaded")
            elif self._answers():  # full, read-only, no permission, an entry too large (Redis hangs up)
                self._no_upload = True
                self._warn_once("refused", f"remote cache {redact(self.url)} refuses uploads ({_why(exc)}, "
                                f"for an entry of {_size(len(blob))}); this build uploads nothing more")
            else:
                self._down(exc)
            return
        if stored:
            with self._lock:
                self.stats.uploads += 1
                self.stats.bytes_up += len(blob)

    def _answers(self) -> bool:
        """Whether the store still answers (after a failed upload: a refusal, or is it down?)."""
        try:
            return self._store().answers()
        except Exception:  # down, or slow: the caller says so
            return False

    def close(self) -> None:
        if self._client is not None:
            try:
                self._client.close()
            except Exception:  # closing a dead connection: nothing to do
                pass


def _why(exc: BaseException) -> str:
    text = str(exc).strip().rstrip(".") or type(exc).__name__
    return f"{type(exc).__name__}: {text}" if type(exc).__name__ not in text else text


def open_remote(url: str | None, mode: str, warn: Callable[[str], None]) -> Remote | None:
    return None if url is None else Remote(url, mode, warn)


def probe(url: str, mode: str) -> tuple[bool, str]:
    """For `oxpack doctor`: whether the store answers, and can be written in `read-write` mode (a probe entry
    is written, read back and deleted); (ok, what was found)."""
    shown = redact(url)
    secretless = Remote(url, mode, lambda _: None)._secretless
    start = time.monotonic()
    try:
        store = _open_store(url, TIMEOUT)
    except ImportError:
        package, extra = _package(url)
        return False, f"{shown} needs the Python package `{package}`: `pip install 'oxpack[{extra}]'`"
    try:
        store.fetch(store.name("doctor", "probe"))
        if mode == "read-write":
            name = store.name("doctor", uuid.uuid4().hex)
            store.store(name, b"probe", only_if_absent=False)
            if store.fetch(name) != b"probe":
                return False, f"{shown}: a probe written could not be read back"
            store.delete(name)
    except Exception as exc:
        return False, secretless(f"{shown} is not usable ({_why(exc)})")
    finally:
        try:
            store.close()
        except Exception:  # closing a dead connection: nothing to do
            pass
    what = "readable and writable" if mode == "read-write" else "readable (read-only mode)"
    return True, f"{shown}: {what} ({(time.monotonic() - start) * 1000:.0f} ms)"
