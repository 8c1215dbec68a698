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
# and strict shape inference.
packages=(
  build-essential cmake ninja-build ccache pkg-config python3-pip
  qt6-base-dev qt6-base-dev-tools qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools linguist-qt6
  libqcustomplot-dev libopencv-dev libonnx-dev libyaml-cpp-dev nlohmann-json3-dev
  libturbojpeg0-dev libgl-dev fonts-noto-cjk libgloo-dev
  help2man librsvg2-bin desktop-file-utils appstream man-db
)
# The tests also read the exported report back with outside tools (poppler-utils: pdfinfo/pdftotext/pdfimages;
# chromium: the HTML in a headless browser), and launch data-parallel runs with Debian's torchrun
# (python3 -m torch.distributed.run, from python3-torch; only its launcher is used, never its LibTorch).
test_packages=(poppler-utils chromium python3-torch)
# --cpu-only: Debian's CPU-only LibTorch 1.13 instead of the wheel's (no 2.6 GB download; no GPU, ever). It
# calls the system libblas.so.3, the slow reference BLAS unless OpenBLAS is installed (about 4x slower).
cpu_only_packages=(libtorch-dev libopenblas0-pthread)

cpu_only=0
if [ "${1:-}" = "--cpu-only" ]; then
  cpu_only=1
  shift
  BUILD_DIR=${BUILD_DIR_CPU_ONLY:-build-cpu}
fi

install_packages() {
  if [ "$cpu_only" = 1 ]; then
    scripts/install-missing.sh "${packages[@]}" "${cpu_only_packages[@]}" "$@"
  else
    scripts/install-missing.sh "${packages[@]}" "$@"
  fi
}

# The LibTorch option for CMake: the wheel's folder (fetched once), or nothing for Debian's.
libtorch_option() {
  [ "$cpu_only" = 1 ] && return 0
  echo "-DYS_LIBTORCH=$(scripts/libtorch-cuda.sh)"
}

build() {
  local dir=$1
  shift
  cmake -S . -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo $(libtorch_option) "$@"
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
    cmake --preset package $(libtorch_option) "$@"
    cmake --build build-package -j "$JOBS" --target package
    ls -l build-package/yolostudio_*.deb
    ;;
  *)
    echo "usage: $0 run|test|build|package [--cpu-only] [cmake options]" >&2
    exit 2
    ;;
esac
