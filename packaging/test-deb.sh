#!/usr/bin/env bash
# Installs the .deb the way a user would, on a fresh Debian 12 (a debootstrap chroot made by
# ../shared/tools/fresh-machine.sh), uses the installed programs, removes and purges the package, and checks
# that nothing of it is left. Not part of CI: it needs root and the network to the Debian mirror (~700 MB of
# packages the first time, a few minutes).
#   cmake --build build --target package       # writes build/yolostudio_<version>_amd64.deb
#   sudo packaging/test-deb.sh [DEB]            # default: the newest .deb in build/ or build-package/
# Environment: YS_SHARED (default ../shared beside the checkout), FRESH_ROOT/FRESH_BASE (fresh-machine.sh).
# The log goes to stdout and to build/test-deb.log. Exit status 0 when every check passed.
set -euo pipefail
# shellcheck disable=SC2016,SC2317  # dpkg-query formats are literal; the checks are called through check()

if [ "${1:-}" = "--inside" ]; then
  # --- Runs inside the chroot, as root, with the .deb in /root. -------------------------------------------
  deb=$2
  failures=0
  # step command...: shows the command and its output; check "what" command...: a named pass/fail.
  # Neither stops the script: every check runs and the summary counts the failures.
  step() {
    if [ "$1" = bash ] && [ "$2" = -c ]; then printf '\n$ %s\n' "$3"; else printf '\n$ %s\n' "$*"; fi
    local rc=0
    "$@" || rc=$?
    if [ $rc -ne 0 ]; then printf 'FAIL (exit %d): %s\n' $rc "$*"; failures=$((failures + 1)); fi
  }
  check() {
    local what=$1; shift
    if "$@"; then printf 'PASS: %s\n' "$what"; else printf 'FAIL: %s\n' "$what"; failures=$((failures + 1)); fi
  }
  # Every file and directory outside the pseudo file systems, the user's home and /tmp.
  snapshot() {
    find / -xdev \( -path /proc -o -path /sys -o -path /dev -o -path /root -o -path /tmp -o -path /run \) -prune \
      -o -print | sort
  }
  # Nothing the package installed remains: no file, no directory that no other package owns (the hicolor
  # tree belongs to hicolor-icon-theme), no file anywhere named after it, no desktop cache that names it.
  leftover() {
    local left=0
    while read -r path; do
      if [ -e "$path" ] && { [ ! -d "$path" ] || ! dpkg-query -S "$path" >/dev/null 2>&1; }; then
        echo "left behind: $path"; left=1
      fi
    done < <(grep -v -x -F /. /tmp/package-files.txt)
    if snapshot | grep -i yolostudio; then left=1; fi
    for cache in /usr/share/applications/mimeinfo.cache /usr/share/icons/hicolor/icon-theme.cache; do
      if [ -f "$cache" ] && grep -q yolostudio "$cache"; then echo "still in $cache"; left=1; fi
    done
    return "$left"
  }
  export DEBIAN_FRONTEND=noninteractive LANG=C.UTF-8 OMP_WAIT_POLICY=PASSIVE

  step apt-get update -q
  # apt's per-package progress lines are left out of the log; the summary lines and any error stay.
  step bash -c "apt-get install -y -q '$deb' 2>&1 \
    | grep -v -E '^(Get:|Selecting|Preparing|Unpacking|Setting up|Processing|\(Reading)'; exit \${PIPESTATUS[0]}"
  check "the package is installed" dpkg-query -W -f='${Status} ${Version}\n' yolostudio
  step dpkg-query -W -f='Depends: ${Depends}\nRecommends: ${Recommends}\nInstalled-Size: ${Installed-Size} KiB\n' \
    yolostudio
  dpkg -L yolostudio | sort > /tmp/package-files.txt
  step cat /tmp/package-files.txt

  # The fast BLAS: LibTorch calls libblas.so.3, which the alternatives system points at OpenBLAS.
  step update-alternatives --display libblas.so.3-x86_64-linux-gnu
  blas=$(readlink -f /usr/lib/x86_64-linux-gnu/libblas.so.3)
  echo "libblas.so.3 -> $blas"
  check "libblas.so.3 is OpenBLAS" grep -q openblas <<<"$blas"

  # No display in the chroot: --version must still work without QT_QPA_PLATFORM, as over ssh.
  check "yolostudio --version without a display" bash -c 'yolostudio --version | grep -q "^yolostudio [0-9]"'
  export QT_QPA_PLATFORM=offscreen
  step yolostudio --version
  step yolostudio --help
  step yolostudio --language zh_CN --help
  step yolostudio-cli --version
  check "yolostudio-cli --version" bash -c 'yolostudio-cli --version | grep -q "^yolostudio-cli [0-9]"'
  check "man pages installed" test -s /usr/share/man/man1/yolostudio.1.gz -a -s /usr/share/man/man1/yolostudio-cli.1.gz
  step bash -c 'zcat /usr/share/man/man1/yolostudio-cli.1.gz | head -n 12'
  # The studio starts, opens the demo dataset and quits by itself.
  step bash -c 'time yolostudio --demo --quit-after 8000; echo "exit status $?"'
  check "yolostudio starts and quits by itself" yolostudio --demo --quit-after 3000
  check "the studio wrote the demo dataset" test -f /root/.local/share/YoloStudio/yolostudio/demo/data.yaml

  cd /tmp
  step yolostudio-cli demo out=/tmp/demo
  check "yolostudio-cli demo" test -f /tmp/demo/data.yaml
  step bash -c 'time yolostudio-cli train data=/tmp/demo/data.yaml epochs=1 imgsz=64 batch=8 2>&1 | tail -n 25'
  check "one-epoch training wrote last.pt" bash -c 'ls /tmp/runs/*/weights/last.pt'
  # The training report from the installed binaries, without a display (HTML and a PDF with pages).
  step bash -c 'run=$(ls -d /tmp/runs/*/ | head -n 1); yolostudio-cli report run="$run" out=/tmp/report.html samples=2 &&
                yolostudio-cli report run="$run" out=/tmp/report.pdf samples=2'
  check "report: self-contained HTML" bash -c 'grep -q "id=\"summary\"" /tmp/report.html && ! grep -q "<script" /tmp/report.html'
  check "report: a PDF starting with %PDF-" bash -c 'head -c 5 /tmp/report.pdf | grep -q "%PDF-"'
  # ONNX export from the installed binaries (libonnx and OpenCV's dnn module come with the package), then val
  # of the file through OpenCV DNN.
  step bash -c 'run=$(ls -d /tmp/runs/*/ | head -n 1); yolostudio-cli export weights="$run/weights/last.pt" &&
                yolostudio-cli val data=/tmp/demo/data.yaml weights="$run/weights/last.onnx" | tail -n 3'
  check "export wrote an ONNX file" bash -c 'ls /tmp/runs/*/weights/last.onnx'
  step bash -c 'ls -l /tmp/runs/*/ /tmp/runs/*/weights/'

  # apt remove, then a second install and apt purge, checking after each. (A package without conffiles is
  # gone entirely after remove, so purging it needs it installed again.)
  step apt-get remove -y -q yolostudio
  check "apt remove leaves no file behind" leftover
  step bash -c "apt-get install -y -q '$deb' >/dev/null 2>&1"
  check "installed again" test -x /usr/bin/yolostudio
  step apt-get purge -y -q yolostudio
  check "apt purge leaves no file behind" leftover
  check "dpkg no longer knows the package" bash -c '! dpkg-query -W yolostudio 2>/dev/null'
  echo
  if [ $failures -eq 0 ]; then echo "test-deb: every check passed"; else echo "test-deb: $failures check(s) failed"; fi
  exit $((failures > 0))
fi

# --- Runs on the developer's machine. ---------------------------------------------------------------------
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
shared=${YS_SHARED:-$root/../shared}
[ "$(id -u)" -eq 0 ] || { echo "run as root (debootstrap and chroot): sudo $0 $*" >&2; exit 2; }
[ -x "$shared/tools/fresh-machine.sh" ] || { echo "no $shared/tools/fresh-machine.sh (set YS_SHARED)" >&2; exit 2; }
command -v debootstrap >/dev/null || { echo "apt-get install -y debootstrap" >&2; exit 2; }
deb=${1:-}
if [ -z "$deb" ]; then
  # The newest of build/ (cmake --build build --target package) and build-package/ (the package preset).
  for candidate in build/yolostudio_*_amd64.deb build-package/yolostudio_*_amd64.deb; do
    if [ -f "$candidate" ] && { [ -z "$deb" ] || [ "$candidate" -nt "$deb" ]; }; then deb=$candidate; fi
  done
  [ -n "$deb" ] || { echo "no .deb in build/ or build-package/: cmake --build build --target package" >&2; exit 2; }
fi
case "$deb" in /*) deb=$(realpath --relative-to="$root" "$deb") ;; esac
[ -f "$deb" ] || { echo "no such file: $deb" >&2; exit 2; }
mkdir -p build
echo "Testing $deb on a fresh Debian 12 chroot"
# fresh-machine.sh copies FRESH_COPY (paths relative to the checkout) into the chroot's /root.
FRESH_COPY="$deb packaging/test-deb.sh" "$shared/tools/fresh-machine.sh" \
  "bash /root/test-deb.sh --inside /root/$(basename "$deb")" 2>&1 | tee build/test-deb.log
exit "${PIPESTATUS[0]}"
