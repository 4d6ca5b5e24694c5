"""Builds the allegra extension with the project's CMake (python/CMakeLists.txt) for pip.

`python3 -m pip install --no-build-isolation .` configures a release build in build/python (or
reuses the build tree named by ALLEGRA_BUILD_DIR, e.g. build/release, when it exists), builds the
allegra_python target only, and installs the module with its type stub (docs/python.md).
"""
import os
import pathlib
import shutil
import subprocess
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = pathlib.Path(__file__).resolve().parent


class CMakeBuild(build_ext):
    def build_extension(self, ext):
        build = pathlib.Path(os.environ.get("ALLEGRA_BUILD_DIR") or ROOT / "build" / "python")
        if not (build / "CMakeCache.txt").exists():
            subprocess.run(
                ["cmake", "-S", str(ROOT), "-B", str(build), "-G", "Ninja",
                 "-DCMAKE_BUILD_TYPE=Release", "-DALLEGRA_PYTHON=ON",
                 "-DALLEGRA_BUILD_TESTS=OFF", "-DALLEGRA_BUILD_BENCH=OFF",
                 "-DALLEGRA_BUILD_CLI=OFF", f"-DPython_EXECUTABLE={sys.executable}"],
                check=True)
        jobs = os.environ.get("CMAKE_BUILD_PARALLEL_LEVEL", "2")
        subprocess.run(["cmake", "--build", str(build), "--target", "allegra_python", "-j", jobs],
                       check=True)
        built = sorted((build / "python").glob("allegra*.so"))
        if not built:
            raise RuntimeError(f"no allegra*.so in {build / 'python'} after the build")
        target = pathlib.Path(self.get_ext_fullpath(ext.name))
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(built[-1], target)
        shutil.copyfile(ROOT / "python" / "allegra.pyi", target.parent / "allegra.pyi")


setup(ext_modules=[Extension("allegra", sources=[])], cmdclass={"build_ext": CMakeBuild})
