#!/usr/bin/env bash
# One entry point for a fresh Debian 12 machine:
#   scripts/studio.sh run    install what is missing, build, start the studio on the built-in demo dataset
#   scripts/studio.sh test   install what is missing, build, run the whole test suite
#   scripts/studio.sh build  install what is missing and build
# Environment: BUILD_DIR (default build), JOBS (default: number of cores).
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
# in its tests (pdfinfo/pdftotext/pdfimages on the PDF; a headless browser on the HTML). libonnx-dev gives the
# ONNX export ONNX's checker and strict shape inference (the libonnx LibTorch already links).
packages=(
  build-essential cmake ninja-build ccache pkg-config
  qt6-base-dev qt6-base-dev-tools qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools linguist-qt6
  libqcustomplot-dev libtorch-dev libopencv-dev libonnx-dev libyaml-cpp-dev nlohmann-json3-dev
  libturbojpeg0-dev libopenblas0-pthread libgl-dev fonts-noto-cjk
  help2man librsvg2-bin desktop-file-utils appstream man-db
  poppler-utils chromium
)

install_missing() {
  local missing=()
  for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  echo "Installing: ${missing[*]}"
  local sudo=()
  [ "$(id -u)" -ne 0 ] && sudo=(sudo)
  "${sudo[@]}" apt-get update
  DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y --no-install-recommends "${missing[@]}"
}

build() {
  cmake -S . -B "$BUILD_DIR" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo "$@"
  cmake --build "$BUILD_DIR" -j "$JOBS"
}

install_missing
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
    echo "usage: $0 run|test|build [cmake options]" >&2
    exit 2
    ;;
esac
