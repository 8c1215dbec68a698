#!/usr/bin/env bash
# One entry point for a fresh Debian 12 machine:
#   scripts/studio.sh run      install what is missing, build, start the studio on the built-in demo dataset
#   scripts/studio.sh test     install what is missing, build, run the whole test suite
#   scripts/studio.sh build    install what is missing and build
#   scripts/studio.sh package  install what is missing, build the .deb (build-package/yolostudio_*.deb)
# Every mode builds against the LibTorch users get: PyPI's CUDA torch wheel's LibTorch 2.x with its CUDA libraries
# from the nvidia-* wheels (scripts/libtorch-cuda.sh fetches them once, about 2.6 GB, into ~/.cache/yolostudio).
# No CUDA toolkit, GPU or driver is needed to build, or to train on the CPU; with an NVIDIA driver the studio
# trains on the GPU.
# Environment: BUILD_DIR (default build), JOBS (default: number of cores), YS_CACHE_DIR (the wheels' cache).
set -euo pipefail
cd "$(dirname "$0")/.."

mode=${1:-run}
shift || true
BUILD_DIR=${BUILD_DIR:-build}
JOBS=${JOBS:-$(nproc)}

# Debian packages only; LibTorch comes from PyPI (python3-pip downloads the wheels; nothing is pip-installed).
# help2man and librsvg2-bin write the package's man pages and icons; desktop-file-utils, appstream and man-db
# check them (the packaging_metadata test). libgloo-dev has the headers LibTorch's c10d Gloo process group
# includes (the wheel ships Gloo's library, not its headers). libonnx-dev gives the ONNX export ONNX's checker
# and strict shape inference; libprotobuf-dev the protobuf its headers and library are built with (libonnx-dev
# does not depend on it).
packages=(
  build-essential cmake ninja-build ccache pkg-config python3-pip
  qt6-base-dev qt6-base-dev-tools qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools linguist-qt6
  libqcustomplot-dev libopencv-dev libonnx-dev libyaml-cpp-dev nlohmann-json3-dev
  libturbojpeg0-dev libgl-dev fonts-noto-cjk libgloo-dev libprotobuf-dev
  help2man librsvg2-bin desktop-file-utils appstream man-db
)
# The tests also read the exported report back with outside tools (poppler-utils: pdfinfo/pdftotext/pdfimages;
# chromium: the HTML in a headless browser), and launch data-parallel runs with Debian's torchrun
# (python3 -m torch.distributed.run, from python3-torch; only its launcher is used, never its LibTorch).
test_packages=(poppler-utils chromium python3-torch)
# Debian's CPU-only LibTorch 1.13 is not an option any more: side by side on this machine the wheel's 2.11 was as
# fast on the CPU or faster (docs/BENCHMARKS.md, "One LibTorch"), and a second build CI never tests would rot.

install_packages() {
  scripts/install-missing.sh "${packages[@]}" "$@"
}

# The wheel's LibTorch folder for CMake (fetched once); a failed fetch stops the script here.
libtorch=
fetch_libtorch() {
  libtorch=$(scripts/libtorch-cuda.sh)
}

build() {
  local dir=$1
  shift
  fetch_libtorch
  cmake -S . -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo "-DYS_LIBTORCH=$libtorch" "$@"
  cmake --build "$dir" -j "$JOBS"
}

case "$mode" in
  build)
    install_packages
    build "$BUILD_DIR" "$@"
    ;;
  test)
    install_packages "${test_packages[@]}"
    build "$BUILD_DIR" "$@"
    # Tests run headless; each torch test sets its own thread count.
    QT_QPA_PLATFORM=offscreen ctest --test-dir "$BUILD_DIR" --output-on-failure -j "$JOBS"
    ;;
  run)
    install_packages
    build "$BUILD_DIR" "$@"
    exec "$BUILD_DIR/app/gui/yolostudio" --demo
    ;;
  package)
    # The package preset: no tests or benchmarks, Debian's hardening flags; CPack writes the .deb.
    install_packages
    fetch_libtorch
    cmake --preset package "-DYS_LIBTORCH=$libtorch" "$@"
    cmake --build build-package -j "$JOBS" --target package
    ls -l build-package/yolostudio_*.deb
    ;;
  *)
    echo "usage: $0 run|test|build|package [cmake options]" >&2
    exit 2
    ;;
esac
