#!/usr/bin/env bash
# Fetches the pinned CUDA build of LibTorch 2.x from PyPI's `torch` wheel (only unpacked, never imported) and
# the three CUDA libraries its libtorch_cuda.so NEEDs that the CUDA toolkit does not carry, into a cache
# outside the repository. Prints the LibTorch folder (the CMAKE_PREFIX_PATH for find_package(Torch)).
#
#   scripts/libtorch-cuda.sh            fetch (once; verified by sha256) and print the folder
#   scripts/libtorch-cuda.sh --check    print the folder if it is already there, else fail
#
# The folder is laid out as pip would install the wheels (site-packages/torch, site-packages/nvidia/*), so
# the RPATHs the wheel's libraries carry ($ORIGIN/../../nvidia/<lib>/lib) find cuFile, cuSPARSELt and
# NVSHMEM without LD_LIBRARY_PATH; cuBLAS, cuDNN, NCCL, cuFFT, cuRAND, cuSOLVER, cuSPARSE, CUPTI, NVRTC and the
# CUDA runtime come from the machine's CUDA 13 toolkit (ld.so.conf). Environment: YS_CACHE_DIR (default
# ${XDG_CACHE_HOME:-~/.cache}/yolostudio).
set -euo pipefail

# torch 2.11.0 is a CUDA 13.0 build on PyPI (torch/version.py: 2.11.0+cu130), the version of the GPU machine's
# PyTorch and of this machine's toolkit (nvcc 13.0; its cuDNN 9.19.0.56 and NCCL 2.28.9 are the ones the wheel
# pins). Its libtorch is the same for every Python version; the cp312 wheel is the GPU machine's.
TORCH_VERSION=2.11.0
TORCH_CUDA=cu130
pins=(
  "torch==2.11.0 --hash=sha256:0f68f4ac6d95d12e896c3b7a912b5871619542ec54d3649cf48cc1edd4dd2756"
  # libtorch_cuda.so NEEDs libcufile.so.0, libcusparseLt.so.0 and (through libtorch_nvshmem.so)
  # libnvshmem_host.so.3; the versions are those torch 2.11.0's metadata requires.
  "nvidia-cufile==1.15.1.6 --hash=sha256:08a3ecefae5a01c7f5117351c64f17c7c62efa5fffdbe24fc7d298da19cd0b44"
  "nvidia-cusparselt-cu13==0.8.0 --hash=sha256:25e30a8a7323935d4ad0340b95a0b69926eee755767e8e0b1cf8dd85b197d3fd"
  "nvidia-nvshmem-cu13==3.4.5 --hash=sha256:290f0a2ee94c9f3687a02502f3b9299a9f9fe826e6d0287ee18482e78d495b80"
)

cache=${YS_CACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/yolostudio}
site="$cache/libtorch-$TORCH_VERSION-$TORCH_CUDA"
stamp="$site/.complete"
want=$(printf '%s\n' "${pins[@]}")

if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ]; then
  echo "$site/torch"
  exit 0
fi
if [ "${1:-}" = "--check" ]; then
  echo "LibTorch $TORCH_VERSION+$TORCH_CUDA is not fetched yet: run scripts/libtorch-cuda.sh" >&2
  exit 1
fi

command -v python3 >/dev/null || { echo "error: python3 with pip is needed to fetch the torch wheel (apt install python3-pip)" >&2; exit 1; }
python3 -m pip --version >/dev/null 2>&1 || { echo "error: pip is needed to fetch the torch wheel (apt install python3-pip)" >&2; exit 1; }

wheels="$cache/wheels"
mkdir -p "$wheels"
req=$(mktemp)
trap 'rm -f "$req"' EXIT
printf '%s\n' "${pins[@]}" >"$req"
echo "Fetching torch $TORCH_VERSION ($TORCH_CUDA) and its CUDA libraries into $wheels ..." >&2
# pip checks every hash (--require-hashes) and keeps a wheel already in $wheels; nothing is installed, and
# nothing goes into pip's own cache (a second 727 MiB copy of the wheels on a CI disk).
python3 -m pip download --quiet --no-cache-dir --disable-pip-version-check --no-deps --require-hashes --only-binary=:all: \
  --python-version 3.12 --implementation cp --abi cp312 \
  --platform manylinux_2_28_x86_64 --platform manylinux_2_17_x86_64 --platform manylinux2014_x86_64 \
  -d "$wheels" -r "$req" >&2

# Unpack only what a C++ build and its programs use: torch's lib/, include/, share/cmake/ and version.py,
# and each nvidia wheel's lib/. A half-written folder from an interrupted run is removed first.
rm -rf "$site"
mkdir -p "$site"
python3 - "$wheels" "$site" "$TORCH_VERSION" <<'EOF' >&2
import glob, os, sys, zipfile
wheels, site, version = sys.argv[1:]
def unpack(pattern, keep):
    paths = glob.glob(os.path.join(wheels, pattern))
    if len(paths) != 1:
        sys.exit(f"error: expected one wheel {pattern} in {wheels}, found {len(paths)}")
    with zipfile.ZipFile(paths[0]) as z:
        for info in z.infolist():
            if keep(info.filename) and not info.is_dir():
                z.extract(info, site)
                if info.filename.endswith(".so") or ".so." in info.filename:
                    os.chmod(os.path.join(site, info.filename), 0o755)
unpack(f"torch-{version}-*.whl", lambda n: n.startswith(("torch/lib/", "torch/include/", "torch/share/cmake/"))
       or n == "torch/version.py")
for pattern in ("nvidia_cufile-*.whl", "nvidia_cusparselt_cu13-*.whl", "nvidia_nvshmem_cu13-*.whl"):
    unpack(pattern, lambda n: n.startswith("nvidia/") and "/lib/" in n)
EOF
echo "$want" >"$stamp"
echo "$site/torch"
