#!/usr/bin/env bash
# One entry point for a fresh Debian 12 machine:
#   scripts/studio.sh run    install what is missing, build, start the studio on the built-in demo dataset
#   scripts/studio.sh test   install what is missing, build, run the whole test suite
#   scripts/studio.sh build  install what is missing and build
#   scripts/studio.sh cuda-check [--build-only]
#                            the CUDA build: fetch the pinned CUDA LibTorch 2.x from PyPI's torch wheel
#                            (scripts/libtorch-cuda.sh, cached in ~/.cache/yolostudio), configure the `cuda`
#                            preset with the machine's CUDA toolkit, build core, the CLI and the tests and run
#                            the suite on the CPU; --build-only compiles and links core and the CLI only.
# Environment: BUILD_DIR (default build), CUDA_BUILD_DIR (cuda-check's, default build-cuda), JOBS (default: number of cores).
set -euo pipefail
cd "$(dirname "$0")/.."

mode=${1:-run}
shift || true
BUILD_DIR=${BUILD_DIR:-build}
JOBS=${JOBS:-$(nproc)}

# Debian packages only. libopenblas0-pthread matters: Debian's LibTorch calls the system libblas.so.3,
# which is the slow reference BLAS unless OpenBLAS is installed (about 4x slower training without it).
# help2man and librsvg2-bin write the package's man pages and icons; desktop-file-utils, appstream and man-db
# check them (the packaging_metadata test). poppler-utils and chromium read the exported training report back
# in its tests (pdfinfo/pdftotext/pdfimages on the PDF; a headless browser on the HTML). libgloo-dev has the
# headers LibTorch's c10d Gloo process group includes (data-parallel training); python3-torch brings Debian's
# torchrun (python3 -m torch.distributed.run), which the data-parallel tests launch the CLI with. libonnx-dev
# gives the ONNX export ONNX's checker and strict shape inference (the libonnx LibTorch already links).
packages=(
  build-essential cmake ninja-build ccache pkg-config
  qt6-base-dev qt6-base-dev-tools qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools linguist-qt6
  libqcustomplot-dev libtorch-dev libopencv-dev libonnx-dev libyaml-cpp-dev nlohmann-json3-dev
  libturbojpeg0-dev libopenblas0-pthread libgl-dev fonts-noto-cjk
  help2man librsvg2-bin desktop-file-utils appstream man-db
  poppler-utils chromium
  libgloo-dev python3-torch
)

# cuda-check also needs pip (it downloads the wheels; nothing is installed with it) and the CUDA 13 toolkit,
# which is not a Debian package: the machines this project builds on carry it in /usr/local/cuda.
cuda_packages=(python3-pip)

cuda_check() {
  local build_only=0
  if [ "${1:-}" = "--build-only" ]; then
    build_only=1
    shift
  fi
  if ! command -v nvcc >/dev/null; then
    [ -x /usr/local/cuda/bin/nvcc ] || { echo "error: cuda-check needs the CUDA 13 toolkit (nvcc, cuBLAS, cuDNN, NCCL): none on PATH or in /usr/local/cuda" >&2; exit 2; }
    export PATH="/usr/local/cuda/bin:$PATH"
  fi
  local dir=${CUDA_BUILD_DIR:-build-cuda} libtorch   # never BUILD_DIR: the Debian build keeps its own cache
  libtorch=$(scripts/libtorch-cuda.sh)
  LIBTORCH_DIR="$libtorch" cmake --preset cuda -B "$dir" "$@"
  if [ "$build_only" = 1 ]; then
    cmake --build "$dir" -j "$JOBS" --target yolostudio-cli
    return
  fi
  cmake --build "$dir" -j "$JOBS"
  QT_QPA_PLATFORM=offscreen ctest --test-dir "$dir" --output-on-failure -j "$JOBS"
}

build() {
  cmake -S . -B "$BUILD_DIR" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo "$@"
  cmake --build "$BUILD_DIR" -j "$JOBS"
}

if [ "$mode" = cuda-check ]; then
  scripts/install-missing.sh "${packages[@]}" "${cuda_packages[@]}"
  cuda_check "$@"
  exit
fi
scripts/install-missing.sh "${packages[@]}"
case "$mode" in
  build)
    build "$@"
    ;;
  test)
    build "$@"
    # Tests run headless; each torch test sets its own thread count.
    QT_QPA_PLATFORM=offscreen ctest --test-dir "$BUILD_DIR" --output-on-failure -j "$JOBS"
    ;;
  run)
    build "$@"
    exec "$BUILD_DIR/app/gui/yolostudio" --demo
    ;;
  *)
    echo "usage: $0 run|test|build [cmake options] | cuda-check [--build-only] [cmake options]" >&2
    exit 2
    ;;
esac
