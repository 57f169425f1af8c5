"""Generates casebook_client/api/ from ../../schema.graphql and the operations in operations/, or with
``--check`` fails when the committed package differs from what it would generate now.

ariadne-codegen runs in an environment of its own (codegen-requirements.txt, pinned): it
needs graphql-core < 3.3, which the server's strawberry cannot share. The environment is
made once under ``.venv/codegen`` (``CASEBOOK_CODEGEN_ENV`` names another place) and kept
while the requirements stay the same. It runs twice into one package: the blocking client
(``client.py``) first, then the async one (``async_client.py``), whose run writes the
package's ``__init__``; the models both write are the same files.

    python backend/client/codegen.py           # regenerate (commit the result)
    python backend/client/codegen.py --check   # fail when stale
"""

import argparse
import filecmp
import hashlib
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
REQUIREMENTS = HERE / "codegen-requirements.txt"
CONFIG = HERE / "codegen.toml"
PACKAGE = HERE / "casebook_client" / "api"
# The blocking client cannot subscribe: it is given the queries and mutations alone.
RUNS = (
    {
        "async_client": "false",
        "client_name": '"Client"',
        "client_file_name": '"client"',
        "queries_path": '"operations/queries.graphql"',
    },
    {
        "async_client": "true",
        "client_name": '"AsyncClient"',
        "client_file_name": '"async_client"',
        "queries_path": '"operations"',
    },
)


def _environment() -> Path:
    """The generator's environment, made (or remade after a change of requirements)."""
    place = Path(os.environ.get("CASEBOOK_CODEGEN_ENV", ROOT / ".venv" / "codegen"))
    python = place / "bin" / "python"
    wanted = hashlib.sha256(REQUIREMENTS.read_bytes()).hexdigest()[:12]
    stamp = place / f".installed-{wanted}"
    if stamp.exists() and python.exists():
        return place
    uv = shutil.which("uv") or str(Path(sys.executable).parent / "uv")
    if Path(uv).exists():
        subprocess.run([uv, "venv", "--quiet", "--allow-existing", "--python", sys.executable,
                        str(place)], check=True)  # fmt: skip
        install = [uv, "pip", "install", "--quiet", "--system-certs", "--python", str(python)]
    else:
        subprocess.run([sys.executable, "-m", "venv", str(place)], check=True)
        install = [str(python), "-m", "pip", "install", "--quiet"]
    subprocess.run([*install, "-r", str(REQUIREMENTS)], check=True)
    for old in place.glob(".installed-*"):
        old.unlink()
    stamp.touch()
    return place


def _config(target: Path, run: dict[str, str], scratch: Path) -> Path:
    """codegen.toml with the package written to ``target`` and one run's client settings."""
    lines = []
    for line in CONFIG.read_text().splitlines():
        if line.startswith("target_package_path"):
            line = f'target_package_path = "{target.parent.as_posix()}"'
        lines.append(line)
        if line == "[tool.ariadne-codegen]":
            lines.extend(f"{key} = {value}" for key, value in run.items())
    path = scratch / f"codegen-{run['client_file_name'].strip(chr(34))}.toml"
    path.write_text("\n".join(lines) + "\n")
    return path


def generate(target: Path) -> None:
    """The package as the generator writes it now, at ``target`` (its folder's name must be
    ``api``, the configured package name)."""
    assert target.name == PACKAGE.name
    executable = _environment() / "bin" / "ariadne-codegen"
    shutil.rmtree(target, ignore_errors=True)
    target.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="casebook-codegen-") as scratch:
        for run in RUNS:
            config = _config(target, run, Path(scratch))
            done = subprocess.run(
                [str(executable), "--config", str(config)],
                cwd=HERE,
                capture_output=True,
                text=True,
            )
            if done.returncode != 0:
                sys.stderr.write(done.stdout + done.stderr)
                raise SystemExit(f"ariadne-codegen failed ({done.returncode})")
    for cache in target.rglob("__pycache__"):
        shutil.rmtree(cache)


def _differing(fresh: Path, committed: Path) -> list[str]:
    names = {p.name for p in fresh.glob("*.py")} | {p.name for p in committed.glob("*.py")}
    return sorted(
        name
        for name in names
        if not (fresh / name).exists()
        or not (committed / name).exists()
        or not filecmp.cmp(fresh / name, committed / name, shallow=False)
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="fail when the package is stale")
    args = parser.parse_args()
    if not args.check:
        generate(PACKAGE)
        print(f"generated {PACKAGE.relative_to(ROOT)} ({len(list(PACKAGE.glob('*.py')))} files)")
        return 0
    with tempfile.TemporaryDirectory(prefix="casebook-codegen-") as scratch:
        fresh = Path(scratch) / "casebook_client" / PACKAGE.name
        generate(fresh)
        differing = _differing(fresh, PACKAGE)
        if differing:
            print(
                f"{PACKAGE.relative_to(ROOT)} is out of date ({', '.join(differing)}): run "
                "`make client-codegen` and commit the result",
                file=sys.stderr,
            )
            return 1
        count = len(list(fresh.glob("*.py")))
    print(
        f"client codegen check: {PACKAGE.relative_to(ROOT)} matches schema.graphql ({count} files)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
