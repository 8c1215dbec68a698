#!/usr/bin/env bash
# Dataset check benchmark (issue 2): scan + full check of a generated 10,000-image dataset (640x480 JPEG,
# 1-8 boxes each) by `yolostudio-cli check` as a separate process, so process start-up is included.
#
# usage: bench/data/run_check_bench.sh [BUILD_DIR=build] [DATA_DIR=/tmp/ys-check-bench-10k] [RUNS=3]
#   BUILD_DIR  CMake build folder with yolostudio-cli and make_check_bench built
#   DATA_DIR   where the dataset is generated once (about 800 MB; reused when DATA_DIR/data.yaml exists)
#
# Prints wall time, images/s, CPU time (user+sys) and peak RSS per run and the median; a "cold" series
# (page cache dropped before each run) is added when the script may write /proc/sys/vm/drop_caches (root).
# On a machine shared with other jobs, set YS_BENCH_NICE=-20 (root) to run the checker at high CPU
# priority, which approximates an idle machine; CPU time / cores is the contention-free estimate.
set -euo pipefail
build=${1:-build}
data=${2:-${TMPDIR:-/tmp}/ys-check-bench-10k}
runs=${3:-3}
cli="$build/app/yolostudio-cli"
gen="$build/bench/data/make_check_bench"
images=10000
for exe in "$cli" "$gen"; do
  [[ -x "$exe" ]] || { echo "error: $exe not found; build it: ninja -C $build yolostudio-cli make_check_bench" >&2; exit 2; }
done

if [[ ! -f "$data/data.yaml" ]]; then
  echo "generating $images images into $data (once) ..."
  "$gen" "$data" "$images"
fi

nice_prefix=()
if [[ -n "${YS_BENCH_NICE:-}" ]]; then
  nice_prefix=(nice -n "$YS_BENCH_NICE")
  # With scheduler autogroups, nice only ranks processes within one session; the session's own weight
  # decides its share against other sessions' jobs.
  # The autogroup outlives this script (it belongs to the calling session), so it is restored on exit.
  if [[ -w /proc/self/autogroup ]]; then
    old_group_nice=$(awk '{print $NF}' /proc/self/autogroup)
    trap 'echo "$old_group_nice" > /proc/self/autogroup 2>/dev/null || true' EXIT
    echo "$YS_BENCH_NICE" > /proc/self/autogroup 2>/dev/null || true
  fi
fi

run_once() {  # prints "wall_s rss_kb cpu_s"
  local log
  log=$(mktemp)
  /usr/bin/time -v "${nice_prefix[@]}" "$cli" check "data=$data/data.yaml" max_findings=0 >/dev/null 2>"$log"
  local wall rss user sys
  wall=$(awk -F': ' '/Elapsed \(wall clock\)/ {print $2}' "$log")
  rss=$(awk -F': ' '/Maximum resident set size/ {print $2}' "$log")
  user=$(awk -F': ' '/User time/ {print $2}' "$log")
  sys=$(awk -F': ' '/System time/ {print $2}' "$log")
  rm -f "$log"
  # h:mm:ss or m:ss.cc -> seconds
  awk -v t="$wall" -v r="$rss" -v u="$user" -v s="$sys" \
    'BEGIN { n = split(t, p, ":"); w = 0; for (i = 1; i <= n; ++i) w = w * 60 + p[i]; printf "%.2f %d %.2f\n", w, r, u + s }'
}

series() {  # $1 = label, $2 = drop caches (0/1)
  local walls=() line wall rss
  for ((i = 1; i <= runs; ++i)); do
    if [[ $2 == 1 ]]; then sync; echo 3 > /proc/sys/vm/drop_caches; fi
    read -r wall rss cpu < <(run_once)
    walls+=("$wall")
    printf '%-5s run %d: %6.2f s wall, %7.0f images/s, %6.2f s CPU (user+sys), peak RSS %d MiB\n' "$1" "$i" \
      "$wall" "$(awk -v w="$wall" -v n=$images 'BEGIN{print n / w}')" "$cpu" $((rss / 1024))
  done
  local median
  median=$(printf '%s\n' "${walls[@]}" | sort -g | awk '{a[NR]=$1} END {print a[int((NR + 1) / 2)]}')
  printf '%-5s median: %.2f s wall, %.0f images/s\n' "$1" "$median" "$(awk -v w="$median" -v n=$images 'BEGIN{print n / w}')"
}

echo "machine: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg), nice ${YS_BENCH_NICE:-0}"
"$cli" check "data=$data/data.yaml" max_findings=0 >/dev/null  # warm the page cache
series warm 0
if [[ -w /proc/sys/vm/drop_caches ]] && (sync; echo 3 > /proc/sys/vm/drop_caches) 2>/dev/null; then
  series cold 1
else
  echo "cold: skipped (cannot drop the page cache; needs root)"
fi
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
