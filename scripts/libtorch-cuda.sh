#!/usr/bin/env bash
# Fetches the pinned CUDA build of LibTorch 2.x from PyPI's `torch` wheel (only unpacked, never imported) and
# every CUDA library its libtorch_cuda.so needs, from the `nvidia-*` wheels `pip install torch` would install,
# into a cache outside the repository. No CUDA toolkit is needed, and no GPU or driver. Prints the LibTorch
# folder (YS_LIBTORCH for CMake; cmake/TorchWheel.cmake imports it).
#
#   scripts/libtorch-cuda.sh            fetch (once; every wheel verified by sha256) and print the folder
#   scripts/libtorch-cuda.sh --check    print the folder if it is already there, else fail
#
# The folder is laid out as pip lays out site-packages (site/torch, site/nvidia/{cu13,cudnn,nccl,...}), so the
# RPATHs the wheel's libraries carry ($ORIGIN/../../nvidia/<lib>/lib) find the CUDA libraries without
# LD_LIBRARY_PATH or /usr/local/cuda. Headers come along where our code includes them (the CUDA runtime's,
# cuBLAS', cuSPARSE's, cuSOLVER's and NCCL's, which c10/cuda and ATen/cuda include). Environment: YS_CACHE_DIR
# (default ${XDG_CACHE_HOME:-~/.cache}/yolostudio).
set -euo pipefail

# torch 2.11.0 is a CUDA 13.0 build on PyPI (torch/version.py: 2.11.0+cu130), the version of the GPU machine's
# PyTorch. Its libtorch is the same for every Python version; the cp312 wheel is the GPU machine's.
TORCH_VERSION=2.11.0
TORCH_CUDA=cu130
# torch 2.11.0's metadata requires cuda-toolkit[cublas,cudart,cufft,cufile,cupti,curand,cusolver,cusparse,
# nvjitlink,nvrtc,nvtx]==13.0.2, nvidia-cudnn-cu13, -cusparselt-cu13, -nccl-cu13 and -nvshmem-cu13; these are the
# versions cuda-toolkit 13.0.2 pins. nvidia-cuda-crt brings crt/host_defines.h, which cuda_runtime_api.h includes.
pins=(
  "torch==2.11.0 --hash=sha256:0f68f4ac6d95d12e896c3b7a912b5871619542ec54d3649cf48cc1edd4dd2756"
  "nvidia-cublas==13.1.0.3 --hash=sha256:ee8722c1f0145ab246bccb9e452153b5e0515fd094c3678df50b2a0888b8b171"
  "nvidia-cuda-crt==13.0.88 --hash=sha256:2c8043c7c9e02492716426e9919fc78d2c5b3b2a7a768a88e952676b08aa55a4"
  "nvidia-cuda-cupti==13.0.85 --hash=sha256:4eb01c08e859bf924d222250d2e8f8b8ff6d3db4721288cf35d14252a4d933c8"
  "nvidia-cuda-nvrtc==13.0.88 --hash=sha256:ad9b6d2ead2435f11cbb6868809d2adeeee302e9bb94bcf0539c7a40d80e8575"
  "nvidia-cuda-runtime==13.0.96 --hash=sha256:7f82250d7782aa23b6cfe765ecc7db554bd3c2870c43f3d1821f1d18aebf0548"
  "nvidia-cudnn-cu13==9.19.0.56 --hash=sha256:d20e1734305e9d68889a96e3f35094d733ff1f83932ebe462753973e53a572bf"
  "nvidia-cufft==12.0.0.61 --hash=sha256:6c44f692dce8fd5ffd3e3df134b6cdb9c2f72d99cf40b62c32dde45eea9ddad3"
  "nvidia-cufile==1.15.1.6 --hash=sha256:08a3ecefae5a01c7f5117351c64f17c7c62efa5fffdbe24fc7d298da19cd0b44"
  "nvidia-curand==10.4.0.35 --hash=sha256:1aee33a5da6e1db083fe2b90082def8915f30f3248d5896bcec36a579d941bfc"
  "nvidia-cusolver==12.0.4.66 --hash=sha256:0a759da5dea5c0ea10fd307de75cdeb59e7ea4fcb8add0924859b944babf1112"
  "nvidia-cusparse==12.6.3.3 --hash=sha256:2b3c89c88d01ee0e477cb7f82ef60a11a4bcd57b6b87c33f789350b59759360b"
  "nvidia-cusparselt-cu13==0.8.0 --hash=sha256:25e30a8a7323935d4ad0340b95a0b69926eee755767e8e0b1cf8dd85b197d3fd"
  "nvidia-nccl-cu13==2.28.9 --hash=sha256:e4553a30f34195f3fa1da02a6da3d6337d28f2003943aa0a3d247bbc25fefc42"
  "nvidia-nvjitlink==13.0.88 --hash=sha256:13a74f429e23b921c1109976abefacc69835f2f433ebd323d3946e11d804e47b"
  "nvidia-nvshmem-cu13==3.4.5 --hash=sha256:290f0a2ee94c9f3687a02502f3b9299a9f9fe826e6d0287ee18482e78d495b80"
  "nvidia-nvtx==13.0.85 --hash=sha256:4936d1d6780fbe68db454f5e72a42ff64d1fd6397df9f363ae786930fd5c1cd4"
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
# The NVIDIA wheels are tagged for several manylinux levels (2_5 to 2_28); pip download without an interpreter
# to match needs each tag named.
platforms=(--platform manylinux2014_x86_64 --platform manylinux2010_x86_64 --platform manylinux1_x86_64)
for v in 5 12 17 18 24 25 26 27 28; do platforms+=(--platform "manylinux_2_${v}_x86_64"); done
echo "Fetching torch $TORCH_VERSION ($TORCH_CUDA) and its CUDA libraries into $wheels (about 2.6 GB, once) ..." >&2
# pip checks every hash (--require-hashes) and keeps a wheel already in $wheels; nothing is installed, and
# nothing goes into pip's own cache (a second copy of the wheels on a CI disk).
python3 -m pip download --quiet --no-cache-dir --disable-pip-version-check --no-deps --require-hashes --only-binary=:all: \
  --python-version 3.12 --implementation cp --abi cp312 "${platforms[@]}" \
  -d "$wheels" -r "$req" >&2

# Unpack only what a C++ build and its programs use: torch's lib/, include/, share/cmake/ and version.py (not
# libtorch_python.so, which needs a Python), and each nvidia wheel's lib/ and include/. A half-written folder
# from an interrupted run is removed first.
rm -rf "$site"
mkdir -p "$site"
python3 - "$wheels" "$site" "$want" <<'EOF' >&2
import glob, os, re, sys, zipfile
wheels, site, want = sys.argv[1:]
def wheel(name, version):
    stem = re.sub(r"[-.]", "_", name)
    paths = glob.glob(os.path.join(wheels, f"{stem}-{version}-*.whl"))
    if len(paths) != 1:
        sys.exit(f"error: expected one wheel {stem}-{version}-*.whl in {wheels}, found {len(paths)}")
    return paths[0]
def unpack(path, keep):
    with zipfile.ZipFile(path) as z:
        for info in z.infolist():
            if keep(info.filename) and not info.is_dir():
                z.extract(info, site)
                if info.filename.endswith(".so") or ".so." in info.filename:
                    os.chmod(os.path.join(site, info.filename), 0o755)
for line in want.splitlines():
    name, version = line.split()[0].split("==")
    if name == "torch":
        unpack(wheel(name, version), lambda n: (n.startswith(("torch/lib/", "torch/include/", "torch/share/cmake/"))
               and not n.endswith("libtorch_python.so")) or n == "torch/version.py")
    else:
        unpack(wheel(name, version), lambda n: n.startswith("nvidia/") and ("/lib/" in n or "/include/" in n))
EOF
echo "$want" >"$stamp"
echo "$site/torch"
