"""``pip install service-checkout`` works wherever it is installed: the package carries the
compiled SDK, brings one import name, and a tree whose SDK does not compile gives no wheel."""

from __future__ import annotations

import json
import shutil
import subprocess
import tomllib
import urllib.error
import urllib.request
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path

import pytest

from backend_stub import __version__
from backend_stub.web.compiled_sdk import inspect

from .conftest import Release, Venv, environment, export_head, pip_in, run, succeed

pytestmark = pytest.mark.packaging

LISTENING = "service-stub listening on "
START_TIMEOUT_S = 60
# The installed package is built from HEAD; the repository's SDK from the working tree.
SAME_TREE = "the package is built from HEAD: commit your changes and run `make build`"


@contextmanager
def installed_server(command: list[str | Path], *, cwd: Path, env: dict[str, str]) -> Iterator[str]:
    """A server started by ``command`` on a free port; yields its URL once it listens."""
    args = [*map(str, command), "--port", "0", "--db", ":memory:", "--stop-when-stdin-closes"]
    pipe, merged = subprocess.PIPE, subprocess.STDOUT
    process = subprocess.Popen(args, cwd=cwd, env=env, stdin=pipe, stdout=pipe, stderr=merged, text=True)
    assert process.stdout is not None and process.stdin is not None
    reader = ThreadPoolExecutor(1)
    try:
        line = reader.submit(process.stdout.readline).result(timeout=START_TIMEOUT_S)
        if not line.startswith(LISTENING):
            process.terminate()
            pytest.fail(f"the installed server did not start:\n{line}{process.stdout.read()}")
        yield line.removeprefix(LISTENING).strip()
    finally:
        process.stdin.close()
        process.terminate()
        process.wait(30)
        reader.shutdown()
        process.stdout.close()


def fetch(url: str) -> tuple[int, bytes]:
    """Status and body of a GET (no Accept-Encoding: the bytes as built)."""
    try:
        with urllib.request.urlopen(url, timeout=30) as response:
            return response.status, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.read()


def assert_serves_the_repository_sdk(url: str, repository_sdk: Path, installed_in: Path) -> None:
    """``/sdk.js`` and the files it loads, byte for byte the repository's own build, served from
    the SDK folder of the installation at ``installed_in``."""
    health = json.loads(fetch(url + "/_sandbox/health")[1])["sdk"]
    assert health["present"] is True and health["brython_version"] == "3.15.0"
    assert health["folder"] == "backend_stub/web/dist"  # the package's own, said without its path
    manifest = inspect(repository_sdk).manifest
    status, loader = fetch(url + "/sdk.js")
    assert status == 200
    assert loader == (repository_sdk / manifest["loader"]).read_bytes(), SAME_TREE
    for key in ("brython", "bundle", "bridge_worker"):  # under their content-hashed names
        assert fetch(f"{url}/sdk/{manifest[key]}") == (200, (repository_sdk / manifest[key]).read_bytes())
    # The bridge page is rendered for each request, with the first answers: it names the worker.
    status, bridge = fetch(f"{url}/sdk/{manifest['bridge']}")
    assert status == 200 and manifest["bridge_worker"].encode() in bridge


def test_the_wheel_installs_one_import_name_and_it_is_typed(venv: Venv):
    listing = (
        "import importlib.metadata as m, json, backend_stub\n"
        "files = m.distribution('service-checkout').files\n"
        "print(json.dumps([sorted({f.parts[0] for f in files}), backend_stub.__file__,"
        " any(str(f) == 'backend_stub/py.typed' for f in files)]))\n"
    )
    names, module, typed = json.loads(succeed([venv.python, "-c", listing], cwd=venv.workdir))
    top_level = [name for name in names if not name.endswith(".dist-info") and name != ".."]  # ..: bin/
    assert top_level == ["backend_stub"]
    assert "sdk" not in top_level
    assert Path(module).is_relative_to(venv.path)  # the installed copy, not the working tree
    assert typed
    no_sdk = run([venv.python, "-c", "import sdk"], cwd=venv.workdir)
    assert no_sdk.returncode == 1 and "No module named 'sdk'" in no_sdk.stdout


def test_the_installed_server_serves_the_sdk_the_repository_builds(venv: Venv, repository_sdk: Path):
    with installed_server([venv.bin("service-stub")], cwd=venv.workdir, env=environment()) as url:
        assert_serves_the_repository_sdk(url, repository_sdk, venv.path)
    version = succeed([venv.bin("service-stub"), "--version"], cwd=venv.workdir)
    pins = json.loads((repository_sdk / "manifest.json").read_text(encoding="utf-8"))
    loader = f"loader {pins['loader_version']} {pins['loader_integrity']}"
    brython = "SDK compiled for Brython 3.15.0"
    assert version == f"service-stub {__version__} (service-checkout), {brython}, {loader}\n"


def test_the_installed_server_speaks_the_compiled_catalogs(venv: Venv):
    """The wheel carries each language's compiled catalog (the repository keeps only the .po, which
    travel too), and the installed server answers in it."""
    code = (
        "import importlib.metadata as m\n"
        "print('\\n'.join(sorted(str(f) for f in m.distribution('service-checkout').files"
        " if '/catalogs/' in str(f))))"
    )
    files = succeed([venv.python, "-c", code], cwd=venv.workdir).split()
    compiled = [
        f"backend_stub/language/catalogs/{language}/LC_MESSAGES/messages.mo"
        for language in ("en", "es", "pt", "fr", "it", "de")
    ]
    assert set(compiled) <= set(files), files
    query = "amount=27500&currency=EUR&product%5Btype%5D=instalments&locale=es-ES"
    with installed_server([venv.bin("service-stub")], cwd=venv.workdir, env=environment()) as url:
        request = urllib.request.Request(
            f"{url}/checkout/plans?{query}", headers={"Authorization": "Bearer pk_test_demo"}
        )
        with urllib.request.urlopen(request, timeout=30) as response:
            answer = json.loads(response.read())
    assert answer["locale"] == "es"
    assert answer["products"][0]["texts"]["short"] == "Desde 22,91\xa0€ al mes"


def test_the_merchant_suite_passes_against_the_installed_package(venv: Venv, release: Release):
    # Installed with the `pytest` extra and pytest-asyncio beside it (whose configuration notice
    # the example's warning filter must not turn into an INTERNALERROR), on two xdist workers.
    installed = succeed([*pip_in(venv.path), "list", "--format=freeze"], cwd=venv.workdir).lower()
    assert (
        "pytest-xdist==" in installed and "pytest-asyncio==" in installed and "pytest-base-url==" in installed
    )
    shop = shutil.copytree(release.tree / "examples" / "merchant_ci", venv.workdir.parent / "merchant_ci")
    output = succeed([venv.python, "-m", "pytest", "-p", "no:cacheprovider", "-q", "-n", "2"], cwd=shop)
    summary = output.strip().splitlines()[-1]
    assert " passed" in summary and "skipped" not in summary, output[-2000:]


def test_the_wheel_from_the_sdist_was_built_with_no_compiler(release: Release):
    # The wheel the other tests install is the one `make dist` built from the sdist (what `pip
    # install <sdist>` does): the sdist carries the compiled SDK, so that build environment had
    # setuptools alone, nothing that could compile it.
    assert "service-checkout: packaging the compiled SDK in backend_stub/web/dist" in release.wheel_log
    assert "compiling the SDK" not in release.wheel_log
    installed = release.wheel_log.split("Installed build dependency versions:")[1].split("*")[0]
    assert "setuptools" in installed and "playwright" not in installed and "brython" not in installed


def _break_a_module(tree: Path) -> None:
    with (tree / "sdk" / "options.py").open("a", encoding="utf-8") as module:
        module.write("\ndef unfinished(:\n")


@pytest.mark.parametrize(
    ("breakage", "extra_env", "reason"),
    [
        (_break_a_module, {}, "cannot compile sdk.options"),
        (None, {"CHROMIUM": "/nonexistent"}, "CHROMIUM=/nonexistent is not an executable"),
    ],
    ids=["sdk-does-not-compile", "no-chromium"],
)
def test_a_tree_whose_sdk_build_fails_gives_no_wheel_and_says_why(
    venv: Venv, packaging_dir: Path, request: pytest.FixtureRequest, breakage, extra_env: dict, reason: str
):
    tree = export_head(packaging_dir / f"broken-{request.node.callspec.id}")
    if breakage:
        breakage(tree)
    out = packaging_dir / f"wheels-{request.node.callspec.id}"
    # In the venv, which has what compiling the SDK needs: no build environment to set up.
    command = [*pip_in(venv.path), "wheel", "--no-deps", "--no-build-isolation", "-w", out, tree]
    result = run(command, cwd=venv.workdir, env=environment(**extra_env))
    assert result.returncode != 0
    output = result.stdout
    assert "service-checkout cannot be built" in output and reason in output, output[-3000:]
    assert not list(out.glob("*.whl"))


def test_the_build_compiles_again_only_an_sdk_that_is_missing_or_stale(
    venv: Venv, packaging_dir: Path, repository_sdk: Path
):
    tree = export_head(packaging_dir / "stale")
    dist = tree / "backend_stub" / "web" / "dist"
    shutil.copytree(repository_sdk, dist)
    probe = [venv.python, "-c", "import with_compiled_sdk as backend; print(backend.stale_reason())"]

    def reason() -> str:
        return succeed(probe, cwd=tree, env=environment(PYTHONPATH=str(tree / "build_backend"))).strip()

    assert reason() == "None", SAME_TREE  # the repository's build of these sources: packaged as is
    module = tree / "sdk" / "options.py"
    source = module.read_text(encoding="utf-8")
    module.write_text(source + "\n# changed\n", encoding="utf-8")
    assert reason() == "backend_stub/web/dist was compiled from other sources than sdk/ holds now"
    module.write_text(source, encoding="utf-8")
    manifest = dist / "manifest.json"
    older = manifest.read_text(encoding="utf-8").replace('"3.15.0"', '"3.14.0"')
    manifest.write_text(older, encoding="utf-8")
    assert reason() == "backend_stub/web/dist was compiled for Brython 3.14.0; the package pins 3.15.0"
    manifest.unlink()
    assert reason().startswith("no manifest.json in ")


def test_the_wheel_installs_by_its_own_ranges_not_the_lock(venv: Venv):
    """The venv got the wheel as a merchant's pip gets it, resolving the package's requirements
    (pyproject.toml's ranges): requirements/test.lock pins the repository's tools only."""
    from packaging.requirements import Requirement

    from .conftest import ROOT

    code = "import importlib.metadata as m; print('\\n'.join(m.requires('service-checkout')))"
    declared = succeed([venv.python, "-c", code], cwd=venv.workdir).splitlines()
    runtime = {str(Requirement(line)) for line in declared if "extra ==" not in line}
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert runtime == {str(Requirement(line)) for line in project["dependencies"]}
    lock = (ROOT / "requirements" / "test.lock").read_text(encoding="utf-8")
    jinja2 = next(Requirement(line) for line in declared if line.startswith("jinja2"))
    assert len(jinja2.specifier) == 2 and "\njinja2==" in lock  # a range for merchants, a pin for us
