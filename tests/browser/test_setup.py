"""Without a browser the browser tests fail with the command to run; they never skip."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.browser import conftest

SCRIPT = Path(conftest.__file__).parents[1] / "ensure-system"


def test_a_missing_chromium_fails_the_browser_tests(monkeypatch):
    monkeypatch.setattr(conftest, "CHROMIUM", "/nonexistent/chromium")
    with pytest.raises(BaseException) as info:  # a skip is a BaseException too: caught, then refused
        conftest._need_browser()
    assert info.type is pytest.fail.Exception
    assert str(info.value).endswith("run: sudo apt-get install chromium")


def test_a_missing_playwright_fails_the_browser_tests(monkeypatch):
    monkeypatch.setitem(sys.modules, "playwright.sync_api", None)  # import raises ImportError
    with pytest.raises(BaseException) as info:
        conftest._need_browser()
    assert info.type is pytest.fail.Exception and "make install" in str(info.value)


def test_ensure_chromium_without_a_way_to_install_names_the_command(tmp_path):
    bin_dir = tmp_path / "bin"  # a PATH with `id` but no apt-get
    bin_dir.mkdir()
    (bin_dir / "id").symlink_to("/usr/bin/id")
    result = subprocess.run(["/bin/bash", str(SCRIPT)], capture_output=True, text=True,
                            env={"PATH": str(bin_dir), "CHROMIUM": "/nonexistent/chromium",
                                 "NGINX": "/usr/bin/id"})
    assert result.returncode == 1
    assert result.stderr.strip().endswith("run: sudo apt-get install chromium")
    result = subprocess.run(["/bin/bash", str(SCRIPT)], capture_output=True, text=True,
                            env={"PATH": str(bin_dir), "CHROMIUM": "/nonexistent/chromium",
                                 "NGINX": "/nonexistent/nginx"})
    assert result.stderr.strip().endswith("run: sudo apt-get install chromium nginx-light")


def test_ensure_chromium_with_chromium_present_does_nothing(tmp_path):
    fake = tmp_path / "chromium"
    fake.write_text("#!/bin/sh\n")
    fake.chmod(0o755)
    result = subprocess.run(["/bin/bash", str(SCRIPT)], capture_output=True, text=True,
                            env={**os.environ, "CHROMIUM": str(fake), "NGINX": str(fake)})
    assert (result.returncode, result.stderr) == (0, "")
