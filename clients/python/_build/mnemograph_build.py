"""A PEP 517 build backend in the standard library only, so that `pip install clients/python`
needs no index: setuptools would have pip fetch setuptools and wheel first (or find them
installed, which a bare Python does not guarantee). It builds one pure-Python wheel of the
`mnemograph_client` package, and an sdist of this folder."""
import base64
import hashlib
import io
import os
import re
import tarfile
import zipfile

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PACKAGE = "mnemograph_client"


def _project():
    text = open(os.path.join(HERE, "pyproject.toml"), encoding="utf-8").read()
    section = text.split("[project]", 1)[1]
    field = lambda name: re.search(r'^%s\s*=\s*"([^"]*)"' % name, section, re.M).group(1)
    return field("name"), field("version"), field("description"), field("requires-python")


def _dist_name():
    name, version, _, _ = _project()
    return name.replace("-", "_"), version


def _metadata():
    name, version, description, requires_python = _project()
    return (
        "Metadata-Version: 2.1\n"
        f"Name: {name}\nVersion: {version}\nSummary: {description}\n"
        f"Requires-Python: {requires_python}\nLicense: Apache-2.0\n"
    )


def _record_line(path, data):
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{path},sha256={digest},{len(data)}"


def get_requires_for_build_wheel(config_settings=None):
    return []


def get_requires_for_build_sdist(config_settings=None):
    return []


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    dist, version = _dist_name()
    info = f"{dist}-{version}.dist-info"
    files = []
    source = os.path.join(HERE, PACKAGE)
    for entry in sorted(os.listdir(source)):
        if entry.endswith(".py") or entry == "py.typed":
            with open(os.path.join(source, entry), "rb") as f:
                files.append((f"{PACKAGE}/{entry}", f.read()))
    files.append((f"{info}/METADATA", _metadata().encode()))
    files.append((f"{info}/WHEEL", b"Wheel-Version: 1.0\nGenerator: mnemograph_build\nRoot-Is-Purelib: true\nTag: py3-none-any\n"))
    record = "\n".join([_record_line(p, d) for p, d in files] + [f"{info}/RECORD,,"]) + "\n"
    name = f"{dist}-{version}-py3-none-any.whl"
    with zipfile.ZipFile(os.path.join(wheel_directory, name), "w", zipfile.ZIP_DEFLATED) as wheel:
        for path, data in files:
            wheel.writestr(path, data)
        wheel.writestr(f"{info}/RECORD", record)
    return name


def build_sdist(sdist_directory, config_settings=None):
    dist, version = _dist_name()
    base = f"{dist}-{version}"
    name = f"{base}.tar.gz"
    with tarfile.open(os.path.join(sdist_directory, name), "w:gz") as sdist:
        for entry in ["pyproject.toml", "README.md", "_build", PACKAGE, "tests"]:
            path = os.path.join(HERE, entry)
            if os.path.exists(path):
                sdist.add(path, arcname=f"{base}/{entry}", filter=lambda t: None if "__pycache__" in t.name else t)
        pkg_info = _metadata().encode()
        member = tarfile.TarInfo(f"{base}/PKG-INFO")
        member.size = len(pkg_info)
        sdist.addfile(member, io.BytesIO(pkg_info))
    return name
