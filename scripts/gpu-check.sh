#!/usr/bin/env bash
# The GPU check in one call: the CUDA code paths (fp16 autocast + loss scaler, the caching-allocator figures,
# Fit to my GPU, out-of-memory recovery, listDevices, environment.json, NCCL) run on a real GPU.
#
#   scripts/gpu-check.sh prepare   here: writes .gpu-bundle/ (ignored by git), what the GPU machine lacks to
#                                  build core + the CLI: OpenCV (core, imgproc, imgcodecs, dnn; built once from
#                                  Debian's source without GDAL & co., cached), yaml-cpp and nlohmann-json
#                                  from Debian's packages, libjpeg/libpng as a fallback. Prints the call.
#   scripts/gpu-check.sh run       there: finds the machine's LibTorch (its Python's torch), builds core + CLI
#                                  against it and the bundle, runs the steps of scripts/gpu_check.py on
#                                  device 0, writes $OUT/gpu-check.json and $OUT/gpu-check.log (+ run files).
#   scripts/gpu-check.sh dry-run [--cli build-cuda/app/yolostudio-cli]
#                                  here: `run` on this CPU (device=cpu, amp off, small sizes) against the
#                                  pinned torch wheel's LibTorch (scripts/libtorch-cuda.sh) and the bundle;
#                                  with --cli, the steps only, with that CLI (no build).
#
# The GPU machine (docs/BENCHMARKS.md has the figures): NVIDIA H200, PyTorch 2.11 + CUDA 13 in python3,
# CMake, ninja, nvcc, a C++ compiler; no Qt, OpenCV, yaml-cpp, libturbojpeg, nlohmann-json; no network; 64 MiB
# in (the repository's tracked files + .gpu-bundle), 8 files out. The device tool's call:
#   run(command="scripts/gpu-check.sh run", carry=[".gpu-bundle"], timeout_s=600)
# Environment: YS_CACHE_DIR (default ~/.cache/yolostudio), JOBS, OUT (run: default /tmp/gpu-check-out),
# YS_GPU_CHECK_SECONDS (the steps' total, default 540).
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)
mode=${1:-}
bundle="$repo/.gpu-bundle"
cache=${YS_CACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/yolostudio}
JOBS=${JOBS:-$(nproc)}

# OpenCV as Debian 12 ships it (4.6.0+dfsg-12), but only the four modules the engine uses (dnn: val and predict of .onnx files, the export's check) and no optional
# codec library: Debian's libopencv-imgcodecs406 NEEDs GDAL, GDCM, OpenEXR & co. (136 libraries, 217 MB).
OPENCV_DSC=opencv_4.6.0+dfsg-12.dsc
opencv_prefix="$cache/opencv-4.6.0-core-imgproc-imgcodecs-dnn"
# Debian packages carried as they are (apt-get download; the versions Debian 12 has).
# libonnx/libprotobuf: the export's ONNX checker (core/export) and OpenCV's dnn, which Debian builds on the system
# protobuf as this script does.
carried_debs=(libyaml-cpp0.7 libyaml-cpp-dev nlohmann-json3-dev libonnx-dev libonnx1 libonnxifi libprotobuf-dev
              libprotobuf32 libprotobuf-lite32)
fallback_debs=(libjpeg62-turbo libpng16-16)
# What `prepare` needs here to build that OpenCV.
build_packages=(build-essential cmake ninja-build dpkg-dev libjpeg62-turbo-dev libpng-dev zlib1g-dev protobuf-compiler
                libprotobuf-dev)

build_opencv() {
  [ -f "$opencv_prefix/.complete" ] && return 0
  local src="$cache/opencv-src" lists="$cache/apt-src-lists"
  rm -rf "$opencv_prefix"
  if [ ! -f "$src/opencv/.unpacked" ]; then
    rm -rf "$src"
    mkdir -p "$src" "$lists/partial"
    # Debian's source package through apt with a private deb-src list: the machine's apt setup is untouched.
    local mirror
    mirror=$(grep -hoE '^(URIs:|deb) +[^ ]+' /etc/apt/sources.list /etc/apt/sources.list.d/*.sources \
               /etc/apt/sources.list.d/*.list 2>/dev/null | awk '{print $2}' | grep -v security | head -1 || true)
    echo "deb-src ${mirror:-http://deb.debian.org/debian} bookworm main" >"$src/sources.list"
    local o=(-o "Dir::Etc::SourceList=$src/sources.list" -o Dir::Etc::SourceParts=/dev/null -o "Dir::State::Lists=$lists")
    # apt checks the files against the signed Release file's hashes (dpkg-source cannot: no Debian keyring).
    apt-get "${o[@]}" -qq update 2>/dev/null
    (cd "$src" && apt-get "${o[@]}" source --download-only "opencv=4.6.0+dfsg-12" >/dev/null 2>&1 &&
       dpkg-source -x "$OPENCV_DSC" opencv >/dev/null 2>&1)
    touch "$src/opencv/.unpacked"
  fi
  # An interrupted build resumes where it stopped (ninja).
  local off=()
  for w in TIFF WEBP OPENJPEG JASPER OPENEXR GDAL GDCM TBB OPENMP IPP ITT OPENCL LAPACK EIGEN VA VA_INTEL GTK QT \
           FFMPEG GSTREAMER V4L 1394 QUIRC ADE OPENGL CUDA VTK IMGCODEC_HDR IMGCODEC_SUNRASTER \
           IMGCODEC_PXM IMGCODEC_PFM; do
    off+=("-DWITH_$w=OFF")
  done
  cmake -S "$src/opencv" -B "$src/build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_INSTALL_PREFIX="$opencv_prefix" \
    -DBUILD_LIST=core,imgproc,imgcodecs,dnn -DWITH_PROTOBUF=ON -DBUILD_PROTOBUF=OFF -DPROTOBUF_UPDATE_FILES=ON -DOPENCV_DNN_OPENCL=OFF -DBUILD_SHARED_LIBS=ON -DCPU_DISPATCH= -DBUILD_TESTS=OFF \
    -DBUILD_PERF_TESTS=OFF -DBUILD_EXAMPLES=OFF -DBUILD_DOCS=OFF -DBUILD_opencv_apps=OFF -DBUILD_JAVA=OFF \
    -DBUILD_opencv_python3=OFF -DOPENCV_GENERATE_PKGCONFIG=OFF -DBUILD_JPEG=OFF -DBUILD_PNG=OFF -DBUILD_ZLIB=OFF \
    -DCV_TRACE=OFF "${off[@]}" >"$src/configure.log" 2>&1
  nice -n 10 cmake --build "$src/build" -j "$JOBS" --target install >"$src/build.log"
  touch "$opencv_prefix/.complete"
}

prepare() {
  scripts/install-missing.sh "${build_packages[@]}"
  build_opencv
  rm -rf "$bundle"
  mkdir -p "$bundle/deps" "$bundle/fallback-debs" "$bundle/deps/fallback"
  cp -a "$opencv_prefix/include" "$opencv_prefix/lib" "$bundle/deps/"
  local tmp
  tmp=$(mktemp -d)
  (cd "$tmp" && apt-get download "${carried_debs[@]}" "${fallback_debs[@]}" >/dev/null)
  for p in "${carried_debs[@]}"; do
    dpkg -x "$tmp/${p}_"*.deb "$tmp/root"
  done
  for p in "${fallback_debs[@]}"; do
    dpkg -x "$tmp/${p}_"*.deb "$tmp/fallback"
  done
  # deps/ is a prefix as /usr is (Debian's CMake configs find their files relative to themselves): include/,
  # lib/ (OpenCV), lib/x86_64-linux-gnu/ (yaml-cpp), share/cmake/ (nlohmann-json); fallback/ holds libraries
  # loaded only where the machine lacks them.
  cp -a "$tmp/root/usr/." "$bundle/deps/"
  cp -a "$tmp/fallback/usr/lib/x86_64-linux-gnu/." "$bundle/deps/fallback/"
  rm -rf "$tmp" "$bundle/fallback-debs" "$bundle/deps/share/doc" "$bundle/deps/share/lintian" \
    "$bundle/deps/lib/x86_64-linux-gnu/pkgconfig" "$bundle/deps/share/pkgconfig"
  # libyaml-cpp-dev's static library (the build links the .so); ONNX's CMake targets name libonnxifi_loader.a.
  find "$bundle/deps" -name 'libyaml-cpp.a' -delete
  find "$bundle/deps" -name '*.so*' -type f -exec strip --strip-unneeded {} +
  {
    echo "# .gpu-bundle: written by scripts/gpu-check.sh prepare on $(date -u +%Y-%m-%d)"
    echo "# OpenCV 4.6.0 (Debian's source, core/imgproc/imgcodecs/dnn, JPEG+PNG), $(for p in "${carried_debs[@]}" "${fallback_debs[@]}"; do dpkg-query -W -f='${Package} ${Version}, ' "$p" 2>/dev/null || echo -n "$p, "; done)"
    du -sb "$bundle/deps" | awk '{printf "# total: %.1f MiB\n", $1/1048576}'
    (cd "$bundle" && find deps -type f -o -type l | sort | while read -r f; do
       [ -L "$f" ] && echo "$f -> $(readlink "$f")" || echo "$f $(stat -c %s "$f")"; done)
  } >"$bundle/MANIFEST.txt"
  local size
  size=$(du -sb "$bundle" | cut -f1)
  echo "wrote $bundle: $(awk -v s="$size" 'BEGIN{printf "%.1f MiB", s/1048576}') ($(find "$bundle" -type f | wc -l) files; MANIFEST.txt lists them)"
  echo "the tracked files: $(git ls-files -z | xargs -0 du -cb 2>/dev/null | tail -1 | awk '{printf "%.1f MiB", $1/1048576}') (64 MiB travel in all)"
  echo 'on the GPU machine, in one call: run(command="scripts/gpu-check.sh run", carry=[".gpu-bundle"], timeout_s=600)'
}

check_bundle() {
  [ -f "$bundle/MANIFEST.txt" ] || { echo "error: $bundle is missing: run scripts/gpu-check.sh prepare first (here)" >&2; exit 2; }
}

case "$mode" in
  prepare)
    prepare
    ;;
  run)
    check_bundle
    out=${OUT:-/tmp/gpu-check-out}
    mkdir -p "$out"
    # The torch package folder (lib/, include/, share/cmake/Torch/), as scripts/libtorch-cuda.sh prints it.
    torch_dir=$(python3 -c 'import os, torch; print(os.path.dirname(os.path.dirname(torch.utils.cmake_prefix_path)))')
    # That torch's nvidia/cu13 headers may lack crt/ (cuda_runtime.h includes crt/host_config.h; the pinned wheels
    # of scripts/libtorch-cuda.sh have it): where a CUDA toolkit is there, as on the GPU machine, it fills the gap.
    cu_include="$(dirname "$torch_dir")/nvidia/cu13/include"
    if [ -d "$cu_include" ] && [ ! -f "$cu_include/crt/host_config.h" ] && command -v nvcc >/dev/null; then
      export CPATH="$(dirname "$(dirname "$(readlink -f "$(command -v nvcc)")")")/include${CPATH:+:$CPATH}"
    fi
    fallback=()
    libs=$(ldconfig -p 2>/dev/null || true)
    if ! grep -q 'libpng16.so.16 ' <<<"$libs" || ! grep -q 'libjpeg.so.62 ' <<<"$libs"; then
      fallback=(--fallback-libs)
    fi
    exec python3 scripts/gpu_check.py --torch-dir "$torch_dir" --bundle "$bundle" --out "$out" \
      --work /tmp/gpu-check-work --device 0 --seconds "${YS_GPU_CHECK_SECONDS:-540}" "${fallback[@]}"
    ;;
  dry-run)
    shift
    check_bundle
    out=${OUT:-/tmp/gpu-check-dry-out}
    libtorch=$(scripts/libtorch-cuda.sh)
    # Small sizes for 2 CPU cores; the budget is the CPU tracker's; no optimisation (it checks what the build
    # finds and links, and the run's logic, not speed).
    exec python3 scripts/gpu_check.py --torch-dir "$libtorch" --bundle "$bundle" --out "$out" \
      --work /tmp/gpu-check-dry-work --device cpu --dry-run --seconds "${YS_GPU_CHECK_SECONDS:-5400}" \
      --build-seconds 4800 --jobs "$JOBS" --build-type None --budget 512MiB --imgsz 256 --small-imgsz 128 --train-images 128 \
      --val-images 8 --workers 1 "$@"
    ;;
  *)
    echo "usage: $0 prepare|run|dry-run" >&2
    exit 2
    ;;
esac
